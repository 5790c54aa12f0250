// A kernel name read part by part, for the readers of CUTLASS library names and of tactics.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "io/input_error.hpp"
#include "io/settings.hpp"

namespace smem_budget::io {

// Reads one name part by part; every setting remembers the part it came from.
class NameReader {
 public:
  explicit NameReader(const Origin& origin) : origin_(origin) {}

  void set(const std::string& key, nlohmann::json value, std::string_view part) {
    Origin origin(origin_, part);  // formatted only if a message shows it
    check_name_setting(key, value, origin);
    settings_.insert_or_assign(key, Setting{std::move(value), std::move(origin), true});
  }

  [[noreturn]] void fail(std::string_view part, const std::string& why) const {
    throw InputError(fmt::format("{}: \"{}\" in the kernel name: {}", origin_, part, why));
  }

  Settings take() { return std::move(settings_); }

 private:
  const Origin& origin_;
  Settings settings_;
};

}  // namespace smem_budget::io
