#include "cli/output.hpp"

#include <fstream>
#include <functional>
#include <iostream>

#include <fmt/format.h>

#include "io/input_error.hpp"

namespace smem_budget::cli {
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
    render::json(report,
                 [&](std::string_view chunk) { out.write(chunk.data(), static_cast<std::streamsize>(chunk.size())); });
  });
}

}  // namespace smem_budget::cli
