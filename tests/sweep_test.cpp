// `sweep` against the legality rules written out here and against a direct check of every tile of
// the space; its SVG must be well-formed XML.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using json = nlohmann::json;

namespace {

// CUTLASS 4.7's shape rules for NVFP4 with a bf16 row-major output and the automatic epilogue tile
// (sm120-layout.md and the probes in tests/data/sm120-probes.json): N is 8, 16 or a multiple of
// 32, and above 128 a multiple of 128; ping-pong needs N >= 16; M is a multiple of the tiled MMA's
// M (cooperative 64, or 128 when N < 16; ping-pong 32) and of the epilogue tile's M (128 when
// N < 16, else 64); K a multiple of 4 x 16 scale vectors.
bool shape_legal(const std::string& schedule, int m, int n, int k) {
  const bool n_ok = (n == 8 || n == 16 || n % 32 == 0) && (n <= 128 || n % 128 == 0);
  if (!n_ok || (schedule == "pingpong" && n < 16)) return false;
  const int mma_m = schedule == "pingpong" ? 32 : n < 16 ? 128 : 64;
  const int epilogue_m = n < 16 ? 128 : 64;
  // A device build: the SFA TMA takes whole 128-row blocks, the SFB TMA an N below 128 dividing 128
  // (tests/data/sm120-device.json).
  const bool scale_tma_ok = m % 128 == 0 && (n >= 128 || 128 % n == 0);
  return m % mma_m == 0 && m % epilogue_m == 0 && k % 64 == 0 && scale_tma_ok;
}

std::string tile_of(const json& result) {
  return result["config"]["schedule"].get<std::string>() + " " + result["config"]["tile"].get<std::string>();
}

}  // namespace

TEST_CASE("sweep: its rows are the legal tiles that a direct check does not reject, cell for cell", "[sweep]") {
  for (const std::string options : {"", "--grouped --epilogue finalize"}) {
    INFO("sweep " << options);
    json every_tile = json::array();
    for (const std::string schedule : {"cooperative", "pingpong"})
      for (int m = 8; m <= 256; m += 8)
        for (int n = 8; n <= 256; n += 8)
          for (int k = 64; k <= 512; k += 64)
            every_tile.push_back({{"tile", std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k)},
                                  {"schedule", schedule}});
    REQUIRE(every_tile.size() == 16384);
    const Run direct = run("--config - --format json " + options, json{{"configs", every_tile}}.dump());
    REQUIRE(direct.status == 1);
    const json checked = results_of(direct);
    REQUIRE(checked.size() == every_tile.size());

    std::size_t legal = 0, too_few_stages = 0;
    std::vector<json> compiled;
    for (const json& r : checked) {
      const std::string schedule = r["config"]["schedule"];
      int m = 0, n = 0, k = 0;
      REQUIRE(std::sscanf(r["config"]["tile"].get<std::string>().c_str(), "%dx%dx%d", &m, &n, &k) == 3);
      const bool by_rules = shape_legal(schedule, m, n, k);
      legal += by_rules;
      const bool stage_rule = r["verdict"] == "rejected" && r["reason"].get<std::string>().rfind("stage count", 0) == 0;
      INFO(tile_of(r) << ": " << r.value("reason", ""));
      // A tile the rules allow is rejected, if at all, only by the stage rule; any other is
      // rejected by a shape rule, or first by the stage rule where that is a class-scope assertion
      // and the shape rule one of a build of the Params or device code.
      if (!stage_rule) CHECK(by_rules == (r["verdict"] != "rejected"));
      too_few_stages += by_rules && stage_rule;
      if (r["verdict"] != "rejected") compiled.push_back(r);
    }

    const Run swept = run("sweep --format json " + options);
    REQUIRE(swept.status == 0);
    const json rows = results_of(swept);
    CHECK(rows.size() == legal - too_few_stages);
    REQUIRE(rows.size() == compiled.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      INFO(tile_of(rows[i]));
      CHECK(rows[i] == compiled[i]);  // the same config, stages, bytes and verdict as `check` gives
    }
  }
}

