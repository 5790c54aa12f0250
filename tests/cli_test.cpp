// The command line, in-process (run) and a few times end to end (run_process): exit codes, the four formats,
// batch files, bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "smem_budget/core/arch.hpp"

TEST_CASE("TensorRT-LLM MoE batch: FINALIZE 128x256x64B and 256x128x64B exceed by 1024 bytes", "[cli]") {
  const Run r = run("--config configs/trtllm-moe-sm120.json --format json");
  REQUIRE(r.status == 1);
  const auto results = results_of(r);
  REQUIRE(results.size() == 16);
  for (const auto& result : results) {
    const std::string name = result["name"];
    const bool overflowing = name == "finalize 128x256x64B" || name == "finalize 256x128x64B";
    INFO(name);
    CHECK(result["verdict"] == (overflowing ? "exceeds-optin" : "fits"));
    if (overflowing) {
      CHECK(result["bytes"]["total"] == 102400);
      CHECK(result["headroom"] == -1024);
      CHECK(result["stages"] == 3);
      CHECK(result["max_fitting_stages"] == 2);
    }
  }
}

TEST_CASE("TensorRT-LLM's weight-only runner builds a tactic's K from A's width, as nvcc measured it", "[cli]") {
  // tests/data/sm89-trtllm-fpa-intb-device.json: W4A8 64x128x128 sclzr at 4 stages, bf16 D;
  // sm80-…: W4A16 64x128x64 sclzr at 3 stages. The CutlassTileConfig name says K 64 for both.
  const std::string tactic = " --runner trtllm-fpa-intb --kernel CutlassTileConfig::CtaShape64x128x64_WarpShape64x32x64";
  const Run w4a8 = run("--arch sm89 --types e4m3:u4 --d bf16 --conversion sclzr --stages 4 --format json" + tactic);
  REQUIRE(w4a8.status == 0);
  const auto fp8 = results_of(w4a8)[0];
  CHECK(fp8["config"]["tile"] == "64x128x128");
  CHECK(fp8["config"]["warp"] == "64x32x128");
  CHECK(fp8["bytes"]["total"] == 67584);
  const Run w4a16 = run("--arch sm80 --types f16:u4 --conversion sclzr --stages 3 --format json" + tactic);
  REQUIRE(w4a16.status == 0);
  const auto f16 = results_of(w4a16)[0];
  CHECK(f16["config"]["tile"] == "64x128x64");
  CHECK(f16["config"]["d"] == "f16");
  CHECK(f16["bytes"]["total"] == 38400);
}

TEST_CASE("TensorRT-LLM's W4A8 MoE runner builds K 128 and three stages for two, on sm89 only", "[cli]") {
  // tests/data/sm89-trtllm-w4a8-moe-device.json: MoeFCGemm e4m3:u4 64x128x128 scl at 3 stages, bf16 D.
  const std::string tactic = " --runner trtllm-moe --types e4m3:u4 --d bf16 --conversion scl --stages 2 --kernel "
                             "CutlassTileConfig::CtaShape64x128x64_WarpShape64x32x64";
  const Run w4a8 = run("--arch sm89 --format json" + tactic);
  REQUIRE(w4a8.status == 0);
  const auto result = results_of(w4a8)[0];
  CHECK(result["config"]["tile"] == "64x128x128");
  CHECK(result["config"]["warp"] == "64x32x128");
  CHECK(result["stages"] == 3);
  CHECK(result["bytes"]["total"] == 49920);
  const Run sm120 = run("--arch sm120 --generation 2x" + tactic);
  CHECK(sm120.status == 2);
  CHECK(sm120.err.find("for sm89 only") != std::string::npos);
}

TEST_CASE("SM120 families: CUTLASS 87a blockwise FP8 and 80a sparse MXFP8 as nvcc measured them", "[cli][families]") {
  // sm120-families.json rows cutlass-87a and cutlass-80a.
  const Run blockwise =
      run("--tile 128x128x128 --scaling blockwise --scale-granularity 128x128x128 --types e4m3 --c bf16 --format json");
  REQUIRE(blockwise.status == 0);
  const auto bw = results_of(blockwise)[0];
  CHECK(bw["stages"] == 2);
  CHECK(bw["bytes"]["total"] == 80896);
  CHECK(bw["config"]["scaling"] == "blockwise");
  CHECK(bw["config"]["types"] == "e4m3");
  CHECK_FALSE(bw.contains("stages_b"));

  const Run sparse =
      run("--tile 128x128x256 --types mxfp8 --sparse --instruction mxf8f6f4-acc2x4 --c bf16 --format json");
  REQUIRE(sparse.status == 0);
  const auto sp = results_of(sparse)[0];
  CHECK(sp["stages_a"] == 2);
  CHECK(sp["stages_b"] == 3);
  CHECK(sp["stages_e"] == 0);
  CHECK(sp["bytes"]["total"] == 99328);
  CHECK(sp["max_fitting_stages"].is_null());
  // The table names the 1.5-stage fallback.
  CHECK(run("--tile 128x128x256 --types mxfp8 --sparse --c bf16").out.find("A2/B3/E0") == std::string::npos);
  CHECK(run("--tile 128x128x256 --types mxfp8 --sparse --c bf16").out.find("3 B stages at half K") !=
        std::string::npos);
}

TEST_CASE("SM120 families: rejections name CUTLASS's assertion", "[cli][families]") {
  const Run bf16 = run("--tile 128x128x128 --scaling none --types bf16 --format json");
  CHECK(bf16.status == 1);
  CHECK(results_of(bf16)[0]["reason"].get<std::string>().find("only F8F6F4") != std::string::npos);
  const Run fixed = run("--tile 128x128x256 --scaling none --types e4m3 --sparse --stages 2 --format json");
  CHECK(fixed.status == 1);
  CHECK(results_of(fixed)[0]["verdict"] == "rejected");
  CHECK(results_of(fixed)[0]["reason"].get<std::string>().find("no explicit StageCount") != std::string::npos);
}

TEST_CASE("one exit-code rule: 0 all fit, 1 one does not fit or compile, 2 bad input, and sweep and arch report",
          "[cli]") {
  const std::string fits = "--tile 128x128x128 --grouped --epilogue finalize";
  const std::string exceeds = "--tile 128x256x128 --grouped --epilogue finalize --cutlass 4.4.2";
  const std::string rejected = "--tile 128x192x128";
  for (const std::string command : {"", "check ", "check --suggest ", "suggest "}) {
    INFO(command);
    CHECK(run(command + fits).status == 0);
    CHECK(run(command + exceeds).status == 1);
    CHECK(run(command + rejected).status == 1);
    CHECK(run(command + "--tile 128x0x128").status == 2);
  }
  CHECK(run("compare --cutlass 4.4.2,4.7 " + fits).status == 0);
  CHECK(run("compare --cutlass 4.4.2,4.7 --config configs/trtllm-moe-sm120.json").status ==
        1);  // S=3 102,400 exceeds-optin
  CHECK(run("compare --cutlass 4.4.2,4.7 " + rejected).status == 1);
  CHECK(run("compare --cutlass 4.4.9 " + fits).status == 2);
  CHECK(run("--config configs/trtllm-moe-sm120.json --stages 2").status == 0);
  CHECK(run("--config configs/trtllm-moe-sm120.json").status == 1);
  CHECK(run("sweep --types nvfp4 --grouped --epilogue finalize").status == 0);  // reports overflowing tiles, exits 0
  CHECK(run("sweep --types nvfp5").status == 2);
  CHECK(run("arch").status == 0);
  CHECK(run("arch sm999").status == 2);
}

