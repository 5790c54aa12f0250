// `smem-budget check` (and the command with no subcommand): configurations judged, from flags or
// a batch file.
#pragma once

#include <optional>

#include "cli/config_options.hpp"
#include "cli/subcommand.hpp"

namespace smem_budget::cli {

// The options check takes, on `app` (the top level too, where check is the default).
void add_check_options(CLI::App& app, ConfigOptions& options);
Subcommand setup_check(CLI::App& app);

// Evaluates the options (single tile or batch file) into a report, with suggestions where asked
// for; `release`, where given, is the CUTLASS release of every configuration (compare's). Throws
// io::InputError.
Report build_report(const ConfigOptions& options, std::optional<CutlassVersion> release = std::nullopt);

// The report written where the options say; the exit status: 0 when every result fits.
int run_check(ConfigOptions& options);

}  // namespace smem_budget::cli
