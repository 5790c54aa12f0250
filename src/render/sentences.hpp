// The sentences every printer (and the Python module) says about results: why one does not fit,
// the cautions it carries, what a suggestion changes, what a report describes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/parse.hpp"
#include "report.hpp"

namespace smem_budget::render {

using io::group_digits;

// "4.7.0", or "4.4.2 and 4.7.0" when a batch mixes releases.
std::string cutlass_versions_of(const Report& report);

// What a report describes, for every output's caption: tool version, arch and its limit, CUTLASS.
std::string describes(const Report& report);

// One sentence saying why a result does not fit or is rejected; empty when it fits.
std::string reason(const Result& result);

// Cautions about a result: layouts that build but cannot work as written (a single stage, no A/B
// stage), what an automatic schedule builds, and rules applied from a release other than the one
// asked about.
std::vector<std::string> notes(const Result& result);

// A tile spelled as the result asked about spelled its own: K in bytes of A ("128x32x64B") where
// the user gave K in bytes, elements otherwise.
std::string tile_as_asked(const Tile& tile, const Result& asked);

// What a suggestion for `asked` changes, e.g. "K / 2 (64) + StageCount<5>".
std::string describe_changes(const Suggestion& suggestion, const Result& asked);

// What a builder's reserve holds: "the tile scheduler and tensormaps".
std::string reserve_purpose_text(const ReservePurpose& purpose);

// The stage count the builder's formula gives: "3", or "1, which it raises to 2" where a floor raised it
// (TensorRT-LLM's mixed-input builder).
std::string builder_stages_text(bytes_t stages, const std::optional<bytes_t>& raised_from);

// "3", or "A2/B3/E0" where a sparse kernel's stage counts differ.
std::string stage_counts_text(const StageCounts& counts);

// Part names as a reader sees them: padding is named after what it aligns.
std::string part_label(const Part& part, const Budget& budget);

}  // namespace smem_budget::render