TEST_CASE("results carry fits, reason and cautions in every format", "[cli]") {
  const auto fits = results_of(run("--tile 128x128x128 --format json"))[0];
  CHECK(fits["fits"] == true);
  CHECK(fits["reason"] == "");
  CHECK(fits["notes"] == nlohmann::json::array());
  // TensorRT-LLM's 128x64x64B FINALIZE tile at its 4.4.2 pin: SFB has no rows before 4.5.0, and a
  // build of the Params refuses it (the placeholder's caution became that rejection).
  const std::string small_n = "--tile 128x64x128 --grouped --epilogue finalize --cutlass 4.4.2";
  const auto refused = results_of(run(small_n + " --format json"))[0];
  CHECK(refused["fits"] == false);
  CHECK(refused["verdict"] == "rejected");
  CHECK(refused["reason"].get<std::string>().find("the SFB TMA descriptor") != std::string::npos);
  CHECK(refused["notes"].empty());
  CHECK(results_of(run("--tile 128x64x128 --format json"))[0]["notes"].empty());  // padded from 4.5.0
  CHECK(results_of(run("--tile 64x128x128 --schedule pingpong --format json"))[0]["verdict"] == "rejected");
  const auto unmeasured = results_of(run("--tile 128x128x128 --cutlass 4.6.1 --format json"))[0];
  CHECK(unmeasured["notes"][0].get<std::string>().find("CUTLASS 4.6.1: the rules of 4.6.0 apply") == 0);
  const auto exceeds = results_of(run("--tile 128x256x128 --grouped --epilogue finalize --format json"))[0];
  CHECK(exceeds["fits"] == false);
  CHECK(exceeds["reason"].get<std::string>().find("exceeds the 101,376 B opt-in limit") != std::string::npos);
}

TEST_CASE("names as people write them: git tags, arch-specific targets, product names", "[cli]") {
  const std::string plain = run("--tile 128x128x128 --cutlass 4.4.2 --format json").out;
  CHECK(run("--tile 128x128x128 --cutlass v4.4.2 --format json").out == plain);
  const std::string sm120 = run("--tile 128x128x128 --arch sm120 --format json").out;
  for (const char* alias : {"sm120a", "sm_120a", "sm120f", "rtx-pro-6000", "rtx5090", "rtx5080"})
    CHECK(run(std::string("--tile 128x128x128 --arch ") + alias + " --format json").out == sm120);
  CHECK(nlohmann::json::parse(run("--tile 128x128x128 --arch gb10 --format json").out)["arch"]["name"] == "sm121");
  CHECK(nlohmann::json::parse(run("arch h200 --format json").out)[0]["name"] == "sm90");
  // Any case, compute_XX and the compute capability; product names with their spaces (in a batch file).
  for (const char* alias : {"RTX5090", "RTX-PRO-6000", "Rtx_Pro_6000", "compute_120", "12.0", "SM_120A"})
    CHECK(run(std::string("--tile 128x128x128 --arch ") + alias + " --format json").out == sm120);
  const auto arch_of = [](const std::string& spec) {
    const std::optional<smem_budget::ArchLimits> a = smem_budget::find_arch(spec);
    return a ? std::string(a->name) : std::string("none");
  };
  CHECK(arch_of("RTX PRO 6000") == "sm120");
  CHECK(arch_of("DGX Spark") == "sm121");
  CHECK(arch_of("9.0") == "sm90");
  CHECK(arch_of("compute_100a") == "sm100");
  CHECK(arch_of("Jetson Thor") == "sm110");
  CHECK(arch_of("12.7") == "none");
  CHECK(arch_of("1.") == "none");
  CHECK(arch_of("compute") == "none");
  CHECK(arch_of("RTX PRO") == "none");
  const Run unknown = run("--tile 128x128x128 --arch RTX9090");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("a product name such as H100, B200 or \"RTX PRO 6000\", in any case") != std::string::npos);
  CHECK(run("arch").out.find("  sm120  RTX PRO 6000, RTX 5090") != std::string::npos);
}

TEST_CASE("on sm90 a left-out scaling and types mean FP8 e4m3 without block scales, and the result says so", "[cli]") {
  const auto h100 = results_of(run("--tile 128x128x128 --arch h100 --format json"))[0];
  CHECK(h100["verdict"] == "fits");
  CHECK(h100["config"]["types"] == "e4m3");
  CHECK(h100["config"]["scaling"] == "none");
  CHECK(h100["notes"][0] == "scaling none and types e4m3: the sm90 defaults; give them to choose otherwise");
  // The same kernel spelled out answers the same, without the note.
  const auto spelled = results_of(run("--tile 128x128x128 --arch sm90 --types e4m3 --scaling none --format json"))[0];
  CHECK(spelled["bytes"] == h100["bytes"]);
  CHECK(spelled["notes"].size() == h100["notes"].size() - 1);
  const auto f16 = results_of(run("--tile 128x128x64 --arch sm90 --types f16 --format json"))[0];
  CHECK(f16["notes"][0] == "scaling none: the sm90 default; give it to choose otherwise");
  // Other architectures keep the block-scaled NVFP4 default; a kernel name's types are its own.
  CHECK(results_of(run("--tile 128x128x256 --arch sm100 --format json"))[0]["config"]["types"] == "nvfp4");
  CHECK(run("--tile 128x128x128 --arch sm90 --scaling block").status == 2);
  CHECK(run("--help").out.find("Default: block (2.x: none; sm90: none).") != std::string::npos);
}

TEST_CASE("an automatic schedule says what it builds, and a 1-SM refusal of a 2-SM tile says how to build it",
          "[cli]") {
  const auto two_sm = results_of(run("--tile 256x128x256 --arch sm100 --cluster 2x1x1 --format json"))[0];
  CHECK(two_sm["built_schedule"] == "2sm");
  CHECK(results_of(run("--tile 128x128x256 --arch sm100 --format json"))[0]["built_schedule"] == "1sm");
  CHECK(results_of(run("--tile 64x128x128 --arch sm90 --format json"))[0]["built_schedule"] == "pingpong");
  CHECK(!results_of(run("--tile 256x128x256 --arch sm100 --schedule 2sm --cluster 2x1x1 --format json"))[0].contains(
      "built_schedule"));
  CHECK(run("--tile 256x128x256 --arch sm100 --cluster 2x1x1").out.find("nvfp4, auto (2sm),") != std::string::npos);
  // A and B below 16 bytes: KernelScheduleAuto builds SM100's cp.async kernel (sm100-auto-cp-async-device.json).
  CHECK(run("--tile 128x128x64 --arch sm100 --scaling none --types f16 --alignment 4")
            .out.find("f16 plain, auto (cp.async 1sm),") != std::string::npos);
  CHECK(
      run("--tile 256x128x256 --arch gb200").out.find("--schedule 2sm with an even cluster M, e.g. --cluster 2x1x1") !=
      std::string::npos);
}

TEST_CASE("a lint of one name none of the model answers names no release and counts one name", "[cli]") {
  const std::string path = std::string(SMEM_BUDGET_TEST_TMP) + "/complex.txt";
  std::ofstream(path) << "cutlass3x_sm100_tensorop_gemm_cf32_cf32_cf32_cf32_cf32_128x64x16_1x2x1_0_tnn_align2_1sm\n";
  const Run r = run("lint --arch sm100 " + path);
  CHECK(r.status == 1);
  CHECK(r.out.find("(opt-in limit 232,448 B)\n") != std::string::npos);
  CHECK(r.out.find("\n1 name: 0 fit, 0 exceed, 0 never compile, 1 not modelled\n") != std::string::npos);
}

