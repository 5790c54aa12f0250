// `smem-budget compare`: the same configurations under several CUTLASS releases, side by side.
#pragma once

#include "cli/subcommand.hpp"

namespace smem_budget::cli {

Subcommand setup_compare(CLI::App& app);

}  // namespace smem_budget::cli
