#include "io/batch_file.hpp"

#include "io/kernel_name.hpp"

#include <algorithm>
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

// The defaults: each value checked on its own now, since an entry or a flag may replace it.
Settings read_defaults(const json& object, const std::string& label) {
  Settings settings;
  for (const auto& [key, value] : object.items()) {
    const Origin origin = fmt::format("{}: defaults.{}", label, key);
    if (key == "name") throw InputError(fmt::format("{}: defaults cannot hold a name", origin));
    check_setting(key, value, origin);
    settings[key] = Setting{value, origin};
  }
  expand_kernel_name(settings);
  return settings;
}

// An entry's own keys, moved out of the document: their types checked here, their content when
// the configuration is built (to_config), the only reading a value no layer replaces needs.
Settings read_entry_keys(json& object, const std::shared_ptr<const std::string>& entry) {
  Settings settings;
  for (auto& [key, value] : object.items()) {
    Origin origin(entry, key);
    check_setting_type(key, value, origin);
    settings[key] = Setting{std::move(value), std::move(origin)};
  }
  expand_kernel_name(settings);
  return settings;
}

// nlohmann's messages start "[json.exception.parse_error.101] "; the rest is what a reader needs.
std::string without_exception_id(const json::exception& e) {
  const std::string what = e.what();
  const std::size_t at = what.find("] ");
  return at == std::string::npos ? what : what.substr(at + 2);
}

}  // namespace

namespace {

// Builds the document as nlohmann's own DOM parser does (linear; its callback parser rescans a
// list at every element's end, quadratic for a big batch), refusing on the way: nesting deeper
// than max_json_depth, duplicate keys, and more entries than a batch may hold, so that a huge
// list never takes memory.
// An object's keys, for finding a duplicate: a configuration has a handful, scanned in place;
// past a few dozen (never a configuration) a set keeps a huge object linear.
class KeySet {
 public:
  bool insert(const std::string& key) {
    if (!many_.empty() || few_.size() == few_limit) {
      if (many_.empty()) many_.insert(few_.begin(), few_.end());
      return many_.insert(key).second;
    }
    if (std::find(few_.begin(), few_.end(), key) != few_.end()) return false;
    few_.push_back(key);
    return true;
  }

 private:
  static constexpr std::size_t few_limit = 32;
  std::vector<std::string> few_;
  std::set<std::string> many_;
};

class StrictSax : public nlohmann::json_sax<json> {
 public:
  explicit StrictSax(json& document) : dom_(document, false) {}