TEST_CASE("lint's table keeps its columns together whatever the names' lengths: the name comes last", "[cli]") {
  const std::string path = std::string(SMEM_BUDGET_TEST_TMP) + "/short-and-long.txt";
  const std::string long_name = "cutlass3x_sm100_tensorop_gemm_f16_f16_f16_f16_f16_64x128x64_0x0x1_0_nnn_align8_stream_k_1sm";
  std::ofstream(path) << "CtaShape128x128x64B\n" << long_name << "\n";
  const Run r = run("lint --arch sm100 " + path);
  CHECK(r.out.find("\n       tile  stages    total  headroom  verdict  name\n") != std::string::npos);
  CHECK(r.out.find("\n  64x128x64       8  215,040    17,408     fits  " + long_name + "\n") != std::string::npos);
  const auto column = [&](const std::string& name) {  // where `name` starts in its line
    const std::size_t at = r.out.find("  " + name + "\n") + 2;
    return at - r.out.rfind('\n', at) - 1;
  };
  CHECK(column("CtaShape128x128x64B") == column(long_name));
  CHECK(column("name") == column(long_name));
}

TEST_CASE("a batch entry's own arch: judged on it, marked, and suggested for within its limit", "[cli][batch]") {
  const std::string dir = std::string(SMEM_BUDGET_TEST_TMP) + "/own-arch";
  std::filesystem::create_directories(dir + "/gpus");
  std::ofstream(dir + "/gpus/a10.json") << slurp(SMEM_BUDGET_SOURCE_DIR "/configs/arch/sm86.json");
  // One file, three GPUs: an H100 kernel by name, a B200 tile, an arch file beside the batch file,
  // and an entry on the file's own sm120.
  std::ofstream(dir + "/mixed.json") << R"({"arch": "sm120", "configs": [
    {"kernel": "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_void_bf16_128x128x128_1x1x1_0_tnt_align16_warpspecialized_cooperative_epi_tma", "arch": "h100", "name": "h100"},
    {"tile": "128x128x256", "arch": "B200", "stages": 12},
    {"tile": "128x128x64", "warp": "64x64x64", "types": "bf16", "stages": 4, "generation": "2x", "arch": "gpus/a10.json"},
    "128x256x128"]})";
  const Run r = run("--config " + dir + "/mixed.json --suggest --format json");
  CHECK(r.status == 1);  // the B200 entry at StageCount<12> does not build
  const auto results = results_of(r);
  REQUIRE(results.size() == 4);
  CHECK(results[0]["arch"] == "sm90");
  CHECK(results[0]["limit"] == 232448);
  CHECK(results[1]["arch"] == "sm100");
  CHECK(results[1]["verdict"] == "rejected");  // SM100's kernel asserts its SharedStorage fits
  // Its nearest fit is StageCount<5> within the B200's 232,448 B, not one within the report's sm120 limit.
  CHECK(results[1]["suggestions"][0]["total"] == 201728);
  CHECK(results[2]["arch"] == "sm86");
  CHECK(results[2]["limit"] == 101376);
  CHECK(!results[3].contains("arch"));
  CHECK(results[3]["limit"] == 101376);
  const std::string table = run("--config " + dir + "/mixed.json").out;
  CHECK(table.find("\n[arch]: an entry judged on the architecture it names") != std::string::npos);
  CHECK(table.find("\n[sm90] h100  128x128x128") != std::string::npos);
  const std::string csv = run("--config " + dir + "/mixed.json --format csv").out;
  CHECK(csv.find(",sm90,4.7.0,") != std::string::npos);
  CHECK(csv.find(",sm86,4.7.0,") != std::string::npos);
  // Refusals name the entry.
  std::ofstream(dir + "/bad.json") << R"([{"tile": "128x128x128", "arch": 90}])";
  CHECK(run("--config " + dir + "/bad.json").err == "smem-budget: " + dir + "/bad.json: [0].arch: expected a string\n");
  std::ofstream(dir + "/unknown.json") << R"([{"tile": "128x128x128", "arch": "sm70"}])";
  const Run unknown = run("--config " + dir + "/unknown.json");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find(dir + "/unknown.json: [0].arch") != std::string::npos);
}

namespace {

// Every member name in `value`, recursively, but those of configuration objects (docs/interface.md's).
void member_names(const nlohmann::json& value, std::set<std::string>& names) {
  if (value.is_array())
    for (const auto& item : value) member_names(item, names);
  if (!value.is_object()) return;
  for (const auto& [key, item] : value.items()) {
    names.insert(key);
    if (key != "config") member_names(item, names);
  }
}

}  // namespace

TEST_CASE("docs/json-output.md names every member the JSON output writes", "[cli][docs]") {
  const std::string dir = std::string(SMEM_BUDGET_TEST_TMP) + "/json-members";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/batch.json") << R"([{"tile": "128x128x128", "arch": "h100", "stages": 8},
    {"tile": "128x256x64B", "grouped": true, "epilogue": "finalize"},
    {"tile": "128x128x256", "types": "mxfp8", "sparse": true, "c": "bf16"}])";
  std::ofstream(dir + "/names.txt")
      << "CtaShape128x256x64B\nCtaShape96x128x64B\nCtaShape128x128x64B\n"
         "cutlass3x_sm100_tensorop_gemm_cf32_cf32_cf32_cf32_cf32_128x64x16_1x2x1_0_tnn_align2_1sm\n";
  std::set<std::string> names;
  for (const std::string& args : std::vector<std::string>{
           "--config " + dir + "/batch.json --suggest --format json",
        std::string("--tile 128x128x256 --arch sm100 --format json"),
        std::string("--tile 128x128x768 --arch sm103 --schedule 1sm --format json"),
        std::string("--tile 128x128x32 --warp 64x64x32 --arch sm80 --format json"),
        "lint " + dir + "/names.txt --grouped --epilogue finalize --format json"}) {
    INFO(args);
    const Run r = run(args);
    REQUIRE(r.status != 2);
    member_names(nlohmann::json::parse(r.out), names);
  }
  // What the runs above must have reached, so that the check below covers them.
  for (const char* reached : {"arch", "tile_given", "built_schedule", "stages_a", "stages_sf", "builder", "tmem_columns",
                              "epilogue_in_mainloop", "suggestions", "nearest_fit", "never_compile", "not_modelled"})
    CHECK(names.count(reached) == 1);
  const std::string doc = slurp(SMEM_BUDGET_SOURCE_DIR "/docs/json-output.md");
  for (const std::string& name : names) {
    INFO(name);
    CHECK(doc.find("`" + name + "`") != std::string::npos);
  }
}

TEST_CASE("output details: one MX caution per element name, and markdown spells C->D as its cells do", "[cli]") {
  const auto both = results_of(run("--tile 128x128x128 --types e2m1:e2m1 --format json"))[0];
  CHECK(both["notes"].size() == 1);
  CHECK(results_of(run("--tile 128x128x128 --types e2m1:mxfp4 --format json"))[0]["notes"].size() == 1);
  const std::string markdown = run("--tile 128x128x128 --format markdown").out;
  CHECK(markdown.find("| C->D |") != std::string::npos);
  CHECK(markdown.find("| void->bf16 |") != std::string::npos);
}

