#include "io/config_keys.hpp"

#include <fmt/format.h>

namespace smem_budget::io {
namespace {

std::string_view value_text(KeyValue value) {
  switch (value) {
    case KeyValue::string: return "string";
    case KeyValue::boolean: return "true or false";
    case KeyValue::string_or_integer: return "string or integer";
    case KeyValue::tile: return "string \"MxNxK\" or array [M, N, K]";
  }
  return "";
}

// A markdown table cell: one line, pipes escaped.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string(" ") : c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

const ConfigKey* find_config_key(std::string_view key) {
  for (const ConfigKey& row : config_keys)
    if (row.key == key) return &row;
  return nullptr;
}

std::string config_key_names() {
  std::string keys;
  for (const ConfigKey& row : config_keys) keys += (keys.empty() ? "" : ", ") + std::string(row.key);
  return keys;
}

std::string choices_help(std::string_view what, std::span<const Choice> choices, std::string_view example) {
  std::string out(what);
  for (const Choice& choice : choices) out += fmt::format("\n  {}: {}", choice.spelling, choice.help);
  return out + fmt::format("\nDefault: {}. e.g. {}", choices.front().spelling, example);
}

std::string flag_help(const ConfigKey& key) {
  if (key.choices.empty()) return fmt::format("{}{}e.g. {}", key.help, key.example_on_own_line ? "\n" : " ", key.example);
  return choices_help(key.help, key.choices, key.example);
}

std::string key_reference_markdown() {
  std::string out =
      "# Configuration keys\n\n"
      "Generated from `src/io/config_keys.hpp` (the test `interface_doc` fails when this file differs from it;\n"
      "`build/tests/write_interface_md > docs/interface.md` writes it again). The contract these keys belong to,\n"
      "with the exit codes and the JSON fields, is `interface.md` of the design notes.\n\n"
      "A configuration is given by flags (`smem-budget --tile 128x256x128 ...`), by the keys of a batch file's\n"
      "entries and `defaults` (`{\"tile\": \"128x256x128\", ...}`), or by keyword arguments in Python\n"
      "(`smem_budget.check(tile=\"128x256x128\", ...)`). Precedence, weakest first: built-in defaults, the file's\n"
      "`defaults`, flags, the entry's own keys.\n\n"
      "| key | flag | value | help | e.g. |\n|---|---|---|---|---|\n";
  for (const ConfigKey& key : config_keys) {
    std::string help(key.help);
    for (const Choice& choice : key.choices) help += fmt::format(" `{}`: {};", choice.spelling, choice.help);
    if (!key.choices.empty()) help += fmt::format(" default `{}`.", key.choices.front().spelling);
    out += fmt::format("| `{}` | {} | {} | {} | `{}` |\n", key.key, key.flag.empty() ? "" : fmt::format("`{}`", key.flag),
                       value_text(key.value), cell(help), cell(key.example));
  }
  return out;
}

}  // namespace smem_budget::io
