// The whole command line in-process: parses `argv`, runs the subcommand, writes to standard
// output and error, and returns the exit status (2 on bad input). main() is only this; tests call
// it directly.
#pragma once

namespace smem_budget::cli {

int run(int argc, const char* const* argv);

}  // namespace smem_budget::cli
