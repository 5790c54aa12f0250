// The one error type of every front end: bad input, its location already in the message
// ("moe.json: configs[3].tile: ..."). Exit status 2 on the command line, InputError in Python.
#pragma once

#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "io/origin.hpp"

namespace smem_budget::io {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bad input at `origin`: "ORIGIN: MESSAGE".
[[noreturn]] inline void fail_at(const Origin& origin, std::string_view message) {
  throw InputError(fmt::format("{}: {}", origin, message));
}

}  // namespace smem_budget::io
