#include "cli/lint.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/config_options.hpp"
#include "cli/output.hpp"
#include "cli/strict_values.hpp"
#include "frontend/lint.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {
namespace {

struct LintOptions {
  ConfigOptions config;
  std::vector<std::string> files;
};

// 0 when every name is read and fits, 1 otherwise.
int run_lint(LintOptions& o) {
  finish_options(o.config);
  if (o.files.empty())
    throw io::InputError(
        "lint: name the files to read kernel names from (- reads standard input), e.g. "
        "smem-budget lint tactics.txt");
  // Standard input is read once: a second "-" would read it empty.
  if (std::count(o.files.begin(), o.files.end(), "-") > 1)
    throw io::InputError("lint: - (standard input) is given twice; give it once");
  const io::Settings flags = command_line_settings(o.config);
  const Architecture arch = chosen_architecture(o.config, o.config.arch, "--arch");
  const LintReport report = frontend::lint(o.files, flags, arch);
  emit(render::lint(report, o.config.format), o.config.output);
  return frontend::lint_status(report);
}

}  // namespace

Subcommand setup_lint(CLI::App& app) {
  auto o = std::make_shared<LintOptions>();
  CLI::App* lint = app.add_subcommand(
      "lint",
      "Check every kernel name in the files: CUTLASS library names (cutlass3x_sm120_…, _sm90_…, _sm100_…) and "
      "TensorRT-LLM / "
      "FlashInfer tactics (CutlassTileConfigSM120::CtaShape128x256x64B), one per line or anywhere in the "
      "text (a C++ source, the generator's listing, a log). Prints each name's verdict and bytes, the names "
      "that never compile grouped by the assertion that refuses them, the nearest fitting variant of each "
      "that exceeds, and a summary. Flags give what the names leave out (a tactic's types and epilogue) and "
      "override what they say.\nExit 0 when every name is read and fits, 1 when one exceeds, does not "
      "compile or is not modelled, 2 on bad input.\n"
      "e.g. smem-budget lint tactics.txt --grouped --epilogue finalize");
  // The names give the tiles; the files are the input.
  add_config_options(*lint, o->config, {.tile = false, .batch_file = false});
  lint->add_option("files", o->files, "Files to read kernel names from; - reads standard input.")
      ->check(non_empty("give a file name, or - to read standard input"));
  return {lint, [o] { return run_lint(*o); }};
}

}  // namespace smem_budget::cli
