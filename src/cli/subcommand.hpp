// A subcommand as its setup function leaves it: the CLI11 app its options are bound to, and what
// runs once the command line is parsed (writing the output, returning the exit status).
#pragma once

#include <functional>

#include "cli/cli11_fwd.hpp"

namespace smem_budget::cli {

struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;  // throws io::InputError on bad input
};

}  // namespace smem_budget::cli
