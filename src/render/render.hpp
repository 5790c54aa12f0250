// The printers: each renders a Report in one format and nothing else.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "io/json_writer.hpp"
#include "io/vocabulary.hpp"
#include "parallel.hpp"
#include "render/sentences.hpp"
#include "report.hpp"

namespace smem_budget::render {

enum class Format { table, markdown, json, csv };

inline constexpr std::array<io::Word<Format>, 4> format_words{{
    {Format::table, "table", "aligned text, for a terminal"},
    {Format::markdown, "markdown", "GitHub tables with a caption, for a design review"},
    {Format::json, "json", "the document scripts read (docs/json-output.md)"},
    {Format::csv, "csv", "one row per result, one value per column"},
}};

// The arch subcommand's formats.
inline constexpr std::array<io::Word<Format>, 2> arch_format_words{{
    {Format::table, "table", "aligned text, for a terminal"},
    {Format::json, "json", "the limits as a document scripts read"},
}};

// The sweep's formats: its feasibility map, the check's document, and a heat map.
enum class SweepFormat { table, markdown, json, csv, svg };

inline constexpr std::array<io::Word<SweepFormat>, 5> sweep_format_words{{
    {SweepFormat::table, "table", "the feasibility map as aligned text"},
    {SweepFormat::markdown, "markdown", "the map as GitHub tables"},
    {SweepFormat::json, "json", "the check document, one result per configuration"},
    {SweepFormat::csv, "csv", "one row per tile and schedule, one column per K"},
    {SweepFormat::svg, "svg", "a heat map"},
}};

std::string json(const Report& report);
// The same document handed to `sink` a chunk of results at a time, so that a large batch is never
// held as one text.
void json(const Report& report, const std::function<void(std::string_view)>& sink);
std::string table(const Report& report);
std::string markdown(const Report& report);
std::string csv(const Report& report);
// `smem-budget arch`: the architectures' limits, as a table or JSON (the other formats: a table).
std::string architectures(const std::vector<Architecture>& archs, Format format);

// `smem-budget compare`: the same configurations under `versions` (one report each), in any format.
std::string comparison(const std::vector<Report>& reports, const std::vector<std::string>& versions, Format format);

// `smem-budget lint`, in any of the four formats.
std::string lint(const LintReport& lint, Format format);

inline std::string render(const Report& report, Format format) {
  switch (format) {
    case Format::table:
      return table(report);
    case Format::markdown:
      return markdown(report);
    case Format::json:
      return json(report);
    case Format::csv:
      return csv(report);
  }
  return "";
}

// What `text(result, index, out)` appends for each result, in order; made on all cores a chunk of
// results at a time, since a batch may hold 100,000.
template <class Text>
std::string each_result(const std::vector<Result>& results, Text text) {
  constexpr std::size_t per_chunk = 1024;
  std::vector<std::string> chunks((results.size() + per_chunk - 1) / per_chunk);
  for_each_index(
      chunks.size(),
      [&](std::size_t c) {
        for (std::size_t i = c * per_chunk; i < std::min(results.size(), (c + 1) * per_chunk); ++i)
          text(results[i], i, chunks[c]);
      },
      1);
  std::string out;
  for (const std::string& chunk : chunks) out += chunk;
  return out;
}

// One result as the JSON document's result object (and the Python module's Result.to_dict()).
void write_result(io::JsonWriter& out, const Result& result);

// An architecture as JSON: the check document's "arch" and each entry of `arch --format json`.
void write_arch(io::JsonWriter& out, const Architecture& arch);

using Rows = std::vector<std::vector<std::string>>;

// Plain-text columns two spaces apart: the first `left` left-aligned, the rest right-aligned.
std::string text_columns(const Rows& rows, std::size_t left);

// The summary columns shared by the table, markdown and CSV printers.
struct SummaryRow {
  std::string name, tile, types, schedule, epilogue, output, stages, mainloop, epilogue_bytes, total, headroom, verdict;
};
SummaryRow summarize(const Result& result, bool group);
// " (given as 128x256x64B)" after a tile whose K was typed in bytes of A; "" otherwise.
std::string tile_given(const Result& result);
// The name a table shows: "[sm90] moe-up" for an entry judged on an architecture of its own.
std::string shown_name(const Result& result);
// The architecture a result was judged on: its entry's own, else the report's.
const std::string& arch_of(const Result& result, const Report& report);
// Under a table's caption: which entries name their own architecture, when any does.
std::string own_architectures_line(const Report& report);

// A table cell with its pipes escaped; a field quoted as RFC 4180 wants.
std::string markdown_cell(const std::string& text);
std::string csv_field(const std::string& text);

// Rows in a plain format: table (text_columns, `left` columns left-aligned), markdown or CSV.
std::string grid(const Rows& rows, Format format, std::size_t left);

// A sweep's feasibility map. `overflows`: CUTLASS's choice overflows but fewer stages fit;
// `never`: no stage count >= 2 fits.
enum class Feasibility { fits, overflows, never };
Feasibility feasibility(const Budget& budget);

// "4" (fits with 4 stages), "3>2" (CUTLASS picks 3, which overflow; 2 fit), "3x" (never fits).
std::string sweep_cell(const Budget& budget);

struct SweepGrid {
  struct Row {
    Schedule schedule;
    bytes_t m = 0, n = 0;
    std::vector<const Result*> cells;  // one per K; null where that K does not compile
  };
  std::vector<bytes_t> ks;
  std::vector<Row> rows;
};
SweepGrid sweep_grid(const Report& report);

// "nvfp4, cooperative and pingpong, default epilogue void->bf16, CUTLASS 4.7.0, sm120 (opt-in limit 101,376 B)"
std::string sweep_title(const Report& report);

// "236 tiles compile: 208 fit, 20 overflow with CUTLASS's stage count, 8 never fit"
std::string sweep_counts(const Report& report);

std::string sweep_map(const Report& report, Format format);  // table, markdown or csv
std::string sweep_svg(const Report& report);

// Suggestions as rows under a header: change, tile, stages, total, headroom.
Rows suggestion_rows(const Result& asked);

}  // namespace smem_budget::render
