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
  std::string name;       // empty when the entry has none
  std::shared_ptr<const std::string> origin;  // "moe.json: configs[3]", the prefix of its settings' origins
  Settings settings;      // the entry's own keys
};

struct BatchFile {
  std::optional<Setting> arch;
  Settings defaults;
  std::vector<BatchEntry> entries;
};

// Parses JSON text; `label` names it in messages (the path, or "<stdin>"). Throws InputError.
BatchFile parse_batch(const std::string& text, const std::string& label);

// Reads `path` ("-" for standard input) within max_batch_file_bytes. Throws InputError.
std::string read_input_file(const std::string& path);

// Parses JSON strictly: duplicate keys and nesting deeper than max_json_depth are errors.
nlohmann::json parse_json_strict(const std::string& text, const std::string& label);

}  // namespace smem_budget::io
