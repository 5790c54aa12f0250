// docs/interface.md is what the key table generates: a key, flag or help changed in
// src/io/config_keys.hpp without the document fails here.
#include <catch2/catch.hpp>

#include <fstream>
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
