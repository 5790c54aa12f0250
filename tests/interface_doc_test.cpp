// docs/interface.md is what the key table generates: a key, flag or help changed in
// src/io/config_keys.hpp without the document fails here.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "io/config_keys.hpp"

TEST_CASE(
    "docs/interface.md is the key table's reference (regenerate: build/tests/write_interface_md > docs/interface.md)",
    "[interface_doc]") {
  std::ifstream in(SMEM_BUDGET_SOURCE_DIR "/docs/interface.md", std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == smem_budget::io::key_reference_markdown());
}

TEST_CASE("every configuration key has a row, and every flag its key's spelling with dashes", "[interface_doc]") {
  for (const smem_budget::io::ConfigKey& key : smem_budget::io::config_keys) {
    INFO(key.key);
    CHECK(smem_budget::io::find_config_key(key.key) == &key);
    if (key.flag.empty()) continue;
    std::string dashed(key.key);
    for (char& c : dashed) c = c == '_' ? '-' : c;
    CHECK(key.flag == "--" + dashed);
  }
}

// docs/cpp-api.md's table of Config: a member added to the struct without a row fails here.
TEST_CASE("docs/cpp-api.md has a row for every member of Config", "[interface_doc]") {
  const auto slurp = [](const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  const std::string header = slurp(SMEM_BUDGET_SOURCE_DIR "/include/smem_budget/core/config.hpp");
  const std::string doc = slurp(SMEM_BUDGET_SOURCE_DIR "/docs/cpp-api.md");
  const std::size_t begin = header.find("\nstruct Config {\n");
  REQUIRE(begin != std::string::npos);
  std::istringstream body(header.substr(begin, header.find("\n};\n", begin) - begin));
  const std::regex member(R"(^  [\w:<>]+ (\w+)(\{[^;]*\}| = [^;]+)?;)");
  const std::string table = doc.substr(doc.find("\n## `Config`"));
  int members = 0;
  for (std::string line; std::getline(body, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, member)) continue;
    ++members;
    INFO(m[1].str());
    const std::string quoted = fmt::format("`{}`", m[1].str());
    CHECK(table.find(quoted) != std::string::npos);
  }
  CHECK(members == 41);
}
