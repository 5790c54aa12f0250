#include "cli/parse_error.hpp"

#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "io/nearest.hpp"

namespace smem_budget::cli {

std::string explain_parse_error(CLI::App& app, const CLI::ParseError& error) {
  // The subcommand being parsed, if any: its own options are the ones that count.
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  CLI::App& scope = chosen.empty() ? app : *chosen.front();
  const std::string where = chosen.empty() ? "smem-budget" : "smem-budget " + scope.get_name();
  std::vector<std::string> words;  // every option (and, at the top, subcommand) a user could have meant
  for (const CLI::Option* option : scope.get_options())
    for (const std::string& name : option->get_lnames()) words.push_back("--" + name);
  if (chosen.empty())
    for (const CLI::App* sub : app.get_subcommands({})) words.push_back(sub->get_name());
  for (const std::string& extra : app.remaining(true)) {
    if (extra.find('x') != std::string::npos && extra.find_first_of("0123456789") == 0)
      return fmt::format("\"{}\" looks like a tile: give it as --tile {}", extra, extra);
    if (!chosen.empty() && app.get_option_no_throw(extra) != nullptr)
      return fmt::format("{} is not an option of {} (see {} --help)", extra, where, where);
    if (const std::string near = io::nearest(extra, words); !near.empty())
      return fmt::format("\"{}\" is not an option or subcommand of {}; did you mean {}?", extra, where, near);
    return fmt::format("\"{}\" is not an option or subcommand of {} (see --help)", extra, where);
  }
  return std::string(error.what()) + " (see --help)";
}

}  // namespace smem_budget::cli
