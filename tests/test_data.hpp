// The measured data and fixtures in tests/data, as JSON.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

inline nlohmann::json load_test_data(const std::string& file) {
  std::ifstream in(std::string(SMEM_BUDGET_TEST_DATA) + "/" + file);
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

// The files of measured rows: every JSON document directly in tests/data, sorted.
inline std::vector<std::string> test_data_files() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(SMEM_BUDGET_TEST_DATA))
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}