  bool null() override { return value() && dom_.null(); }
  bool boolean(bool v) override { return value() && dom_.boolean(v); }
  bool number_integer(number_integer_t v) override { return value() && dom_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) override { return value() && dom_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) override { return value() && dom_.number_float(v, s); }
  bool string(string_t& v) override { return value() && dom_.string(v); }
  bool binary(binary_t& v) override { return value() && dom_.binary(v); }
  bool start_object(std::size_t n) override {
    objects_.emplace_back();
    return open() && dom_.start_object(n);
  }
  bool key(string_t& k) override {
    if (!objects_.back().insert(k)) return fail(fmt::format("duplicate key \"{}\"", k));
    return dom_.key(k);
  }
  bool end_object() override {
    objects_.pop_back();
    return close() && dom_.end_object();
  }
  bool start_array(std::size_t n) override {
    if (depth_ == 0) entry_depth_ = 1;  // a bare list of configurations
    return open() && dom_.start_array(n);
  }
  bool end_array() override { return close() && dom_.end_array(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    // A number too large for a double (1e999, found by fuzz_batch_loader) comes as out_of_range.
    if (ex.id == 406) return fail(fmt::format("invalid JSON: {}", without_exception_id(ex)));
    return fail(fmt::format("invalid JSON at byte {}: {}", position, without_exception_id(ex)));
  }

  const std::string& problem() const { return problem_; }

 private:
  bool fail(std::string problem) {
    if (problem_.empty()) problem_ = std::move(problem);
    return false;
  }
  bool open() {
    if (static_cast<std::size_t>(++depth_) > max_json_depth)
      return fail(fmt::format("nesting deeper than {} levels", max_json_depth));
    return true;
  }
  bool close() {
    --depth_;
    return value();
  }
  // A value just completed inside depth_ open containers: count it where the configurations are
  // (the elements of a bare list, or of the lists of the top-level object), with some slack.
  bool value() {
    if (depth_ == entry_depth_ && ++entries_ > max_batch_entries + 8)
      return fail(
          fmt::format("more than {} configurations; at most {} per file", max_batch_entries, max_batch_entries));
    return true;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  std::vector<KeySet> objects_;  // the keys of each open object, outermost first
  std::string problem_;
  int depth_ = 0;
  int entry_depth_ = 2;
  std::size_t entries_ = 0;
};

}  // namespace

json parse_json_strict(const std::string& text, const std::string& label) {
  json document;
  StrictSax sax(document);
  if (!json::sax_parse(text, &sax) || !sax.problem().empty()) {
    const bool comments = text.find("//") != std::string::npos || text.find("/*") != std::string::npos;
    throw InputError(
        fmt::format("{}: {}{}", label, sax.problem(), comments ? " (JSON has no comments; remove them)" : ""));
  }
  return document;
}

BatchFile parse_batch(const std::string& text, const std::string& label) {
  json document = parse_json_strict(text, label);
  BatchFile batch;
  batch.label = label;
  json* configs = &document;
  batch.bare_array = document.is_array();
  if (!batch.bare_array) {
    if (!document.is_object())
      throw InputError(fmt::format("{}: expected an object with \"configs\", or an array of configurations", label));
    // Two files people give by mistake: an arch file, and one configuration not in a list.
    if (document.contains("compute_capability"))
      throw InputError(fmt::format("{}: this is an arch file; give it with --arch {} (a batch file holds \"configs\")",
                                   label, label));
    if (document.contains("tile") && !document.contains("configs"))
      throw InputError(
          fmt::format("{}: one configuration must sit in a list: [{{\"tile\": …}}] or "
                      "{{\"configs\": [{{\"tile\": …}}]}}",
                      label));
    for (const auto& [key, value] : document.items()) {
      if (key == "arch") {
        if (!value.is_string()) throw InputError(fmt::format("{}: arch: expected a string", label));
        batch.arch = Setting{value, fmt::format("{}: arch", label)};
      } else if (key == "defaults") {
        if (!value.is_object()) throw InputError(fmt::format("{}: defaults: expected an object", label));
        batch.defaults = read_defaults(value, label);
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
    throw InputError(
        fmt::format("{}: {} configurations; at most {} per file", label, configs->size(), max_batch_entries));
  batch.entries = std::move(configs->get_ref<json::array_t&>());
  return batch;
}

BatchEntry read_entry(BatchFile& batch, std::size_t index) {
  json& item = batch.entries[index];
  BatchEntry entry;
  entry.origin =
      std::make_shared<const std::string>(fmt::format("{}: {}", batch.label, entry_path(batch.bare_array, index)));
  if (item.is_string()) {
    entry.settings["tile"] = Setting{std::move(item), Origin(entry.origin, "")};
  } else if (item.is_object()) {
    if (const auto arch = item.find("arch"); arch != item.end()) {
      if (!arch->is_string()) throw InputError(fmt::format("{}.arch: expected a string", *entry.origin));
      entry.arch = Setting{std::move(*arch), Origin(entry.origin, "arch")};
      item.erase(arch);
    }
    entry.settings = read_entry_keys(item, entry.origin);
    if (const auto it = entry.settings.find("name"); it != entry.settings.end()) {
      entry.name = it->second.value.get<std::string>();
      entry.settings.erase(it);
    }
    if (!entry.settings.contains("tile")) throw InputError(fmt::format("{}: no \"tile\"", *entry.origin));
  } else {
    throw InputError(fmt::format("{}: expected a tile string or an object", *entry.origin));
  }
  return entry;
}

std::string read_input_file(const std::string& path) {
  std::string text;
  const auto read_all = [&](std::istream& in, const std::string& label) {
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
      text.append(buffer, static_cast<std::size_t>(in.gcount()));
      if (text.size() > max_batch_file_bytes)
        throw InputError(
            fmt::format("{}: larger than {} MiB; split it into smaller files", label, max_batch_file_bytes >> 20));
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
