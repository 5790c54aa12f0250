// `smem-budget sweep`: the whole tile space for one set of types and epilogue, as a feasibility map.
#pragma once

#include "cli/subcommand.hpp"

namespace smem_budget::cli {

Subcommand setup_sweep(CLI::App& app);

}  // namespace smem_budget::cli
