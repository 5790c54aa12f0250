// Where a subcommand's output goes: standard output, or the file -o names.
#pragma once

#include <string>

#include "render/render.hpp"

namespace smem_budget::cli {

// Writes to -o FILE or standard output. Throws io::InputError when the file cannot be written.
void emit(const std::string& text, const std::string& output);
// A report in `format` to standard output or the file `output`; JSON is written as it is made.
void emit(const Report& report, render::Format format, const std::string& output);

}  // namespace smem_budget::cli