TEST_CASE("suggest's markdown names a tile given in bytes of A as it was typed, as its suggestions do", "[cli]") {
  const std::string markdown = run("suggest --tile 128x256x64B --grouped --epilogue finalize --format markdown").out;
  CHECK(markdown.find("\n|   | 128x256x128 (given as 128x256x64B) | nvfp4 |") != std::string::npos);
  CHECK(markdown.find("\n- **128x256x128 (given as 128x256x64B)**: 102,400 B exceeds") != std::string::npos);
  CHECK(markdown.find("\n  | StageCount<2> | 128x256x64B | 2 | 74,752 | 26,624 |") != std::string::npos);
}

TEST_CASE("compare says why a cell does not fit or build", "[cli][versions]") {
  const Run r = run("compare --tile 128x64x128 --cutlass 4.3.0,4.7.0");
  CHECK(r.status == 1);
  CHECK(r.out.find("\nnot fitting:\n  [0] 128x64x128, CUTLASS 4.3.0: CUTLASS does not build it: block-scaled tile N "
                   "below 128 must divide 128") != std::string::npos);
  CHECK(r.out.find("CUTLASS 4.7.0: ") == std::string::npos);  // it fits there
}

TEST_CASE("a tactic name says it gave the tile only, and what the rest was taken as", "[cli]") {
  const auto alone = results_of(run("--kernel CtaShape128x256x64B --format json"))[0];
  CHECK(alone["notes"][0] ==
        "the tactic name gives the tile only; the rest is types nvfp4 (block scaling), the default epilogue, not "
        "grouped (TensorRT-LLM's MoE GEMMs are grouped, and FINALIZE takes --epilogue finalize)");
  const std::string path = std::string(SMEM_BUDGET_TEST_TMP) + "/tactics.txt";
  std::ofstream(path) << "CutlassTileConfigSM120::CtaShape128x256x64B\n";
  CHECK(run("lint " + path + " --grouped --epilogue finalize")
            .out.find(
                "caution: the tactic name gives the tile only; the rest is types nvfp4 (block scaling), the finalize "
                "epilogue, grouped\n") != std::string::npos);
  // A CUTLASS library name gives the whole configuration: no such caution.
  CHECK(
      results_of(run("--kernel cutlass3x_sm100_tensorop_gemm_f16_f16_f32_f32_f32_64x128x64_1x1x1_0_tnn_align8_1sm "
                     "--format json"))[0]["notes"]
          .empty());
}

TEST_CASE("a cluster, like a tile, may be an array in a batch file", "[cli]") {
  const std::string path = std::string(SMEM_BUDGET_TEST_TMP) + "/cluster_array.json";
  std::ofstream(path) << R"({"arch": "sm100", "configs": [{"tile": [256, 128, 256], "cluster": [2, 1, 1]}]})";
  const auto from_array = results_of(run("--config " + path + " --format json"))[0];
  CHECK(from_array["config"]["cluster"] == "2x1x1");
  CHECK(from_array["bytes"] ==
        results_of(run("--tile 256x128x256 --arch sm100 --cluster 2x1x1 --format json"))[0]["bytes"]);
}

TEST_CASE("an arch file named in a batch file is found next to it", "[cli]") {
  const std::string dir = std::string(SMEM_BUDGET_TEST_TMP) + "/batch_dir";
  std::filesystem::create_directories(dir + "/gpus");
  std::ofstream(dir + "/gpus/board.json") << R"({"name": "board", "compute_capability": "12.0", "smem_per_sm": 102400,
    "smem_per_block": 49152, "smem_per_block_optin": 99000, "reserved_smem_per_block": 1024})";
  std::ofstream(dir + "/batch.json") << R"({"arch": "gpus/board.json", "configs": ["128x128x128"]})";
  const Run r = run("--config " + dir + "/batch.json --format json");  // run from the source directory
  REQUIRE(r.status == 0);
  CHECK(results_of(r)[0]["limit"] == 99000);
}

TEST_CASE("every output names the tool version, the arch and its limit, and the CUTLASS release", "[cli]") {
  const std::string batch = "--config configs/trtllm-moe-sm120.json --cutlass 4.4.2";
  CHECK(run(batch).out.rfind("16 configurations on sm120 (opt-in limit 101,376 B), CUTLASS 4.4.2; smem-budget ", 0) ==
        0);
  CHECK(run("--config configs/trtllm-moe-sm120.json").out.find("CUTLASS 4.7.0;") != std::string::npos);
  const std::string mixed = run("--config - ", R"(["128x128x128", {"tile": "128x128x128", "cutlass": "4.4.2"}])").out;
  CHECK(mixed.find("CUTLASS 4.4.2 and 4.7.0;") != std::string::npos);
  CHECK(run(batch + " --format markdown").out.find(", CUTLASS 4.4.2*") != std::string::npos);
  const std::string csv = run(batch + " --format csv").out;
  CHECK(csv.find(",arch,cutlass,tool_version,tmem_columns,cluster,max_fitting_stages\n") != std::string::npos);
  CHECK(csv.find(",sm120,4.4.2," SMEM_BUDGET_VERSION_FOR_TESTS ",,1x1x1,") != std::string::npos);
  // The FINALIZE tile CUTLASS #3144 reports at 102,400 B fits with StageCount<2> (measured: 74,752 B,
  // tests/data/sm120-trtllm-moe.json).
  const std::size_t finalize = csv.find("finalize 128x256x64B,");
  REQUIRE(finalize != std::string::npos);
  CHECK(csv.substr(finalize, csv.find('\n', finalize) - finalize).ends_with(",1x1x1,2"));
  const auto doc = nlohmann::json::parse(run(batch + " --format json").out);
  CHECK(doc["version"] == SMEM_BUDGET_VERSION_FOR_TESTS);
  CHECK(doc["arch"]["smem_per_block_optin"] == 101376);
  CHECK(doc["results"][0]["config"]["cutlass"] == "4.4.2");
  CHECK(run("--tile 128x128x128").out.find("smem-budget " SMEM_BUDGET_VERSION_FOR_TESTS) != std::string::npos);
}

TEST_CASE("nothing silent: a bare element name and K in bytes are echoed", "[cli]") {
  const auto e2m1 = results_of(run("--tile 128x128x128 --types e2m1 --format json"))[0];
  CHECK(e2m1["config"]["types"] == "mxfp4");
  CHECK(e2m1["notes"][0] == "types: e2m1 is read as the MX format (ue8m0 scales per 32 elements); NVFP4 is nvfp4");
  CHECK(results_of(run("--tile 128x128x128 --types mxfp4 --format json"))[0]["notes"].empty());
  const auto bytes = results_of(run("--tile 128x256x64B --format json"))[0];
  CHECK(bytes["tile_given"] == "128x256x64B");
  CHECK(bytes["config"]["tile"] == "128x256x128");
  CHECK(run("--tile 128x256x64B").out.rfind("128x256x128 (given as 128x256x64B) nvfp4", 0) == 0);
}

TEST_CASE("the same MoE tiles with --stages 2 all fit", "[cli]") {
  const Run r = run("--config configs/trtllm-moe-sm120.json --stages 2 --format json");
  REQUIRE(r.status == 0);
  for (const auto& result : results_of(r)) CHECK(result["verdict"] == "fits");
  // finalize.md: 128x256x128 FINALIZE with StageCount<2> needs 74,752 bytes.
  CHECK(results_of(r)[6]["bytes"]["total"] == 74752);
}

