// `smem-budget arch`: the built-in architectures, or one described by a file.
#pragma once

#include <string>

#include "cli/cli11_fwd.hpp"

namespace smem_budget::cli {

struct ArchOptions {
  std::string arch;
  bool native = false;
  int device = 0;
  CLI::Option* device_option = nullptr;
  std::string format = "table";
  std::string output;
};

void setup_arch_command(CLI::App& app, ArchOptions& options);
std::string run_arch_command(const ArchOptions& options);

}  // namespace smem_budget::cli
