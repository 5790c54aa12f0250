// The printers: each renders a Report in one format and nothing else.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report.hpp"

namespace smem_budget::render {

enum class Format { table, markdown, json, csv };

std::string json(const Report& report);
std::string table(const Report& report);
std::string markdown(const Report& report);
std::string csv(const Report& report);

inline std::string render(const Report& report, Format format) {
  switch (format) {
    case Format::table: return table(report);
    case Format::markdown: return markdown(report);
    case Format::json: return json(report);
    case Format::csv: return csv(report);
  }
  return "";
}

// An architecture as JSON: the check document's "arch" and each entry of `arch --format json`.
nlohmann::ordered_json arch_json(const Architecture& arch);

using Rows = std::vector<std::vector<std::string>>;

// Plain-text columns two spaces apart: the first `left` left-aligned, the rest right-aligned.
std::string text_columns(const Rows& rows, std::size_t left);

// The summary columns shared by the table, markdown and CSV printers.
struct SummaryRow {
  std::string name, tile, types, schedule, epilogue, output, stages, mainloop, epilogue_bytes, total, headroom, verdict;
};
SummaryRow summarize(const Result& result, bool group);

// Suggestions as rows under a header: change, tile, stages, total, headroom.
Rows suggestion_rows(const std::vector<Suggestion>& suggestions);

}  // namespace smem_budget::render