TEST_CASE("K in bytes: 128x256x64B is 128x256x128 for FP4", "[cli]") {
  const Run bytes = run("--tile 128x256x64B --format json");
  const Run elements = run("--tile 128x256x128 --format json");
  REQUIRE(bytes.status == 0);
  REQUIRE(results_of(bytes)[0]["bytes"] == results_of(elements)[0]["bytes"]);
  CHECK(results_of(bytes)[0]["config"]["tile"] == "128x256x128");
  // FP8 A: 64 bytes of K are 64 elements.
  CHECK(results_of(run("--tile 128x128x128B --types mxfp8 --format json"))[0]["config"]["tile"] == "128x128x128");
}

TEST_CASE("JSON follows the interface contract", "[cli]") {
  const Run r = run("--tile 128x256x128 --grouped --epilogue finalize --format json");
  REQUIRE(r.status == 1);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["tool"] == "smem-budget");
  CHECK(doc["arch"]["name"] == "sm120");
  CHECK(doc["arch"]["smem_per_block_optin"] == 101376);
  const auto& res = doc["results"][0];
  CHECK(res["config"]["types"] == "nvfp4");
  CHECK(res["config"]["cutlass"] == "4.7.0");
  CHECK(res["bytes"]["mainloop_tensors"] == 82944);
  CHECK(res["bytes"]["epilogue_shared_storage"] == 17408);
  CHECK(res["limit"] == 101376);
  // The deciding terms of issue 4: 432 B reserved, 27,776 B per stage, 2,048 B outside the tensors.
  const std::string why = res["reason"];
  for (const char* term : {"by 1,024 B", "takes 432 B off", "counts 27,776 B per stage", "= 3 stages",
                           "rest of its SharedStorage 2,048 B", "TMA descriptors 896", "StageCount<2> would fit"}) {
    INFO(term);
    CHECK(why.find(term) != std::string::npos);
  }
  CHECK(res["builder"]["reserve"] == 432);
  CHECK(res["builder"]["counted"] == 101168);
  CHECK(res["bytes"]["tensor_storage"] == 100352);
  long long sum = 0;
  for (const auto& part : res["bytes"]["parts"]) sum += part["bytes"].get<long long>();
  CHECK(sum == 102400);
}

TEST_CASE("a rejected configuration has a reason and no bytes", "[cli]") {
  const Run r = run("--tile 128x128x128 --stages 1 --format json");
  REQUIRE(r.status == 1);
  const auto res = results_of(r)[0];
  CHECK(res["verdict"] == "rejected");
  CHECK(res["stages"] == 1);
  CHECK_FALSE(res.contains("bytes"));
  CHECK(res["reason"].get<std::string>().find("stage count 1 < 2") != std::string::npos);
}

TEST_CASE("CSV has a header and the same column count on every row", "[cli]") {
  const Run r = run("--config configs/trtllm-moe-sm120.json --format csv");
  REQUIRE(r.status == 1);
  std::istringstream lines(r.out);
  std::string line;
  std::vector<std::size_t> commas;
  while (std::getline(lines, line)) {
    std::size_t count = 0;
    bool quoted = false;
    for (char ch : line) {
      if (ch == '"')
        quoted = !quoted;
      else if (ch == ',' && !quoted)
        ++count;
    }
    commas.push_back(count);
  }
  REQUIRE(commas.size() == 17);
  // 21 columns: the result, arch, cutlass, tool_version, tmem_columns, cluster, max_fitting_stages
  for (std::size_t c : commas) CHECK(c == 20);
  CHECK(r.out.find(",cooperative,true,finalize,") != std::string::npos);  // one value per column
  CHECK(r.out.rfind("name,tile,types", 0) == 0);
}

TEST_CASE("markdown renders a GitHub table", "[cli]") {
  const Run r = run("--config configs/dense-nvfp4-sm120.json --format markdown");
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string caption, blank, header, rule, row;
  std::getline(lines, caption);
  std::getline(lines, blank);
  CHECK(caption == "*smem-budget " SMEM_BUDGET_VERSION_FOR_TESTS ", sm120 (opt-in limit 101,376 B), CUTLASS 4.7.0*");
  CHECK(blank.empty());
  std::getline(lines, header);
  std::getline(lines, rule);
  CHECK(header.rfind("| name |", 0) == 0);
  CHECK(rule.rfind("|---|", 0) == 0);
  const auto pipes = [](const std::string& s) { return std::count(s.begin(), s.end(), '|'); };
  int rows = 0;
  while (std::getline(lines, row) && row.rfind("|", 0) == 0) {
    CHECK(pipes(row) == pipes(header));
    ++rows;
  }
  CHECK(rows == 3);
}

TEST_CASE("the single-configuration table fits 100 columns and sums to the total", "[cli]") {
  const Run r = run("--tile 128x256x128 --arch sm120");
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line)) CHECK(line.size() <= 100);
  CHECK(r.out.find("verdict: fits, 8,192 bytes to spare") != std::string::npos);
}

TEST_CASE("check subcommand, stdin batch, -o file, arch files", "[cli]") {
  CHECK(run("check --tile 128x128x128").out == run("--tile 128x128x128").out);
  // End to end: a batch from the real standard input, and a file written by -o.
  const Run piped = run_process("--config - --format json", R"(["128x128x128", {"tile": [256, 128, 128]}])");
  REQUIRE(piped.status == 0);
  CHECK(results_of(piped)[1]["bytes"]["total"] == 93184);
  const std::string file = temp_path("out.json");
  const Run written = run_process("--tile 128x128x128 --format json -o '" + file + "'");
  CHECK(written.status == 0);
  CHECK(written.out.empty());
  CHECK(nlohmann::json::parse(slurp(file))["results"][0]["bytes"]["total"] == 83968);
  const Run custom = run("--tile 128x128x128 --arch configs/arch/rtx-pro-6000.json --format json");
  CHECK(custom.status == 0);
  CHECK(nlohmann::json::parse(custom.out)["arch"]["name"] == "rtx-pro-6000");
}

TEST_CASE("precedence: built-in < file defaults < flags < entry keys", "[cli]") {
  const std::string batch =
      R"({"defaults": {"stages": 2, "schedule": "pingpong"}, "configs": ["128x128x128", {"tile": "128x128x128", "stages": 3}]})";
  const Run r = run("--config - --stages 4 --format json", batch);
  const auto results = results_of(r);
  CHECK(results[0]["stages"] == 4);
  CHECK(results[1]["stages"] == 3);
  CHECK(results[0]["config"]["schedule"] == "pingpong");
}

TEST_CASE("arch lists the built-in architectures", "[cli]") {
  const Run r = run("arch --format json");
  REQUIRE(r.status == 0);
  const auto list = nlohmann::json::parse(r.out);
  CHECK(list.size() == 12);
  CHECK(list[10]["name"] == "sm120");
  CHECK(list[10]["smem_per_block_optin"] == 101376);
  CHECK(run_process("--help").status == 0);  // end to end: main() and its exit status
  CHECK(run_process("--version").out.rfind("smem-budget ", 0) == 0);
}

TEST_CASE("the README's examples are what the program prints today", "[cli][readme]") {
  std::istringstream readme(slurp(SMEM_BUDGET_SOURCE_DIR "/README.md"));
  std::string line;
  int examples = 0;
  while (std::getline(readme, line)) {
    if (line.rfind("$ smem-budget ", 0) != 0) continue;
    const std::string args = line.substr(std::string("$ smem-budget ").size());
    std::string expected;
    while (std::getline(readme, line) && line != "```") expected += line + "\n";
    INFO("README example: smem-budget " << args);
    CHECK(run(args).out == expected);
    ++examples;
  }
  CHECK(examples == 20);
}

