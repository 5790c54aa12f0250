// `smem-budget arch`: the built-in architectures, or one described by a file.
#pragma once

#include "cli/subcommand.hpp"

namespace smem_budget::cli {

Subcommand setup_arch(CLI::App& app);

}  // namespace smem_budget::cli
