// `smem-budget lint FILE...`: every kernel name in the files (lists, C++ sources, logs) judged.
#pragma once

#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "cli/options.hpp"

namespace smem_budget::cli {

struct LintOptions {
  ConfigOptions config;
  std::vector<std::string> files;
};

CLI::App* setup_lint_command(CLI::App& app, LintOptions& options);

// Throws io::InputError (a file that cannot be read, no names in it, a bad flag).
LintReport build_lint_report(const LintOptions& options);

// 0 when every name was read and fits, 1 otherwise.
int lint_status(const LintReport& report);

}  // namespace smem_budget::cli
