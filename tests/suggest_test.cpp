// `suggest` on every measured TensorRT-LLM MoE configuration that overflows: each gets at least
// one suggestion, every suggestion checks as fitting when its `config` is fed back through
// --config, and wherever a measured row has the same configuration the totals agree.
#include <catch2/catch.hpp>

#include <algorithm>

#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "io/settings.hpp"
#include "settings_of.hpp"
#include "smem_budget/budget.hpp"

using json = nlohmann::json;

namespace {

json load(const std::string& file) {
  std::ifstream in(std::string(SMEM_BUDGET_SOURCE_DIR) + "/tests/data/" + file);
  return json::parse(in);
}

// A configuration as the tool spells it in output, so that equal configurations compare equal.
std::string normalised(const json& config) {
  const smem_budget::Config c = smem_budget::io::to_config(settings_of(config));
  return smem_budget::io::config_to_json(smem_budget::normalised(c, *smem_budget::find_arch("sm120"))).dump();
}

// Every measured row of tests/data, by normalised configuration.
std::map<std::string, json> measured_rows() {
  std::map<std::string, json> rows;
  for (const char* file :
       {"sm120-stock.json", "sm120-trtllm-moe.json", "sm120-cutlass-versions.json", "sm120-probes.json"}) {
    const json data = load(file);
    for (const json& row : data["rows"]) rows[normalised(row["config"])] = row["expect"];
  }
  return rows;
}

}  // namespace

TEST_CASE("suggest: every overflowing MoE configuration gets fitting suggestions", "[suggest]") {
  json overflowing = json::array();
  const json moe = load("sm120-trtllm-moe.json");
  for (const json& row : moe["rows"])
    if (row["expect"]["verdict"] == "exceeds-optin") overflowing.push_back(row["config"]);
  REQUIRE(overflowing.size() == 37);

  const Run suggested = run("suggest --config - --format json", json{{"configs", overflowing}}.dump());
  REQUIRE(suggested.status == 1);  // none of them fits as it is
  const json results = results_of(suggested);
  REQUIRE(results.size() == overflowing.size());

  const auto measured = measured_rows();
  json again = json::array();
  std::vector<json> expected;
  int agreeing = 0;
  for (const json& result : results) {
    INFO(result["config"].dump());
    CHECK(result["verdict"] == "exceeds-optin");
    CHECK(result["suggestions"].size() >= 1);
    for (const json& s : result["suggestions"]) {
      CHECK(s["headroom"].get<long long>() >= 0);
      again.push_back(s["config"]);
      expected.push_back(s);
      if (const auto row = measured.find(normalised(s["config"])); row != measured.end()) {
        INFO(s.dump());
        CHECK(row->second["verdict"] == "fits");
        CHECK(row->second["total"] == s["total"]);
        CHECK(row->second["stages"] == s["stages"]);
        ++agreeing;
      }
    }
  }
  CHECK(agreeing >= 20);  // 27 of 116 suggestions today

  // Fed back unchanged, every suggestion checks as fitting, with the same bytes.
  const Run rechecked = run("--config - --format json", json{{"configs", again}}.dump());
  CHECK(rechecked.status == 0);
  const json checked = results_of(rechecked);
  REQUIRE(checked.size() == expected.size());
  for (std::size_t i = 0; i < checked.size(); ++i) {
    INFO(expected[i].dump());
    CHECK(checked[i]["verdict"] == "fits");
    CHECK(checked[i]["bytes"]["total"] == expected[i]["total"]);
    CHECK(checked[i]["config"] == expected[i]["config"]);
  }
}

TEST_CASE("suggest: 128x256x128 FINALIZE, cheapest first: StageCount<2> as measured", "[suggest]") {
  const Run r = run("suggest --tile 128x256x128 --grouped --epilogue finalize --schedule pingpong --format json");
  REQUIRE(r.status == 1);
  const json results = results_of(r);
  const json& first = results[0]["suggestions"][0];
  CHECK(first["change"] == "StageCount<2>");
  CHECK(first["stages"] == 2);
  CHECK(first["total"] == 74752);  // sm120-trtllm-moe.json, measured
  CHECK(first["headroom"] == 101376 - 74752);
}

