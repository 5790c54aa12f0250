// What CLI11 would take without a word and we refuse: an empty path or name, which is never "the
// default" ("-o ''" does not mean standard output), and a flag's value other than true or false
// (CLI11 reads "--grouped=yes" and "=2" as true; "--grouped=" app.cpp refuses before CLI11 reads it).
// Include after CLI/CLI.hpp.
#pragma once

#include <string>
#include <utility>

namespace smem_budget::cli {

// A value that may not be empty; `fix` says what to give instead.
inline CLI::Validator non_empty(std::string fix) {
  return CLI::Validator(
      [fix = std::move(fix)](const std::string& value) { return value.empty() ? "empty: " + fix : std::string(); }, "",
      "non-empty");
}

// A flag given alone, or as FLAG=true or FLAG=false; given twice, CLI11 refuses it (Throw).
inline CLI::Option* strict_flag(CLI::Option* flag) {
  const std::string name = flag->get_name();
  return flag->multi_option_policy(CLI::MultiOptionPolicy::Throw)
      ->check(CLI::Validator(
          [name](const std::string& value) {
            return value == "true" || value == "false"
                       ? std::string()
                       : "\"" + value + "\": not a value it takes (a flag is given alone, or as " + name + "=true / " +
                             name + "=false)";
          },
          "", "true or false"));
}

}  // namespace smem_budget::cli
