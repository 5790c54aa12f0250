#include "frontend/lint.hpp"

#include <unordered_set>

#include <fmt/format.h>

#include "frontend/evaluation.hpp"
#include "io/batch_file.hpp"
#include "io/kernel_name.hpp"

namespace smem_budget::frontend {

LintReport lint(const std::vector<std::string>& files, const io::Settings& flags, const Architecture& arch) {
  LintReport lint;
  lint.sources = files;
  lint.report.arch = arch;
  std::unordered_set<std::string> seen;
  for (const std::string& file : files) {
    const std::string label = file == "-" ? "<stdin>" : file;
    const std::vector<std::string> names = io::kernel_names_in(io::read_input_file(file), label);
    if (names.empty())
      throw io::InputError(
          fmt::format("{}: no kernel names in it (looked for cutlass3x_sm…_… library names and "
                      "CtaShape…B tactics and CutlassGemmConfig toString() blocks)",
                      label));
    for (const std::string& name : names) {
      if (!seen.insert(name).second) continue;
      try {
        io::Settings settings = io::kernel_name_settings(name, label);
        for (const auto& [key, setting] : flags) settings.insert_or_assign(key, setting);
        settings.insert_or_assign("kernel", io::Setting{name, label, true});  // checked against the architecture
        Result result = evaluate_entry(name, std::move(settings), lint.report.arch, label);
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

}  // namespace smem_budget::frontend
