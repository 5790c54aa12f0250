// Any value for any configuration key (the type, epilogue, stage, fusion ... parsers, reached as
// --flag TEXT or as a batch file's JSON value) is accepted or refused with an InputError; an
// accepted one evaluates without failing, and its configuration survives the JSON round trip.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_check.hpp"
#include "io/settings.hpp"
#include "smem_budget/budget.hpp"

using namespace smem_budget;

namespace {

constexpr const char* keys[] = {"tile",     "types",  "schedule",  "instruction",       "grouped",           "stages",
                                "epilogue", "c",      "d",         "d_layout",          "epilogue_tile",     "fusion",
                                "scaling",  "sparse", "alignment", "scale_granularity", "epilogue_schedule", "cutlass"};

// Settings of a configuration read back from its JSON output.
io::Settings settings_of(const nlohmann::ordered_json& config) {
  io::Settings settings;
  for (const auto& [key, value] : config.items()) settings[key] = io::Setting{value, key};
  return settings;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string key = keys[data[0] % std::size(keys)];
  const bool as_json = data[1] & 1;  // the rest as JSON text (any type), or as a string value
  const std::string rest(reinterpret_cast<const char*>(data + 2), size - 2);
  nlohmann::json value = rest;
  if (as_json) {
    value = nlohmann::json::parse(rest, nullptr, false);
    if (value.is_discarded()) return 0;
  }
  io::Settings settings{{"tile", io::Setting{"128x128x128", "fuzz"}}};
  settings[key] = io::Setting{value, "fuzz"};
  if (data[1] & 2) settings["grouped"] = io::Setting{true, "fuzz"};
  Config config;
  try {
    io::check_setting(key, value, "fuzz");
    config = io::to_config(settings);
  } catch (const io::InputError& e) {
    FUZZ_REQUIRE(std::string(e.what()).rfind("fuzz", 0) == 0);  // the message names where
    return 0;
  }
  const ArchLimits arch = *find_arch("sm120");
  if (invalid_input(config, arch)) return 0;
  const auto budget = evaluate(config, arch);
  const Config again = io::to_config(settings_of(io::config_to_json(config)));
  FUZZ_REQUIRE(again == config);
  if (budget && budget->verdict != Verdict::rejected) {
    FUZZ_REQUIRE(budget->parts.total() == budget->total);
    FUZZ_REQUIRE(evaluate(again, arch)->total == budget->total);
  }
  return 0;
}
