// The measured data and fixtures in tests/data, as JSON.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

inline nlohmann::json load_test_data(const std::string& file) {
  std::ifstream in(std::string(SMEM_BUDGET_TEST_DATA) + "/" + file);
  REQUIRE(in);
  return nlohmann::json::parse(in);
}
