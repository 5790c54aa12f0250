// `smem-budget sweep`: the whole tile space for one set of types and epilogue, as a feasibility map.
#pragma once

#include <string>

#include "cli/cli11_fwd.hpp"
#include "cli/options.hpp"

namespace smem_budget::cli {

struct SweepOptions {
  ConfigOptions config;
  std::string format = "table";  // table, markdown, json, csv or svg
};

CLI::App* setup_sweep_command(CLI::App& app, SweepOptions& options);

// Throws io::InputError.
Report build_sweep_report(const SweepOptions& options);
std::string run_sweep_command(const SweepOptions& options);

}  // namespace smem_budget::cli
