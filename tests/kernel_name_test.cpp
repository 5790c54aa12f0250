// Kernel names against the generator that makes them: every SM120 GEMM kernel CUTLASS's
// python/cutlass_library generates (tests/data/kernel-names/sm120-generator.json, written by
// tools/kernel_names/list_kernels.py from the generator's own objects) must read as the
// configuration those objects describe. The expected configuration is built here from the
// objects' attributes (C++ tags, element names, numbers), never from the name.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/kernel_name.hpp"
#include "io/settings.hpp"
#include "smem_budget/budget.hpp"
#include "test_data.hpp"

using namespace smem_budget;
using json = nlohmann::json;

namespace {

// What a kernel name reads as: its configuration, or the message refusing it.
struct NameReading {
  std::optional<Config> config;
  std::string refusal;
};

NameReading read_name(const std::string& name) {
  io::Settings settings{{"kernel", io::Setting{name, "kernel"}}};
  try {
    io::expand_kernel_name(settings);
  } catch (const io::InputError& e) {
    return {std::nullopt, e.what()};
  }
  return {io::to_config(settings), ""};
}

Element element(const json& name) {
  const auto e = element_from_name(name.get<std::string>());
  REQUIRE(e);
  return *e;
}

// What the generator's objects say alike on every architecture: the stage count, C, D and
// their layout, A's and B's layouts; the alignments (the name keeps the larger only) and the tile scheduler.
void set_stages_and_output(Config& c, const json& k) {
  const int stages = k["stages"];
  c.stages = stages == 0 ? StagePolicy{} : StagePolicy{StagePolicy::Kind::fixed, stages};
  c.c = element(k["c"]);
  c.d = element(k["d"]);
  // The readers name the accumulator when it is not the operands' own (f32, s32 for s8).
  if (k["accumulator"] == "f16") c.accumulator = Element::f16;
  c.d_layout = k["d_layout"] == "t" ? MatrixLayout::row : MatrixLayout::col;
  c.a_layout = k["a_layout"] == "t" ? MatrixLayout::row : MatrixLayout::col;
  c.b_layout = k["b_layout"] == "t" ? MatrixLayout::row : MatrixLayout::col;
}

// A row-major and B column-major: the layouts every model lays out (MN-major ones only some).
bool k_major(const json& k) { return k["a_layout"] == "t" && k["b_layout"] == "n"; }

void set_alignment_and_scheduler(Config& c, const json& k) {
  const bytes_t alignment = std::max(k["alignment_a"].get<bytes_t>(), k["alignment_b"].get<bytes_t>());
  c.alignment = {alignment, alignment};
  c.tile_scheduler =
      k["tile_scheduler"] == "cutlass::gemm::StreamKScheduler" ? TileScheduler::stream_k : TileScheduler::persistent;
}

// The schedule and instruction each kernel-schedule tag of the SM120 generator stands for.
struct ScheduleTag {
  Schedule schedule;
  Instruction instruction;
};
const std::map<std::string, ScheduleTag> schedule_tags{
    {"cutlass::gemm::KernelTmaWarpSpecializedMxf8f6f4Sm120", {Schedule::cooperative, Instruction::mxf8f6f4}},
    {"cutlass::gemm::KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120", {Schedule::pingpong, Instruction::mxf8f6f4}},
    {"cutlass::gemm::KernelTmaWarpSpecializedNvf4Sm120", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelTmaWarpSpecializedPingpongNvf4Sm120", {Schedule::pingpong, Instruction::automatic}},
    {"cutlass::gemm::KernelTmaWarpSpecializedMxf4Sm120", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelTmaWarpSpecializedPingpongMxf4Sm120", {Schedule::pingpong, Instruction::automatic}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperative", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong", {Schedule::pingpong, Instruction::automatic}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120",
     {Schedule::cooperative, Instruction::mxf8f6f4_acc2x4}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecializedMxf8f6f4Sm120", {Schedule::cooperative, Instruction::mxf8f6f4}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecializedNvf4Sm120", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecializedMxf4Sm120", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelScheduleSparseF8f6f4Sm120", {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelTmaWarpSpecializedBlockwiseCooperativeSm120",
     {Schedule::cooperative, Instruction::automatic}},
    {"cutlass::gemm::KernelTmaWarpSpecializedBlockwisePingpongSm120", {Schedule::pingpong, Instruction::automatic}},
};

Operand operand(const json& kernel, const char* element_key, const char* scale_key) {
  if (!kernel.contains(scale_key)) return *operand_from_name(kernel[element_key].get<std::string>());
  const bool nv = kernel[scale_key] == "ue4m3";
  return {element(kernel[element_key]), nv ? ScaleType::ue4m3 : ScaleType::ue8m0, nv ? 16 : 32};
}

// The configuration the generator's objects describe.
Config expected(const json& k) {
  Config c;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.types = {operand(k, "a", "sf_a"), operand(k, "b", "sf_b")};
  c.scaling = k.contains("sf_a")                ? Scaling::block
              : k.contains("scale_granularity") ? Scaling::blockwise
                                                : Scaling::none;
  if (k.contains("scale_granularity"))
    c.scale_granularity = {false, k["scale_granularity"][0], k["scale_granularity"][1], k["scale_granularity"][2]};
  c.sparse = k["gemm_kind"] == "spgemm";
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  const ScheduleTag tag = schedule_tags.at(k["kernel_schedule"].get<std::string>());
  c.schedule = tag.schedule;
  c.instruction = tag.instruction;
  set_stages_and_output(c, k);
  if (k.contains("sf_d")) {
    c.fusion = Fusion::sf_gen;
    c.sf_output = {k["sf_d_vector"], k["sf_d"] == "ue4m3" ? ScaleType::ue4m3 : ScaleType::ue8m0};
  }
  c.epilogue_schedule = k["epilogue_schedule"] == "cutlass::epilogue::SparseTmaWarpSpecializedCooperativeSm120"
                            ? EpilogueSchedule::sparse
                            : EpilogueSchedule::automatic;
  set_alignment_and_scheduler(c, k);
  return c;
}

}  // namespace

TEST_CASE("every SM120 kernel of CUTLASS's generator reads as the configuration its objects describe",
          "[kernel-names]") {
  const json listing = load_test_data("kernel-names/sm120-generator.json");
  std::size_t exact = 0;
  for (const json& k : listing["kernels"]) {
    // The generator's invariants this reading relies on, checked rather than assumed.
    REQUIRE(k["cluster"] == json::array({1, 1, 1}));
    REQUIRE(k["accumulator"] == "f32");
    REQUIRE(k["a_layout"] == "t");
    REQUIRE(k["b_layout"] == "n");
    REQUIRE(k["c_layout"] == k["d_layout"]);
    const std::string name = k["name"];
    io::Settings settings{{"kernel", io::Setting{name, "kernel"}}};
    io::expand_kernel_name(settings);
    const Config got = io::to_config(settings);
    if (got == expected(k))
      ++exact;
    else
      UNSCOPED_INFO(fmt::format("{} reads as {}", name, io::config_to_json(got).dump()));
  }
  WARN(fmt::format("{} of {} generator names read exactly", exact, listing["kernels"].size()));
  CHECK(listing["kernels"].size() == 2785);
  CHECK(exact == listing["kernels"].size());
}

TEST_CASE("names pulled out of text: a list, a C++ source, the generator's JSON listing", "[kernel-names]") {
  const std::string source =
      "switch (tile) {\n  case CutlassTileConfigSM120::CtaShape128x256x64B: return run<128, 256, 128>();\n"
      "  case tkc::CutlassTileConfigSM120::CtaShape128x128x64B: break;\n}\n// CtaShape128x256x64B again\n"
      "log: launching cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_bf16_128x128x256_1x1x1_0_tnt_"
      "align32_cooperative_o_vs16, ok\nNotCtaShape1x1x1B xcutlass3x_sm120_a";
  CHECK(io::kernel_names_in(source) ==
        std::vector<std::string>{
            "CutlassTileConfigSM120::CtaShape128x256x64B", "CutlassTileConfigSM120::CtaShape128x128x64B",
            "CtaShape128x256x64B",
            "cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_bf16_128x128x256_1x1x1_0_"
            "tnt_align32_cooperative_o_vs16"});
  std::ifstream in(std::string(SMEM_BUDGET_TEST_DATA) + "/kernel-names/sm120-generator.json");
  const std::string listing((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(io::kernel_names_in(listing).size() == 2785);
}

TEST_CASE("a tactic gives the tile in bytes, and explicit keys override a name", "[kernel-names]") {
  io::Settings tactic{{"kernel", io::Setting{"CutlassTileConfigSM120::CtaShape128x256x64B_Cluster1x1x1", "kernel"}}};
  io::expand_kernel_name(tactic);
  CHECK(tactic.size() == 2);
  CHECK(tactic.at("tile").value == "128x256x64B");
  CHECK(io::to_config(tactic).tile == Tile{128, 256, 128});

  const std::string name =
      "cutlass3x_sm120_bstensorop_gemm_grouped_ue8m0xe2m1_ue8m0xe2m1_f32_void_f32_128x128x128_1x1x1_0_tnt_align128_"
      "warpspecialized_cooperative";
  io::Settings layer{{"kernel", io::Setting{name, "kernel"}}, {"d", io::Setting{"bf16", "--d"}}};
  io::expand_kernel_name(layer);
  const Config config = io::to_config(layer);
  CHECK(config.d == Element::bf16);
  CHECK(config.grouped);
  CHECK(layer.at("types").from_kernel_name);
  CHECK_FALSE(layer.at("d").from_kernel_name);
}

TEST_CASE("a part the model cannot represent is bad input naming that part", "[kernel-names]") {
  const auto message = [](const std::string& name) {
    try {
      io::kernel_name_settings(name, "--kernel");
    } catch (const io::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string base = "cutlass3x_sm120_bstensorop_gemm_ue8m0xe4m3_ue8m0xe4m3_f32_void_bf16_128x128x128_";
  CHECK(message(base + "2x1x1_0_tnt_align16_cooperative_q") ==
        "--kernel: \"2x1x1\" in the kernel name: not modelled: SM120 kernels run 1x1x1 clusters");
  CHECK(message(base + "1x1x1_0_ntt_align16_cooperative_q").find("\"ntt\" in the kernel name: not modelled") !=
        std::string::npos);
  CHECK(message(base + "1x1x1_0_tnt_align16_cooperative_o_vs16")
            .find("this is the nvfp4 schedule, but the operands "
                  "are mxfp8") != std::string::npos);
  CHECK(message(base + "1x1x1_0_tnt_align16_cooperative").find("expected cooperative_q, pingpong_q") !=
        std::string::npos);
  CHECK(message("cutlass3x_sm110_bstensorop_gemm_x").find("\"sm110\" in the kernel name: not modelled") !=
        std::string::npos);
  CHECK(message("cutlass3x_sm103_tensorop_gemm_x").find("\"tensorop\" in the kernel name: not modelled") !=
        std::string::npos);
  const std::string sm100 = "cutlass3x_sm100_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_void_bf16_128x128x256_";
  CHECK(message(sm100 + "0x0x1_0_tnt_align32_o_vs32_1sm") == "accepted");  // cluster dynamic
  const std::string sm100_2sm = "cutlass3x_sm100_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_void_bf16_256x128x256_";
  CHECK(message(sm100_2sm + "2x1x1_0_tnt_align32_o_vs32_2sm") == "accepted");
  CHECK(message(sm100_2sm + "0x0x1_0_tnt_align32_o_vs32_2sm_epi_nosmem") == "accepted");
  CHECK(message(sm100_2sm + "0x0x1_0_tnt_align32_o_vs32_2sm") == "accepted");  // epilogue schedule 1sm
  CHECK(message(sm100 + "1x1x1_0_tnt_align32_o_vs16_1sm") == "accepted");  // ue8m0 per 16: mxfp4-vs16
  CHECK(message(sm100 + "1x1x1_0_tnt_align32_o_vs32_4sm").find("expected q_1sm, q_2sm") != std::string::npos);
  // SM100's dense (tensorop) GEMMs: what the dense model has is read, the rest refused naming the part.
  const std::string dense = "cutlass3x_sm100_tensorop_gemm_f16_f16_f32_void_f16_256x128x64_";
  CHECK(message(dense + "2x1x1_0_tnn_align8_2sm") == "accepted");  // EpilogueScheduleAuto: 2-SM
  CHECK(message(dense + "2x1x1_0_tnn_align8_2sm_epi_tma") == "accepted");
  CHECK(message(dense + "0x0x1_0_tnn_align8_2sm") == "accepted");  // epilogue schedule 1sm
  CHECK(message(dense + "1x1x1_0_tnn_align8_stream_k_1sm") == "accepted");  // the model refuses stream-K
  CHECK(message("cutlass3x_sm100_tensorop_gemm_grouped_f8_f6_f32_void_bf16_128x128x128_0x0x1_0_tnn_align128_1sm") ==
        "accepted");
  CHECK(message(dense + "1x1x1_0_tnn_align8_q_1sm").find("expected 1sm, 2sm") != std::string::npos);
  // f16 accumulators: of f16 operands read (the accumulator key); of others refused, naming the part.
  CHECK(message("cutlass3x_sm100_tensorop_gemm_f16_f16_f16_f16_f16_64x128x64_1x1x1_0_tnn_align8_1sm") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_gemm_bf16_bf16_f16_bf16_bf16_64x128x64_1x1x1_0_tnn_align8_1sm")
            .find("\"f16\" in the kernel name: not modelled: the model's 3.x kernels accumulate in f32") !=
        std::string::npos);
  // MN-major operands: modelled on SM100 (block-scaled through the MXF8F6F4 MMA) and on SM90 with 16-bit
  // and tf32 types.
  CHECK(message("cutlass3x_sm100_tensorop_gemm_f16_f16_f32_f32_f32_64x128x64_1x1x1_0_nnn_align8_1sm") == "accepted");
  CHECK(message("cutlass3x_sm100_bstensorop_gemm_ue8m0xe4m3_ue8m0xe4m3_f32_void_bf16_128x128x128_1x1x1_0_ntt_align16_"
                "q_1sm") == "accepted");
  CHECK(message("cutlass3x_sm90_tensorop_gemm_f16_f16_f32_f16_f16_128x128x64_1x1x1_0_ntn_align8_warpspecialized_"
                "cooperative_epi_tma") == "accepted");
  CHECK(message("cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_f16_f16_128x128x128_1x1x1_0_ttn_align16_warpspecialized_"
                "cooperative_epi_tma")
            .find("\"ttn\" in the kernel name: not modelled: MN-major A or B") != std::string::npos);
  // Integer outputs and tf32 operands are read; an integer GEMM accumulates in s32.
  CHECK(message("cutlass3x_sm100_tensorop_gemm_s8_s8_s32_s32_s32_64x128x128_1x2x1_0_tnn_align16_1sm") == "accepted");
  CHECK(message("cutlass3x_sm90_tensorop_gemm_u8_u8_s32_s8_u8_128x128x128_1x2x1_0_tnn_align16") == "accepted");
  CHECK(message("cutlass3x_sm90_tensorop_gemm_u8_u8_f32_s8_u8_128x128x128_1x2x1_0_tnn_align16")
            .find("\"f32\" in the kernel name: not modelled: integer GEMMs accumulate in s32") != std::string::npos);
  CHECK(message("cutlass3x_sm100_tensorop_tf32gemm_f32_f32_f32_f32_f32_64x128x32_0x0x1_0_tnn_align4_1sm") == "accepted");
  // SM90's sparse kernels: u8, s32 accumulators and outputs, the tf32spgemm kind.
  CHECK(message("cutlass3x_sm90_sptensorop_spgemm_u8_u8_s32_s8_u8_64x128x128_1x2x1_0_tnn_align32_warpspecialized_"
                "pingpong_epi_tma") == "accepted");
  CHECK(message("cutlass3x_sm90_sptensorop_tf32spgemm_f32_f32_f32_f32_f32_256x128x32_2x1x1_0_tnn_align8") == "accepted");
  // SM100's complex<float> kernels: interleaved complex tf32 (conjugated operands c and h too) and FastF32.
  CHECK(message("cutlass3x_sm100_tensorop_tf32gemm_cf32_cf32_cf32_cf32_cf32_128x64x16_1x2x1_0_tnn_align2_1sm_epi_"
                "nosmem") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_tf32gemm_cf32_cf32_cf32_void_cf32_256x64x16_0x0x1_0_hcn_align2_stream_k_"
                "2sm_epi_nosmem") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_cbf16gemm_cf32_cf32_cf32_cf32_cf32_128x64x16_1x1x1_0_tnn_align2_FastF32_"
                "1sm_epi_nosmem_fastf32") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_cbf16gemm_cf32_cf32_cf32_cf32_cf32_128x64x16_1x1x1_0_tnn_align2_1sm_epi_"
                "nosmem")
            .find("a cbf16gemm kernel's schedule is FastF32_1sm or FastF32_2sm") != std::string::npos);
  CHECK(message("cutlass3x_sm100_tensorop_gemm_cf64_cf64_cf64_cf64_cf64_128x64x16_1x2x1_0_tnn_align1_1sm_epi_nosmem")
            .find("not modelled: complex GEMMs other than SM100's complex<float> ones") != std::string::npos);
  CHECK(message("cutlass3x_sm100_tensorop_gemm_f32_f32_f32_f32_f32_128x64x16_1x2x1_0_hnn_align4_1sm")
            .find("the layouts of A, B and C are three letters") != std::string::npos);
  CHECK(message("cutlass3x_sm100_tensorop_gemm_64x128f32xf8_32x128f32xf8_f32_f16_f16_64x32x128_0x0x1_0_tnn_align16_"
                "1sm") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_gemm_f16_f16_f32_f32_f32_64x128x64_1x1x1_0_tnn_align4_cpasync_1sm_epi_"
                "nosmem") == "accepted");
  CHECK(message("cutlass3x_sm100_tensorop_gemm_f16_f16_f16_f16_f16_64x128x64_1x1x1_0_tnn_align8_mixed_cpasync_1sm")
            .find("not modelled") != std::string::npos);
  // SM100's sparse kernels: a 2-SM kernel names its 2-SM epilogue (TmaWarpSpecialized2Sm, _epi_tma).
  CHECK(message("cutlass3x_sm100_sptensorop_spgemm_e4m3_e4m3_f32_f16_f16_128x128x128_1x1x1_0_tnn_align16_1sm") ==
        "accepted");
  CHECK(message("cutlass3x_sm100_sptensorop_spgemm_f16_f16_f32_void_f16_256x128x64_2x1x1_0_tnt_align16_2sm")
            .find("not modelled: a sparse SM100 kernel whose epilogue schedule") != std::string::npos);
  CHECK(message("cutlass3x_sm100_bssptensorop_spgemm_ue4m3xe2m1_ue4m3xe2m1_f32_bf16_e4m3xe2m1_128x256x256_0x0x1_0_tnt_"
                "align64_o_vs16_1sm_epi_tma_epiVs32t") == "accepted");
  CHECK(message("cutlass3x_sm120_bstensorop_gemm_ue4m3xe4m3_ue4m3xe4m3_f32_void_bf16_128x128x128_1x1x1_0_tnt_align16_"
                "cooperative_q")
            .find("ue4m3 scale factors go with e2m1 data only") != std::string::npos);
  // The generator's 2.x-API kernels for SM90 (GenerateSM90_TensorOp_1684: f64 and complex GEMMs) are read;
  // its names spell one type five times, and C column-major.
  CHECK(message("cutlass_sm90_tensorop_d1684gemm_f64_f64_f64_f64_f64_128x128x16_1x1x1_3_nnn_align1") == "accepted");
  CHECK(message("cutlass_sm90_tensorop_z1684gemm_cf64_cf64_cf64_cf64_cf64_64x64x8_1x1x1_3_hcn_align1") == "accepted");
  CHECK(message("cutlass_sm90_tensorop_d1684gemm_f64_f64_f64_f64_f32_128x128x16_1x1x1_3_nnn_align1")
            .find("\"f32\" in the kernel name: a d1684gemm kernel's types are all f64") != std::string::npos);
  CHECK(message("cutlass_sm90_tensorop_d1684gemm_f64_f64_f64_f64_f64_128x128x16_1x1x1_3_cnn_align1")
            .find("\"cn\" in the kernel name: expected the layouts of A and B, nn, nt, tn or tt") !=
        std::string::npos);
  // SM80's f64 and complex names: conjugated layouts (c, h) for complex operands only.
  CHECK(message("cutlass_tensorop_z884gemm_64x64_8x3_hc_align1") == "accepted");
  CHECK(message("cutlass_tensorop_d884gemm_64x64_16x4_hc_align1")
            .find("\"hc\" in the kernel name: expected the layouts of A and B, nn, nt, tn or tt") != std::string::npos);
  // Planar complex names (f16 and bf16 planes; c and h conjugated) and their pointer-array kernels.
  CHECK(message("cutlass_tensorop_bf16_s16816gemm_planar_complex_array_bf16_128x64_32x3_hc_align8") == "accepted");
  CHECK(message("cutlass_tensorop_h16816gemm_planar_complex_64x64_32x4_tn_align8") == "accepted");
  CHECK(message("cutlass_tensorop_h16816gemm_planar_64x64_32x4_tn_align8")
            .find("expected _planar_complex_ or _planar_complex_array_") != std::string::npos);
  // Interleaved integer GEMMs (ColumnMajorInterleaved<32> for 8-bit operands, <64> for 4-bit).
  CHECK(message("cutlass_tensorop_s8_i16832gemm_s8_64x64_64x10_n32t32_align16") == "accepted");
  CHECK(message("cutlass_tensorop_s8_i16832gemm_s8_64x64_64x10_n64t64_align16")
            .find("\"n64t64\" in the kernel name: interleaved layouts of 8-bit operands are n32t32") != std::string::npos);
  CHECK(message("cutlass_sm100_tensorop_d1684gemm_f64_f64_f64_f64_f64_128x128x16_1x1x1_3_nnn_align1")
            .find("\"cutlass_sm100\" in the kernel name: not modelled: CUTLASS 2.x-API kernels") != std::string::npos);
  // The 2.x SIMT library names: sgemm, dgemm and cgemm (conjugated operands too) are read; others are
  // not modelled.
  CHECK(message("cutlass_simt_sgemm_128x128_8x5_nt_align1") == "accepted");
  CHECK(message("cutlass_simt_dgemm_128x32_8x5_nn_align1") == "accepted");
  CHECK(message("cutlass_simt_cgemm_32x64_16x4_ch_align1") == "accepted");
  CHECK(message("cutlass_simt_sgemm_128x128_8x5_hc_align1")
            .find("\"hc\" in the kernel name: expected the layouts of A and B, nn, nt, tn or tt") != std::string::npos);
  CHECK(message("cutlass_simt_hgemm_128x32_8x5_nn_align1")
            .find("\"hgemm\" in the kernel name: not modelled: the 2.x SIMT hgemm kernels") != std::string::npos);
  CHECK(message("cutlass_simt_sgemm_128x128_8x5_nt").find("expected cutlass_simt_") != std::string::npos);
  CHECK(message("cutlass_tensorop_s16816tf32spgemm_128x128_32x3_tt_align4") == "accepted");
  CHECK(message("CutlassTileConfigSM90::CtaShape128x128x128B").find("not modelled: an SM90 tactic") !=
        std::string::npos);
  CHECK(message("CutlassTileConfig::CtaShape128x128x64").find("names its warp tile") != std::string::npos);
  CHECK(message("CutlassTileConfigSM120::CtaShape128x128x64_WarpShape64x32x64").find("has no warp tile") !=
        std::string::npos);
  CHECK(message("128x128x128").find("is not a kernel name") != std::string::npos);
  CHECK(message("CutlassTileConfigSM120::X").find("expected a CtaShape") != std::string::npos);
  CHECK(message("CutlassTileConfigSM120").find("expected CutlassTileConfigSM120::CtaShape") != std::string::npos);
  CHECK(message(base.substr(0, 40)).find("the name ends before") != std::string::npos);
}

namespace {

// The SM90 kernel-schedule tags whose kernels the model lays out: schedule, fast accumulation, cp.async.
struct Sm90Tag {
  Schedule schedule;
  bool fast_accum = false;
  bool cp_async = false;
};
const std::map<std::string, Sm90Tag> sm90_schedule_tags{
    {"cutlass::gemm::collective::KernelScheduleAuto", {Schedule::automatic, false}},
    {"cutlass::gemm::KernelTmaWarpSpecializedCooperative", {Schedule::cooperative, false}},
    {"cutlass::gemm::KernelTmaWarpSpecializedPingpong", {Schedule::pingpong, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperative", {Schedule::cooperative, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong", {Schedule::pingpong, false}},
    {"cutlass::gemm::KernelTmaWarpSpecializedCooperativeFP8FastAccum", {Schedule::cooperative, true}},
    {"cutlass::gemm::KernelTmaWarpSpecializedPingpongFP8FastAccum", {Schedule::pingpong, true}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum", {Schedule::cooperative, true}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum", {Schedule::pingpong, true}},
    {"cutlass::gemm::KernelTmaWarpSpecializedCooperativeFP8Blockwise", {Schedule::cooperative, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise", {Schedule::cooperative, false}},
    {"cutlass::gemm::KernelTmaWarpSpecialized", {Schedule::warp_specialized, false}},
    {"cutlass::gemm::KernelTmaWarpSpecializedFP8FastAccum", {Schedule::warp_specialized, true}},
    {"cutlass::gemm::KernelTma", {Schedule::tma, false}},
    {"cutlass::gemm::KernelCpAsyncWarpSpecialized", {Schedule::warp_specialized, false, true}},
    {"cutlass::gemm::KernelCpAsyncWarpSpecializedCooperative", {Schedule::cooperative, false, true}},
    {"cutlass::gemm::KernelCpAsyncWarpSpecializedPingpong", {Schedule::pingpong, false, true}},
};

// The SM90 configuration the generator's objects describe.
// An SM90 operand as the objects name it; tfloat32_t (tf32) is the model's f32 operand, multiplied as tf32.
std::optional<Operand> sm90_operand(const json& element_name) {
  const std::string e = element_name;
  return operand_from_name(e == "tf32" ? "f32" : e);
}

Config expected_sm90(const json& k) {
  Config c;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.cluster = {k["cluster"][0], k["cluster"][1], k["cluster"][2]};
  c.types = {*sm90_operand(k["a"]), *sm90_operand(k["b"])};
  c.sparse = k["gemm_kind"] == "spgemm";
  c.scaling = k.contains("scale_granularity") ? Scaling::blockwise : Scaling::none;
  if (k.contains("scale_granularity"))
    c.scale_granularity = {false, k["scale_granularity"][0], k["scale_granularity"][1], k["scale_granularity"][2]};
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  const Sm90Tag tag = sm90_schedule_tags.at(k["kernel_schedule"].get<std::string>());
  c.schedule = tag.schedule;
  c.fast_accum = tag.fast_accum;
  c.cp_async = tag.cp_async;
  // EpilogueTransposed is a DefaultEpilogue in the no-smem adapter, as NoSmemWarpSpecialized is; under
  // KernelScheduleAuto the model resolves the epilogue to that adapter whatever the key says.
  const std::string epilogue = k["epilogue_schedule"];
  const bool no_smem = epilogue.find("NoSmem") != std::string::npos ||
                       (epilogue.find("EpilogueTransposed") != std::string::npos && c.schedule != Schedule::automatic);
  c.epilogue = no_smem ? EpilogueKind::nosmem : EpilogueKind::tma;
  // The mixed-input kernels' MixedInputMode and shuffle.
  if (k.contains("mixed_input_mode")) {
    const std::map<std::string, Conversion> modes{{"ConvertOnly", Conversion::convert},
                                                  {"ScaleOnly", Conversion::scale},
                                                  {"ScaleWithZeroPoint", Conversion::scale_zero}};
    c.conversion = modes.at(k["mixed_input_mode"].get<std::string>());
    c.shuffled = k["mixed_input_shuffle"];
  }
  set_stages_and_output(c, k);
  set_alignment_and_scheduler(c, k);
  return c;
}

}  // namespace

TEST_CASE("SM90 kernels of CUTLASS's generator read as their objects describe, or are refused",
          "[kernel-names][sm90]") {
  // Every 8th SM90 GEMM the generator makes (tools/kernel_names/list_kernels.py --arch sm90 --every 8).
  const json listing = load_test_data("kernel-names/sm90-generator-sample.json");
  std::size_t read = 0, exact = 0, read_2x = 0;
  for (const json& k : listing["kernels"]) {
    const std::string name = k["name"];
    const NameReading reading = read_name(name);
    if (name.starts_with("cutlass_sm90_tensorop_")) {
      // The 2.x-API f64 and complex kernels: read as 2.x configurations of their tile, stages and
      // layouts (sm80-names tests measure them).
      INFO(name << ": " << reading.refusal);
      REQUIRE(reading.config);
      CHECK(reading.config->generation == Generation::cutlass2x);
      CHECK(reading.config->tile == Tile{k["tile"][0], k["tile"][1], k["tile"][2]});
      CHECK(reading.config->stages.count == k["stages"].get<bytes_t>());
      ++read_2x;
      continue;
    }
    if (!reading.config) {
      // Refused: then it is a kernel outside the modelled set, and the message says which part.
      const bool modelled_kind = sm90_schedule_tags.contains(k["kernel_schedule"].get<std::string>()) &&
                                 (k_major(k) || k["a"] == "f16" || k["a"] == "bf16" || k["a"] == "tf32") &&
                                 (k["accumulator"] == "f32" || (k["accumulator"] == "f16" && k["a"] == "f16") ||
                                  (k["accumulator"] == "s32" && (k["a"] == "s8" || k["a"] == "u8"))) &&
                                 name.find("_tensorop_") != std::string::npos && sm90_operand(k["a"]) &&
                                 sm90_operand(k["b"]);
      INFO(name << ": " << reading.refusal);
      CHECK(!modelled_kind);
      const std::string& message = reading.refusal;
      CHECK((message.find("in the kernel name") != std::string::npos ||
             message.find("in the name") != std::string::npos ||
             message.find("is not a kernel name") != std::string::npos));
      continue;
    }
    ++read;
    const Config& got = *reading.config;
    if (got == expected_sm90(k))
      ++exact;
    else
      FAIL_CHECK(fmt::format("{} reads as {}, its objects say {}", name, io::config_to_json(got).dump(),
                             io::config_to_json(expected_sm90(k)).dump()));
  }
  WARN(fmt::format("{} of {} sampled SM90 generator names read, {} exactly", read, listing["kernels"].size(), exact));
  CHECK(listing["kernels"].size() == 2659);
  CHECK(exact == read);
  CHECK(read == 2608);  // today; a generator or reader change shows here
  CHECK(read_2x == 51);
}

namespace {

// The SM100 block-scaled kernel-schedule tags the model lays out: 1-SM or 2-SM, and whether the
// tag is an explicit MXF8F6F4 one (PtrArray… for grouped kernels).
struct Sm100Tag {
  Schedule schedule;
  bool mxf8f6f4;
};
const std::map<std::string, Sm100Tag> sm100_schedule_tags{
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmMxf8f6f4Sm100", {Schedule::one_sm, true}},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmMxf8f6f4Sm100", {Schedule::two_sm, true}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized1SmMxf8f6f4Sm100", {Schedule::one_sm, true}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized2SmMxf8f6f4Sm100", {Schedule::two_sm, true}},
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmNvf4Sm100", {Schedule::one_sm, false}},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmNvf4Sm100", {Schedule::two_sm, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100", {Schedule::one_sm, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized2SmNvf4Sm100", {Schedule::two_sm, false}},
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmMxf4Sm100", {Schedule::one_sm, false}},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmMxf4Sm100", {Schedule::two_sm, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized1SmMxf4Sm100", {Schedule::one_sm, false}},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized2SmMxf4Sm100", {Schedule::two_sm, false}},
    // The block-scaled sparse ones (bssptensorop).
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized1SmMxf8f6f4Sm100", {Schedule::one_sm, true}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized2SmMxf8f6f4Sm100", {Schedule::two_sm, true}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized1SmNvf4Sm100", {Schedule::one_sm, false}},
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized2SmNvf4Sm100", {Schedule::two_sm, false}},
    {"cutlass::gemm::KernelMixedTmaCpAsyncWarpSpecialized1SmBlockScaledSm100", {Schedule::one_sm, false}},  // MoE
};

// The sparse kernel-schedule tags without block scales (sptensorop): 1-SM or 2-SM.
const std::map<std::string, Schedule> sm100_sparse_schedule_tags{
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized1SmSm100", Schedule::one_sm},
    {"cutlass::gemm::KernelSparseTmaWarpSpecialized2SmSm100", Schedule::two_sm},
};

// An SM100 operand as the objects give it: scale-factor type, and the element, where the runtime
// types f4 and f6 (type_erased_dynamic_float4/6_t) have the bits of e2m1 and e3m2.
Operand sm100_operand(const json& scale, const json& element_name) {
  const std::string e = element_name;
  const Element data = e == "f4" ? Element::e2m1 : e == "f6" ? Element::e3m2 : element(element_name);
  return scale == "ue4m3" ? Operand{data, ScaleType::ue4m3, 16} : Operand{data, ScaleType::ue8m0, 32};
}

// The SM100 dense (tensorop) kernel-schedule tags the model lays out, blockwise-scaled too: 1-SM or 2-SM.
const std::map<std::string, Schedule> sm100_dense_schedule_tags{
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmSm100", Schedule::one_sm},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmSm100", Schedule::two_sm},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized1SmSm100", Schedule::one_sm},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecialized2SmSm100", Schedule::two_sm},
    {"cutlass::gemm::KernelTmaWarpSpecializedBlockwise1SmSm100", Schedule::one_sm},
    {"cutlass::gemm::KernelTmaWarpSpecializedBlockwise2SmSm100", Schedule::two_sm},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedBlockwise1SmSm100", Schedule::one_sm},
    {"cutlass::gemm::KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100", Schedule::two_sm},
    {"cutlass::gemm::KernelWarpSpecialized1SmSm100", Schedule::one_sm},  // cp.async
    {"cutlass::gemm::KernelMixedTmaCpAsyncWarpSpecialized1SmSm100", Schedule::one_sm},  // MoE
    // complex<float>: interleaved complex tf32 and FastF32 (9xBF16).
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmInterleavedComplexTF32Sm100", Schedule::one_sm},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmInterleavedComplexTF32Sm100", Schedule::two_sm},
    {"cutlass::gemm::KernelTmaWarpSpecialized1SmFastFP32Sm100", Schedule::one_sm},
    {"cutlass::gemm::KernelTmaWarpSpecialized2SmFastFP32Sm100", Schedule::two_sm},
};

// The kinds the SM100 reader reads: gemm, gemm_grouped, and moe_gemm, the mixed TMA/cp.async
// schedules' only kind.
bool sm100_kind_modelled(const json& k) {
  const bool mixed = k["kernel_schedule"].get<std::string>().find("MixedTmaCpAsync") != std::string::npos;
  if (k["gemm_kind"] == "moe_gemm") return mixed;
  return !mixed && (k["gemm_kind"] == "gemm" || k["gemm_kind"] == "gemm_grouped");
}

// An SM100 dense operand as the objects give it: the runtime types f4, f6 and f8
// (type_erased_dynamic_float4/6/8_t) have the bits of e2m1, e3m2 and e4m3.
std::optional<Element> sm100_dense_element(const std::string& e) {
  if (e == "f4") return Element::e2m1;
  if (e == "f6") return Element::e3m2;
  if (e == "f8") return Element::e4m3;
  if (e == "tf32") return Element::f32;
  const auto known = element_from_name(e);
  if (known && (*known == Element::f32 || *known == Element::f16 || *known == Element::bf16 ||
                *known == Element::s8 || *known == Element::cf32 || is_narrow_float(*known)))
    return known;
  return std::nullopt;
}

// EpilogueScheduleAuto under a 2-SM mainloop builds the 2-SM epilogue only for an even, static cluster
// M and tile M 256 (block-scaled) or 128 or 256 (tensor-op); else the 1-SM one.
bool auto_epilogue_1sm_on_2sm(const json& k, Schedule schedule, bool block_scaled) {
  const int m = k["tile"][0];
  return k["epilogue_schedule"] == "cutlass::epilogue::collective::EpilogueScheduleAuto" &&
         schedule == Schedule::two_sm &&
         (k["cluster"][0].get<int>() % 2 != 0 || k["cluster"][0] == 0 || (m != 256 && (block_scaled || m != 128)));
}

// The dense kernels the SM100 reader reads: their operands, accumulator (s32 for s8), outputs and
// K-major operands.
bool sm100_dense_modelled(const json& k) {
  const std::string schedule = k["kernel_schedule"];
  if (!sm100_dense_schedule_tags.contains(schedule)) return false;
  const auto a = sm100_dense_element(k["a"]), b = sm100_dense_element(k["b"]);
  if (!a || !b) return false;
  const bool s8 = *a == Element::s8;
  const std::string own = s8 ? "s32" : *a == Element::cf32 ? "cf32" : "f32";
  if (k["accumulator"] != own && !(k["accumulator"] == "f16" && *a == Element::f16)) return false;
  for (const char* output : {"c", "d"})
    if (!element_from_name(k[output].get<std::string>())) return false;
  return sm100_kind_modelled(k);
}

Config expected_sm100_dense(const json& k) {
  Config c;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.cluster = {k["cluster"][0], k["cluster"][1], k["cluster"][2]};
  c.types = {*operand_from_name(name_of(*sm100_dense_element(k["a"]))),
             *operand_from_name(name_of(*sm100_dense_element(k["b"])))};
  c.scaling = k.contains("scale_granularity") ? Scaling::blockwise : Scaling::none;
  if (k.contains("scale_granularity"))
    c.scale_granularity = {false, k["scale_granularity"][0], k["scale_granularity"][1], k["scale_granularity"][2]};
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  c.schedule = sm100_dense_schedule_tags.at(k["kernel_schedule"].get<std::string>());
  c.cp_async = k["kernel_schedule"] == "cutlass::gemm::KernelWarpSpecialized1SmSm100";
  c.moe = k["gemm_kind"] == "moe_gemm";
  if (k["kernel_schedule"].get<std::string>().find("FastFP32") != std::string::npos) c.math = Math::fast_bf16;
  const std::string epilogue = k["epilogue_schedule"];
  c.epilogue = epilogue.find("NoSmem") != std::string::npos ? EpilogueKind::nosmem : EpilogueKind::tma;
  if (auto_epilogue_1sm_on_2sm(k, c.schedule, false)) c.epilogue_schedule = EpilogueSchedule::one_sm;
  set_stages_and_output(c, k);
  set_alignment_and_scheduler(c, k);
  if (k["epilogue_tile"] != "auto") c.epilogue_tile = {false, k["epilogue_tile"][0], k["epilogue_tile"][1]};
  return c;
}

bool is_sm100_dense(const json& k) { return k["name"].get<std::string>().starts_with("cutlass3x_sm100_tensorop_"); }

// The kernels the SM100 reader reads: what it must refuse are the others (with a message naming the part).
Config expected_sm100(const json& k);

bool is_sm100_plain_sparse(const json& k) {
  return k["name"].get<std::string>().starts_with("cutlass3x_sm100_sptensorop_");
}

// Block-scaled: MN-major operands through the MXF8F6F4 MMA (the only ones the generator makes).
// Sparse without block scales: K-major operands of the types the MMAs take.
bool sm100_modelled(const json& k) {
  if (is_sm100_dense(k)) return sm100_dense_modelled(k);
  const std::string schedule = k["kernel_schedule"];
  if (is_sm100_plain_sparse(k))
    return sm100_sparse_schedule_tags.contains(schedule) && k_major(k) && sm100_dense_element(k["a"]) &&
           bits_of(*sm100_dense_element(k["a"])) >= 8;
  const std::string name = k["name"];
  if ((name.find("_bstensorop_") == std::string::npos && name.find("_bssptensorop_") == std::string::npos) ||
      !sm100_schedule_tags.contains(schedule))
    return false;
  if (!sm100_kind_modelled(k) && k["gemm_kind"] != "spgemm") return false;
  const Config c = expected_sm100(k);
  return k_major(k) || mma_path(c.types, c.instruction) == MmaPath::mxf8f6f4;
}

// A sparse kernel without block scales: CUTLASS's generator gives it StageCountAutoCarveoutEpi.
Config expected_sm100_plain_sparse(const json& k) {
  Config c;
  c.sparse = true;
  c.scaling = Scaling::none;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.cluster = {k["cluster"][0], k["cluster"][1], k["cluster"][2]};
  c.types = {*operand_from_name(name_of(*sm100_dense_element(k["a"]))),
             *operand_from_name(name_of(*sm100_dense_element(k["b"])))};
  c.schedule = sm100_sparse_schedule_tags.at(k["kernel_schedule"].get<std::string>());
  set_stages_and_output(c, k);
  if (k["stages"] == 0) c.stages = StagePolicy{StagePolicy::Kind::auto_epi, 0};
  set_alignment_and_scheduler(c, k);
  return c;
}

Config expected_sm100(const json& k) {
  if (is_sm100_dense(k)) return expected_sm100_dense(k);
  if (is_sm100_plain_sparse(k)) return expected_sm100_plain_sparse(k);
  Config c;
  c.sparse = k["gemm_kind"] == "spgemm";
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.cluster = {k["cluster"][0], k["cluster"][1], k["cluster"][2]};
  c.types = {sm100_operand(k["sf_a"], k["a"]), sm100_operand(k["sf_b"], k["b"])};
  // The NVF4 schedules take one scale per 16 elements, ue8m0 ones too.
  if (k["kernel_schedule"].get<std::string>().find("Nvf4") != std::string::npos)
    c.types.a.vector = c.types.b.vector = 16;
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  c.moe = k["gemm_kind"] == "moe_gemm";
  const Sm100Tag tag = sm100_schedule_tags.at(k["kernel_schedule"].get<std::string>());
  c.schedule = tag.schedule;
  c.instruction = tag.mxf8f6f4 ? Instruction::mxf8f6f4 : Instruction::automatic;
  const std::string epilogue = k["epilogue_schedule"];
  c.epilogue = epilogue.find("NoSmem") != std::string::npos ? EpilogueKind::nosmem : EpilogueKind::tma;
  if (auto_epilogue_1sm_on_2sm(k, c.schedule, true)) c.epilogue_schedule = EpilogueSchedule::one_sm;
  set_stages_and_output(c, k);
  if (k.contains("sf_d")) {
    c.fusion = Fusion::sf_gen;
    // The sparse NVF4 kernels' e4m3 scale factors of D read as ue4m3 (bytes written from registers).
    c.sf_output = {k["sf_d_vector"], k["sf_d"] == "ue8m0" ? ScaleType::ue8m0 : ScaleType::ue4m3};
    // Scale factors of D in another layout than D's keep theirs.
    const MatrixLayout sf_layout = k["sf_d_layout"] == "t" ? MatrixLayout::row : MatrixLayout::col;
    if (sf_layout != c.d_layout) c.sf_output.layout = sf_layout;
  }
  set_alignment_and_scheduler(c, k);
  if (k["epilogue_tile"] != "auto") c.epilogue_tile = {false, k["epilogue_tile"][0], k["epilogue_tile"][1]};
  return c;
}

}  // namespace

TEST_CASE("SM100 kernels of CUTLASS's generator read as their objects describe, or are refused",
          "[kernel-names][sm100]") {
  // Every 8th block-scaled SM100 GEMM the generator makes and every 256th other one
  // (tools/kernel_names/list_kernels.py --arch sm100).
  const json listing = load_test_data("kernel-names/sm100-generator-sample.json");
  std::size_t read = 0, exact = 0, dense = 0;
  for (const json& k : listing["kernels"]) {
    const std::string name = k["name"];
    const NameReading reading = read_name(name);
    if (!reading.config) {
      INFO(name << ": " << reading.refusal);
      CHECK(!sm100_modelled(k));
      CHECK(reading.refusal.find("did you mean") == std::string::npos);
      CHECK(reading.refusal.find("in the kernel name: not modelled") != std::string::npos);
      continue;
    }
    ++read;
    if (is_sm100_dense(k)) ++dense;
    INFO(name);
    CHECK(sm100_modelled(k));
    const Config& got = *reading.config;
    if (got == expected_sm100(k))
      ++exact;
    else
      FAIL_CHECK(fmt::format("{} reads as {}, its objects say {}", name, io::config_to_json(got).dump(),
                             io::config_to_json(expected_sm100(k)).dump()));
  }
  WARN(fmt::format("{} of {} sampled SM100 generator names read ({} dense), {} exactly", read,
                   listing["kernels"].size(), dense, exact));
  CHECK(listing["kernels"].size() == 2981);
  CHECK(exact == read);
  // today; a generator or reader change shows here (2 of them SM100's sparse kernels, 8 MoE and 6 complex, read
  // since issue 24)
  CHECK(read == 2981);
  CHECK(dense == 561);
}

namespace {

// An SM103 ultra kernel as its generator objects describe it: the vector is the schedule's (Vs16 or
// Vs32), the scale type the operands'.
Config expected_sm103(const json& k) {
  Config c;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.cluster = {k["cluster"][0], k["cluster"][1], k["cluster"][2]};
  const std::string schedule = k["kernel_schedule"];
  const int vector = schedule.find("Vs16") != std::string::npos ? 16 : 32;
  const auto operand = [&](const json& scale) {
    return Operand{Element::e2m1, scale == "ue4m3" ? ScaleType::ue4m3 : ScaleType::ue8m0, vector};
  };
  c.types = {operand(k["sf_a"]), operand(k["sf_b"])};
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  c.schedule = schedule.find("Specialized2Sm") != std::string::npos ? Schedule::two_sm : Schedule::one_sm;
  c.epilogue = k["epilogue_schedule"].get<std::string>().find("NoSmem") != std::string::npos ? EpilogueKind::nosmem
                                                                                             : EpilogueKind::tma;
  set_stages_and_output(c, k);
  if (k.contains("sf_d")) {
    c.fusion = Fusion::sf_gen;
    c.sf_output = {k["sf_d_vector"], k["sf_d"] == "ue4m3" ? ScaleType::ue4m3 : ScaleType::ue8m0};
  }
  set_alignment_and_scheduler(c, k);
  return c;
}

}  // namespace

TEST_CASE("SM103 kernels of CUTLASS's generator read as their objects describe", "[kernel-names][sm103]") {
  // Every 8th SM103 GEMM the generator makes (tools/kernel_names/list_kernels.py --arch sm103).
  const json listing = load_test_data("kernel-names/sm103-generator-sample.json");
  std::size_t exact = 0;
  for (const json& k : listing["kernels"]) {
    const std::string name = k["name"];
    const NameReading reading = read_name(name);
    INFO(name << ": " << reading.refusal);
    REQUIRE(reading.config);
    const Config expected = expected_sm103(k);
    if (*reading.config == expected)
      ++exact;
    else
      FAIL_CHECK(fmt::format("{} reads as {}, its objects say {}", name, io::config_to_json(*reading.config).dump(),
                             io::config_to_json(expected).dump()));
  }
  CHECK(listing["kernels"].size() == 960);
  CHECK(exact == listing["kernels"].size());
}

namespace {

// The configuration a 2.x generator row describes (its warp count included, which the name
// leaves out). tf32 operands are the model's f32 (the tf32 MMA's 32-bit operands).
Config expected_2x(const json& k) {
  Config c;
  c.generation = Generation::cutlass2x;
  c.scaling = Scaling::none;
  c.tile = {k["tile"][0], k["tile"][1], k["tile"][2]};
  c.warp = {c.tile.m / k["warps"][0].get<bytes_t>(), c.tile.n / k["warps"][1].get<bytes_t>(),
            c.tile.k / k["warps"][2].get<bytes_t>()};
  c.stages = {StagePolicy::Kind::fixed, k["stages"].get<bytes_t>()};
  const auto operand = [](const json& e) {
    return Operand{e == "tf32" ? Element::f32 : element(e), ScaleType::ue8m0, 32};
  };
  c.types = {operand(k["a"]), operand(k["b"])};
  c.d = element(k["c"]);
  // A complex kernel's accumulator is complex: the listing gives its MMA's real one.
  c.accumulator = is_complex(c.types.a.data) ? c.types.a.data : element(k["accumulator"]);
  // h and c: row- and column-major, conjugated.
  const auto layout = [](const json& l) { return l == "t" || l == "h" ? MatrixLayout::row : MatrixLayout::col; };
  // n32/t32 and n64/t64: the interleaved layouts, which the model's interleaved key stands for.
  c.interleaved = k["a_layout"] == "n32" || k["a_layout"] == "n64";
  c.a_layout = c.interleaved ? MatrixLayout::row : layout(k["a_layout"]);
  c.b_layout = c.interleaved ? MatrixLayout::col : layout(k["b_layout"]);
  c.d_layout = k["c_layout"] == "t" || c.interleaved ? MatrixLayout::row : MatrixLayout::col;
  c.alignment = {k["alignment"][0], k["alignment"][1], k["alignment"][2]};
  c.grouped = k["gemm_kind"] == "gemm_grouped";
  c.sparse = k["gemm_kind"] == "spgemm";
  c.opclass = k["opcode_class"] == "simt" ? OpClass::simt : OpClass::tensorop;
  c.planar_complex = k["gemm_kind"] == "gemm_planar_complex" || k["gemm_kind"] == "gemm_planar_complex_array";
  c.batched = k["gemm_kind"] == "gemm_planar_complex_array";
  return c;
}

// The 2.x kinds the model lays out: tensor-op GEMMs, plain, grouped or sparse, of one operand type
// (or two FP8 ones, or a mixed-input pair) the model has, with an output it has; the f64 and complex
// GEMMs (complex ones with conjugated operands too); planar complex GEMMs (conjugated operands
// too); f32 SIMT GEMMs.
bool modelled_2x(const json& k) {
  if (k["opcode_class"] == "simt")
    return k["a"] == k["b"] && k["a"] == k["c"] && (k["a"] == "f32" || k["a"] == "f64" || k["a"] == "cf32");
  static const std::set<std::string> maths{
      "cutlass::arch::OpMultiplyAdd",          "cutlass::arch::OpMultiplyAddSaturate",
      "cutlass::arch::OpMultiplyAddFastAccum", "cutlass::arch::OpMultiplyAddFastF32",
      "cutlass::arch::OpMultiplyAddFastF16",   "cutlass::arch::OpMultiplyAddFastBF16",
      "cutlass::arch::OpMultiplyAddMixedInputUpcast", "cutlass::arch::OpMultiplyAddComplex",
      "cutlass::arch::OpMultiplyAddComplexFastF32",   "cutlass::arch::OpMultiplyAddGaussianComplex",
      "cutlass::arch::OpXorPopc",                     "cutlass::arch::OpAndPopc"};
  static const std::set<std::string> operands{"f16", "bf16", "f32", "tf32", "s8",   "u8",   "s4",
                                              "u4",  "e4m3", "e5m2", "f64", "cf32", "cf64", "b1"};
  static const std::set<std::string> outputs{"f16", "bf16", "f32", "tf32", "s8", "u8", "s4", "u4", "s32", "f64", "cf32", "cf64"};
  const std::string a = k["a"], b = k["b"];
  const bool fp8 = (a == "e4m3" || a == "e5m2") && (b == "e4m3" || b == "e5m2");
  const bool mixed = k["math"] == "cutlass::arch::OpMultiplyAddMixedInputUpcast";
  const bool planar = k["gemm_kind"] == "gemm_planar_complex" || k["gemm_kind"] == "gemm_planar_complex_array";
  const bool complex = a == "cf32" || a == "cf64" || planar;
  if (k["gemm_kind"] == "spgemm" && (a == "u8" || a == "u4")) return false;
  const bool interleaved = (k["a_layout"] == "n32" && k["b_layout"] == "t32") ||
                           (k["a_layout"] == "n64" && k["b_layout"] == "t64");
  const auto layout = [&](const json& l) {
    return l == "n" || l == "t" || (complex && (l == "c" || l == "h")) || interleaved;
  };
  return k["opcode_class"] == "tensorop" &&
         (k["gemm_kind"] == "gemm" || k["gemm_kind"] == "gemm_grouped" || k["gemm_kind"] == "spgemm" || planar) &&
         maths.contains(k["math"]) && operands.contains(a) && operands.contains(b) && (a == b || fp8 || mixed) &&
         outputs.contains(k["c"]) && layout(k["a_layout"]) && layout(k["b_layout"]);
}

}  // namespace

TEST_CASE("CUTLASS 2.x library names read as the generator's objects describe, warp tile included, or are refused",
          "[kernel-names][sm80]") {
  // Every 3rd SM80 and SM89 GEMM the generator makes (tools/kernel_names/list_kernels.py --arch sm80|sm89 --every 3).
  std::size_t read = 0;
  for (const char* file : {"kernel-names/sm80-generator-sample.json", "kernel-names/sm89-generator-sample.json"}) {
    const json listing = load_test_data(file);
    const ArchLimits arch = *find_arch(std::string(file).find("sm89") != std::string::npos ? "sm89" : "sm80");
    for (const json& k : listing["kernels"]) {
      const std::string name = k["name"];
      const NameReading reading = read_name(name);
      INFO(name << ": " << reading.refusal);
      if (!reading.config) {
        CHECK(!modelled_2x(k));
        CHECK(reading.refusal.find("in the kernel name") != std::string::npos);
        continue;
      }
      ++read;
      CHECK(modelled_2x(k));
      const Config expected = expected_2x(k);
      CHECK(reading.config->warp == expected.warp);
      // The name keeps one alignment; what it gives C must make the generator's epilogue.
      const auto got = evaluate(*reading.config, arch), want = evaluate(expected, arch);
      REQUIRE((got && want));
      CHECK(got->verdict == want->verdict);
      CHECK(got->total == want->total);
      CHECK(got->epilogue_shared_storage == want->epilogue_shared_storage);
      CHECK(got->mainloop_tensors == want->mainloop_tensors);
    }
  }
  CHECK(read == 2232);  // today (160 planar complex, 51 SIMT dgemm and cgemm, 8 sparse s4, 9 interleaved, 10 b1 since issue 25); a generator or reader change shows here
}

TEST_CASE("Turing's 2.x library names read as GenerateSM75's objects describe, warp tile included", "[kernel-names][sm75]") {
  // Every 3rd GEMM GenerateSM75 makes (tools/kernel_names/list_kernels.py --arch sm75 --every 3): the model answers
  // its tensor-op GEMMs of f16 and 8- and 4-bit integers (sm75_invalid_input refuses the rest: planar complex,
  // interleaved, b1), each read with the warps the generator gives its tile.
  const json listing = load_test_data("kernel-names/sm75-generator-sample.json");
  constexpr ArchLimits sm75 = *find_arch("sm75");
  std::size_t answered = 0;
  for (const json& k : listing["kernels"]) {
    const std::string name = k["name"];
    const NameReading reading = read_name(name);
    INFO(name << ": " << reading.refusal);
    const Config expected = expected_2x(k);
    const auto want = evaluate(expected, sm75);
    if (!want) continue;
    ++answered;
    REQUIRE(reading.config);
    CHECK(reading.config->warp == expected.warp);
    const auto got = evaluate(*reading.config, sm75);
    REQUIRE(got);
    CHECK(got->verdict == want->verdict);
    CHECK(got->total == want->total);
    CHECK(got->epilogue_shared_storage == want->epilogue_shared_storage);
  }
  CHECK(listing["kernels"].size() == 484);
  CHECK(answered == 185);  // today; a generator, reader or model change shows here
}
