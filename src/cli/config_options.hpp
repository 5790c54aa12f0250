// The options that describe configurations, shared by every subcommand that evaluates them:
// binding them to a CLI11 app, and reading them back as settings.
#pragma once

#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {

struct ConfigOptions {
  // Each configuration key's flag as typed (the boolean keys' in `switches`), by key.
  std::map<std::string, std::string, std::less<>> values;
  std::map<std::string, bool, std::less<>> switches;
  std::string arch = "sm120";
  bool suggest = false;
  int device = 0;
  std::string config_file;
  std::string within;                 // --within: a candidate list of tiles for the suggestions
  std::string format_text = "table";  // --format as typed; finish_options() checks it into `format`
  render::Format format = render::Format::table;
  std::string output;
  std::vector<std::pair<std::string, CLI::Option*>> bound;  // batch key -> option
  CLI::Option* arch_option = nullptr;
  CLI::Option* device_option = nullptr;
};

// The configuration options a subcommand takes: all of them unless it says otherwise.
struct OptionSet {
  bool tile = true;        // --tile and --kernel (sweep and lint make or read their own)
  bool batch_file = true;  // --config
  bool format = true;      // --format: table, markdown, json, csv (sweep has one of its own)
  bool cutlass = true;     // --cutlass as one release (compare takes a list of its own)
};

void add_config_options(CLI::App& app, ConfigOptions& options, OptionSet set = {});

// --suggest, for the subcommands that judge (check and the default command).
void add_suggest_flag(CLI::App& app, ConfigOptions& options);

// --within FILE, for every subcommand that suggests.
void add_within_option(CLI::App& app, ConfigOptions& options);

// The settings given on the command line, each with origin "--flag".
io::Settings command_line_settings(const ConfigOptions& options);

// The architecture `spec` names (given at `origin`), with --device; throws io::InputError when
// --device comes without native, or the model has no layout rules for it.
Architecture chosen_architecture(const ConfigOptions& options, const std::string& spec, const std::string& origin);

// Checks what CLI11 only stores (--format); throws io::InputError.
void finish_options(ConfigOptions& options);

// A subcommand's own --format, one of `choices` (the first the default) by its spelling.
void add_format_option(CLI::App& app, std::string& format, std::span<const io::Choice> choices,
                       std::string_view example);

}  // namespace smem_budget::cli
