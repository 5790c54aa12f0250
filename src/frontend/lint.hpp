// A lint report: every kernel name in some files, judged.
#pragma once

#include <string>
#include <vector>

#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// The names in `files` ("-" is standard input), each once, in order, with `flags` over what each
// name says; a name the model cannot read is listed as not modelled. Throws io::InputError (a file
// that cannot be read, or with no names in it).
LintReport lint(const std::vector<std::string>& files, const io::Settings& flags, const Architecture& arch);

// 0 when every name was read and fits, 1 otherwise.
int lint_status(const LintReport& report);

}  // namespace smem_budget::frontend
