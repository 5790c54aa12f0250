// `smem-budget lint FILE...`: every kernel name in the files (lists, C++ sources, logs) judged.
#pragma once

#include "cli/subcommand.hpp"

namespace smem_budget::cli {

Subcommand setup_lint(CLI::App& app);

}  // namespace smem_budget::cli
