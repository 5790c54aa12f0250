// The options that describe configurations, shared by every subcommand that evaluates them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {

struct ConfigOptions {
  std::string tile, arch = "sm120", types, schedule, instruction, stages, epilogue, c, d, d_layout, epilogue_tile,
      fusion, scaling, scale_granularity, epilogue_schedule, alignment, tile_scheduler, cutlass, kernel, cluster;
  bool grouped = false;
  bool sparse = false;
  bool fast_accum = false;
  bool suggest = false;
  int device = 0;
  std::string config_file;
  std::string within;  // --within: a candidate list of tiles for the suggestions
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
// the model has no layout rules for it.
Architecture modelled_architecture(const ConfigOptions& options, const std::string& spec, const std::string& origin);

// Evaluates the options (single tile or batch file) into a report; `release`, where given, is the
// CUTLASS release of every configuration (compare's). Throws io::InputError.
Report build_report(const ConfigOptions& options, std::optional<CutlassVersion> release = std::nullopt);

// Writes to -o FILE or standard output. Throws io::InputError when the file cannot be written.
void emit(const std::string& text, const std::string& output);
// A report in `format` to standard output or the file `output`; JSON is written as it is made.
void emit(const Report& report, render::Format format, const std::string& output);

// 0 when every result fits, 1 otherwise.
int exit_status(const Report& report);

// Checks what CLI11 only stores (--format); throws io::InputError.
void finish_options(ConfigOptions& options);

// A parse error of CLI11's in our words: the option, subcommand or tile the user probably meant.
std::string explain_parse_error(CLI::App& app, const CLI::ParseError& error);


}  // namespace smem_budget::cli