TEST_CASE("the README's table of mistakes is what the program answers today", "[cli][readme]") {
  std::istringstream readme(slurp(SMEM_BUDGET_SOURCE_DIR "/README.md"));
  std::string line;
  int rows = 0;
  while (std::getline(readme, line)) {
    // | 7 | `sweeps` | 2 | "sweeps" is not an option … |
    const std::size_t open = line.find("| `"), close = line.find("` | ");
    if (line.rfind("| ", 0) != 0 || open == std::string::npos || close == std::string::npos) continue;
    const std::string args = line.substr(open + 3, close - open - 3);
    const std::string rest = line.substr(close + 4);
    const int status = std::stoi(rest.substr(0, rest.find(' ')));
    const std::string cell = rest.substr(rest.find("| ") + 2);
    std::string answer;  // the cell, with markdown's \| unescaped
    for (const char ch : cell.substr(0, cell.rfind(" |")))
      if (ch == '|' && !answer.empty() && answer.back() == '\\')
        answer.back() = '|';
      else
        answer += ch;
    const Run r = run(args);
    INFO("README mistake: smem-budget " << args);
    CHECK(r.status == status);
    std::string got;
    if (r.status == 2) {
      got = r.err.substr(std::string("smem-budget: ").size());
      got.pop_back();  // the newline
    } else {
      std::istringstream out(r.out);
      for (std::string l; std::getline(out, l);)
        if (l.rfind("verdict:", 0) == 0 || l.rfind("caution:", 0) == 0) got += (got.empty() ? "" : " ") + l;
    }
    CHECK(got == answer);
    ++rows;
  }
  CHECK(rows == 38);  // the thirty-eight mistakes
}

TEST_CASE("the README's heat map is what `sweep --format svg` draws today", "[cli][readme]") {
  const Run r = run("sweep --grouped --epilogue finalize --format svg");
  REQUIRE(r.status == 0);
  CHECK(r.out == slurp(SMEM_BUDGET_SOURCE_DIR "/docs/sweep-nvfp4-grouped-finalize.svg"));
}

TEST_CASE("compare: TensorRT-LLM's pin and FlashInfer's differ on small-N MoE tiles", "[cli][versions]") {
  const Run r = run("compare --cutlass 4.3.5,4.4.2,4.5,4.7 --config configs/trtllm-moe-sm120.json --format json");
  REQUIRE(r.status == 1);  // two FINALIZE tiles exceed under every release
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["cutlass"] == nlohmann::json({"4.3.5", "4.4.2", "4.5.3", "4.7.0"}));
  // FINALIZE 128x32x128 (128x32x64B) and 128x256x128. Before 4.5.0 a build of the small-N tile's
  // Params refuses it (the SFB TMA; built for the device at 4.3.5 and 4.4.2, tests/data/sm120-device.json),
  // though its sizeof compiles at 7 stages; from 4.5.0 it builds.
  const auto& small_n = doc["results"][4]["by_version"];
  CHECK(small_n["4.4.2"]["stages"] == 7);
  CHECK(small_n["4.4.2"]["verdict"] == "rejected");
  CHECK(small_n["4.4.2"]["total"].is_null());
  CHECK(small_n["4.5.3"]["verdict"] == "fits");
  CHECK(small_n["4.7.0"]["stages"] == 6);
  CHECK(small_n["4.7.0"]["total"] == 93184);
  for (const char* v : {"4.3.5", "4.4.2", "4.5.3", "4.7.0"})
    CHECK(doc["results"][6]["by_version"][v]["total"] == 102400);
  CHECK(run("--tile 128x128x128 --cutlass 4.4 --format json").out.find("\"cutlass\": \"4.4.3\"") != std::string::npos);
  CHECK(run("compare --tile 128x128x128").status == 2);

  // CSV: one value per column; the same small-N row, stages and total apart.
  std::istringstream csv(run("compare --cutlass 4.4.2,4.7 --config configs/trtllm-moe-sm120.json --format csv").out);
  std::string header, line;
  std::getline(csv, header);
  CHECK(header.find("stages_4.4.2,total_4.4.2,verdict_4.4.2,stages_4.7.0,total_4.7.0,verdict_4.7.0") !=
        std::string::npos);
  for (int row = 0; std::getline(csv, line); ++row) {
    CHECK(std::count(line.begin(), line.end(), ',') == std::count(header.begin(), header.end(), ','));
    if (row == 4) CHECK(line.find(",7,,rejected,6,93184,fits,") != std::string::npos);
  }
}

TEST_CASE("lint: TensorRT-LLM's SM120 MoE tactics with FINALIZE, two exceed by 1,024 B", "[cli][lint]") {
  const std::string list = "tests/data/kernel-names/trtllm-sm120-moe-tactics.txt";
  const Run r = run("lint " + list + " --grouped --epilogue finalize");
  INFO(r.err);
  CHECK(r.status == 1);
  // 102,400 B for both, as nvcc measured them (tests/data/sm120-trtllm-moe.json).
  CHECK(r.out.find("CutlassTileConfigSM120::CtaShape128x256x64B: 102,400 B, 1,024 B over; fits with") !=
        std::string::npos);
  CHECK(r.out.find("CutlassTileConfigSM120::CtaShape256x128x64B: 102,400 B, 1,024 B over; fits with") !=
        std::string::npos);
  CHECK(r.out.find("4 names: 2 fit, 2 exceed, 0 never compile, 0 not modelled") != std::string::npos);
  CHECK(r.out.find("lint of " + list + ": smem-budget") == 0);

  const auto doc = nlohmann::json::parse(run("lint " + list + " --grouped --epilogue finalize --format json").out);
  CHECK(doc["summary"] ==
        nlohmann::json({{"names", 4}, {"fit", 2}, {"exceed", 2}, {"never_compile", 0}, {"not_modelled", 0}}));
  CHECK(doc["results"][2]["total"] == 102400);
  CHECK(doc["results"][2]["config"]["tile"] == "128x256x128");
  CHECK(doc["results"][2]["nearest_fit"]["total"].get<int>() <= 101376);
  const Run csv = run("lint " + list + " --grouped --epilogue finalize --format csv");
  CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 5);
  CHECK(csv.out.find("CutlassTileConfigSM120::CtaShape128x256x64B,128x256x128,3,102400,101376,-1024,exceeds-optin") !=
        std::string::npos);
  CHECK(run("lint " + list + " --grouped --epilogue finalize --format markdown").out.find("*lint of ") == 0);
  // With two stages every one of them fits: exit 0. From standard input too.
  CHECK(run("lint " + list + " --grouped --epilogue finalize --stages 2").status == 0);
  CHECK(run("lint - --grouped --epilogue finalize --stages 2", slurp(std::string(SMEM_BUDGET_SOURCE_DIR) + "/" + list))
            .status == 0);
}

