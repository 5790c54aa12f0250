// Plain rows in the three text formats, for the printers whose columns vary (compare, sweep).
#include <fmt/format.h>

#include "render/render.hpp"

namespace smem_budget::render {

std::string markdown_cell(const std::string& text) {
  if (text.empty()) return " ";
  if (text.find('|') == std::string::npos) return text;
  std::string out;
  for (char ch : text) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out.empty() ? " " : out;
}

// RFC 4180: quote a field that holds a comma, quote or line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string grid(const Rows& rows, Format format, std::size_t left) {
  if (format == Format::table) return text_columns(rows, left);
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (const std::string& cell : rows[r]) {
      if (format == Format::markdown) {
        line += "| ";
        line += markdown_cell(cell);
        line += ' ';
      } else {
        if (!line.empty()) line += ',';
        line += csv_field(cell);
      }
    }
    out += format == Format::markdown ? line + "|\n" : line + "\n";
    if (format == Format::markdown && r == 0) {
      out += "|";
      for (std::size_t c = 0; c < rows[0].size(); ++c) out += c < left ? "---|" : "--:|";
      out += "\n";
    }
  }
  return out;
}

}  // namespace smem_budget::render
