// Bad input: each case must exit 2, print nothing on standard output, and say on one line of
// standard error what is wrong and where.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <tuple>

#include "cli_runner.hpp"

namespace {

struct Case {
  const char* args;
  const char* batch;     // written to bad.json when not null
  const char* expected;  // must appear in the message
};

// clang-format off
const Case cases[] = {
  // flags and tile strings
  {"--tile 128x0x128", nullptr, "--tile: \"128x0x128\": dimensions must be 1…65536"},
  {"--tile 12ax128x128", nullptr, "--tile: \"12ax128x128\": dimensions must be whole numbers"},
  {"--tile 128x128", nullptr, "a tile is MxNxK"},
  {"--tile 128x128x128x1", nullptr, "a tile is MxNxK"},
  {"--tile -128x128x128", nullptr, "dimensions must be 1…65536"},
  {"--tile 99999999999999999999x1x1", nullptr, "dimensions must be 1…65536"},
  {"--tile 65537x128x128", nullptr, "dimensions must be 1…65536"},
  {"--tile ''", nullptr, "a tile is MxNxK"},
  {"--tile 128x128x65B --types mxfp6", nullptr, "not a whole number of 6-bit elements"},
  {"--tile 128x128x65535B", nullptr, "dimensions must be 1…65536"},
  {"", nullptr, "--tile: required"},
  {"--tile 128x128x128 --arch sm999", nullptr, "--arch: \"sm999\": unknown architecture"},
  {"--tile 128x128x128 --arch sm70", nullptr, "layout rules for sm_70 are not modelled yet; sm75, sm80"},
  {"--tile 128x128x32 --arch sm75 --warp 64x64x32 --types bf16", nullptr,
   "Turing (sm75) has no tensor-op MMA for bf16"},
  {"--tile 128x128x128 --grouped=yes", nullptr,
   "--grouped: \"yes\": not a value it takes (a flag is given alone, or as --grouped=true / --grouped=false)"},
  {"--tile 128x128x128 --grouped=false --grouped", nullptr, "--grouped: given more than once; give it once"},
  {"--tile 128x128x128 --grouped=", nullptr, "--grouped: nothing after '='; give the value after it"},
  {"--tile 128x128x128 --output= --grouped", nullptr, "--output: nothing after '='; give the value after it"},
  {"--tile 128x128x128 --device 1.5", nullptr, "--device: \"1.5\": not a value it takes (e.g. --device 1)"},
  {"--tile 128x128x128 -o ''", nullptr,
   "--output: empty: give a file name, or leave -o out to write to standard output"},
  {"arch ''", nullptr, "ARCH: empty: give an architecture's name or an arch JSON file, or leave it out"},
  {"--config ''", nullptr, "--config: empty: give a batch file, or - to read standard input"},
  {"compare --cutlass 4.4.2,4.7 --config BAD",
   R"([{"tile": "128x256x128", "grouped": true, "epilogue": "finalize", "cutlass": "4.3.5"}])",
   "BAD: [0].cutlass: not used here: each comparison's column sets the release (compare's --cutlass list)"},
  {"--arch sm120 --tile 128x128x128 --warp 64x64x64", nullptr,
   "options: warp is a 2.x kernel's warp tile (cutlass_tensorop_… names, CutlassTileConfig tactics): give generation 2x"},
  {"--arch sm90 --types e4m3 --scaling none --tile 128x128x128 --alignment 16:16:8", nullptr,
   "options: alignment A:B:C: C's alignment is a 2.x epilogue's (its elements per access); a 3.x kernel takes A:B"},
  {"--tile 128x128x32 --arch sm75 --warp 64x64x32 --generation 3x", nullptr,
   "CUTLASS 3.x GEMMs do not run on Turing (sm75)"},
  {"--arch sm75 --runner trtllm-moe --types f16 --kernel CtaShape128x128x64_WarpShape64x32x64 --activation-type swiglu",
   nullptr, "TensorRT-LLM runs its fused gated-activation MoE kernel on SM80 and later only"},
  {"--arch sm80 --types f16:u2 --d f16 --tile 64x128x64 --warp 64x32x64 --conversion scl", nullptr,
   "no CUTLASS 2.x GEMM takes 2-bit operands (W2A16 included)"},
  {"--tile 128x128x128 --arch sm89", nullptr, "a 2.x kernel needs its warp tile (WarpShape): give warp MxNxK"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64", nullptr, "--warp: \"64x64\": a warp tile is MxNxK elements"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x24", nullptr, "not modelled: a warp tile K that does not divide"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --generation 4x", nullptr, "--generation: \"4x\""},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --generation 3x", nullptr, "not modelled: CUTLASS 3.x GEMMs on sm80"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --types bf16 --accumulator f16", nullptr,
   "no 2.x tensor-op MMA accumulates these operands in that type"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --accumulator f64", nullptr,
   "no 2.x tensor-op MMA accumulates these operands in that type"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --accumulator f8", nullptr, "--accumulator: \"f8\": unknown accumulator"},
  {"--tile 64x64x16 --arch sm80 --generation 2x --warp 32x32x16 --types cf64 --d f64", nullptr,
   "a 2.x f64 or complex GEMM writes D of its operands' type"},
  {"--tile 64x64x16 --arch sm80 --generation 2x --warp 32x32x16 --types f64 --d f64 --alignment 2:2:1", nullptr,
   "not modelled: f64 and complex 2.x GEMMs with an alignment other than 1 element"},
  {"--tile 64x64x16 --arch sm80 --generation 2x --warp 32x32x8 --types cf32 --d cf32", nullptr,
   "not modelled: complex 2.x GEMMs whose warps split K"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --types nvfp4", nullptr, "not modelled: 2.x operands are f16"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --scaling block", nullptr, "2.x GEMMs scale neither A nor B"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --schedule pingpong", nullptr, "2.x kernels have no kernel schedule"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --d s8", nullptr, "not modelled: this 2.x output type"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --c f32 --d f16", nullptr, "a 2.x kernel reads C as D's type"},
  {"--tile 128x128x32 --arch sm80 --warp 64x64x32 --types s32", nullptr, "s32 is an accumulator and output type"},
  {"--tile 128x128x768 --arch sm103 --types mxfp8", nullptr, "not modelled: on sm103 the model covers the FP4"},
  {"--tile 128x128x128 --arch sm90 --scaling block", nullptr, "not modelled: CUTLASS has no block-scaled SM90 GEMM"},
  {"--tile 128x128x128 --epilogue-op-class bogus", nullptr,
   "--epilogue-op-class: \"bogus\": unknown epilogue operator class (expected one of: auto, tensorop, blockscaled)"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types e4m3 --epilogue-op-class blockscaled", nullptr,
   "epilogue_op_class blockscaled has no meaning on sm90"},
  {"--tile 128x256x768 --arch sm103 --epilogue-op-class tensorop", nullptr,
   "not modelled on sm103 yet: an OpClassTensorOp epilogue"},
  {"--tile 128x128x128 --arch sm100 --scaling blockwise --types e2m1", nullptr,
   "not modelled on sm100: blockwise-scaled operands other than FP8 (e4m3, e5m2)"},
  {"--tile 128x128x128 --arch sm100 --scaling blockwise --types e4m3 --epilogue nosmem", nullptr,
   "SM100's no-smem epilogue names its schedule: 1sm or 2sm"},
  {"--tile 128x128x128 --arch sm90 --types e4m3 --scaling blockwise", nullptr, "name their schedule: cooperative or pingpong"},
  {"--tile 128x128x128 --arch sm90 --schedule cooperative --epilogue finalize", nullptr, "needs a grouped kernel"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types e4m3 --c bf16 --fusion amax-aux:e2m1", nullptr,
   "the aux type must be an element of 8 to 32 bits"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types e4m3 --fusion amax-aux", nullptr, "amax-aux:TYPE)"},
  {"--tile 128x128x256 --arch sm100 --scaling block --types nvfp4 --sparse --schedule 1sm --fusion amax-aux:bf16",
   nullptr, "not modelled on sm100: fusions other than sf-gen on a block-scaled sparse kernel"},
  {"--tile 128x128x128 --arch sm90 --schedule warpspecialized --grouped --epilogue finalize", nullptr,
   "the SM90 pointer-array kernels are cooperative or pingpong"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --grouped --epilogue finalize", nullptr,
   "the finalize epilogue is built with a named kernel schedule: --schedule 1sm or 2sm"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --schedule 1sm --grouped --epilogue finalize --d e4m3",
   nullptr, "the finalize epilogue's output type is f16, bf16 or f32"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --grouped", nullptr,
   "a pointer-array SM100 kernel names its schedule: 1sm or 2sm"},
  {"--tile 128x128x768 --arch sm103 --grouped --cluster 2x1x1", nullptr,
   "a pointer-array SM100 kernel names its schedule: 1sm or 2sm"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --epilogue nosmem", nullptr,
   "SM100's no-smem epilogue names its schedule: 1sm or 2sm"},
  {"--tile 128x192x768 --arch sm103 --types mxfp4 --cluster dynamic --epilogue nosmem --fusion sf-gen", nullptr,
   "SM100's no-smem epilogue names its schedule: 1sm or 2sm"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --schedule 1sm --fusion amax-aux:bf16 --epilogue nosmem",
   nullptr, "not modelled on sm100: a fusion in the no-smem epilogue"},
  {"--tile 128x128x768 --arch sm103 --grouped --epilogue finalize", nullptr,
   "the finalize epilogue is built with a named kernel schedule: --schedule 1sm or 2sm"},
  {"--tile 128x128x256 --arch sm100 --types mxfp4-vs16", nullptr, "is built by the NVF4 schedules (--schedule 1sm or 2sm)"},
  {"--tile 128x128x128 --arch sm90 --types e4m3 --accumulator f16", nullptr,
   "f16 accumulators are modelled for f16 operands on sm90 and sm100"},
  {"--tile 128x128x128 --arch sm100 --schedule cooperative", nullptr, "sm100 takes auto, 1sm or 2sm"},
  // Without block scales too: SM90's schedules and batched kernels are no SM100 kernel.
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --schedule tma", nullptr,
   "warpspecialized, tma and single-warpgroup-* SM90's; sm100 takes auto, 1sm or 2sm"},
  {"--tile 128x16x128 --arch sm100 --scaling none --types e4m3 --schedule single-warpgroup-rolling", nullptr,
   "tma and single-warpgroup-* SM90's; sm100 takes auto, 1sm or 2sm"},
  {"--tile 128x16x128 --arch sm120 --schedule single-warpgroup-prefill", nullptr,
   "the single-warpgroup schedules are TensorRT-LLM's SM90 small-K MoE kernel; sm120 takes auto, cooperative or "
   "pingpong"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --schedule warpspecialized", nullptr,
   "sm100 takes auto, 1sm or 2sm"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types e4m3 --batched", nullptr,
   "not modelled on sm100: pointer-array batched GEMMs"},
  // MN-major operands: modelled on SM100 without block scales and on SM90's 16-bit kernels only.
  {"--tile 128x128x128 --a-layout col", nullptr, "not modelled on sm120: MN-major A or B"},
  {"--tile 128x128x256 --arch sm100 --b-layout row", nullptr, "not modelled on sm100: MN-major A or B of the MXF4/NVF4 MMA"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types f16 --cp-async", nullptr,
   "SM100's cp.async kernel schedule is KernelWarpSpecialized1SmSm100: give --schedule 1sm"},
  {"--tile 128x128x128 --arch sm100 --scaling none --types f16 --moe", nullptr,
   "CUTLASS's MoE GEMM on sm100 is KernelMixedTmaCpAsyncWarpSpecialized1Sm[BlockScaled]Sm100: give --schedule 1sm"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types f16 --moe", nullptr,
   "moe on sm90 is TensorRT-LLM's mixed-input MoE GEMM: give types ACTIVATION:WEIGHT of two widths (e4m3:s4, "
   "bf16:e2m1, …); its other SM90 MoE GEMMs are CUTLASS's grouped kernels (leave moe out)"},
  {"--tile 128x128x128 --arch sm120 --scaling none --types f16 --moe", nullptr,
   "moe is CUTLASS's SM100 MoE GEMM (KernelMixedTmaCpAsyncWarpSpecialized1Sm…Sm100; give --arch sm100), "
   "TensorRT-LLM's SM90 mixed-input MoE GEMM (--arch sm90) or, with generation 2x, TensorRT-LLM's MoeFCGemm"},
  {"--arch sm80 --generation 2x --scaling none --types bf16 --tile 64x128x64 --warp 32x64x64 --moe", nullptr,
   "moe with generation 2x is TensorRT-LLM's MoeFCGemm, a grouped GEMM: give grouped too"},
  {"--arch sm80 --generation 2x --scaling none --types f16:u4 --d f16 --tile 64x128x64 --warp 64x32x64 --conversion "
   "scl --grouped",
   nullptr, "TensorRT-LLM builds its grouped weight-only GEMMs as MoeFCGemm: give moe too"},
  {"--arch sm89 --generation 2x --scaling none --types e4m3:s4 --d bf16 --tile 64x128x128 --warp 64x32x128 "
   "--conversion scl",
   nullptr, "TensorRT-LLM's FP8-activation weight-only GEMM (W4A8) takes u4 B"},
  {"--arch sm89 --generation 2x --scaling none --types e4m3:u4 --d e4m3 --tile 64x128x128 --warp 64x32x128 "
   "--conversion scl",
   nullptr, "TensorRT-LLM's FP8-activation weight-only GEMMs write f16 or bf16 D"},
  {"--arch sm80 --generation 2x --scaling none --types s8 --d f32 --tile 128x128x64 --warp 64x64x64 --fusion "
   "scaled-mm",
   nullptr, "vLLM's scaled_mm_c2x kernels write f16 or bf16 D"},
  // vLLM's azp epilogues: modelled as its 2.x kernels (dense, not grouped); its SM90 azp kernel is not modelled.
  {"--arch sm89 --generation 2x --scaling none --types s8 --d bf16 --tile 128x128x64 --warp 64x64x64 --fusion "
   "scaled-mm-azp-token --grouped",
   nullptr, "vLLM's scaled_mm_c2x kernels are dense tensor-op GEMMs: leave opclass, sparse, planar_complex, grouped"},
  {"--tile 128x128x128 --scaling none --types e4m3 --fusion scaled-mm-azp", nullptr,
   "not modelled on sm120: vLLM's azp epilogues on CUTLASS 3.x kernels"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types e4m3 --d bf16 --fusion scaled-mm-azp", nullptr,
   "not modelled on sm90: fusions other than col-bias"},
  // A 2.x FP8 kernel built for sm80…sm87 compiles, and its MMAs are breakpoints: measured, the PTX of
  // a 128x128x64 e4m3 GemmUniversal for compute_80 has 64 brkpt and no mma.sync (compute_89: 64 mma.sync).
  {"--arch sm86 --kernel cutlass_tensorop_e4m3_s16832gemm_e4m3_128x128_64x3_tn_align16", nullptr,
   "FP8 (e4m3, e5m2) 2.x GEMMs run on sm89 and later"},
  {"--arch sm80 --generation 2x --types e5m2 --d bf16 --tile 128x128x64 --warp 64x64x64", nullptr,
   "every MMA is CUTLASS_NOT_IMPLEMENTED, a breakpoint"},
  // TensorRT-LLM's and SGLang's scaled GEMMs are 2.x kernels of s8 (per-row-per-col) or e4m3 (fp8-rowwise) operands.
  {"--arch sm89 --generation 2x --types e4m3 --d bf16 --tile 128x128x64 --warp 64x64x64 --fusion per-row-per-col",
   nullptr, "per-row-per-col is the int8 GEMM's epilogue: give types s8"},
  {"--arch sm89 --generation 2x --types e4m3 --d e4m3 --tile 128x128x64 --warp 64x64x64 --fusion fp8-rowwise",
   nullptr, "TensorRT-LLM's and SGLang's scaled 2.x GEMMs write f16 or bf16 D"},
  {"--tile 128x128x128 --scaling none --types e4m3 --fusion fp8-rowwise", nullptr,
   "not modelled on sm120: the per-row-per-col and fp8-rowwise epilogues on CUTLASS 3.x kernels"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types s8 --d bf16 --fusion per-row-per-col", nullptr,
   "not modelled on sm90: fusions other than col-bias"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types b1", nullptr,
   "not modelled: b1 outside the operands of CUTLASS 2.x 1-bit GEMMs"},
  {"--tile 128x128x128 --epilogue-schedule 1sm", nullptr, "the 1sm and 2sm epilogue schedules are SM100's"},
  {"--tile 128x128x128 --arch sm100 --schedule 1sm --epilogue-schedule 2sm", nullptr,
   "a 2-SM epilogue under a 1-SM mainloop"},
  {"--tile 128x128x64 --arch sm90 --scaling none --types f16 --cp-async --schedule tma --epilogue nosmem", nullptr,
   "the cp.async kernel schedules are KernelCpAsyncWarpSpecialized"},
  {"--tile 128x128x128 --arch sm90 --scaling none --types e4m3 --schedule cooperative --a-layout col", nullptr,
   "not modelled on sm90: MN-major FP8 or integer operands"},
  {"--tile 128x128x64 --arch sm100 --scaling none --types f16 --a-layout k", nullptr,
   "--a-layout: \"k\": unknown layout (expected one of: row, col)"},
  {"--tile 128x128x128 --cluster 2x1x1", nullptr, "SM120 kernels run 1x1x1 clusters"},
  {"--tile 128x128x128 --arch sm100 --cluster 2x0x1", nullptr, "cluster dimensions must be 1…16"},
  {"--tile 128x128x128 --arch missing/gpu.json", nullptr, "missing/gpu.json: cannot open file"},
  {"--tile 128x128x128 --types nvfp5", nullptr, "--types: \"nvfp5\": unknown types"},
  {"--tile 128x128x128 --types mxfp8:bf16", nullptr, "block scaling takes FP4/FP6/FP8 operands"},
  {"--tile 128x128x128 --types a:b:c", nullptr, "unknown types"},
  {"--tile 128x128x128 --schedule fast", nullptr, "--schedule: \"fast\": unknown schedule"},
  {"--tile 128x128x128 --instruction mma", nullptr, "unknown instruction"},
  {"--tile 128x128x128 --stages 0", nullptr, "--stages: \"0\": expected auto"},
  {"--tile 128x128x128 --stages -1", nullptr, "expected auto"},
  {"--tile 128x128x128 --stages 2147483648", nullptr, "expected auto"},
  {"--tile 128x128x128 --stages many", nullptr, "expected auto"},
  {"--tile 128x128x128 --epilogue fancy", nullptr, "unknown epilogue"},
  {"--tile 128x128x128 --epilogue finalize", nullptr, "needs a grouped kernel"},
  {"--tile 128x128x128 --epilogue finalize --grouped --c bf16", nullptr, "--c: not accepted with the finalize"},
  {"--tile 128x128x128 --epilogue finalize --grouped --d e4m3", nullptr, "output type is f16, bf16 or f32"},
  {"--tile 128x128x128 --d void", nullptr, "--d: \"void\": unknown element type"},
  {"--tile 128x128x128 --c f64", nullptr, "not modelled: f64, cf32 and cf64 in CUTLASS 3.x GEMMs"},
  {"--tile 128x128x128 --c f128", nullptr, "--c: \"f128\": unknown element type"},
  {"--tile 128x128x128 --d-layout diagonal", nullptr, "unknown layout"},
  {"--tile 128x128x128 --epilogue-tile 64", nullptr, "an epilogue tile is auto or MxN"},
  {"--tile 128x128x128 --epilogue-tile 0x32", nullptr, "epilogue tile dimensions must be 1…65536"},
  {"--tile 128x128x128 --fusion col-bias", nullptr, "unknown fusion"},
  {"--tile 128x128x128 --fusion col-bias:f64", nullptr, "not modelled: an f64 or complex bias"},
  {"--tile 128x128x128 --fusion col-bias:f128", nullptr, "the bias type must be"},
  {"--tile 128x128x128 --epilogue nosmem --fusion row-bias", nullptr, "no-smem epilogue has no fusion"},
  {"--tile 128x128x128 --cutlass 3.9", nullptr, "outside the known releases"},
  {"--tile 128x128x128 --cutlass 4.8.0", nullptr, "outside the known releases"},
  {"--tile 128x128x128 --cutlass 4.4.9", nullptr, "no such CUTLASS release"},
  {"--tile 128x128x128 --cutlass vv4.4", nullptr, "--cutlass: \"vv4.4\": not a CUTLASS version"},
  {"--tile 128x128x128 --cutlass 4..4", nullptr, "not a CUTLASS version"},
  {"--tile 128x128x128 --arch sm100 --cutlass 4.2.2", nullptr, "outside the known releases"},
  {"--tile 128x128x128 --arch sm90 --types e4m3 --scaling none --cluster dynamic", nullptr,
   "not modelled: a cluster chosen at run time (dynamic) is modelled on sm100 and sm103"},
  {"--tile 128x128x128 --arch sm100 --cluster 0x0x1", nullptr, "write a cluster chosen at run time as dynamic"},
  {"--tile 128x128x128 --format yaml", nullptr, "--format"},
  {"--tile 128x128x128 --frobnicate", nullptr, "frobnicate"},
  {"--tile 128x128x128 -o /nonexistent-dir/out.txt", nullptr, "-o: cannot write"},
  // batch files
  {"--config missing.json", nullptr, "missing.json: cannot open file"},
  {"--config BAD --arch sm100", R"([{"tile": "128x128x256", "cluster": [2, 1]}])",
   "BAD: [0].cluster: expected a string \"MxNxK\" or an array [M, N, K], got an array of 2"},
  {"--config BAD --arch sm100", R"([{"tile": "128x128x256", "cluster": [2, 0, 1]}])",
   "BAD: [0].cluster: \"2x0x1\": cluster dimensions must be 1…16"},
  {"--config BAD", R"([{"tile": [128, 128.5, 128]}])",
   "BAD: [0].tile: [128,128.5,128]: dimensions must be whole numbers written as integers (128, not 128.0, 1e3 or"},
  {"--arch sm100 --tile 128x128x128 --cluster 2x1x2", nullptr, "options: cluster: a cluster's K extent is 1 (give MxNx1)"},
  {"--config BAD", R"([{"tile": "128x128x128", "arch": "/nonexistent/gpu.json"}])",
   "BAD: [0].arch: /nonexistent/gpu.json: cannot open file"},
  {"--config BAD", "{", "BAD: invalid JSON at byte"},
  {"--config BAD", "", "BAD: invalid JSON"},
  {"--config BAD", "[\"128x128x128\",]", "invalid JSON"},
  {"--config BAD", "{\"configs\": [\"128x128x128\"]} trailing", "invalid JSON"},
  {"--config BAD", "[]", "BAD: the configuration list is empty"},
  {"--config BAD", "{\"configs\": []}", "the configuration list is empty"},
  {"--config BAD", "{}", "no \"configs\" list"},
  {"--config BAD", "42", "expected an object with \"configs\""},
  {"--config BAD", "null", "expected an object"},
  {"--config BAD", "{\"configs\": {\"tile\": \"128x128x128\"}}", "configs: expected an array"},
  {"--config BAD", "{\"configs\": [\"128x128x128\"], \"extra\": 1}", "unknown key \"extra\""},
  {"--config BAD", "{\"configs\": [\"128x128x128\"], \"configs\": [\"128x128x128\"]}", "duplicate key \"configs\""},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"tile\": \"64x64x64\"}]", "duplicate key \"tile\""},
  {"--config BAD", "[\"128x128x128\", {\"tile\": \"128x0x128\"}]", "BAD: [1].tile: \"128x0x128\": dimensions must be 1…65536"},
  {"--config BAD", "{\"configs\": [\"128x128x128\", \"128x128x128\", \"128x0x128\"]}", "BAD: configs[2]: \"128x0x128\""},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"colour\": \"red\"}]", "[0].colour: unknown key \"colour\""},
  {"--config BAD", "[{\"tile\": 128}]", "[0].tile: expected a string \"MxNxK\" or an array"},
  {"--config BAD", "[{\"tile\": [128, 128]}]", "[0].tile: expected a string"},
  {"--config BAD", "[{\"tile\": [128, \"128\", 128]}]", "[0].tile: [128,\"128\",128]: dimensions must be whole numbers written as integers"},
  {"--config BAD", "[{\"tile\": [128, 128, 1e3]}]", "[0].tile: [128,128,1000.0]: dimensions must be whole numbers written"},
  {"--config BAD", "[{\"tile\": [128, 128, -1]}]", "dimensions must be 1…65536"},
  {"--config BAD", "[{\"tile\": null}]", "[0].tile: expected a string"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"grouped\": \"yes\"}]", "[0].grouped: expected true or false"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"stages\": 2.5}]", "[0].stages: expected a string or an integer"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"stages\": 0}]", "[0].stages: 0: a stage count must be"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"stages\": 99999999999}]", "a stage count must be"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"types\": [\"nvfp4\"]}]", "[0].types: expected a string, got an array"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"cutlass\": 4.4}]", "[0].cutlass: expected a string, got a number"},
  {"--config BAD", "[{\"name\": \"x\"}]", "[0]: no \"tile\""},
  {"--config BAD", "[17]", "[0]: expected a tile string or an object"},
  {"--config BAD", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", "nesting deeper than"},
  {"--config BAD", "{\"defaults\": {\"name\": \"x\"}, \"configs\": [\"128x128x128\"]}", "defaults cannot hold a name"},
  {"--config BAD", "{\"defaults\": {\"stages\": \"lots\"}, \"configs\": [\"128x128x128\"]}", "defaults.stages: \"lots\""},
  {"--config BAD", "{\"defaults\": [], \"configs\": [\"128x128x128\"]}", "defaults: expected an object"},
  {"--config BAD", "{\"arch\": \"sm12\", \"configs\": [\"128x128x128\"]}", "BAD: arch: \"sm12\": unknown architecture"},
  {"--config BAD", "{\"arch\": 120, \"configs\": [\"128x128x128\"]}", "arch: expected a string"},
  {"--config BAD", "[\"128x128x128\xff\"]", "invalid JSON"},
  {"--config BAD", "[1e999]", "BAD: invalid JSON: number overflow parsing '1e999'"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"smem_per_sm\": -1e999}", "invalid JSON: number overflow parsing '-1e999'"},
  {"--config BAD", "[{\"tile\": \"128x128x128\", \"epilogue\": \"finalize\"}]", "[0]: the finalize epilogue needs a grouped kernel"},
  {"--config BAD --c bf16", "{\"defaults\": {\"grouped\": true, \"epilogue\": \"finalize\"}, \"configs\": [\"128x128x128\"]}", "--c: not accepted with the finalize"},
  {"--config BAD", "[{\"tile\": \"65536x65536x65536\", \"stages\": 2147483647}]", "do not fit in 63 bits"},
  {"--config BAD", "{\"configs\": [\"128x128x128\"], \"defaults\": {\"tile\": \"1x1\"}}", "defaults.tile"},
  // architecture files
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\"}", "compute_capability: missing (an arch file gives name, compute_capability"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 0, \"smem_per_block_optin\": 0, \"reserved_smem_per_block\": 1024}",
   "smem_per_block_optin: 0; a block may opt in to some shared memory"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 200000, \"smem_per_block_optin\": 101376, \"reserved_smem_per_block\": 1024}",
   "smem_per_block (200000) is larger than smem_per_block_optin (101376)"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 49152, \"smem_per_block_optin\": 101376, \"reserved_smem_per_block\": 200000}",
   "reserved_smem_per_block (200000) is larger than smem_per_sm (102400)"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 49152, \"smem_per_block_optin\": 101376, \"reserved_smem_per_block\": 1024}",
   "name: empty; name the GPU"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"sm90\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 49152, \"smem_per_block_optin\": 101376, \"reserved_smem_per_block\": 1024}",
   "name: \"sm90\" is the built-in sm90 (compute capability 9.0), not 12.0"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"twelve\", \"smem_per_sm\": 1, \"smem_per_block\": 1, \"smem_per_block_optin\": 1, \"reserved_smem_per_block\": 0}", "is not MAJOR.MINOR"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": -5, \"smem_per_block\": 1, \"smem_per_block_optin\": 1, \"reserved_smem_per_block\": 0}", "smem_per_sm: expected a byte count"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 1000, \"smem_per_block\": 1, \"smem_per_block_optin\": 2000, \"reserved_smem_per_block\": 0}", "larger than smem_per_sm"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"speed\": 1}", "unknown key \"speed\""},
  {"arch sm999", nullptr, "unknown architecture"},
  // --arch native where there is no driver (the test points SMEM_BUDGET_LIBCUDA at nothing)
  {"--tile 128x128x128 --arch native", nullptr, "--arch native: cannot load the CUDA driver (/nonexistent/libcuda.so.1"},
  {"--config BAD", "{\"arch\": \"native\", \"configs\": [\"128x128x128\"]}", "BAD: arch native: cannot load the CUDA driver"},
  {"arch --native", nullptr, "--arch native: cannot load the CUDA driver"},
  {"arch native --device 1", nullptr, "--arch native: cannot load the CUDA driver"},
  {"--tile 128x128x128 --device 1", nullptr, "--device: only used with --arch native"},
  {"--tile 128x128x128 --arch native --device -1", nullptr, "--device"},
  {"--tile 128x128x128 --arch native --device one", nullptr, "--device"},
  {"arch --native sm90", nullptr, "--native: contradicts ARCH \"sm90\""},
  {"arch sm90 --device 1", nullptr, "--device: only used with --native"},
  // suggest and sweep
  {"suggest", nullptr, "--tile: required"},
  {"suggest --tile 128x0x128", nullptr, "--tile: \"128x0x128\": dimensions must be 1…65536"},
  {"sweep --format pdf", nullptr, "--format"},
  {"sweep --tile 128x128x128", nullptr, "--tile"},
  {"sweep --arch sm70", nullptr, "layout rules for sm_70 are not modelled"},
  {"sweep --types nvfp5", nullptr, "--types: \"nvfp5\": unknown types"},
  {"sweep --c bf16 --grouped --epilogue finalize", nullptr, "--c: not accepted with the finalize"},
  {"check --suggest --config BAD", "[\"128x128x128\", {\"tile\": \"1x1x1x1\"}]", "BAD: [1].tile"},
  // The SM120 families: keys that do not go together are not a kernel CUTLASS builds, and the
  // ones the model does not answer are said to be not modelled, never answered for another kernel.
  {"--tile 128x128x128 --scaling blocky", nullptr, "--scaling: \"blocky\": unknown scaling (expected one of: block, blockwise, none)"},
  {"--tile 128x128x128 --scaling blockwise --scale-granularity 1x128", nullptr, "--scale-granularity: \"1x128\": a scale granularity is auto or MxNxK"},
  {"--tile 128x128x128 --scaling blockwise --scale-granularity 0x128x128", nullptr, "scale granularity dimensions must be 1…65536"},
  {"--tile 128x128x128 --scale-granularity 1x128x128", nullptr, "a scale granularity needs scaling blockwise"},
  {"--tile 128x128x128 --scaling none --types nvfp4", nullptr, "nvfp4 names a block-scaled format"},
  {"--tile 128x128x128 --types bf16", nullptr, "block scaling takes FP4/FP6/FP8 operands"},
  {"--tile 128x128x256 --epilogue-schedule sparse", nullptr, "the sparse epilogue schedule needs sparse: true"},
  {"--tile 128x128x256 --instruction mxf8f6f4-acc2x4 --types mxfp8", nullptr, "needs sparse: true"},
  {"--tile 128x128x128 --scaling none --types e4m3 --instruction mxf8f6f4", nullptr, "with scaling none or blockwise leave it auto"},
  {"--tile 128x128x128 --scaling none --types e4m3 --grouped --epilogue finalize", nullptr, "finalize epilogue is modelled for dense block-scaled"},
  {"--tile 128x128x128 --scaling none --types e4m3 --grouped --fusion scaled-mm", nullptr, "scaled-mm fusions are modelled for non-grouped"},
  {"--tile 128x128x128 --scaling none --types s8 --d s8", nullptr, "not modelled: integer C or D of a 3.x kernel other than SM90's and SM100's"},
  {"--config BAD", "{\"tile\": \"128x128x128\", \"epilogue\": \"default\"}", "BAD: one configuration must sit in a list"},
  {"--config BAD", "{\"name\": \"x\", \"compute_capability\": \"12.0\"}", "BAD: this is an arch file; give it with --arch BAD"},
  {"--config BAD", "{\n // a comment\n \"configs\": []}", "(JSON has no comments; remove them)"},
  {"--tile 128x128x128 --arch BAD.json", "{\"name\": \"x\", \"compute_capability\": \"12.0\", \"smem_per_sm\": 102400, \"smem_per_block\": 49152, \"reserved_smem_per_block\": 1024}", "smem_per_block_optin: missing (an arch file gives"},
  {"--tiles 128x128x128", nullptr, "\"--tiles\" is not an option or subcommand of smem-budget; did you mean --tile?"},
  {"sweeps", nullptr, "\"sweeps\" is not an option or subcommand of smem-budget; did you mean sweep?"},
  {"128x256x64B", nullptr, "\"128x256x64B\" looks like a tile: give it as --tile 128x256x64B"},
  {"--tile 128x128x128 --format md", nullptr, "--format: \"md\": unknown format (expected one of: table, markdown, json, csv); did you mean markdown?"},
  {"--tile 128x128x128 --format 2", nullptr, "--format: \"2\": unknown format"},
  {"--tile 128x128x128 --format svg", nullptr, "--format: svg is the sweep's heat map (smem-budget sweep --format svg)"},
  {"sweep --tile 128x128x128", nullptr, "--tile is not an option of smem-budget sweep"},
  {"--tile 128x128x128 --schedule pinpong", nullptr, "did you mean pingpong?"},
  {"--tile 128X256X128", nullptr, "(separate the dimensions with a lowercase x: MxNxK)"},
  {"--tile 128x256x64b", nullptr, "(K in bytes takes a capital B: MxNxKB)"},
  {"--tile CtaShape128x256x64B", nullptr, "give its shape, e.g. 128x256x64B for CtaShape128x256x64B"},
  {"--tile 128x256x128 --config BAD", "[\"128x128x128\"]", "--tile: not used with --config, whose entries give the tiles"},
  {"--tile 128x128x128 --alignment 0", nullptr, "--alignment: \"0\": an alignment is auto, N, A:B or A:B:C"},
  {"--tile 128x128x128 --alignment 32:x", nullptr, "--alignment: \"32:x\": an alignment is auto, N, A:B or A:B:C"},
  {"--config BAD", "[{\"tile\": \"128x128x256\", \"sparse\": \"yes\"}]", "BAD: [0].sparse: expected true or false, got a string"},
  // kernel names and lint
  {"--kernel 128x128x128", nullptr, "--kernel: \"128x128x128\" is not a kernel name: expected a CUTLASS library name"},
  {"--kernel cutlass3x_sm120_bstensorop_gemm_ue8m0xe4m3_ue8m0xe4m3_f32_void_bf16_128x128x128_2x1x1_0_tnt_align16_cooperative_q",
   nullptr, "--kernel: \"2x1x1\" in the kernel name: not modelled: SM120 kernels run 1x1x1 clusters"},
  {"--kernel cutlass3x_sm120_bstensorop_gemm_ue8m0xe4m3_ue8m0xe4m3_f32_void_bf16_128x128x128_1x1x1_0_tnt_align16_coop",
   nullptr, "\"coop\" in the kernel name: not a kernel schedule of this kind of kernel (expected cooperative_q"},
  {"--kernel 'CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x64B swap=true}'", nullptr,
   "--kernel: a CutlassGemmConfig{…}, \"swap\": not a field"},
  {"--arch sm90 --kernel 'CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x64B cluster_shape=1x1x1}'", nullptr,
   "an sm120 kernel, but the architecture is sm90: give --arch sm120"},
  // Fuzz finding: a tile enumerator without M (or with "undefined", or a 2-SM M past int) crashed
  // the cluster-M doubling instead of being refused.
  {"--kernel 'CutlassGemmConfig{CutlassTileConfigSM100::CtaShapex281812x128B, MainloopScheduleType::AUTO, EpilogueScheduleType::TMA, ClusterShape::ClusterShape_2x1x1, ClusterShape::ClusterShape_4x1x1, ClusterShape::ClusterShape_2x1x1, 100}'",
   nullptr, "\"x281812x128\" is not a shape (MxNxK, each a number)"},
  {"--kernel 'CutlassGemmConfig{CutlassTileConfigSM100::CtaShapeundefinedB, MainloopScheduleType::AUTO, EpilogueScheduleType::TMA, ClusterShape::ClusterShape_2x1x1, ClusterShape::ClusterShape_4x1x1, ClusterShape::ClusterShape_2x1x1, 100}'",
   nullptr, "\"CtaShapeundefinedB\" is not a tile enumerator (CtaShape{M}x{N}x{K}B)"},
  {"--kernel 'CutlassGemmConfig{sm_version=100 tile=CtaShape9999999999x256x128B cluster_shape=2x1x1}'", nullptr,
   "\"9999999999x256x128\" is not a shape (MxNxK, each a number)"},
  {"--kernel 'tile_config_sm90_enum: 5, mainloop_schedule_enum: 0'", nullptr,
   "\"tile_config_sm90_enum\": 5 is an enumerator's position, which this form does not say the enum of"},
  {"--runner trtllm-moe --arch sm120 --tile 128x128x128", nullptr,
   "--runner: trtllm-moe on sm120 reads C as the output type (moe_gemm_tma_ws_launcher.inl:380): give d"},
  {"--runner trtllm-fpa-intb --arch sm90 --types f16:u4 --conversion scl --kernel "
   "CutlassTileConfig::CtaShape64x128x64_WarpShape64x32x64",
   nullptr, "--runner: not modelled: the trtllm-fpa-intb runner on sm90"},
  {"--runner trtllm-fpa-intb --arch sm80 --types f16:u4 --kernel CutlassTileConfig::CtaShape64x128x64_WarpShape64x32x64",
   nullptr, "--runner: the trtllm-fpa-intb runner's GEMMs dequantize B: give conversion"},
  // TensorRT-LLM's fused gated-activation MoE kernel (Fused_Moe_Kernel_sm80).
  {"--runner trtllm-moe --arch sm80 --generation 2x --types f16:u4 --d f16 --tile 64x128x64 --warp 64x32x64 "
   "--conversion scl --stages 3 --activation-type swiglu", nullptr,
   "TensorRT-LLM fuses the gated activation only for f16 or bf16 A and B of one type"},
  {"--runner trtllm-moe --arch sm80 --generation 2x --types bf16 --tile 128x256x64 --stages 3 --activation-type geglu",
   nullptr, "not modelled: TensorRT-LLM's fused MoE kernel at a tile its dispatch does not build"},
  {"--arch sm80 --generation 2x --scaling none --types bf16 --d bf16 --tile 128x128x64 --stages 3 --activation-type "
   "swiglu", nullptr,
   "activation_type swiglu or geglu is TensorRT-LLM's fused gated-activation MoE kernel (Fused_Moe_Kernel_sm80): give "
   "moe and grouped too"},
  {"--arch sm80 --generation 2x --scaling none --types bf16 --d f32 --tile 128x128x64 --stages 3 --moe --grouped "
   "--activation-type swiglu", nullptr, "TensorRT-LLM's fused MoE kernel writes A's type"},
  {"--runner trtllm-moe --arch sm90 --scaling none --types bf16 --d bf16 --tile 128x128x64 --activation-type swiglu",
   nullptr, "activation_type swiglu or geglu is TensorRT-LLM's fused gated-activation MoE kernel, its SM80 CuTe kernel"},
  {"--runner trtllm-moe --arch sm80 --generation 2x --types bf16 --tile 128x128x64 --activation-type reglu", nullptr,
   "--activation-type: \"reglu\": unknown activation_type (expected one of: none, swiglu, geglu)"},
  {"--runner trtllm-moe --arch sm90 --types bf16:s4 --d bf16 --tile 128x64x128", nullptr,
   "not modelled: TensorRT-LLM's SM90 mixed-input MoE GEMM (moe) is modelled for types ACTIVATION:WEIGHT e4m3:s4, "
   "e4m3:u4 (W4AFP8), bf16:e2m1, f16:e2m1 (WFP4A16) and e4m3:e2m1 (FlashInfer's Humming mode); it runs W4A16 int4 "
   "with its 2.x kernel (generation 2x)"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:e2m1 --d bf16 --tile 128x40x128", nullptr,
   "--runner: trtllm-moe builds tile 128x40x128 of e4m3:e2m1 as its single-warpgroup small-K kernel only "
   "(moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:301, 308): give schedule single-warpgroup-prefill or "
   "single-warpgroup-rolling"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:s4 --d bf16 --tile 128x16x128 --epilogue finalize", nullptr,
   "TensorRT-LLM builds FINALIZE on its mixed-input MoE GEMM in the older fork's launcher alone (TensorRT-LLM main's "
   "moe_gemm_tma_ws_mixed_input_launcher.inl; FlashInfer fb28d72's has no FINALIZE): give trtllm_moe_fork 9276e44"},
  // TensorRT-LLM's single-warpgroup small-K MoE kernel: what its dispatch and launcher run.
  {"--runner trtllm-moe --arch sm90 --types e4m3:s4 --d bf16 --tile 128x16x128 --schedule single-warpgroup-prefill",
   nullptr, "the single-warpgroup schedules are TensorRT-LLM's small-K MoE kernel for FP8 activations with e2m1 "
   "weights (moe_gemm_tma_ws_mixed_input_launcher.inl:226-227 at FlashInfer fb28d72): give moe and types e4m3:e2m1"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:e2m1 --d bf16 --tile 128x64x128 --schedule single-warpgroup-rolling",
   nullptr, "TensorRT-LLM runs its single-warpgroup MoE kernel on tiles 128x8x128, 128x16x128, 128x32x128 and "
   "128x40x128 alone (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:301-308)"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:e2m1 --d bf16 --tile 128x16x128 --schedule single-warpgroup-rolling "
   "--cluster 2x1x1", nullptr, "runs on a 1x1x1 cluster alone (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:138-139): "
   "give cluster 1x1x1"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:e2m1 --d bf16 --tile 128x16x128 --schedule single-warpgroup-prefill "
   "--stages 4", nullptr, "TensorRT-LLM builds its single-warpgroup MoE kernel with StageCount<3> "
   "(moe_gemm_tma_ws_mixed_input_launcher.inl:251-254): give stages 3"},
  {"--arch sm90 --moe --grouped --conversion scl --a-layout row --b-layout col --d-layout col --scaling none "
   "--types e4m3:e2m1 --d bf16 --c bf16 --tile 128x16x128 --schedule single-warpgroup-prefill", nullptr,
   "with StageCount<3> (moe_gemm_tma_ws_mixed_input_launcher.inl:251-254): give stages 3"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:s4 --d bf16 --tile 128x256x512", nullptr,
   "--runner: trtllm-moe's SM90 mixed-input dispatch builds no tile 128x256x512 "
   "(moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:289-319): its tiles are 64 or 128 by 16, 32, 64 or 128 with K "
   "128, 256 or 512; 128x256 and 256x128 with K 128 or 256; 256x256x128"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:s4 --tile 128x64x128", nullptr,
   "--runner: trtllm-moe's SM90 mixed-input GEMM reads C as the output type "
   "(moe_gemm_tma_ws_mixed_input_launcher.inl:191-198): give d"},
  {"--arch sm90 --moe --grouped --types e4m3:s4 --conversion scl --c bf16 --d bf16 --d-layout col --schedule "
   "cooperative --tile 128x16x512 --trtllm-moe-fork 585c756",
   nullptr, "--trtllm-moe-fork: \"585c756\": unknown trtllm_moe_fork (expected one of: fb28d72, 9276e44)"},
  {"--arch sm90 --types e4m3 --scaling none --schedule cooperative --grouped --tile 128x128x128 --trtllm-moe-fork "
   "9276e44",
   nullptr,
   "trtllm_moe_fork names a client version of TensorRT-LLM's SM90 mixed-input MoE GEMM: give it with moe, --arch sm90 "
   "and types ACTIVATION:WEIGHT of two widths, or leave it out"},
  {"--runner trtllm-moe --arch sm90 --types e4m3:e2m1 --d bf16 --tile 128x64x128 --trtllm-moe-fork 9276e44", nullptr,
   "TensorRT-LLM's 9276e44 fork of its SM90 mixed-input MoE GEMM builds W4AFP8 (e4m3:s4, e4m3:u4) and WFP4A16 "
   "(bf16:e2m1, f16:e2m1) only"},
  {"--arch sm90 --moe --grouped --types e4m3:s4 --conversion scl --c bf16 --d bf16 --d-layout col --schedule "
   "cooperative --tile 128x16x192 --trtllm-moe-fork 9276e44",
   nullptr, "not modelled: TensorRT-LLM's 9276e44 fork packs tile K / group weight scales per row"},
  {"--runner trtllm-moe --arch sm90 --types bf16:e2m1 --d bf16 --tile 128x64x256 --trtllm-moe-fork 9276e44", nullptr,
   "--runner: trtllm-moe's SM90 mixed-input dispatch at 9276e44 builds no tile 128x64x256"},
  {"--runner sglang-w4a8-moe --arch sm90 --tile 128x128x512", nullptr,
   "--runner: SGLang's W4AFP8 MoE dispatch (w4a8_grouped_mm_c3x.cu) builds no tile 128x128x512"},
  {"--runner sglang-w4a8-moe --arch sm90 --tile 64x32x512 --cluster 1x1x1", nullptr,
   "--runner: SGLang's W4AFP8 MoE dispatch (w4a8_grouped_mm_c3x.cu) builds tile 64x32x512 with cluster 2x1x1 only"},
  {"--runner sglang-w4a8-moe --arch sm100 --tile 128x32x512", nullptr,
   "--runner: not modelled: the sglang-w4a8-moe runner on sm100 (SGLang's launcher for it is another)"},
  {"--runner vllm --tile 128x128x128", nullptr,
   "--runner: \"vllm\": unknown runner (expected one of: none, trtllm-moe, trtllm-fpa-intb, flashinfer-fp4-gemm, flashinfer-mxfp8-gemm, "
   "sglang-w4a8-moe)"},
  {"--runner flashinfer-mxfp8-gemm --generation 2x --tile 128x128x128", nullptr,
   "--runner: the flashinfer-mxfp8-gemm runner builds a CUTLASS 3.x kernel: leave generation 2x out"},
  {"--runner flashinfer-fp4-gemm --arch sm100 --tile 128x128x128", nullptr,
   "--runner: not modelled: the flashinfer-fp4-gemm runner on sm100 (FlashInfer's launcher for it is another)"},
  {"--kernel CtaShape128x256x64B --config BAD", "[\"128x128x128\"]", "--kernel: not used with --config"},
  {"--config BAD", "[{\"kernel\": \"CtaShape128x256x64\"}]", "BAD: [0].kernel: \"128x256x64\" in the kernel name: an SM120 tactic gives K in bytes of A and ends in B"},
  {"--config BAD", "[{\"kernel\": 5}]", "BAD: [0].kernel: expected a string, got an integer"},
  {"lint", nullptr, "lint: name the files to read kernel names from (- reads standard input)"},
  {"lint missing-tactics.txt", nullptr, "missing-tactics.txt: cannot open"},
  {"lint BAD", "no names in this text", "BAD: no kernel names in it"},
  {"lint - -", nullptr, "lint: - (standard input) is given twice; give it once"},
  {"lint --tile 128x128x128 README.md", nullptr, "--tile is not an option of smem-budget lint"},
  {"--tile 128x128x128 --fusion sf-gen:48", nullptr, "--fusion: \"sf-gen:48\": expected sf-gen, sf-gen:VECTOR"},
  {"--tile 128x128x128 --fusion sf-gen:32:ue5m0", nullptr, "TYPE ue4m3 or ue8m0"},
  {"--tile 128x256x128 --within README.md", nullptr, "--within: only used with --suggest or the suggest subcommand"},
  {"suggest --tile 128x256x128 --grouped --epilogue finalize --within BAD", "128x128x128\n128x64x", "BAD:2: \"128x64x\" is neither a tile"},
  {"suggest --tile 128x256x128 --grouped --epilogue finalize --within BAD", "# nothing\n", "BAD: no tiles in it"},
  {"suggest --tile 128x256x128 --types mxfp6 --grouped --epilogue finalize --within BAD", "128x128x65B", "--within: \"128x128x65B\": 65 bytes of K is not a whole number of 6-bit elements"},
  {"--tile 128x128x128 --tile-scheduler streamk", nullptr, "--tile-scheduler: \"streamk\": unknown tile scheduler (expected one of: persistent, stream-k); did you mean stream-k?"},
};
// clang-format on

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("bad input exits 2 with one line naming the problem, nothing on stdout", "[cli][bad-input]") {
  setenv("SMEM_BUDGET_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  int count = 0;
  for (const Case& c : cases) {
    std::string args = c.args;
    std::string expected = c.expected;
    if (c.batch) {
      const bool arch = args.find("BAD.json") != std::string::npos;
      const std::string path = temp_path(arch ? "BAD.json" : "bad.json");
      std::ofstream(path, std::ios::binary) << c.batch;
      args = replace_all(args, arch ? "BAD.json" : "BAD", path);
      expected = replace_all(expected, "BAD", path);
    }
    const Run r = run(args);
    INFO("smem-budget " << args);
    INFO("stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(expected) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    ++count;
  }
  WARN(count << " bad-input cases");
  // The README states the count; keep it true.
  std::string stated = std::to_string(count);
  stated += " cases in `tests/bad_input_test.cpp`";
  CHECK(slurp(SMEM_BUDGET_SOURCE_DIR "/README.md").find(stated) != std::string::npos);
}

namespace {

// The largest resident set of any child process waited for so far, in MiB.
long children_max_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return usage.ru_maxrss / 1024;
}

}  // namespace

TEST_CASE("huge inputs are refused with a message, in bounded memory", "[cli][bad-input][limits]") {
  // 100 MB of valid JSON: a list of 7.7 million tiles.
  const std::string big = temp_path("100mb.json");
  {
    std::ofstream out(big, std::ios::binary);
    const std::string entry = "\"128x128x128\",";
    out << '[';
    for (std::size_t written = 1; written + entry.size() < 100'000'000; written += entry.size()) out << entry;
    out << "\"128x128x128\"]";
  }
  // Every run here is a process of its own, whose peak memory is measured at the end; in-process runs would
  // swell this process, and a child's peak counts this process's memory until the child execs.
  Run r = run_process("--config '" + big + "'");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("larger than 16 MiB; split it into smaller files") != std::string::npos);
  std::remove(big.c_str());

  // A valid list of 25,000 three-key entries is accepted: the limit counts entries, not their values.
  const std::string many = temp_path("many.json");
  {
    std::ofstream out(many, std::ios::binary);
    out << '[';
    for (int i = 0; i < 25'000; ++i)
      out << (i ? "," : "") << R"({"tile": "128x128x128", "types": "nvfp4", "grouped": true})";
    out << ']';
  }
  r = run_process("--config '" + many + "' --format csv");
  CHECK(r.status == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 25'001);
  std::remove(many.c_str());

  // Checked on every core, a batch still reports its first bad entry in file order, whichever
  // check finds it: a bad value early and an unknown key late, then the other way round.
  const std::string two_faults = temp_path("two-faults.json");
  for (const auto& [early, late, named] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {R"("types": "nvfp5")", R"("bogus": 1)", "[3].types"},
           {R"("bogus": 1)", R"("types": "nvfp5")", "[3].bogus"}}) {
    {
      std::ofstream out(two_faults, std::ios::binary);
      out << '[';
      for (int i = 0; i < 20'000; ++i)
        out << (i ? "," : "") << R"({"tile": "128x128x128")"
            << (i == 3        ? ", " + early
                : i == 15'000 ? ", " + late
                              : "")
            << '}';
      out << ']';
    }
    r = run_process("--config '" + two_faults + "'");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(named) != std::string::npos);
  }
  std::remove(two_faults.c_str());

  // A million configurations in 10 MB: refused while parsing, before the list is built.
  const std::string million = temp_path("million.json");
  {
    std::ofstream out(million, std::ios::binary);
    out << '[';
    for (int i = 0; i < 1'000'000; ++i) out << (i ? ",\"8x8x64\"" : "\"8x8x64\"");
    out << ']';
  }
  r = run_process("--config '" + million + "'");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("more than 100000 configurations") != std::string::npos);
  std::remove(million.c_str());
  // Reading all of either, let alone parsing it, would take several times this.
  CHECK(children_max_rss_mib() < 256);
}