TEST_CASE("sweep: the text map has a row per schedule and M x N and a column per K", "[sweep]") {
  const Run table = run("sweep --grouped --epilogue finalize");
  REQUIRE(table.status == 0);
  const Run json_run = run("sweep --grouped --epilogue finalize --format json");
  std::set<std::string> pairs;
  for (const json& r : results_of(json_run)) {
    const std::string tile = r["config"]["tile"];
    pairs.insert(r["config"]["schedule"].get<std::string>() + tile.substr(0, tile.rfind('x')));
  }
  const Run csv = run("sweep --grouped --epilogue finalize --format csv");
  std::size_t lines = 0;
  for (char c : csv.out) lines += c == '\n';
  CHECK(lines == pairs.size() + 1);
  CHECK(csv.out.rfind("schedule,M x N,K=64,K=128,K=192,K=256,K=320,K=384,K=448,K=512\n", 0) == 0);
  // 128x256x128 FINALIZE: CUTLASS picks 3 stages, which overflow; StageCount<2> fits (measured).
  CHECK(csv.out.find("cooperative,128x256,5,3>2,2x,-,-,-,-,-\n") != std::string::npos);
  CHECK(table.out.find("94 tiles compile: 82 fit, 8 overflow with CUTLASS's stage count, 4 never fit") !=
        std::string::npos);
  const std::string markdown = run("sweep --grouped --epilogue finalize --format markdown").out;
  CHECK(markdown.find("| cooperative | 128x256 | 5 | 3>2 | 2x |") != std::string::npos);
  // GitHub would read a bare <F> as an HTML tag and drop it; in code it shows.
  CHECK(markdown.find("`StageCount<F>`") != std::string::npos);
  CHECK(markdown.find(" StageCount<F>") == std::string::npos);
  CHECK(run_process("sweep --tile 128x128x128").status == 2);  // the sweep makes its own tiles; end to end: exit 2
}

namespace {

// A small well-formedness check, enough for what the SVG printer writes: one root element, tags
// that nest and close, quoted attributes, entities that exist, no stray '<' or '&' in text.
std::string xml_error(const std::string& doc) {
  std::vector<std::string> open;
  std::size_t i = 0, roots = 0;
  if (doc.rfind("<?xml ", 0) == 0) i = doc.find("?>") + 2;
  const auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == ':' || c == '_';
  };
  while (i < doc.size()) {
    if (doc[i] == '&') {
      const std::size_t end = doc.find(';', i);
      const std::string entity = end == std::string::npos ? "" : doc.substr(i, end - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" && entity != "&apos;")
        return "bad entity at " + std::to_string(i);
      i = end + 1;
      continue;
    }
    if (doc[i] != '<') {
      if (open.empty() && !std::isspace(static_cast<unsigned char>(doc[i]))) return "text outside the root";
      ++i;
      continue;
    }
    const bool closing = doc[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    const std::size_t name_start = j;
    while (j < doc.size() && name_char(doc[j])) ++j;
    const std::string name = doc.substr(name_start, j - name_start);
    if (name.empty()) return "empty tag name at " + std::to_string(i);
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open";
      open.pop_back();
      if (doc[j] != '>') return "junk in </" + name + ">";
      i = j + 1;
      continue;
    }
    for (;;) {  // attributes
      while (j < doc.size() && std::isspace(static_cast<unsigned char>(doc[j]))) ++j;
      if (j >= doc.size()) return "unterminated <" + name;
      if (doc[j] == '>' || doc.compare(j, 2, "/>") == 0) break;
      const std::size_t attr = j;
      while (j < doc.size() && name_char(doc[j])) ++j;
      if (j == attr || doc[j] != '=' || doc[j + 1] != '"') return "bad attribute in <" + name + ">";
      const std::size_t value_end = doc.find('"', j + 2);
      if (value_end == std::string::npos || doc.substr(j + 2, value_end - j - 2).find('<') != std::string::npos)
        return "bad attribute value in <" + name + ">";
      j = value_end + 1;
    }
    if (open.empty() && ++roots > 1) return "second root element";
    if (doc[j] == '>') open.push_back(name);
    i = j + (doc[j] == '>' ? 1 : 2);
  }
  if (!open.empty()) return "<" + open.back() + "> never closed";
  return roots == 1 ? "" : "no root element";
}

}  // namespace

