// smem-budget: wires the subcommands together and turns every failure into exit status 2.
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/arch_command.hpp"
#include "cli/compare_command.hpp"
#include "cli/lint_command.hpp"
#include "cli/options.hpp"
#include "cli/sweep_command.hpp"
#include "io/settings.hpp"

namespace {

constexpr const char* description =
    "smem-budget: the shared memory of CUTLASS GEMM kernels (SM120/SM121 block-scaled NVFP4 and MXFP4/6/8,\n"
    "blockwise FP8, plain, sparse; SM100/SM103 block-scaled; SM90 FP8/16-bit), to the byte, before you\n"
    "compile. Prints GemmKernel::SharedStorageSize part by part, the stage count CUTLASS picks, and whether\n"
    "the kernel fits the GPU's opt-in limit.\n\n"
    "Examples:\n"
    "  smem-budget --tile 128x256x128 --arch sm120\n"
    "  smem-budget --tile 128x256x64B --grouped --epilogue finalize --cutlass 4.4.2\n"
    "  smem-budget --config configs/trtllm-moe-sm120.json --format markdown\n"
    "  smem-budget suggest --tile 128x256x128 --grouped --epilogue finalize\n"
    "  smem-budget sweep --types nvfp4 --grouped --epilogue finalize --format svg -o map.svg\n"
    "  smem-budget compare --cutlass 4.3.5,4.4.2,4.7 --tile 128x64x128 --grouped --c bf16\n"
    "  smem-budget lint tactics.txt --grouped --epilogue finalize\n"
    "  smem-budget arch\n\n"
    "Exit status, one rule for check, batch files, suggest, --suggest, compare (over all its cells) and lint:\n"
    "0 every configuration fits, 1 at least one does not fit or does not compile (lint: or is not modelled),\n"
    "2 bad input. sweep and arch report and exit 0 (2 on bad input).";

}  // namespace

int main(int argc, char** argv) {
  using namespace smem_budget;
  CLI::App app(description, "smem-budget");
  app.set_version_flag("--version", std::string("smem-budget ") + SMEM_BUDGET_VERSION);
  app.require_subcommand(0, 1);
  app.fallthrough(false);

  cli::ConfigOptions top;
  cli::add_config_options(app, top);
  cli::add_suggest_flag(app, top);
  cli::add_within_option(app, top);
  cli::ConfigOptions check_options;
  CLI::App* check = app.add_subcommand("check", "Check configurations (the default when no subcommand is given)");
  cli::add_config_options(*check, check_options);
  cli::add_suggest_flag(*check, check_options);
  cli::add_within_option(*check, check_options);
  cli::ConfigOptions suggest_options;
  suggest_options.suggest = true;
  CLI::App* suggest = app.add_subcommand(
      "suggest", "Check configurations and, for each that does not fit, list the nearest that do, cheapest change "
                 "first: fewer stages, a smaller epilogue tile, C void, the default epilogue (C void) instead of "
                 "finalize, half K, a smaller tile, a larger one where a shape rule refuses this one, another CUTLASS "
                 "release.\nExit 0 when every configuration fits, 1 when one does not (with its suggestions), "
                 "2 on bad input.\n"
                 "e.g. smem-budget suggest --tile 128x256x128 --grouped --epilogue finalize");
  cli::add_config_options(*suggest, suggest_options);
  cli::add_within_option(*suggest, suggest_options);
  cli::ArchOptions arch_options;
  cli::setup_arch_command(app, arch_options);
  cli::ConfigOptions compare_options;
  CLI::App* compare = cli::setup_compare_command(app, compare_options);
  cli::SweepOptions sweep_options;
  CLI::App* sweep = cli::setup_sweep_command(app, sweep_options);
  cli::LintOptions lint_options;
  CLI::App* lint = cli::setup_lint_command(app, lint_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::cout << app.version() << "\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "smem-budget: " << cli::explain_parse_error(app, e) << "\n";
    return 2;
  }

  try {
    for (cli::ConfigOptions* options : {&top, &check_options, &suggest_options, &compare_options, &lint_options.config})
      cli::finish_options(*options);
    if (app.got_subcommand("arch")) {
      cli::emit(cli::run_arch_command(arch_options), arch_options.output);
      return 0;
    }
    if (app.got_subcommand(sweep)) {
      cli::emit(cli::run_sweep_command(sweep_options), sweep_options.config.output);
      return 0;
    }
    if (app.got_subcommand(lint)) {
      const LintReport report = cli::build_lint_report(lint_options);
      cli::emit(render::lint(report, lint_options.config.format), lint_options.config.output);
      return cli::lint_status(report);
    }
    if (app.got_subcommand(compare)) {
      const cli::CompareOutput compared = cli::run_compare_command(compare_options);
      cli::emit(compared.text, compare_options.output);
      return compared.status;
    }
    if (app.got_subcommand(suggest)) {
      const Report report = cli::build_report(suggest_options);
      cli::emit(report, suggest_options.format, suggest_options.output);
      return cli::exit_status(report);
    }
    const cli::ConfigOptions& options = app.got_subcommand(check) ? check_options : top;
    const Report report = cli::build_report(options);
    cli::emit(report, options.format, options.output);
    return cli::exit_status(report);
  } catch (const io::InputError& e) {
    std::cerr << "smem-budget: " << e.what() << "\n";
    return 2;
  }
}
