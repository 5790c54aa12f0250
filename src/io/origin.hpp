// Where a setting came from, for messages: a flag ("--tile"), or a key of a batch file's entry
// ("moe.json: configs[3].tile"). An entry's keys share its prefix and are spelled out only when a
// message names one, so that a 100,000-entry batch formats no text it never shows.
#pragma once

#include <memory>
#include <string>
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

  std::string text() const {
    if (!prefix_) return key_;
    return key_.empty() ? *prefix_ : *prefix_ + "." + key_;
  }

 private:
  std::shared_ptr<const std::string> prefix_;
  std::string key_;
};

}  // namespace smem_budget::io

template <>
struct fmt::formatter<smem_budget::io::Origin> : fmt::formatter<std::string> {
  template <class Context>
  auto format(const smem_budget::io::Origin& origin, Context& context) const {
    return fmt::formatter<std::string>::format(origin.text(), context);
  }
};
