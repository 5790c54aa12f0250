// The one error type of every front end: bad input, its location already in the message
// ("moe.json: configs[3].tile: ..."). Exit status 2 on the command line, InputError in Python.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "io/origin.hpp"

namespace smem_budget::io {

struct InputError : std::runtime_error {
  // A NUL the input held is spelled \0: what() is a C string, and the message would end at it.
  explicit InputError(const std::string& message)
      : std::runtime_error(message.find('\0') == std::string::npos ? message : without_nul(message)) {}
  explicit InputError(const char* message) : std::runtime_error(message) {}

 private:
  static std::string without_nul(const std::string& text) {
    std::string visible;
    for (const char c : text) visible += c == '\0' ? std::string_view("\\0") : std::string_view(&c, 1);
    return visible;
  }
};

// Bad input at `origin`: "ORIGIN: MESSAGE".
[[noreturn]] inline void fail_at(const Origin& origin, std::string_view message) {
  throw InputError(fmt::format("{}: {}", origin, message));
}

}  // namespace smem_budget::io
