#include "io/batch_file.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <set>

#include <fmt/format.h>

namespace smem_budget::io {
namespace {

using json = nlohmann::json;

std::string entry_path(bool bare_array, std::size_t index) {
  return bare_array ? fmt::format("[{}]", index) : fmt::format("configs[{}]", index);
}

Settings read_settings(const json& object, const std::string& label, const std::string& path, bool allow_name) {
  Settings settings;
  for (const auto& [key, value] : object.items()) {
    const std::string origin = fmt::format("{}: {}.{}", label, path, key);
    if (key == "name" && !allow_name) throw InputError(fmt::format("{}: defaults cannot hold a name", origin));
    check_setting(key, value, origin);
    settings[key] = Setting{value, origin};
  }
  return settings;
}

// nlohmann's messages start "[json.exception.parse_error.101] "; the rest is what a reader needs.
std::string without_exception_id(const json::exception& e) {
  const std::string what = e.what();
  const std::size_t at = what.find("] ");
  return at == std::string::npos ? what : what.substr(at + 2);
}

}  // namespace

json parse_json_strict(const std::string& text, const std::string& label) {
  std::vector<std::set<std::string>> keys_per_object;
  std::string problem;
  std::size_t entries = 0;  // values at the depth of a configuration list, or above it
  const json::parser_callback_t check = [&](int depth, json::parse_event_t event, json& parsed) {
    if (static_cast<std::size_t>(depth) > max_json_depth && problem.empty())
      problem = fmt::format("nesting deeper than {} levels", max_json_depth);
    // Refused while parsing, so that a huge list never takes memory (a few top-level keys of
    // slack, the rest must fit the entry limit).
    const bool complete = event == json::parse_event_t::value || event == json::parse_event_t::object_end ||
                          event == json::parse_event_t::array_end;
    if (complete && depth <= 2 && ++entries > max_batch_entries + 8 && problem.empty())
      problem = fmt::format("more than {} configurations; at most {} per file", max_batch_entries, max_batch_entries);
    if (event == json::parse_event_t::object_start) keys_per_object.emplace_back();
    else if (event == json::parse_event_t::object_end && !keys_per_object.empty()) keys_per_object.pop_back();
    else if (event == json::parse_event_t::key && !keys_per_object.empty() &&
             !keys_per_object.back().insert(parsed.get<std::string>()).second && problem.empty())
      problem = fmt::format("duplicate key \"{}\"", parsed.get<std::string>());
    return problem.empty();
  };
  json document;
  try {
    document = json::parse(text, check);
  } catch (const json::parse_error& e) {
    throw InputError(fmt::format("{}: invalid JSON at byte {}: {}", label, e.byte, without_exception_id(e)));
  } catch (const json::out_of_range& e) {
    // A number too large for a double, e.g. 1e999 (found by fuzz_batch_loader).
    throw InputError(fmt::format("{}: invalid JSON: {}", label, without_exception_id(e)));
  }
  if (!problem.empty()) throw InputError(fmt::format("{}: {}", label, problem));
  return document;
}

BatchFile parse_batch(const std::string& text, const std::string& label) {
  const json document = parse_json_strict(text, label);
  BatchFile batch;
  const json* configs = &document;
  const bool bare_array = document.is_array();
  if (!bare_array) {
    if (!document.is_object())
      throw InputError(fmt::format("{}: expected an object with \"configs\", or an array of configurations", label));
    for (const auto& [key, value] : document.items()) {
      if (key == "arch") {
        if (!value.is_string()) throw InputError(fmt::format("{}: arch: expected a string", label));
        batch.arch = Setting{value, fmt::format("{}: arch", label)};
      } else if (key == "defaults") {
        if (!value.is_object()) throw InputError(fmt::format("{}: defaults: expected an object", label));
        batch.defaults = read_settings(value, label, "defaults", false);
      } else if (key != "configs") {
        throw InputError(fmt::format("{}: unknown key \"{}\" (expected arch, defaults, configs)", label, key));
      }
    }
    if (!document.contains("configs")) throw InputError(fmt::format("{}: no \"configs\" list", label));
    configs = &document["configs"];
    if (!configs->is_array()) throw InputError(fmt::format("{}: configs: expected an array", label));
  }
  if (configs->empty()) throw InputError(fmt::format("{}: the configuration list is empty", label));
  if (configs->size() > max_batch_entries)
    throw InputError(fmt::format("{}: {} configurations; at most {} per file", label, configs->size(), max_batch_entries));
  for (std::size_t i = 0; i < configs->size(); ++i) {
    const json& item = (*configs)[i];
    const std::string path = entry_path(bare_array, i);
    BatchEntry entry;
    entry.origin = fmt::format("{}: {}", label, path);
    if (item.is_string()) {
      entry.settings["tile"] = Setting{item, entry.origin};
    } else if (item.is_object()) {
      entry.settings = read_settings(item, label, path, true);
      if (const auto it = entry.settings.find("name"); it != entry.settings.end()) {
        entry.name = it->second.value.get<std::string>();
        entry.settings.erase(it);
      }
      if (!entry.settings.contains("tile")) throw InputError(fmt::format("{}: no \"tile\"", entry.origin));
    } else {
      throw InputError(fmt::format("{}: expected a tile string or an object", entry.origin));
    }
    batch.entries.push_back(std::move(entry));
  }
  return batch;
}

std::string read_input_file(const std::string& path) {
  std::string text;
  const auto read_all = [&](std::istream& in, const std::string& label) {
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
      text.append(buffer, static_cast<std::size_t>(in.gcount()));
      if (text.size() > max_batch_file_bytes)
        throw InputError(fmt::format("{}: larger than {} MiB; split it into smaller batch files", label,
                                     max_batch_file_bytes >> 20));
    }
  };
  if (path == "-") {
    read_all(std::cin, "<stdin>");
    return text;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot open file", path));
  read_all(in, path);
  if (in.bad()) throw InputError(fmt::format("{}: cannot read file", path));
  return text;
}

}  // namespace smem_budget::io
