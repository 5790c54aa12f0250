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

TEST_CASE("the builder's reserve is named by what its carveout holds, not guessed from grouped") {
  const auto reserve_for = [](const std::string& config) {
    return results_of(run(config + " --format json"))[0]["builder"]["reserve_for"];
  };
  // SM120 block-scaled (sm120_blockscaled_mma_builder.inl): the CLC pipeline and responses; grouped,
  // the group scheduler's pipeline, two tensormaps and their pipeline.
  CHECK(reserve_for("--tile 128x128x128 --types nvfp4") == json{"scheduler"});
  CHECK(reserve_for("--tile 128x256x64B --grouped --epilogue finalize") == json{"scheduler", "tensormaps"});
  // SM90: a pointer-array batched kernel reserves its tensormaps alone; TensorRT-LLM's older MoE fork
  // reserves A's and B's descriptors but no scheduler (sm90_gmma_builder_mixed_input.inl:180-184 at
  // FlashInfer 9276e44), grouped as it is.
  CHECK(reserve_for("--arch sm90 --types f16 --scaling none --tile 128x128x64 --schedule cooperative --batched") ==
        json{"tensormaps"});
  CHECK(reserve_for("--arch sm90 --types f16 --scaling none --tile 128x128x64 --schedule cooperative --grouped") ==
        json{"scheduler", "tensormaps"});
  CHECK(reserve_for("--arch sm90 --types e4m3:s4 --conversion scl --grouped --moe --scaling none --c bf16 --d bf16 "
                    "--d-layout col --tile 128x16x512 --schedule cooperative --trtllm-moe-fork 9276e44") ==
        json{"tensormaps"});
  CHECK(reserve_for("--arch sm90 --types f16 --scaling none --tile 128x128x64 --schedule cooperative") ==
        json::array());
  // SM100's KernelSmemCarveout (sm100_pipeline_carveout.inl:37-83): the kernel's pipelines and the
  // CLC scheduler's, and the tensormaps when grouped.
  CHECK(reserve_for("--arch sm100 --types nvfp4 --tile 128x128x256 --schedule 1sm") ==
        json{"kernel_pipelines", "scheduler"});
  CHECK(reserve_for("--arch sm100 --types e4m3 --scaling none --tile 128x128x128 --schedule 1sm --grouped") ==
        json{"kernel_pipelines", "scheduler", "tensormaps"});
  // The sentence says the same.
  const std::string why =
      results_of(run("--tile 128x256x64B --grouped --epilogue finalize --format json"))[0]["reason"];
  CHECK(why.find("takes 432 B off its 101,376 B capacity for the tile scheduler and tensormaps,") !=
        std::string::npos);
}
