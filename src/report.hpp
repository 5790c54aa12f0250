// What the command line computed, ready for any printer: the architecture and one result per
// configuration, in input order. Printers only render this; they compute no byte.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "smem_budget/arch.hpp"
#include "smem_budget/budget.hpp"
#include "smem_budget/config.hpp"
#include "smem_budget/suggest.hpp"

namespace smem_budget {

struct Architecture {
  std::string name;
  std::string example_parts;
  std::string source;  // "built-in", the arch file's path, or the device read with --arch native
  ArchLimits limits;
  std::vector<std::string> notes;  // where a device's numbers differ from the built-in entry
};

struct Result {
  std::string name;
  Config config;
  Budget budget;
  std::optional<std::vector<Suggestion>> suggestions;  // when asked for and the result does not fit
  std::vector<std::string> reading;  // cautions about how the input was read (a bare element name)
  std::string tile_in_bytes;          // the tile as typed, when K was given in bytes of A
};

struct Report {
  Architecture arch;
  std::vector<Result> results;
};

// `smem-budget lint`: the kernel names found in its inputs, the ones the model reads judged in
// order (each result named by its kernel, with its nearest fitting variant when it exceeds), the
// others listed with why they cannot be read.
struct LintReport {
  struct NotModelled {
    std::string name;
    std::string reason;
  };
  std::vector<std::string> sources;  // the inputs, as named ("-" is standard input)
  Report report;
  std::vector<NotModelled> not_modelled;
};

// "4.7.0", or "4.4.2 and 4.7.0" when a batch mixes releases.
std::string cutlass_versions_of(const Report& report);

// What a report describes, for every output's caption: tool version, arch and its limit, CUTLASS.
std::string describes(const Report& report);

// One sentence saying why a result does not fit or is rejected; empty when it fits.
std::string reason(const Result& result);

// Cautions about a result: layouts that compile but cannot work as written (placeholder
// scale-factor arrays), and rules applied from a release other than the one asked about.
std::vector<std::string> notes(const Result& result);

// A tile spelled as the result asked about spelled its own: K in bytes of A ("128x32x64B") where
// the user gave K in bytes, elements otherwise.
std::string tile_as_asked(const Tile& tile, const Result& asked);

// What a suggestion for `asked` changes, e.g. "K / 2 (64) + StageCount<5>".
std::string describe_changes(const Suggestion& suggestion, const Result& asked);

// "3", or "A2/B3/E0" where a sparse kernel's stage counts differ.
std::string stage_counts_text(const StageCounts& counts);

// Part names as a reader sees them: padding is named after what it aligns.
std::string part_label(const Part& part, const Budget& budget);

// 101376 -> "101,376".
std::string group_digits(long long value);

}  // namespace smem_budget
