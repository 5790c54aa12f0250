// `smem-budget compare`: the same configurations under several CUTLASS releases, side by side.
#pragma once

#include <string>

#include "cli/cli11_fwd.hpp"
#include "cli/options.hpp"

namespace smem_budget::cli {

CLI::App* setup_compare_command(CLI::App& app, ConfigOptions& options);
// The comparison, and the exit status: 1 when any cell does not fit or does not compile.
struct CompareOutput {
  std::string text;
  int status = 0;
};
CompareOutput run_compare_command(const ConfigOptions& options);

}  // namespace smem_budget::cli
