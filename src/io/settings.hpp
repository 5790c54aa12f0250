// Configuration settings gathered from built-in defaults, a batch file's defaults, command-line
// flags and batch entries, each remembering where it came from so that errors can say so.
#pragma once

#include <functional>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "io/input_error.hpp"
#include "io/json_writer.hpp"
#include "io/origin.hpp"
#include "smem_budget/core/config.hpp"

namespace smem_budget::io {

struct Setting {
  nlohmann::json value;
  Origin origin;                      // "--tile", or "moe.json: configs[3].tile"
  bool from_kernel_name = false;      // read from a kernel name rather than typed
  bool architecture_default = false;  // what leaving the key out means on the architecture
  bool from_runner = false;           // added by a runner (frontend/runner.cpp) for what a tactic leaves unsaid
};

// Key (batch-file spelling: tile, types, d_layout, ...) -> setting. Later layers replace earlier ones.
using Settings = std::map<std::string, Setting, std::less<>>;

// The keys of one configuration, as a batch file spells them.
bool is_config_key(const std::string& key);

// Checks one value, its JSON type and its content; throws InputError naming `origin`.
void check_setting(const std::string& key, const nlohmann::json& value, const Origin& origin);

// check_setting for a value a kernel name's reader derived: readers give the same few values over
// and over (tiles, clusters, schedules), and a value passes or fails alike wherever it came from, so
// one that passed is remembered (per thread) and not checked again.
void check_name_setting(const std::string& key, const nlohmann::json& value, const Origin& origin);

// What the settings say, less where each came from: equal for two entries that describe the same
// kernel the same way, which are judged alike (an autotuner's list repeats its candidates).
std::string settings_identity(const Settings& settings);
// The same, leaving out `except` (the kernel name, when what it was read into is compared).
std::string settings_identity(const Settings& settings, std::string_view except);

// Only that the key exists and its value has the right JSON type (to_config checks the content).
void check_setting_type(const std::string& key, const nlohmann::json& value, const Origin& origin);

// The value of `key` as text, valid while the setting is; "" when it is absent or not a string.
std::string_view string_setting(const Settings& settings, std::string_view key);

// Builds the configuration; throws InputError naming the setting at fault.
Config to_config(const Settings& settings);

// Every key but the tile, which keeps its default: the base of a sweep, which makes the tiles.
Config to_config_except_tile(const Settings& settings);

// The normalised configuration as the JSON output's "config" object.
void write_config(JsonWriter& out, const Config& config);
// The same object read back as a value, for code that takes a configuration as input (the tests
// feed it to to_config again); output is written with write_config.
nlohmann::ordered_json config_to_json(const Config& config);

}  // namespace smem_budget::io