TEST_CASE("lint agrees with checking the same names one by one", "[cli][lint]") {
  // The generator's listing is JSON; lint pulls the names out of it as out of any text.
  const std::string listing = "tests/data/kernel-names/sm120-generator.json";
  const Run linted = run("lint " + listing + " --format json");
  CHECK(linted.status == 1);
  const auto doc = nlohmann::json::parse(linted.out);
  const auto kernels = nlohmann::json::parse(slurp(std::string(SMEM_BUDGET_SOURCE_DIR) + "/" + listing))["kernels"];
  nlohmann::json batch = nlohmann::json::array();
  for (const auto& k : kernels) batch.push_back({{"kernel", k["name"]}});
  const std::string path = temp_path("names.json");
  std::ofstream(path) << batch.dump();
  const auto checked = results_of(run("--config " + path + " --format json"));
  REQUIRE(doc["results"].size() == checked.size());
  std::map<std::string, int> verdicts;
  for (std::size_t i = 0; i < checked.size(); ++i) {
    CHECK(doc["results"][i]["name"] == checked[i]["name"]);
    CHECK(doc["results"][i]["verdict"] == checked[i]["verdict"]);
    ++verdicts[checked[i]["verdict"].get<std::string>()];
  }
  CHECK(doc["summary"]["fit"] == verdicts["fits"]);
  CHECK(doc["summary"]["exceed"] == verdicts["exceeds-optin"]);
  CHECK(doc["summary"]["never_compile"] == verdicts["rejected"]);
  std::size_t grouped = 0;
  for (const auto& g : doc["never_compile"]) grouped += g["names"].size();
  CHECK(grouped == doc["summary"]["never_compile"]);

  // The README's table of CUTLASS's own library is this lint's.
  const std::string readme = slurp(SMEM_BUDGET_SOURCE_DIR "/README.md");
  const auto number = [](int n) {
    return n >= 1000 ? std::to_string(n / 1000) + "," + std::to_string(n % 1000) : std::to_string(n);
  };
  CHECK(readme.find("2,785 kernels") != std::string::npos);
  CHECK(readme.find("| " + number(verdicts["fits"]) + " | fit |") != std::string::npos);
  CHECK(readme.find("| " + number(verdicts["exceeds-optin"]) + " | exceed |") != std::string::npos);
  CHECK(readme.find(number(verdicts["exceeds-optin"] + verdicts["rejected"]) + " kernels that can never run") !=
        std::string::npos);
  for (const auto& g : doc["never_compile"]) {
    INFO(g["assertion"]);
    const std::size_t row = readme.find("| " + number(static_cast<int>(g["names"].size())) + " | never compile |");
    REQUIRE(row != std::string::npos);
    CHECK(readme.substr(row, readme.find('\n', row) - row).find(g["assertion"].get<std::string>()) !=
          std::string::npos);
  }
}

TEST_CASE("a CUTLASS name given with --kernel is the whole configuration, and flags override it",
          "[cli][kernel-names]") {
  const std::string name =
      "cutlass3x_sm120_bstensorop_gemm_grouped_ue8m0xe2m1_ue8m0xe2m1_f32_void_f32_128x128x128_1x1x1_0_tnt_align128_"
      "warpspecialized_cooperative";
  const auto r = results_of(run("--kernel " + name + " --format json"))[0];
  CHECK(r["name"] == name);
  CHECK(r["config"]["types"] == "mxfp4");
  CHECK(r["config"]["grouped"] == true);
  CHECK(r["config"]["d"] == "f32");
  CHECK(r["bytes"]["total"] == 89088);  // nvcc, tests/data/sm120-kernel-names.json
  CHECK(results_of(run("--kernel " + name + " --d bf16 --format json"))[0]["config"]["d"] == "bf16");
  const auto tactic = results_of(run("--kernel CtaShape128x256x64B --grouped --epilogue finalize --format json"))[0];
  CHECK(tactic["config"]["tile"] == "128x256x128");
  CHECK(tactic["bytes"]["total"] == 102400);
}

TEST_CASE("a CUTLASS name sets the architecture unless --arch is given", "[cli][kernel-names]") {
  // tests/data/sm103-names-device.json: nvcc's 231,168 B for this SM103 kernel.
  const std::string sm103 =
      "cutlass3x_sm103_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_bf16_bf16_256x128x768_0x0x1_0_tnt_align32_o_vs16_"
      "ultra_2sm_nopf_epi_nosmem";
  const Run r = run("--kernel " + sm103 + " --format json");
  CHECK(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  CHECK(doc["arch"]["name"] == "sm103");
  CHECK(doc["results"][0]["bytes"]["total"] == 231168);
  const Run other = run("--kernel " + sm103 + " --arch sm100");
  CHECK(other.status == 2);
  CHECK(other.out.empty());
  CHECK(other.err.find("an sm103 kernel, but the architecture is sm100") != std::string::npos);
}

TEST_CASE("a refusal a larger N cures names the smallest N that compiles", "[cli]") {
  const auto reason = [](const std::string& args) {
    return results_of(run(args + " --format json"))[0]["reason"].get<std::string>();
  };
  // The ping-pong kernel needs N >= 16; an FP6 output a row of 128; an FP8 output 16 bytes of row.
  CHECK(reason("--tile 128x8x128 --types mxfp8 --schedule pingpong")
            .ends_with("; the smallest tile N that compiles with the rest unchanged is 16"));
  CHECK(reason("--tile 128x64x128 --d e3m2")
            .ends_with("; the smallest tile N that compiles with the rest unchanged is 128"));
  CHECK(reason("--tile 128x8x128 --d e5m2")
            .ends_with("; the smallest tile N that compiles with the rest unchanged is 16"));
  CHECK(reason("--tile 128x64x128 --d e3m2 --d-layout col").find("smallest tile N") == std::string::npos);
}

TEST_CASE("the why-sentence of a kernel with nothing outside its tensors names no empty part", "[cli]") {
  // tests/data/sm120-2x-trtllm-fused-moe-device.json: TensorRT-LLM's fused SwiGLU MoE kernel, 128x128x64 at 3
  // stages, 114,688 B: a struct of its tiles, no union and nothing else.
  const auto result = results_of(run("--arch sm120 --generation 2x --runner trtllm-moe --types bf16 --d bf16 --tile "
                                     "128x128x64 --stages 3 --activation-type swiglu --format json"))[0];
  const std::string reason = result["reason"];
  CHECK(reason.find("()") == std::string::npos);
  CHECK(reason.find("the kernel's tensors take 114,688 B (98,304 mainloop + 16,384 epilogue + 0 alignment) and the "
                    "rest of its SharedStorage 0 B; StageCount<2> would fit") != std::string::npos);
}

TEST_CASE("sm100: a StageCount the device build refuses is rejected with its size and the assertion", "[cli][sm100]") {
  const Run r = run("--tile 128x256x128 --arch sm100 --schedule 1sm --stages 6");
  CHECK(r.status == 1);
  CHECK(r.out.find("total (GemmKernel::SharedStorageSize)   233,472") != std::string::npos);
  CHECK(r.out.find("verdict: rejected: CUTLASS does not compile it for the device: its SharedStorage is 233,472 B") !=
        std::string::npos);
  CHECK(r.out.find("\"SMEM usage exceeded capacity.\", cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized.hpp:410") !=
        std::string::npos);
  const nlohmann::json result =
      results_of(run("--tile 128x256x128 --arch sm100 --schedule 1sm --stages 6 --format json"))[0];
  CHECK(result["verdict"] == "rejected");
  CHECK(result["stages"] == 6);
  CHECK(result["reason"].get<std::string>().find("StageCount<5> fits") != std::string::npos);
  // StageCount<5>, as the reason says, fits (measured: sm100-oracle.json has the 1-SM 128x256x128 NVFP4 rows).
  CHECK(run("--tile 128x256x128 --arch sm100 --schedule 1sm --stages 5").status == 0);
}

TEST_CASE("sm100: tensor memory in every output, a one-stage kernel cautioned", "[cli][sm100]") {
  const nlohmann::json one_stage =
      results_of(run("--tile 128x256x256 --arch sm100 --types mxfp8 --schedule 1sm --format json"))[0];
  CHECK(one_stage["stages"] == 1);  // measured (sm100-layout.md 10 d): CUTLASS compiles it
  CHECK(one_stage["verdict"] == "fits");
  CHECK(one_stage["notes"][0].get<std::string>().rfind("one stage:", 0) == 0);
  // N = 256: one accumulator stage of 256 columns (sm100_blockscaled_umma_builder.inl:242) and the scale factors.
  CHECK(one_stage["tmem_columns"].get<int>() > 256);
  CHECK(one_stage["tmem_columns"].get<int>() <= 512);
  CHECK(run("--tile 128x256x256 --arch sm100 --types mxfp8 --schedule 1sm").out.find("tensor memory: ") !=
        std::string::npos);
  // tmem_columns filled in (the 19th column; a fitting row quotes no field, so commas split it).
  const std::string csv = run("--tile 128x128x128 --arch sm100 --format csv").out;
  std::istringstream row(csv.substr(csv.find('\n') + 1));
  std::vector<std::string> fields;
  for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
  REQUIRE(fields.size() >= 19);
  CHECK(!fields[18].empty());
  CHECK(fields[18].find_first_not_of("0123456789") == std::string::npos);
  CHECK(results_of(run("--tile 128x128x128 --format json"))[0].count("tmem_columns") == 0);  // SM120 has none
}

TEST_CASE("sm90: the automatic schedule's no-smem epilogue is said, and suggestions on sm90 fit", "[cli][sm90]") {
  const nlohmann::json auto_schedule =
      results_of(run("--tile 128x128x64 --arch sm90 --types e4m3 --scaling none --format json"))[0];
  CHECK(auto_schedule["bytes"]["epilogue_shared_storage"] == 1);
  CHECK(auto_schedule["notes"][0].get<std::string>().find("no-smem epilogue") != std::string::npos);
  const Run suggested =
      run("suggest --tile 128x96x32 --arch sm90 --types bf16 --scaling none --schedule pingpong "
          "--stages 15 --d f32 --format json");
  CHECK(suggested.status == 1);
  const nlohmann::json list = results_of(suggested)[0]["suggestions"];
  REQUIRE(!list.empty());
  nlohmann::json configs = nlohmann::json::array();
  for (const nlohmann::json& s : list) configs.push_back(s["config"]);
  CHECK(run("--arch sm90 --config -", nlohmann::json{{"configs", configs}}.dump()).status == 0);
}

TEST_CASE("lint reads SM90 names, measured as nvcc measured them, and refuses another architecture's",
          "[cli][lint][sm90]") {
  const std::string sm90 =
      "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_bf16_bf16_128x256x128_1x2x1_0_tnn_align16_"
      "warpspecialized_cooperative_epi_tma";
  const std::string sm120 =
      "cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_bf16_128x128x256_1x1x1_0_tnt_"
      "align32_cooperative_o_vs16";
  const Run r = run("lint - --arch sm90 --format json", sm90 + "\n" + sm120 + "\n");
  CHECK(r.status == 1);  // one name is not modelled on sm90
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["results"].size() == 1);
  // The same kernel as tests/data/sm90-probes.json measured it ("tnn": column-major C and D; the
  // cluster changes no size).
  const nlohmann::json& got = doc["results"][0];
  CHECK(got["config"]["d_layout"] == "col");
  CHECK(got["stages"] == 4);
  CHECK(got["total"] == 231424);
  CHECK(doc["not_modelled"][0]["reason"].get<std::string>().find("an sm120 kernel, but the architecture is sm90") !=
        std::string::npos);
}

