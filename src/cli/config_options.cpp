#include "cli/config_options.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/strict_values.hpp"
#include "frontend/architecture.hpp"
#include "io/config_keys.hpp"
#include "io/kernel_name.hpp"
#include "io/nearest.hpp"

namespace smem_budget::cli {
void add_config_options(CLI::App& app, ConfigOptions& o, OptionSet set) {
  std::vector<const io::ConfigKey*> keys;
  for (const io::ConfigKey& key : io::config_keys)
    if (!key.flag.empty() && (set.tile || (key.key != "kernel" && key.key != "tile")) &&
        (set.cutlass || key.key != "cutlass"))
      keys.push_back(&key);
  // --arch and --device, which are not keys of a configuration, come after the tile in --help.
  for (const io::ConfigKey* key : keys) {
    if (key->key == "types") {
      o.arch_option = app.add_option("--arch", o.arch,
                                     "Built-in architecture (sm70 … sm121; see `smem-budget arch`), native (ask the "
                                     "CUDA driver about this machine's GPU), or a path to an arch JSON file.\n"
                                     "Default: sm120. e.g. --arch native");
      o.device_option = app.add_option("--device", o.device,
                                       "With --arch native: which GPU, as the driver numbers them. "
                                       "Default: 0. e.g. --device 1")
                            ->check(CLI::NonNegativeNumber);
    }
    const std::string name(key->flag), help = io::flag_help(*key), k(key->key);
    o.bound.emplace_back(k, key->value == io::KeyValue::boolean ? strict_flag(app.add_flag(name, o.switches[k], help))
                                                                : app.add_option(name, o.values[k], help));
  }
  if (set.batch_file)
    app.add_option("--config", o.config_file,
                   "Batch file of configurations (JSON; - reads standard input). Flags given here override the "
                   "file's defaults; each entry's own keys override both.\ne.g. --config configs/trtllm-moe-sm120.json")
        ->check(non_empty("give a batch file, or - to read standard input"));
  if (set.format)
    app.add_option("--format", o.format_text,
                   io::choices_help("The output format:", io::choices_of(render::format_words), "--format json"))
        ->type_name("FORMAT");
  app.add_option(
         "-o,--output", o.output,
         "Write the output to this file instead of standard output. Default: standard output.\ne.g. -o budget.md")
      ->check(non_empty("give a file name, or leave -o out to write to standard output"));
}

void add_suggest_flag(CLI::App& app, ConfigOptions& o) {
  strict_flag(
      app.add_flag("--suggest", o.suggest,
                   "Add the nearest configurations that fit to each result that does not, cheapest change first "
                   "(same as the suggest subcommand). Default: off. e.g. --suggest"));
}

void add_within_option(CLI::App& app, ConfigOptions& o) {
  app.add_option("--within", o.within,
                 "With suggestions: change the tile only to one of these (a file of tiles MxNxK or MxNxKB, or kernel\n"
                 "names such as CtaShape128x128x64B; spaces, commas or lines between them; # comments).\n"
                 "e.g. suggest --tile 128x256x64B --grouped --epilogue finalize --within tactics.txt")
      ->check(non_empty("give a file of tiles or kernel names"));
}

io::Settings command_line_settings(const ConfigOptions& o) {
  io::Settings settings;
  for (const auto& [key, option] : o.bound) {
    if (option->count() == 0) continue;
    const std::string flag = option->get_name();
    const nlohmann::json value =
        o.switches.contains(key) ? nlohmann::json(o.switches.at(key)) : nlohmann::json(option->as<std::string>());
    io::check_setting(key, value, flag);
    settings[key] = io::Setting{value, flag};
  }
  io::expand_kernel_name(settings);
  return settings;
}

Architecture chosen_architecture(const ConfigOptions& o, const std::string& spec, const std::string& origin) {
  if (o.device_option->count() > 0 && spec != "native")
    throw io::InputError(fmt::format("--device: only used with --arch native (the architecture is \"{}\")", spec));
  return frontend::modelled_architecture(spec, origin, o.device);
}

void finish_options(ConfigOptions& o) {
  std::vector<std::string_view> names;
  for (const io::Word<render::Format>& word : render::format_words) {
    if (word.spelling == o.format_text) {
      o.format = word.value;
      return;
    }
    names.push_back(word.spelling);
  }
  if (o.format_text == "svg")
    throw io::InputError(fmt::format("--format: svg is the sweep's heat map (smem-budget sweep --format svg); here: {}",
                                     io::spellings(render::format_words)));
  throw io::InputError(fmt::format("--format: \"{}\": unknown format (expected one of: {}){}", o.format_text,
                                   io::spellings(render::format_words), io::did_you_mean(o.format_text, names)));
}

void add_format_option(CLI::App& app, std::string& format, std::span<const io::Choice> choices,
                       std::string_view example) {
  std::vector<std::string> spellings;
  for (const io::Choice& choice : choices) spellings.emplace_back(choice.spelling);
  app.add_option("--format", format, io::choices_help("The output format:", choices, example))
      ->check(CLI::IsMember(spellings));
}

}  // namespace smem_budget::cli
