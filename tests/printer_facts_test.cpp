// What the printers say comes from the model's answer, the same in every format and on every
// architecture: which builders take no StageCount<N>, when a result has bytes, and which epilogue
// tile a suggestion halves. Each case failed when a printer decided these itself.
#include <catch2/catch.hpp>

#include <string>

#include "cli_runner.hpp"

using nlohmann::json;

TEST_CASE("an SM103 breakdown says its builder takes no StageCount<N>") {
  const Run r = run("--tile 128x256x768 --arch sm103 --schedule 1sm --types nvfp4");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("largest stage count that fits: n/a (the SM103 builder takes no StageCount<N>)\n") !=
        std::string::npos);
  CHECK(r.out.find("largest stage count that fits: none") == std::string::npos);
}

TEST_CASE("a kernel refused by SM100's device-side size assertion has its bytes in every format") {
  // 336,896 B of SharedStorage, over the 232,448 B the kernel asserts: the bytes are the reason.
  const std::string config = "--tile 128x64x512 --arch sm100 --schedule 1sm --types mxfp4 --stages 6";
  const Run csv = run(config + " --format csv");
  REQUIRE(csv.status == 1);
  CHECK(csv.out.find(",128x64x512,mxfp4,1sm,false,default,void->bf16,6,319488,17408,336896,232448,-104448,rejected,") !=
        std::string::npos);
  const json result = results_of(run(config + " --format json"))[0];
  CHECK(result["verdict"] == "rejected");
  CHECK(result["bytes"]["total"] == 336896);
  CHECK(result["headroom"] == -104448);
  CHECK(result["max_fitting_stages"] == 4);
  CHECK(result["tmem_columns"] == 136);
  const Run lint = run("lint - --arch sm100 --stages 6 --format json",
                       "cutlass3x_sm100_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_void_bf16_128x64x512_1x1x1_0_tnt_"
                       "align32_o_vs32_1sm\n");
  const json name = json::parse(lint.out)["results"][0];
  CHECK(name["verdict"] == "rejected");
  CHECK(name["total"] == 336896);
}

TEST_CASE("suggest halves the epilogue tile SM100's builder picks, not SM120's") {
  // SM100's automatic tile for a block-scaled CTA N of 256 is 128x128; its half 128x64 builds.
  const json suggestions = results_of(
      run("suggest --tile 128x256x128 --arch sm100 --schedule 1sm --stages 6 --format json"))[0]["suggestions"];
  bool halved = false;
  for (const json& s : suggestions) {
    CHECK(s["config"]["epilogue_tile"] != "64x32");
    if (s["config"]["epilogue_tile"] == "128x64" && s["config"]["tile"] == "128x256x128") {
      halved = true;
      CHECK(s["total"] == 200704);
    }
  }
  CHECK(halved);
}