TEST_CASE("a big batch, checked and printed on every core, keeps its entries' order and answers", "[cli]") {
  // Eight different entries, then the same eight 500 times: each of the 4,000 rows must be the row
  // its entry gets in the batch of eight, in the same place.
  const std::vector<std::string> eight{
      R"({"name": "p0", "tile": "128x128x128"})",
      R"({"name": "p1", "tile": "128x256x128", "stages": 3})",
      R"({"name": "p2", "tile": "128x256x64B", "grouped": true, "epilogue": "finalize"})",
      R"({"name": "p3", "tile": "256x128x128", "c": "bf16"})",
      R"({"name": "p4", "tile": "128x64x128", "types": "mxfp8", "stages": 2})",
      R"({"name": "p5", "tile": "96x128x128"})",
      R"({"name": "p6", "tile": "64x128x256", "grouped": true})",
      R"({"name": "p7", "tile": "128x128x256", "stages": 4})"};
  const auto batch = [&](int repeats) {
    std::string text = "[";
    for (int r = 0; r < repeats; ++r)
      for (const std::string& entry : eight) text += (text.size() > 1 ? "," : "") + entry;
    return text + "]";
  };
  const std::string small = temp_path("eight.json"), big = temp_path("eight-x500.json");
  std::ofstream(small, std::ios::binary) << batch(1);
  std::ofstream(big, std::ios::binary) << batch(500);
  for (const std::string format : {"csv", "json"}) {
    const Run one = run("--config '" + small + "' --format " + format);
    const Run many = run("--config '" + big + "' --format " + format);
    REQUIRE(one.status == 1);  // p1 exceeds, p5 does not compile
    REQUIRE(many.status == 1);
    if (format == "json") {
      const nlohmann::json expected = results_of(one), got = results_of(many);
      REQUIRE(got.size() == 4000);
      for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(got[i] == expected[i % 8]);
    } else {
      std::istringstream expected_lines(one.out), got_lines(many.out);
      std::vector<std::string> expected, got;
      for (std::string line; std::getline(expected_lines, line);) expected.push_back(line);
      for (std::string line; std::getline(got_lines, line);) got.push_back(line);
      REQUIRE(got.size() == 4001);
      CHECK(got[0] == expected[0]);  // the header
      for (std::size_t i = 1; i < got.size(); ++i) REQUIRE(got[i] == expected[1 + (i - 1) % 8]);
    }
  }
  std::remove(small.c_str());
  std::remove(big.c_str());
}

TEST_CASE("compare on sm100 and sm90 across the releases whose rules differ", "[cli][versions]") {
  // Measured (tests/data/sm100-cutlass-4.3.5.json, -4.4.2): 4.3.5's 16-byte per-stage estimate
  // gives this grouped 2-SM kernel an 18th stage, 232,960 B, which its device-side assertion refuses: the size, shown
  // as its reason.
  Run r =
      run("compare --cutlass 4.3.5,4.4.2,4.7.0 --arch sm100 --tile 256x64x128 --types mxfp4 --schedule 2sm "
          "--cluster 2x1x1 --grouped --c bf16 --format csv");
  CHECK(r.status == 1);
  CHECK(r.out.find(",18,232960,rejected,17,221696,fits,17,221696,fits,") != std::string::npos);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 2);
  r = run("--arch sm90 --tile 128x128x64 --types e4m3 --scaling none --cutlass 4.6.2 --format json");
  REQUIRE(r.status == 0);
  const nlohmann::json result = results_of(r)[0];
  CHECK(result["bytes"]["total"] == 229888);
  bool noted = false;
  for (const auto& note : result["notes"])
    noted = noted || note.get<std::string>().find("the rules of 4.4.1 apply") != std::string::npos;
  CHECK(noted);
}
