// CLI11's parse errors in our words.
#pragma once

#include <string>

#include "cli/cli11_fwd.hpp"

namespace smem_budget::cli {

// The option, subcommand or tile the user probably meant.
std::string explain_parse_error(CLI::App& app, const CLI::ParseError& error);

}  // namespace smem_budget::cli
