// Batch files: {"arch", "defaults", "configs": [...]} or a bare array of entries.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/settings.hpp"

namespace smem_budget::io {

// Limits that keep a hostile or mistaken file from taking unbounded memory.
inline constexpr std::size_t max_batch_file_bytes = 16u << 20;
inline constexpr std::size_t max_batch_entries = 100'000;
inline constexpr std::size_t max_json_depth = 32;

struct BatchEntry {
  std::string name;                           // empty when the entry has none
  std::shared_ptr<const std::string> origin;  // "moe.json: configs[3]", the prefix of its settings' origins
  Settings settings;                          // the entry's own keys
  std::optional<Setting> arch;                // the architecture the entry names for itself
};

struct BatchFile {
  std::string label;  // names the file in messages: its path, or "<stdin>"
  std::optional<Setting> arch;
  Settings defaults;
  bool bare_array = false;              // a bare list: entries are "[3]", not "configs[3]"
  std::vector<nlohmann::json> entries;  // as written, until read_entry takes one
};

// Parses JSON text as far as its entries (arch, defaults, the list); `label` names it in
// messages. Throws InputError.
BatchFile parse_batch(const std::string& text, const std::string& label);

// Entry `index`: its keys checked for type (to_config checks the values) and its values moved out
// of the file, so each entry is read once, when it is checked. Throws InputError.
BatchEntry read_entry(BatchFile& batch, std::size_t index);

// Reads `path` ("-" for standard input) within max_batch_file_bytes. Throws InputError.
std::string read_input_file(const std::string& path);

// Parses JSON strictly: duplicate keys and nesting deeper than max_json_depth are errors.
nlohmann::json parse_json_strict(const std::string& text, const std::string& label);

}  // namespace smem_budget::io
