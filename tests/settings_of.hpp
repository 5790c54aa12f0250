// A configuration written as JSON keys (a measured row's "config", a result's "config") as the
// settings the command line would build from it, each key its own origin.
#pragma once

#include <nlohmann/json.hpp>

#include "io/kernel_name.hpp"
#include "io/settings.hpp"

// The measured families spell the explicit sparse block-scaled schedules "schedule_variant"; the
// tool's key for them is "instruction". A "kernel" stands for the keys its name gives.
inline smem_budget::io::Settings settings_of(const nlohmann::json& config) {
  smem_budget::io::Settings settings;
  for (const auto& [key, value] : config.items()) {
    if (key == "schedule_variant")
      settings["instruction"] = {value == "acc2x4" ? nlohmann::json("mxf8f6f4-acc2x4") : value, "instruction"};
    else
      settings[key] = {value, key};
  }
  smem_budget::io::expand_kernel_name(settings);
  return settings;
}
