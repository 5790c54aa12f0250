#include "cli/app.hpp"

#include <iostream>
#include <memory>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/arch.hpp"
#include "cli/check.hpp"
#include "cli/compare.hpp"
#include "cli/lint.hpp"
#include "cli/parse_error.hpp"
#include "cli/suggest.hpp"
#include "cli/sweep.hpp"

namespace smem_budget::cli {
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

int run(int argc, const char* const* argv) {
  CLI::App app(description, "smem-budget");
  app.set_version_flag("--version", std::string("smem-budget ") + SMEM_BUDGET_VERSION);
  app.require_subcommand(0, 1);
  app.fallthrough(false);

  // With no subcommand the top level checks; the subcommands in the order --help lists them.
  auto top = std::make_shared<ConfigOptions>();
  add_check_options(app, *top);
  const std::vector<Subcommand> subcommands{setup_check(app),   setup_suggest(app), setup_arch(app),
                                            setup_compare(app), setup_sweep(app),   setup_lint(app)};

  // CLI11 reads "--grouped=" as true and "--output= x" as x: a flag written with = and nothing
  // after it is refused before it reads them.
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (word.starts_with("--") && word.ends_with('=') && word.find('=') == word.size() - 1) {
      std::cerr << "smem-budget: " << word.substr(0, word.size() - 1)
                << ": nothing after '='; give the value after it (a flag alone, or =true / =false)\n";
      return 2;
    }
  }

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
    std::cerr << "smem-budget: " << explain_parse_error(app, e) << "\n";
    return 2;
  }

  try {
    // The top level's --format is checked even when a subcommand runs: CLI11 only stored it.
    finish_options(*top);
    for (const Subcommand& subcommand : subcommands)
      if (app.got_subcommand(subcommand.app)) return subcommand.run();
    return run_check(*top);
  } catch (const io::InputError& e) {
    std::cerr << "smem-budget: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace smem_budget::cli