TEST_CASE("sweep --format svg: a well-formed SVG heat map, one titled cell per tile and K", "[sweep][svg]") {
  const std::string path = temp_path("map.svg");
  const Run r = run("sweep --grouped --epilogue finalize --format svg -o '" + path + "'");
  REQUIRE(r.status == 0);
  const std::string svg = slurp(path);
  CHECK(xml_error(svg).empty());
  CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  std::size_t cells = 0;
  for (std::size_t at = svg.find("<title>"); at != std::string::npos; at = svg.find("<title>", at + 1)) ++cells;
  // Both panels draw every M x N that compiles under either schedule, on the same rows.
  std::istringstream csv(run("sweep --grouped --epilogue finalize --format csv").out);
  std::set<std::string> shapes;
  std::string line;
  std::getline(csv, line);  // header
  while (std::getline(csv, line))
    shapes.insert(line.substr(line.find(',') + 1, line.find(',', line.find(',') + 1) - line.find(',') - 1));
  CHECK(cells == shapes.size() * 2 * 8);
  for (const char* shape : {"128x8", "128x256", "256x8"}) {  // 128x8 and 256x8 compile as cooperative only
    const std::string label = std::string(">") + shape + "</text>";
    std::vector<std::string> ys;
    for (std::size_t at = svg.find(label); at != std::string::npos; at = svg.find(label, at + 1)) {
      const std::size_t y = svg.rfind("y=\"", at);
      ys.push_back(svg.substr(y, svg.find('"', y + 3) - y));
    }
    INFO(shape);
    REQUIRE(ys.size() == 2);
    CHECK(ys[0] == ys[1]);
  }
  // 128x256x128: CUTLASS's 3 stages overflow by 1,024 B, 2 fit; the cell says both.
  CHECK(svg.find(">3&gt;2 \u22121.0K</text>") != std::string::npos);
  // A fitting cell: its stages and headroom, coloured by the headroom's step, which the legend names.
  const std::size_t fit = svg.find(">5 +13K</text>");  // 128x8x192 cooperative: 5 stages, 13,312 B left
  REQUIRE(fit != std::string::npos);
  const std::size_t rect = svg.rfind("<rect", fit);
  CHECK(svg.substr(rect, fit - rect).find("fill=\"#9ecae1\"") != std::string::npos);  // 4-16 KiB left
  CHECK(svg.find("<rect x=\"172\" y=\"56\" width=\"14\" height=\"14\" fill=\"#9ecae1\"/>\n<text x=\"192\" "
                 "y=\"67\">fits, 4-16 KiB left</text>") != std::string::npos);
  // The checker itself catches what it must.
  CHECK_FALSE(xml_error("<svg><g></svg>").empty());
  CHECK_FALSE(xml_error("<svg>a & b</svg>").empty());
  CHECK_FALSE(xml_error("<svg x=1></svg>").empty());
  CHECK_FALSE(xml_error("<svg></svg><svg></svg>").empty());
  CHECK(xml_error("<?xml version=\"1.0\"?>\n<svg a=\"1\"><g/><text>x &lt; y</text></svg>\n").empty());
}

TEST_CASE("sweep on sm100 and sm90: every row checks the same on its own", "[sweep][sm100][sm90]") {
  for (const std::string options : {"--arch sm100", "--arch sm100 --grouped --schedule 1sm", "--arch sm90 --types e4m3 --scaling none",
                                    "--arch sm90 --types bf16 --scaling none --c bf16"}) {
    INFO("sweep " << options);
    const Run swept = run("sweep --format json " + options);
    REQUIRE(swept.status == 0);
    const json rows = results_of(swept);
    REQUIRE(!rows.empty());
    json configs = json::array();
    for (const json& r : rows) configs.push_back(r["config"]);
    const Run direct =
        run("--config - --format json " + options.substr(0, options.find(' ', 7)), json{{"configs", configs}}.dump());
    const json checked = results_of(direct);
    REQUIRE(checked.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) CHECK(checked[i] == rows[i]);
  }
  // SM100's block-scaled tiles (sm100-layout.md section 3): 1-SM M 128, 2-SM M 256 on a 2x1x1 cluster,
  // N 64, 128, 192 or 256; K a multiple of 128 up to 512 here. All 32 compile with the automatic stage count.
  std::set<std::string> tiles;
  for (const json& r : results_of(run("sweep --arch sm100 --format json"))) {
    const std::string schedule = r["config"]["schedule"];
    tiles.insert(schedule + " " + r["config"]["tile"].get<std::string>() + " " +
                 r["config"]["cluster"].get<std::string>());
  }
  std::set<std::string> expected;
  for (const auto& [schedule, m, cluster] : {std::tuple{"1sm", 128, "1x1x1"}, std::tuple{"2sm", 256, "2x1x1"}})
    for (int n : {64, 128, 192, 256})
      for (int k = 128; k <= 512; k += 128)
        expected.insert(std::string(schedule) + " " + std::to_string(m) + "x" + std::to_string(n) + "x" +
                        std::to_string(k) + " " + cluster);
  CHECK(tiles == expected);
}
