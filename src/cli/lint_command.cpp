#include "cli/lint_command.hpp"

#include <unordered_set>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "evaluation.hpp"
#include "io/batch_file.hpp"
#include "io/kernel_name.hpp"

namespace smem_budget::cli {

CLI::App* setup_lint_command(CLI::App& app, LintOptions& o) {
  CLI::App* lint = app.add_subcommand(
      "lint", "Check every kernel name in the files: CUTLASS library names (cutlass3x_sm120_…, _sm90_…, _sm100_…) and TensorRT-LLM / "
              "FlashInfer tactics (CutlassTileConfigSM120::CtaShape128x256x64B), one per line or anywhere in the "
              "text (a C++ source, the generator's listing, a log). Prints each name's verdict and bytes, the names "
              "that never compile grouped by the assertion that refuses them, the nearest fitting variant of each "
              "that exceeds, and a summary. Flags give what the names leave out (a tactic's types and epilogue) and "
              "override what they say.\nExit 0 when every name is read and fits, 1 when one exceeds, does not "
              "compile or is not modelled, 2 on bad input.\n"
              "e.g. smem-budget lint tactics.txt --grouped --epilogue finalize");
  // The names give the tiles; the files are the input.
  add_config_options(*lint, o.config, {.tile = false, .batch_file = false});
  lint->add_option("files", o.files, "Files to read kernel names from; - reads standard input.");
  return lint;
}

LintReport build_lint_report(const LintOptions& o) {
  if (o.files.empty())
    throw io::InputError("lint: name the files to read kernel names from (- reads standard input), e.g. "
                         "smem-budget lint tactics.txt");
  const io::Settings flags = command_line_settings(o.config);
  LintReport lint;
  lint.sources = o.files;
  lint.report.arch = modelled_architecture(o.config, o.config.arch, "--arch");
  std::unordered_set<std::string> seen;
  for (const std::string& file : o.files) {
    const std::string label = file == "-" ? "<stdin>" : file;
    const std::vector<std::string> names = io::kernel_names_in(io::read_input_file(file));
    if (names.empty())
      throw io::InputError(fmt::format("{}: no kernel names in it (looked for cutlass3x_sm…_… library names and "
                                       "CtaShape…B tactics)", label));
    for (const std::string& name : names) {
      if (!seen.insert(name).second) continue;
      try {
        io::Settings settings = io::kernel_name_settings(name, label);
        for (const auto& [key, setting] : flags) settings.insert_or_assign(key, setting);
        settings.insert_or_assign("kernel", io::Setting{name, label, true});  // checked against the architecture
        Result result = evaluate_entry(name, settings, lint.report.arch, label);
        if (result.budget.verdict == Verdict::exceeds_optin)
          result.suggestions = suggest(result.config, lint.report.arch.limits);
        lint.report.results.push_back(std::move(result));
      } catch (const io::InputError& e) {
        lint.not_modelled.push_back({name, e.what()});
      }
    }
  }
  return lint;
}

int lint_status(const LintReport& lint) {
  if (!lint.not_modelled.empty()) return 1;
  for (const Result& r : lint.report.results)
    if (r.budget.verdict != Verdict::fits) return 1;
  return 0;
}

}  // namespace smem_budget::cli
