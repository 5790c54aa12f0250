// `smem-budget suggest`: check, with the nearest fitting configurations of each that does not fit.
#pragma once

#include "cli/subcommand.hpp"

namespace smem_budget::cli {

Subcommand setup_suggest(CLI::App& app);

}  // namespace smem_budget::cli
