#include "io/settings.hpp"

#include <string_view>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "io/config_keys.hpp"
#include "io/nearest.hpp"
#include "io/parse.hpp"
#include "io/text_hash.hpp"

namespace smem_budget::io {
namespace {

using json = nlohmann::json;

std::string type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return "an integer";
    case json::value_t::number_float:
      return "a number";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

}  // namespace

bool is_config_key(const std::string& key) { return find_config_key(key) != nullptr; }

void check_setting_type(const std::string& key, const json& value, const Origin& origin) {
  const ConfigKey* row = find_config_key(key);
  if (row == nullptr) {
    std::vector<std::string_view> keys;
    for (const ConfigKey& k : config_keys) keys.push_back(k.key);
    fail_at(origin, fmt::format("unknown key \"{}\" (keys: {}){}", key, config_key_names(), did_you_mean(key, keys)));
  }
  bool fits = value.is_string();
  std::string expected = "a string";
  switch (row->value) {
    case KeyValue::string:
      break;
    case KeyValue::boolean:
      fits = value.is_boolean();
      expected = "true or false";
      break;
    case KeyValue::string_or_integer:
      fits = value.is_string() || value.is_number_integer();
      expected = "a string or an integer";
      break;
    case KeyValue::extents:
      fits = value.is_string() || (value.is_array() && value.size() == 3);
      expected = "a string \"MxNxK\" or an array [M, N, K]";
      break;
  }
  if (!fits)
    fail_at(origin, fmt::format("expected {}, got {}{}", expected, type_name(value),
                                value.is_array() ? fmt::format(" of {}", value.size()) : ""));
}

void check_setting(const std::string& key, const json& value, const Origin& origin) {
  check_setting_type(key, value, origin);
  // The value on its own too, so that a value a later layer overrides is still checked.
  const ConfigKey* row = find_config_key(key);
  Config scratch;
  if (row->read != nullptr) row->read(scratch, Setting{value, origin});
}

void check_name_setting(const std::string& key, const json& value, const Origin& origin) {
  // One thread_local, reached once a call: a name's reader sets each of a kernel's keys through here.
  struct Passed {
    std::unordered_set<std::string, TextHash, std::equal_to<>> values;
    std::string id;  // one buffer, so that a value seen before costs no allocation
  };
  thread_local Passed memo;
  Passed& passed = memo;
  std::string& id = passed.id;
  id.assign(key);
  if (value.is_string()) {
    id += "=s:";
    id += value.get_ref<const std::string&>();
  } else {
    id += "=j:";
    id += value.dump();
  }
  if (passed.values.contains(id)) return;
  check_setting(key, value, origin);
  if (passed.values.size() >= 4096) passed.values.clear();  // names of one family give a few hundred values
  passed.values.insert(id);
}

std::string settings_identity(const Settings& settings) { return settings_identity(settings, {}); }

std::string settings_identity(const Settings& settings, std::string_view except) {
  std::string identity;
  for (const auto& [key, setting] : settings) {
    if (!except.empty() && key == except) continue;
    identity += key;
    identity += '=';
    identity += setting.value.is_string() ? setting.value.get_ref<const std::string&>() : setting.value.dump();
    identity += {'/', char('0' + setting.from_kernel_name), char('0' + setting.architecture_default),
                 char('0' + setting.from_runner), '\n'};
  }
  return identity;
}

std::string_view string_setting(const Settings& settings, std::string_view key) {
  const auto it = settings.find(key);
  return it != settings.end() && it->second.value.is_string() ? it->second.value.get_ref<const std::string&>()
                                                               : std::string_view();
}

Config to_config_except_tile(const Settings& settings) {
  Config config;
  // Each key sets fields of its own, so the order they come in does not matter.
  for (const auto& [key, setting] : settings) {
    const ConfigKey* row = find_config_key(key);
    if (row == nullptr) {
      check_setting_type(key, setting.value, setting.origin);  // throws: the key is unknown
      continue;
    }
    if (key != "tile" && row->read != nullptr) row->read(config, setting);
  }
  if (const auto c = settings.find("c"); c != settings.end() && config.epilogue == EpilogueKind::finalize)
    fail_at(c->second.origin,
            "not accepted with the finalize epilogue (TensorRT-LLM's kernel derives C from the output type)");
  return config;
}

Config to_config(const Settings& settings) {
  Config config = to_config_except_tile(settings);
  const auto tile = settings.find("tile");
  if (tile == settings.end()) throw InputError("no tile given (--tile MxNxK, or \"tile\" in the batch entry)");
  const Parsed<Tile> resolved = resolve_tile(tile_spec_of(tile->second), config.types.a);
  if (!ok(resolved)) fail_at(tile->second.origin, std::get<std::string>(resolved));
  config.tile = std::get<Tile>(resolved);
  return config;
}

void write_config(JsonWriter& out, const Config& config) {
  out.begin_object();
  for (const ConfigKey& key : config_keys)
    if (key.write != nullptr) key.write(out, key.key, config);
  out.end();
}

nlohmann::ordered_json config_to_json(const Config& config) {
  std::string text;
  JsonWriter out(text);
  write_config(out, config);
  return nlohmann::ordered_json::parse(text);
}

}  // namespace smem_budget::io
