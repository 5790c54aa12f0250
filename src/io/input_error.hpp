// The one error type of every front end: bad input, its location already in the message
// ("moe.json: configs[3].tile: ..."). Exit status 2 on the command line, InputError in Python.
#pragma once

#include <stdexcept>

namespace smem_budget::io {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace smem_budget::io