TEST_CASE("suggest finds what fits past a shape rule: a larger tile, another release", "[suggest]") {
  // TensorRT-LLM's 128x16x64B at its 4.4.2 pin: N = 16 compiles only from CUTLASS 4.6.0, and the
  // larger 128x32 compiles but a build of its Params refuses it before 4.5.0 (the SFB TMA).
  const json small_n = results_of(run("suggest --tile 128x16x64B --cutlass 4.4.2 --format json"))[0];
  REQUIRE(small_n["verdict"] == "rejected");
  std::vector<std::string> changes;
  for (const json& s : small_n["suggestions"]) changes.push_back(s["change"]);
  CHECK(std::find(changes.begin(), changes.end(), "tile 128x32x64B") == changes.end());
  CHECK(std::find(changes.begin(), changes.end(), "CUTLASS 4.6.0") != changes.end());
  // MXFP8 needs K a multiple of 128: 128x128x64 is refused, 128x128x128 fits.
  const json mxfp8 = results_of(run("suggest --types mxfp8 --tile 128x128x64B --format json"))[0];
  REQUIRE(mxfp8["suggestions"].size() >= 1);
  CHECK(mxfp8["suggestions"][0]["config"]["tile"] == "128x128x128");
  CHECK(mxfp8["suggestions"][0]["total"] == 77824);
}

TEST_CASE("suggest and --suggest: exit status and where suggestions appear", "[suggest]") {
  CHECK(run("suggest --tile 128x128x128").status == 0);  // fits as it is
  CHECK(run("suggest --tile 128x192x128").status == 1);  // rejected shape, though 128x128x128 fits
  CHECK(run("check --suggest --tile 128x256x128 --grouped --epilogue finalize").status == 1);
  const Run plain = run("--tile 128x256x128 --grouped --epilogue finalize --format json");
  CHECK_FALSE(results_of(plain)[0].contains("suggestions"));
  const Run asked = run("--suggest --tile 128x256x128 --grouped --epilogue finalize --format json");
  CHECK(results_of(asked)[0]["suggestions"].size() >= 1);
  const Run fits = run("--suggest --tile 128x128x128 --format json");
  CHECK_FALSE(results_of(fits)[0].contains("suggestions"));
  // A 16-bit output on a 4-bit mainloop at 65536 wide: nothing within one or two changes fits.
  const Run hopeless = run("suggest --tile 65536x65536x512 --format json");
  CHECK(hopeless.status == 1);
  CHECK(results_of(hopeless)[0]["suggestions"].empty());
}

TEST_CASE("suggest --within: tile changes only to the listed tiles, each of which then fits", "[suggest]") {
  const std::string list = temp_path("candidates.txt");
  // 64x128x64B is listed too, but a build of its Params refuses tile M 64 (the SFA TMA).
  std::ofstream(list) << "CtaShape128x128x128B, CtaShape128x128x64B  # TensorRT-LLM tactics\n64x128x64B\n";
  const json r = results_of(
      run("suggest --tile 128x256x64B --grouped --epilogue finalize --within " + list + " --format json"))[0];
  const std::vector<std::string> listed{"128x128x256", "128x128x128", "64x128x128"};
  const std::string own = r["config"]["tile"];
  int listed_changes = 0;
  for (const json& s : r["suggestions"]) {
    const std::string tile = s["config"]["tile"];
    INFO(s["change"]);
    CHECK((tile == own || std::find(listed.begin(), listed.end(), tile) != listed.end()));
    if (tile != own) {
      ++listed_changes;
      CHECK(s["change"].get<std::string>().find("listed tile ") == 0);
      // Fed back, the suggestion fits.
      const std::string path = temp_path("within-back.json");
      std::ofstream(path) << json::array({s["config"]}).dump();
      CHECK(results_of(run("--config " + path + " --format json"))[0]["verdict"] == "fits");
    }
  }
  CHECK(listed_changes == 2);
  // Without the list, the neighbouring tiles are tried instead.
  const json free = results_of(run("suggest --tile 128x256x64B --grouped --epilogue finalize --format json"))[0];
  for (const json& s : free["suggestions"]) CHECK(s["change"].get<std::string>().find("listed") == std::string::npos);
}
