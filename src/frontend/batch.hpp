// Batch layering: an entry's own keys over the flags over the file's defaults, the same for the
// command line's batch files and the Python module's check_many.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "io/batch_file.hpp"
#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// `top` with every key of `under` it leaves open; `top`'s settings are moved, not copied.
io::Settings layered(io::Settings top, const io::Settings& under);

// The architecture a batch file names, as a spec and the origin for messages: an arch file named
// in it is found next to the file (not in the current directory). None when the file names none.
std::optional<std::pair<std::string, std::string>> batch_architecture(const io::BatchFile& batch,
                                                                      const std::string& path);

// Every entry of `batch` (each read once, moved out of the file), under `flags` and the file's
// defaults, on all cores, in input order; `advanced` is called after each. An entry that names its
// own "arch" is judged on it (its result's `own_arch`), the others on `arch`. Throws
// io::InputError: the first bad entry's.
std::vector<Result> evaluate_batch(io::BatchFile& batch, const io::Settings& flags, const Architecture& arch,
                                   std::optional<CutlassVersion> release, const std::function<void()>& advanced);

}  // namespace smem_budget::frontend
