// Where a setting came from, for messages: a flag ("--tile"), or a key of a batch file's entry
// ("moe.json: configs[3].tile"). An entry's keys share its prefix and are spelled out only when a
// message names one, so that a 100,000-entry batch formats no text it never shows; a setting read
// from a kernel name keeps the part of the name it came from the same way.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace smem_budget::io {

class Origin {
 public:
  Origin() = default;  // nowhere: only until a real origin is assigned
  Origin(std::string text) : prefix_(std::make_shared<const std::string>(std::move(text))) {}
  Origin(const char* text) : Origin(std::string(text)) {}
  // `key` of the entry that `entry` names.
  Origin(std::shared_ptr<const std::string> entry, std::string key) : prefix_(std::move(entry)), key_(std::move(key)) {}
  // `part` of the kernel name read at `name`: "configs[3].kernel (\"128x256x64B\" in the name)".
  Origin(const Origin& name, std::string_view part)
      : prefix_(name.in_name_ ? std::make_shared<const std::string>(name.text()) : name.prefix_),
        key_(name.in_name_ ? std::string() : name.key_),
        part_(part),
        in_name_(true) {}

  std::string text() const {
    std::string text = !prefix_ ? key_ : key_.empty() ? *prefix_ : *prefix_ + "." + key_;
    if (in_name_) text += fmt::format(" (\"{}\" in the name)", part_);
    return text;
  }

 private:
  std::shared_ptr<const std::string> prefix_;
  std::string key_;
  std::string part_;      // of the kernel name, when in_name_
  bool in_name_ = false;  // the origin is a part of the kernel name read at prefix_ and key_
};

}  // namespace smem_budget::io

template <>
struct fmt::formatter<smem_budget::io::Origin> : fmt::formatter<std::string> {
  template <class Context>
  auto format(const smem_budget::io::Origin& origin, Context& context) const {
    return fmt::formatter<std::string>::format(origin.text(), context);
  }
};
