#include "io/config_keys.hpp"

#include <fmt/format.h>

namespace smem_budget::io {
namespace {

std::string_view value_text(KeyValue value) {
  switch (value) {
    case KeyValue::string:
      return "string";
    case KeyValue::boolean:
      return "true or false";
    case KeyValue::string_or_integer:
      return "string or integer";
    case KeyValue::tile:
      return "string \"MxNxK\" or array [M, N, K]";
  }
  return "";
}

// A markdown table cell: one line, pipes escaped.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string(" ") : c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

constexpr std::string_view help_of(std::string_view key) {
  for (const ConfigKey& row : config_keys)
    if (row.key == key) return row.help;
  return "";
}

constexpr bool names_every(std::string_view help, std::span<const std::string_view> names) {
  for (std::string_view name : names)
    if (help.find(name) == std::string_view::npos) return false;
  return true;
}

template <class T, std::size_t N>
constexpr std::array<std::string_view, N> spellings_of(const std::array<Word<T>, N>& words) {
  std::array<std::string_view, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = words[i].spelling;
  return out;
}

template <std::size_t N>
constexpr std::array<std::string_view, N> names_of(const std::array<Element, N>& elements) {
  std::array<std::string_view, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = name_of(elements[i]);
  return out;
}

// Keys whose help lists a vocabulary in prose rather than as choices: the prose must name every
// value of the vocabulary's table.
static_assert(names_every(help_of("stages"), spellings_of(stage_words)));
static_assert(names_every(help_of("fusion"), spellings_of(fusion_words)));
static_assert(names_every(help_of("fusion"), spellings_of(scale_type_words)));
static_assert(names_every(help_of("c"), names_of(epilogue_elements)));
static_assert(names_every(help_of("types"), names_of(operand_elements)));

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
  if (key.choices.empty())
    return fmt::format("{}{}e.g. {}", key.help, key.example_on_own_line ? "\n" : " ", key.example);
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
    out +=
        fmt::format("| `{}` | {} | {} | {} | `{}` |\n", key.key, key.flag.empty() ? "" : fmt::format("`{}`", key.flag),
                    value_text(key.value), cell(help), cell(key.example));
  }
  return out;
}

}  // namespace smem_budget::io
