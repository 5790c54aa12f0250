#include "cli/parse_error.hpp"

#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "io/nearest.hpp"

namespace smem_budget::cli {

namespace {

// The example an option's help ends with ("… e.g. --tile 128x256x128"), or empty.
std::string example_of(const CLI::App& scope, const std::string& flag) {
  const CLI::Option* option = scope.get_option_no_throw(flag);
  if (option == nullptr) return "";
  const std::string help = option->get_description();
  const std::size_t at = help.rfind("e.g. ");
  return at == std::string::npos ? "" : help.substr(at);
}

// CLI11's wording of a flag given twice, without its value, or with a value it cannot convert,
// in ours; empty for other errors.
std::string reworded(const CLI::App& scope, const std::string& what) {
  if (what.starts_with("Could not convert: ")) {  // "Could not convert: --grouped = maybe"
    const std::string rest = what.substr(19);
    const std::size_t eq = rest.find(" = ");
    if (eq == std::string::npos) return "";
    const std::string flag = rest.substr(0, eq), value = rest.substr(eq + 3);
    const CLI::Option* option = scope.get_option_no_throw(flag);
    if (option != nullptr && option->get_expected_max() > 0) {  // an option with a value, not a flag
      const std::string example = example_of(scope, flag);
      return fmt::format("{}: \"{}\": not a value it takes{}", flag, value,
                         example.empty() ? "" : " (" + example + ")");
    }
    return fmt::format("{}: \"{}\": not a value it takes (a flag is given alone, or as {}=true / {}=false)", flag,
                       value, flag, flag);
  }
  const std::size_t colon = what.find(": ");
  if (colon == std::string::npos || !what.starts_with("--")) return "";
  const std::string flag = what.substr(0, colon), message = what.substr(colon + 2);
  // Our own validators' words (strict_values.hpp), which need no hint.
  if (message.starts_with("empty: ") || message.find(": not a value it takes (") != std::string::npos) return what;
  if (message.starts_with("At Most 1 required but received"))
    return fmt::format("{}: given more than once; give it once", flag);
  if (message.find("required") != std::string::npos && message.ends_with("missing")) {
    const std::string example = example_of(scope, flag);
    return fmt::format("{}: the value is missing; give it after the flag{}", flag,
                       example.empty() ? "" : " (" + example + ")");
  }
  if (message.starts_with("Value ") && message.find(" not in range ") != std::string::npos) {
    const std::string value = message.substr(6, message.find(" not in range ") - 6);
    return fmt::format("{}: \"{}\": not a whole number of 0 or more", flag, value);
  }
  return "";
}

}  // namespace

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
  if (const std::string ours = reworded(scope, error.what()); !ours.empty()) return ours;
  return std::string(error.what()) + " (see --help)";
}

}  // namespace smem_budget::cli
