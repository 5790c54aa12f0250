// The one language requirement of the model: C++20 (defaulted == and <=>, std::span, constexpr
// throughout). A C++17 build stops here with one message instead of pages of errors from the first
// C++20 line: the missing header below is a fatal error in every compiler.
#pragma once

#if !defined(__cplusplus) || (__cplusplus < 202002L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 202002L))
#error "smem_budget needs C++20: compile with -std=c++20 (or link the CMake target smem_budget::model)"
#include "smem_budget/this-file-does-not-exist: smem_budget needs C++20"
#endif
