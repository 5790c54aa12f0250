#include "cli/options.hpp"

#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <map>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "evaluation.hpp"
#include "io/batch_file.hpp"
#include "io/kernel_name.hpp"
#include "io/tile_list.hpp"
#include "cli/progress.hpp"
#include "parallel.hpp"
#include "io/nearest.hpp"

namespace smem_budget::cli {

namespace {

// An enumerated option's help from its vocabulary table: each spelling with its line of help,
// the first as the default, and an example.
template <class T, std::size_t N>
std::string choices(const std::array<io::Word<T>, N>& words, std::string_view what, std::string_view example) {
  std::string out(what);
  for (const io::Word<T>& word : words) out += fmt::format("\n  {}: {}", word.spelling, word.help);
  return out + fmt::format("\nDefault: {}. e.g. {}", words.front().spelling, example);
}

}  // namespace

void add_config_options(CLI::App& app, ConfigOptions& o, OptionSet set) {
  const auto bind = [&](const char* flag, const char* key, std::string& target, const std::string& help) {
    o.bound.emplace_back(key, app.add_option(flag, target, help));
  };
  if (set.tile) {
  bind("--kernel", "kernel", o.kernel,
       "A kernel by name: a CUTLASS library name (cutlass3x_sm120_…, _sm90_…, _sm100_…: all of the configuration but the CUTLASS\n"
       "release) or a TensorRT-LLM / FlashInfer tactic (CtaShape128x256x64B: the tile; the other flags give the\n"
       "rest). Other flags override what the name says. e.g. --kernel CutlassTileConfigSM120::CtaShape128x256x64B");
  bind("--tile", "tile", o.tile,
       "CTA tile MxNxK in elements (1…65536 each), or MxNxKB with K in bytes of A as TensorRT-LLM's "
       "CtaShape names it.\ne.g. --tile 128x256x128, --tile 128x256x64B");
  }
  o.arch_option = app.add_option("--arch", o.arch,
                                 "Built-in architecture (sm70 … sm121; see `smem-budget arch`), native (ask the "
                                 "CUDA driver about this machine's GPU), or a path to an arch JSON file.\n"
                                 "Default: sm120. e.g. --arch native");
  o.device_option = app.add_option("--device", o.device, "With --arch native: which GPU, as the driver numbers them. "
                                                         "Default: 0. e.g. --device 1")
                        ->check(CLI::NonNegativeNumber);
  bind("--types", "types", o.types,
       "Operand types: nvfp4, mxfp4, mxfp6, mxfp8, or A:B (presets or e2m1, e3m2, e2m3, e4m3, e5m2; with\n"
       "--scaling none or blockwise element names, also f16, bf16, s8). Default: nvfp4. e.g. --types mxfp8:mxfp4");
  bind("--scaling", "scaling", o.scaling,
       choices(io::scaling_words, "How the mainloop scales A and B:", "--scaling blockwise --types e4m3"));
  bind("--scale-granularity", "scale_granularity", o.scale_granularity,
       "With --scaling blockwise: MxNxK elements of A (MxK) and B (NxK) per float scale, or auto (the tile).\n"
       "Default: auto. e.g. --scale-granularity 1x128x128 (DeepSeek-style per-row A)");
  o.bound.emplace_back("sparse", app.add_flag("--sparse", o.sparse, "2:4 structured-sparse A (CUTLASS's SM120 sparse GEMMs). Default: off. e.g. --sparse"));
  bind("--alignment", "alignment", o.alignment,
       "Elements per global access of A and B (CUTLASS's AlignmentA/B): auto (any the builder accepts), N, or A:B.\n"
       "Default: auto. e.g. --types mxfp6 --alignment 32 (rejected: FP6 needs 16-byte accesses)");
  bind("--epilogue-schedule", "epilogue_schedule", o.epilogue_schedule,
       choices(io::epilogue_schedule_words, "The epilogue schedule tag:", "--sparse --epilogue-schedule sparse"));
  bind("--schedule", "schedule", o.schedule,
       choices(io::schedule_words, "The kernel schedule:", "--schedule pingpong"));
  bind("--cluster", "cluster", o.cluster,
       "CTAs per cluster, MxNxK (sm90, sm100; SM120 kernels run 1x1x1), or dynamic (sm100: a cluster chosen at run "
       "time, Shape<int, int, _1>, which kernel names spell 0x0x1). Default: 1x1x1. e.g. --arch sm100 --cluster 2x1x1");
  o.bound.emplace_back("fast_accum", app.add_flag("--fast-accum", o.fast_accum,
                                                  "SM90's …FP8FastAccum kernel schedules (FP8 operands). Default: off. "
                                                  "e.g. --arch sm90 --types e4m3 --scaling none --schedule pingpong --fast-accum"));
  bind("--instruction", "instruction", o.instruction,
       choices(io::instruction_words, "The block-scaled MMA path:", "--types mxfp4 --instruction mxf8f6f4"));
  o.bound.emplace_back("grouped", app.add_flag("--grouped", o.grouped, "Grouped (pointer-array) GEMM kernel, as MoE layers use. Default: off. e.g. --grouped"));
  bind("--stages", "stages", o.stages,
       "auto (StageCountAutoCarveout<sizeof(epilogue SharedStorage)>), auto-epi, auto-zero, or a count N.\n"
       "Default: auto. e.g. --stages 2");
  bind("--epilogue", "epilogue", o.epilogue,
       choices(io::epilogue_words, "The epilogue collective:", "--grouped --epilogue finalize"));
  bind("--c", "c", o.c, "Element type of C: void, f32, f16, bf16, e4m3, e5m2, e3m2, e2m3, e2m1. Default: void.\ne.g. --c bf16");
  bind("--d", "d", o.d, "Element type of D (with finalize: the MoE output type). Default: bf16. e.g. --d f32");
  bind("--d-layout", "d_layout", o.d_layout,
       choices(io::layout_words, "The layout of D (C follows it):", "--d-layout col"));
  bind("--epilogue-tile", "epilogue_tile", o.epilogue_tile, "auto or MxN. Default: auto. e.g. --epilogue-tile 64x64");
  bind("--fusion", "fusion", o.fusion,
       "none, row-bias, col-bias:TYPE, sf-gen[:VECTOR[:TYPE]] (block scale factors of D: 16, 32 or 64 elements,\n"
       "ue4m3 or ue8m0; default the operands' vector), scaled-mm, scaled-mm-bias (vLLM's ScaledEpilogue[Bias]).\n"
       "Default: none. e.g. --fusion col-bias:bf16");
  bind("--tile-scheduler", "tile_scheduler", o.tile_scheduler,
       choices(io::tile_scheduler_words, "The tile scheduler (the same shared memory on SM120):",
               "--tile-scheduler stream-k"));
  if (set.cutlass) {
  bind("--cutlass", "cutlass", o.cutlass,
       "CUTLASS release whose rules apply, 4.3.0 … 4.7.0; 4.4 means the newest 4.4 patch.\n"
       "Default: 4.7.0. e.g. --cutlass 4.4.2 (TensorRT-LLM's pin)");
  }
  if (set.batch_file)
    app.add_option("--config", o.config_file,
                 "Batch file of configurations (JSON; - reads standard input). Flags given here override the "
                 "file's defaults; each entry's own keys override both.\ne.g. --config configs/trtllm-moe-sm120.json");
  if (set.format)
    app.add_option("--format", o.format_text, choices(render::format_words, "The output format:", "--format json"))
        ->type_name("FORMAT");
  app.add_option("-o,--output", o.output, "Write the output to this file instead of standard output. Default: standard output.\ne.g. -o budget.md");
}

void add_suggest_flag(CLI::App& app, ConfigOptions& o) {
  app.add_flag("--suggest", o.suggest,
               "Add the nearest configurations that fit to each result that does not, cheapest change first "
               "(same as the suggest subcommand). Default: off. e.g. --suggest");
}

void add_within_option(CLI::App& app, ConfigOptions& o) {
  app.add_option("--within", o.within,
                 "With suggestions: change the tile only to one of these (a file of tiles MxNxK or MxNxKB, or kernel\n"
                 "names such as CtaShape128x128x64B; spaces, commas or lines between them; # comments).\n"
                 "e.g. suggest --tile 128x256x64B --grouped --epilogue finalize --within tactics.txt");
}

io::Settings command_line_settings(const ConfigOptions& o) {
  io::Settings settings;
  for (const auto& [key, option] : o.bound) {
    if (option->count() == 0) continue;
    const std::string flag = option->get_name();
    const nlohmann::json value = key == "grouped"      ? nlohmann::json(o.grouped)
                                 : key == "sparse"     ? nlohmann::json(o.sparse)
                                 : key == "fast_accum" ? nlohmann::json(o.fast_accum)
                                                       : nlohmann::json(option->as<std::string>());
    io::check_setting(key, value, flag);
    settings[key] = io::Setting{value, flag};
  }
  io::expand_kernel_name(settings);
  return settings;
}

namespace {

void add_suggestions(Report& report, const ConfigOptions& o) {
  if (!o.suggest) {
    if (!o.within.empty()) throw io::InputError("--within: only used with --suggest or the suggest subcommand");
    return;
  }
  const std::vector<io::TileSpec> listed = o.within.empty() ? std::vector<io::TileSpec>{} : io::read_tile_list(o.within);
  Progress progress("suggestions for", report.results.size());
  for_each_index(report.results.size(), [&](std::size_t i) {
    Result& r = report.results[i];
    progress.advance();
    if (r.budget.verdict == Verdict::fits) return;
    std::vector<Tile> within;  // K in bytes resolves with this configuration's A
    for (const io::TileSpec& spec : listed) {
      const auto tile = io::resolve_tile(spec, r.config.types.a);
      if (!io::ok(tile))
        throw io::InputError(fmt::format("--within: \"{}x{}x{}B\": {}", spec.m, spec.n, spec.k, std::get<std::string>(tile)));
      within.push_back(std::get<Tile>(tile));
    }
    r.suggestions = suggest(r.config, report.arch.limits, within);
  });
}

// An arch file named in a batch file is found next to that file (not in the current directory).
std::string relative_to_file(const std::string& spec, const std::string& file) {
  const bool path = spec.find('/') != std::string::npos || spec.ends_with(".json");
  if (!path || spec.starts_with('/') || file == "-") return spec;
  return (std::filesystem::path(file).parent_path() / spec).lexically_normal().string();
}

}  // namespace

Architecture modelled_architecture(const ConfigOptions& o, const std::string& spec, const std::string& origin) {
  if (o.device_option->count() > 0 && spec != "native")
    throw io::InputError(fmt::format("--device: only used with --arch native (the architecture is \"{}\")", spec));
  return smem_budget::modelled_architecture(spec, origin, o.device);
}

Report build_report(const ConfigOptions& o, std::optional<CutlassVersion> release) {
  const io::Settings flags = command_line_settings(o);
  Report report;
  if (o.config_file.empty()) {
    io::Settings settings = flags;
    if (!settings.contains("tile")) throw io::InputError("--tile: required (or give a batch file with --config FILE)");
    report.arch = modelled_architecture(o, o.arch, "--arch");
    report.results.push_back(evaluate_entry("", settings, report.arch, "options", release));
    add_suggestions(report, o);
    return report;
  }
  if (flags.contains("kernel"))
    throw io::InputError("--kernel: not used with --config; put \"kernel\" in the file's entries, or drop --config");
  if (flags.contains("tile"))
    throw io::InputError("--tile: not used with --config, whose entries give the tiles; put the tile in the file "
                         "(an entry, or its \"defaults\"), or drop --config");
  const std::string label = o.config_file == "-" ? "<stdin>" : o.config_file;
  io::BatchFile batch = io::parse_batch(io::read_input_file(o.config_file), label);
  if (o.arch_option->count() > 0 || !batch.arch) report.arch = modelled_architecture(o, o.arch, "--arch");
  else report.arch = modelled_architecture(o, relative_to_file(batch.arch->value.get<std::string>(), o.config_file),
                                           batch.arch->origin.text());
  report.results.resize(batch.entries.size());
  Progress progress("checked", batch.entries.size());
  for_each_index(batch.entries.size(), [&](std::size_t i) {
    // The entry's own keys, then the flags, then the file's defaults, each filling only what the
    // layers above leave open; the entry's settings are moved, not copied.
    io::BatchEntry entry = io::read_entry(batch, i);
    io::Settings settings = std::move(entry.settings);
    for (const io::Settings* layer : std::array<const io::Settings*, 2>{&flags, &batch.defaults})
      for (const auto& [key, setting] : *layer) settings.try_emplace(key, setting);
    report.results[i] = evaluate_entry(entry.name, settings, report.arch, *entry.origin, release);
    progress.advance();
  });
  add_suggestions(report, o);
  return report;
}

namespace {

// Writes what `write` hands over to standard output, or to the file `output`.
void write_out(const std::string& output, const std::function<void(std::ostream&)>& write) {
  if (output.empty()) {
    write(std::cout);
    std::cout << std::flush;
    return;
  }
  std::ofstream out(output, std::ios::binary);
  if (out) write(out);
  if (!out || !out.flush()) throw io::InputError(fmt::format("-o: cannot write \"{}\"", output));
}

}  // namespace

void emit(const std::string& text, const std::string& output) {
  write_out(output, [&](std::ostream& out) { out << text; });
}

void emit(const Report& report, render::Format format, const std::string& output) {
  if (format != render::Format::json) return emit(render::render(report, format), output);
  write_out(output, [&](std::ostream& out) {
    render::json(report, [&](std::string_view chunk) { out.write(chunk.data(), static_cast<std::streamsize>(chunk.size())); });
  });
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

int exit_status(const Report& report) {
  for (const Result& r : report.results)
    if (r.budget.verdict != Verdict::fits) return 1;
  return 0;
}


}  // namespace smem_budget::cli
