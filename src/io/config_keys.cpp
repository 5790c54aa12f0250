#include "io/config_keys.hpp"

#include <cstdint>
#include <unordered_map>
#include <variant>

#include <fmt/format.h>

#include "io/json_writer.hpp"
#include "io/settings.hpp"
#include "io/text_hash.hpp"

namespace smem_budget::io {
namespace {

std::string_view value_text(KeyValue value) {
  switch (value) {
    case KeyValue::string:
      return "string";
    case KeyValue::boolean:
      return "true or false";
    case KeyValue::string_or_integer:
      return "string or integer";
    case KeyValue::extents:
      return "string \"MxNxK\" or array [M, N, K]";
  }
  return "";
}

// A markdown table cell: one line, pipes escaped.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string(" ") : c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// Readers and writers that more than a line of a row would spell.

template <class T>
T checked(const Parsed<T>& parsed, const Origin& origin) {
  if (!ok(parsed)) fail_at(origin, std::get<std::string>(parsed));
  return std::get<T>(parsed);
}

// The text of a string setting; integers (stage counts) come as their decimal spelling, an array
// of extents [2, 1, 1] as "2x1x1".
std::string text_of(const Setting& s) {
  if (s.value.is_string()) return s.value.get<std::string>();
  if (s.value.is_array()) {
    std::string text;
    for (const nlohmann::json& extent : s.value) {
      if (!text.empty()) text += 'x';
      text += extent.dump();
    }
    return text;
  }
  return s.value.dump();
}

// What `parse` reads from the setting's text.
template <class Parse>
auto parsed(Parse parse, const Setting& s) {
  return checked(parse(text_of(s)), s.origin);
}

void read_stages(Config& c, const Setting& s) {
  if (s.value.is_number_integer() && (s.value.get<std::int64_t>() < 1 || s.value.get<std::int64_t>() > 2'147'483'647))
    fail_at(s.origin, fmt::format("{}: a stage count must be 1…2147483647", s.value.dump()));
  c.stages = parsed(parse_stages, s);
}

void write_stages(JsonWriter& out, std::string_view key, const Config& c) {
  if (c.stages.kind == StagePolicy::Kind::fixed)
    out.member(key, c.stages.count);
  else
    out.member(key, format_stages(c.stages));
}

void read_fusion(Config& c, const Setting& s) {
  const FusionSpec f = parsed(parse_fusion, s);
  c.fusion = f.fusion;
  c.bias = f.bias;
  c.sf_output = f.sf_output;
  c.aux = f.aux;
}

}  // namespace

// clang-format off
constexpr std::array<ConfigKey, 41> config_keys{{
    {.key = "name", .flag = "", .value = KeyValue::string,
     .help = "A name for the result (batch entries and Python only).", .example = "\"moe-up\""},
    {.key = "kernel", .flag = "--kernel", .value = KeyValue::string,
     .help = "A kernel by name: a CUTLASS library name (cutlass3x_sm120_…, _sm90_…, _sm100_…: all of the configuration but "
             "the CUTLASS\nrelease) or a TensorRT-LLM / FlashInfer tactic (CtaShape128x256x64B: the tile; the other flags give "
             "the\nrest), or a CutlassGemmConfig as toString() or operator<< prints it (the tile, cluster, schedules, FINALIZE "
             "and\nswap_ab). Other flags override what the name says.",
     .example = "--kernel CutlassTileConfigSM120::CtaShape128x256x64B"},
    {.key = "runner", .flag = "--runner", .value = KeyValue::string,
     .help = "The code that instantiates a tactic, for the keys a tactic leaves unsaid (keys given win):",
     .choices = runner_choices, .example = "--runner trtllm-moe --arch sm121 --d bf16 --kernel CtaShape128x256x64B",
     // Applied to the settings before they become a Config (frontend/runner.cpp); checked here.
     .read = [](Config&, const Setting& s) { parsed(parse_runner, s); }},
    {.key = "generation", .flag = "--generation", .value = KeyValue::string,
     .help = "Which of CUTLASS's GEMM kernels (sm75, sm80…sm89 have only 2x; later architectures run both):",
     .choices = generation_choices, .example = "--arch sm120 --generation 2x --types bf16 --warp 64x64x64",
     .read = [](Config& c, const Setting& s) { c.generation = parsed(parse_generation, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.generation != Generation::cutlass3x) out.member(key, format_generation(c.generation)); }},
    {.key = "tile", .flag = "--tile", .value = KeyValue::extents,
     .help = "CTA tile MxNxK in elements (1…65536 each), or MxNxKB with K in bytes of A as TensorRT-LLM's CtaShape names it.",
     .example = "--tile 128x256x128, --tile 128x256x64B", .example_on_own_line = true,
     .read = [](Config&, const Setting& s) { (void)tile_spec_of(s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_tile(c.tile)); }},
    {.key = "warp", .flag = "--warp", .value = KeyValue::extents,
     .help = "A 2.x kernel's warp tile (WarpShape) MxNxK in elements: the tile's M and N split among its warps, and K "
             "(less than\nthe tile's splits K among them too). Required with generation 2x.",
     .example = "--arch sm80 --tile 128x128x32 --warp 64x64x32",
     .read = [](Config& c, const Setting& s) { c.warp = parsed(parse_warp, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.warp.given()) out.member(key, format_warp(c.warp)); }},
    {.key = "math", .flag = "--math", .value = KeyValue::string,
     .help = "A 2.x kernel's MMA for f32 operands (cutlass_library's s1688tf32gemm, s1688f16gemm, s1688bf16gemm, "
             "s1688gemm), and SM100's for complex<float> ones (tf32gemm, cbf16gemm):",
     .choices = math_choices, .example = "--arch sm80 --types f32 --d f32 --tile 128x128x16 --warp 64x64x16 --math f16",
     .read = [](Config& c, const Setting& s) { c.math = parsed(parse_math, s); },
     // Written when given, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.math != Math::automatic) out.member(key, format_math(c.math)); }},
    {.key = "opclass", .flag = "--opclass", .value = KeyValue::string,
     .help = "A 2.x kernel's operator class (3.x kernels are tensor-op kernels):",
     .choices = opclass_choices, .example = "--arch sm80 --types f32 --opclass simt --tile 128x128x8 --warp 32x64x8 --stages 4",
     .read = [](Config& c, const Setting& s) { c.opclass = parsed(parse_opclass, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.opclass != OpClass::tensorop) out.member(key, format_opclass(c.opclass)); }},
    {.key = "types", .flag = "--types", .value = KeyValue::string,
     .help = "Operand types: nvfp4, mxfp4, mxfp6, mxfp8, mxfp4-vs16 (sm100, sm103: ue8m0 scales per 16), or A:B (presets or e2m1,\n"
             "e3m2, e2m3, e4m3, e5m2; with --scaling none "
             "or blockwise element names, also f16, bf16, s8, u8 (sm90, sm100), f32 (sm90, sm100 and 2.x: a tf32 MMA); sm90 mixed input: A and B of "
             "different\nwidths, the narrow one also u8, s4, u4, s2 or u2; 2.x: f64, cf32 (complex<float>, tf32 MMA) and cf64\n"
             "(complex<double>), b1 (1-bit, the XOR/AND population-count MMA, d s32); sm100: cf32 with the no-smem epilogue,\n"
             "cf64 refused by its epilogue builder).\n"
             "Default: nvfp4 (sm90: e4m3; 2.x: f16).",
     .example = "--types mxfp8:mxfp4",
     .read = [](Config& c, const Setting& s) { c.types = parsed(parse_types, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_types(c.types, c.scaling)); }},
    {.key = "scaling", .flag = "--scaling", .value = KeyValue::string,
     .help = "How the mainloop scales A and B:", .choices = scaling_choices, .example = "--scaling blockwise --types e4m3",
     .read = [](Config& c, const Setting& s) { c.scaling = parsed(parse_scaling, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_scaling(c.scaling)); }},
    {.key = "scale_granularity", .flag = "--scale-granularity", .value = KeyValue::string,
     .help = "With --scaling blockwise: MxNxK elements of A (MxK) and B (NxK) per float scale, or auto (the tile).\nDefault: "
             "auto.",
     .example = "--scale-granularity 1x128x128 (DeepSeek-style per-row A)",
     .read = [](Config& c, const Setting& s) { c.scale_granularity = parsed(parse_scale_granularity, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.scaling == Scaling::blockwise) out.member(key, format_scale_granularity(c.scale_granularity)); }},
    {.key = "sparse", .flag = "--sparse", .value = KeyValue::boolean,
     .help = "2:4 structured-sparse A (CUTLASS's SM90, SM100 and SM120 sparse GEMMs, and 2.x's SparseGemm). Default: off.", .example = "--sparse",
     .read = [](Config& c, const Setting& s) { c.sparse = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, c.sparse); }},
    {.key = "planar_complex", .flag = "--planar-complex", .value = KeyValue::boolean,
     .help = "A 2.x planar complex GEMM (GemmPlanarComplex; with --batched GemmPlanarComplexArray): complex A, B, C and D "
             "each\nheld as a real and an imaginary plane of --types (f16 or bf16), --d and the accumulator. Default: off.",
     .example = "--arch sm80 --generation 2x --planar-complex --types f16 --d f32 --tile 64x128x32 --warp 32x32x32",
     .read = [](Config& c, const Setting& s) { c.planar_complex = s.value.get<bool>(); },
     // Written when set, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { if (c.planar_complex) out.member(key, true); }},
    {.key = "interleaved", .flag = "--interleaved", .value = KeyValue::boolean,
     .help = "A 2.x GEMM of interleaved layouts (cutlass_library's …_n32t32 and …_n64t64 kernels): A\n"
             "ColumnMajorInterleaved<K>, B RowMajorInterleaved<K>, C and D ColumnMajorInterleaved<K>, K 32 8-bit or 64 "
             "4-bit\nelements; s8, u8, s4 or u4 operands writing their own type. Default: off.",
     .example = "--arch sm80 --generation 2x --interleaved --types s8 --d s8 --tile 128x128x64 --warp 64x64x64 --stages 5",
     .read = [](Config& c, const Setting& s) { c.interleaved = s.value.get<bool>(); },
     // Written when set, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { if (c.interleaved) out.member(key, true); }},
    {.key = "alignment", .flag = "--alignment", .value = KeyValue::string_or_integer,
     .help = "Elements per global access of A and B (CUTLASS's AlignmentA/B): auto (any the builder accepts), N, or "
             "A:B.\nDefault: auto.",
     .example = "--types mxfp6 --alignment 32 (rejected: FP6 needs 16-byte accesses)",
     .read = [](Config& c, const Setting& s) { c.alignment = parsed(parse_alignment, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_alignment(c.alignment)); }},
    {.key = "epilogue_schedule", .flag = "--epilogue-schedule", .value = KeyValue::string,
     .help = "The epilogue schedule tag:", .choices = epilogue_schedule_choices,
     .example = "--sparse --epilogue-schedule sparse",
     .read = [](Config& c, const Setting& s) { c.epilogue_schedule = parsed(parse_epilogue_schedule, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       out.member(key, format_epilogue_schedule(c.epilogue_schedule)); }},
    {.key = "epilogue_op_class", .flag = "--epilogue-op-class", .value = KeyValue::string,
     .help = "The operator class the epilogue's CollectiveBuilder is given (SM100 reads it: its automatic tile at\nCTA N 256 "
             "and its automatic 1-SM/2-SM choice; SM120's and SM90's epilogue builders ignore it):",
     .choices = epilogue_op_class_choices, .example = "--types nvfp4 --epilogue-op-class tensorop (FlashInfer's FP4 GEMMs)",
     .read = [](Config& c, const Setting& s) { c.epilogue_op_class = parsed(parse_epilogue_op_class, s); },
     // Written when given, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.epilogue_op_class != EpilogueOpClass::automatic)
         out.member(key, format_epilogue_op_class(c.epilogue_op_class)); }},
    {.key = "conversion", .flag = "--conversion", .value = KeyValue::string,
     .help = "SM90 mixed-input GEMMs (A and B of different widths, e.g. --types s4:bf16): what the mainloop does to "
             "the\nnarrow operand before the MMA, as CUTLASS's kernel names spell it; with generation 2x, A f16 or bf16 "
             "(e4m3 on sm89)\nand B u4 or u8, a scaling value names TensorRT-LLM's weight-only (fpA_intB) mainloop, "
             "DqMmaMultistage:",
     .choices = conversion_choices,
     .example = "--arch sm90 --types s4:bf16 --schedule cooperative --conversion scl; --arch sm80 --generation 2x --types "
                "f16:u4 --d f16 --tile 64x128x64 --warp 64x32x64 --conversion scl",
     .read = [](Config& c, const Setting& s) { c.conversion = parsed(parse_conversion, s); },
     // Written for mixed-input configurations, so that the others read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (is_mixed_input(c)) out.member(key, format_conversion(c.conversion)); }},
    {.key = "activation_type", .flag = "--activation-type", .value = KeyValue::string,
     .help = "With generation 2x, moe and grouped (the trtllm-moe runner), f16 or bf16 A and B of one type: the "
             "gated activation\nTensorRT-LLM fuses into its MoE FC1 GEMM, which makes it its CuTe SM80 kernel "
             "(fused_moe::Fused_Moe_Kernel_sm80:\nA's tiles and both halves of the weight per stage, then an output "
             "tile; 4 warps, the warp tile not read):",
     .choices = activation_choices,
     .example = "--arch sm80 --runner trtllm-moe --generation 2x --types bf16 --d bf16 --tile 128x128x64 --stages 3 "
                "--activation-type swiglu",
     .read = [](Config& c, const Setting& s) { c.activation = parsed(parse_activation, s); },
     // Written when set, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.activation != Activation::none) out.member(key, format_activation(c.activation)); }},
    {.key = "shuffle", .flag = "--shuffle", .value = KeyValue::boolean,
     .help = "SM90 mixed-input GEMMs: the narrow operand reordered in global memory for the MMA (kernel names' _shfl; "
             "4- or\n8-bit narrow operands with f16 or bf16). Default: off.",
     .example = "--arch sm90 --types u4:f16 --schedule cooperative --shuffle",
     .read = [](Config& c, const Setting& s) { c.shuffled = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (is_mixed_input(c)) out.member(key, c.shuffled); }},
    {.key = "schedule", .flag = "--schedule", .value = KeyValue::string,
     .help = "The kernel schedule:", .choices = schedule_choices, .example = "--schedule pingpong",
     .read = [](Config& c, const Setting& s) { c.schedule = parsed(parse_schedule, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_schedule(c.schedule)); }},
    {.key = "cluster", .flag = "--cluster", .value = KeyValue::extents,
     .help = "CTAs per cluster, MxNxK (sm90, sm100; SM120 kernels run 1x1x1), or dynamic (sm100, sm103: a cluster chosen at run time, "
             "Shape<int, int, _1>, which kernel names spell 0x0x1). Default: 1x1x1.",
     .example = "--arch sm100 --cluster 2x1x1",
     .read = [](Config& c, const Setting& s) { c.cluster = parsed(parse_cluster, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_cluster(c.cluster)); }},
    {.key = "fast_accum", .flag = "--fast-accum", .value = KeyValue::boolean,
     .help = "SM90's …FP8FastAccum kernel schedules (FP8 operands). Default: off.",
     .example = "--arch sm90 --types e4m3 --scaling none --schedule pingpong --fast-accum",
     .read = [](Config& c, const Setting& s) { c.fast_accum = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, c.fast_accum); }},
    {.key = "cp_async", .flag = "--cp-async", .value = KeyValue::boolean,
     .help = "A and B loaded with cp.async, not TMA: SM90's KernelCpAsyncWarpSpecialized schedules (with --schedule\n"
             "warpspecialized, cooperative or pingpong; auto builds it for operands aligned below 16 bytes), SM100's\n"
             "KernelWarpSpecialized1SmSm100 (--schedule 1sm, no block scales, --epilogue nosmem). Default: off.",
     .example = "--arch sm90 --types f16 --scaling none --schedule cooperative --cp-async --epilogue nosmem",
     .read = [](Config& c, const Setting& s) { c.cp_async = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, c.cp_async); }},
    {.key = "moe", .flag = "--moe", .value = KeyValue::boolean,
     .help = "CUTLASS's MoE GEMM (its generator's moe_gemm kernels, MoEProblemShape; sm100, CUTLASS 4.7.0): the mixed\n"
             "TMA/cp.async kernel, A (and block-scaled A's and B's scale factors) loaded with TMA, B with cp.async in\n"
             "16-byte accesses: KernelMixedTmaCpAsyncWarpSpecialized1SmSm100 (scaling none) or\n"
             "…1SmBlockScaledSm100 (MX operands), with --schedule 1sm, a 1x1x1 cluster and the TMA epilogue.\n"
             "With generation 2x and grouped: TensorRT-LLM's MoeFCGemm (its cutlass_extensions' moe_cutlass_kernel.h),\n"
             "which the trtllm-moe runner builds on 2.x. On sm90 with types ACTIVATION:WEIGHT of two widths (e4m3:s4,\n"
             "e4m3:u4, bf16:e2m1, f16:e2m1, e4m3:e2m1): TensorRT-LLM's mixed-input MoE GEMM (CollectiveBuilderMixedInput, its\n"
             "folded weight scales, GemmUniversalPrecomputedScheduler), grouped, conversion scl, c as d, d_layout col;\n"
             "the tile is its CTAShape (M over the weight's rows), which the trtllm-moe runner builds. Default: off.",
     .example = "--arch sm100 --scaling none --types e4m3 --c f16 --d f16 --tile 128x256x128 --schedule 1sm --moe",
     .read = [](Config& c, const Setting& s) { c.moe = s.value.get<bool>(); },
     // Written when set, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { if (c.moe) out.member(key, true); }},
    {.key = "trtllm_moe_fork", .flag = "--trtllm-moe-fork", .value = KeyValue::string,
     .help = "With moe on sm90 and types ACTIVATION:WEIGHT of two widths: which client version of TensorRT-LLM's\n"
             "mixed-input MoE GEMM is built (the trtllm-moe runner's too). Default: fb28d72.",
     .choices = trtllm_moe_fork_choices, .example = "--arch sm90 --moe --grouped --types e4m3:s4 --conversion scl --c bf16 "
                                                     "--d bf16 --d-layout col --schedule cooperative --tile 128x16x512 "
                                                     "--trtllm-moe-fork 9276e44",
     .read = [](Config& c, const Setting& s) { c.trtllm_moe_fork = parsed(parse_trtllm_moe_fork, s); },
     // Written when given, so that configurations without it read as before.
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.trtllm_moe_fork != TrtllmMoeFork::fb28d72) out.member(key, format_trtllm_moe_fork(c.trtllm_moe_fork)); }},
    {.key = "instruction", .flag = "--instruction", .value = KeyValue::string,
     .help = "The block-scaled MMA path:", .choices = instruction_choices, .example = "--types mxfp4 --instruction mxf8f6f4",
     .read = [](Config& c, const Setting& s) { c.instruction = parsed(parse_instruction, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_instruction(c.instruction)); }},
    {.key = "grouped", .flag = "--grouped", .value = KeyValue::boolean,
     .help = "Grouped (pointer-array) GEMM kernel, as MoE layers use. Default: off.", .example = "--grouped",
     .read = [](Config& c, const Setting& s) { c.grouped = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, c.grouped); }},
    {.key = "batched", .flag = "--batched", .value = KeyValue::boolean,
     .help = "Pointer-array batched GEMM (sm90): the KernelPtrArray… schedules over an ArrayProblemShape and plain "
             "strides, as\nCUTLASS's example 56 builds it (the default tile scheduler, not grouped's); with "
             "--planar-complex, 2.x's\nGemmPlanarComplexArray. Not with grouped. Default: off.",
     .example = "--arch sm90 --scaling none --types f16 --schedule cooperative --batched",
     .read = [](Config& c, const Setting& s) { c.batched = s.value.get<bool>(); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { if (c.batched) out.member(key, true); }},
    {.key = "stages", .flag = "--stages", .value = KeyValue::string_or_integer,
     .help = "auto (StageCountAutoCarveout<sizeof(epilogue SharedStorage)>), auto-epi, auto-zero, or a count N.\nDefault: auto.",
     .example = "--stages 2", .read = read_stages, .write = write_stages},
    {.key = "epilogue", .flag = "--epilogue", .value = KeyValue::string,
     .help = "The epilogue collective:", .choices = epilogue_choices, .example = "--grouped --epilogue finalize",
     .read = [](Config& c, const Setting& s) { c.epilogue = parsed(parse_epilogue, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_epilogue(c.epilogue)); }},
    {.key = "c", .flag = "--c", .value = KeyValue::string,
     .help = "Element type of C: void, f32, f16, bf16, e4m3, e5m2, e3m2, e2m3, e2m1, s8, u8, s32 (integer GEMMs: 2.x, sm90,\n"
             "sm100), tf32 (2.x tf32 GEMMs), f64, cf32, cf64 (2.x f64 and complex GEMMs).\n"
             "Default: void (2.x: D's type).",
     .example = "--c bf16", .example_on_own_line = true,
     .read = [](Config& c, const Setting& s) { c.c = checked(parse_element(text_of(s), true), s.origin); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.epilogue != EpilogueKind::finalize) out.member(key, name_of(c.c)); }},
    {.key = "d", .flag = "--d", .value = KeyValue::string,
     .help = "Element type of D (with finalize: the MoE output type). Default: bf16.", .example = "--d f32",
     .read = [](Config& c, const Setting& s) { c.d = checked(parse_element(text_of(s), false), s.origin); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, name_of(c.d)); }},
    {.key = "accumulator", .flag = "--accumulator", .value = KeyValue::string,
     .help = "The kernel's accumulator (ElementAccumulator): auto (f32; s32 for s8 and u8; f64, cf32, cf64 for those), f32, f16, "
             "s32,\nf64, cf32 or cf64. 2.x kernels: f16 for f16 and FP8 operands; 3.x: f16 for f16 operands on sm90 and sm100 "
             "(scaling none).\nDefault: auto.",
     .example = "--arch sm80 --types f16 --d f16 --accumulator f16",
     .read = [](Config& c, const Setting& s) { c.accumulator = parsed(parse_accumulator, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) {
       if (c.accumulator != Element::none) out.member(key, name_of(c.accumulator)); }},
    {.key = "a_layout", .flag = "--a-layout", .value = KeyValue::string,
     .help = "The layout of A:", .choices = a_layout_choices, .example = "--arch sm100 --scaling none --types f16 --a-layout col",
     .read = [](Config& c, const Setting& s) { c.a_layout = parsed(parse_layout, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_layout(c.a_layout)); }},
    {.key = "b_layout", .flag = "--b-layout", .value = KeyValue::string,
     .help = "The layout of B:", .choices = b_layout_choices, .example = "--arch sm100 --scaling none --types f16 --b-layout row",
     .read = [](Config& c, const Setting& s) { c.b_layout = parsed(parse_layout, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_layout(c.b_layout)); }},
    {.key = "d_layout", .flag = "--d-layout", .value = KeyValue::string,
     .help = "The layout of D (C follows it):", .choices = layout_choices, .example = "--d-layout col",
     .read = [](Config& c, const Setting& s) { c.d_layout = parsed(parse_layout, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_layout(c.d_layout)); }},
    {.key = "epilogue_tile", .flag = "--epilogue-tile", .value = KeyValue::string,
     .help = "auto or MxN. Default: auto.", .example = "--epilogue-tile 64x64",
     .read = [](Config& c, const Setting& s) { c.epilogue_tile = parsed(parse_epilogue_tile, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_epilogue_tile(c.epilogue_tile)); }},
    {.key = "fusion", .flag = "--fusion", .value = KeyValue::string,
     .help = "none, row-bias, col-bias:TYPE, sf-gen[:VECTOR[:TYPE[:LAYOUT]]] (block scale factors of D: 16, 32 or 64\nelements, "
             "ue4m3 or ue8m0, row or col; default the operands' vector and D's layout), scaled-mm, scaled-mm-bias, scaled-mm-col-bias (vLLM's\nScaledEpilogue[Bias|ColumnBias]), scaled-mm-azp, scaled-mm-azp-token (vLLM's ScaledEpilogueBiasAzp[Token];\n2.x), per-row-per-col, fp8-rowwise (TensorRT-LLM's and SGLang's int8 and sm89 FP8 scaled GEMMs; 2.x),\namax-aux:TYPE (CUTLASS's ScaledLinCombPerRowBiasEltActAmaxAux, its aux output of TYPE;\nsm90, sm100, sm103, sm120). Default: none.",
     .example = "--fusion col-bias:bf16", .read = read_fusion,
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_fusion(c)); }},
    {.key = "tile_scheduler", .flag = "--tile-scheduler", .value = KeyValue::string,
     .help = "The tile scheduler (the same shared memory on SM120):", .choices = tile_scheduler_choices,
     .example = "--tile-scheduler stream-k",
     .read = [](Config& c, const Setting& s) { c.tile_scheduler = parsed(parse_tile_scheduler, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_tile_scheduler(c.tile_scheduler)); }},
    {.key = "cutlass", .flag = "--cutlass", .value = KeyValue::string,
     .help = "CUTLASS release whose rules apply, 4.3.0 … 4.7.0; 4.4 means the newest 4.4 patch.\nDefault: 4.7.0.",
     .example = "--cutlass 4.4.2 (TensorRT-LLM's pin)",
     .read = [](Config& c, const Setting& s) { c.cutlass = parsed(parse_cutlass, s); },
     .write = [](JsonWriter& out, std::string_view key, const Config& c) { out.member(key, format_version(c.cutlass)); }},
}};
// clang-format on

namespace {

constexpr std::string_view help_of(std::string_view key) {
  for (const ConfigKey& row : config_keys)
    if (row.key == key) return row.help;
  return "";
}

constexpr bool names_every(std::string_view help, std::span<const std::string_view> names) {
  for (std::string_view name : names)
    if (help.find(name) == std::string_view::npos) return false;
  return true;
}

template <class T, std::size_t N>
constexpr std::array<std::string_view, N> spellings_of(const std::array<Word<T>, N>& words) {
  std::array<std::string_view, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = words[i].spelling;
  return out;
}

template <std::size_t N>
constexpr std::array<std::string_view, N> names_of(const std::array<Element, N>& elements) {
  std::array<std::string_view, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = name_of(elements[i]);
  return out;
}

constexpr std::array<std::string_view, operand_presets.size()> preset_names() {
  std::array<std::string_view, operand_presets.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = operand_presets[i].name;
  return out;
}

// Keys whose help lists a vocabulary in prose rather than as choices: the prose must name every
// value of the vocabulary's table.
static_assert(names_every(help_of("stages"), spellings_of(stage_words)));
static_assert(names_every(help_of("fusion"), spellings_of(fusion_words)));
static_assert(names_every(help_of("fusion"), spellings_of(scale_type_words)));
static_assert(names_every(help_of("c"), names_of(epilogue_elements)));
static_assert(names_every(help_of("types"), names_of(operand_elements)));
static_assert(names_every(help_of("types"), preset_names()));
// A key whose help is prose says its architecture defaults itself ("Default: nvfp4 (sm90: e4m3)").
constexpr bool prose_names_its_architecture_defaults() {
  for (const ArchitectureDefault& d : architecture_defaults)
    for (const ConfigKey& row : config_keys)
      if (row.key == d.key && row.choices.empty() &&
          (row.help.find(d.arch) == std::string_view::npos || row.help.find(d.value) == std::string_view::npos))
        return false;
  return true;
}
static_assert(prose_names_its_architecture_defaults());

}  // namespace

TileSpec tile_spec_of(const Setting& s) {
  if (s.value.is_string()) return parsed(parse_tile, s);
  TileSpec spec;
  std::array<bytes_t*, 3> dims{&spec.m, &spec.n, &spec.k};
  for (std::size_t i = 0; i < 3; ++i) {
    const nlohmann::json& v = s.value[i];
    if (!v.is_number_integer())
      fail_at(s.origin, fmt::format("{}: dimensions must be whole numbers written as integers (128, not 128.0, 1e3 "
                                    "or \"128\")",
                                    s.value.dump()));
    if (v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > max_tile_extent)
      fail_at(s.origin, fmt::format("{}: dimensions must be 1…65536", s.value.dump()));
    *dims[i] = v.get<std::int64_t>();
  }
  return spec;
}

const ConfigKey* find_config_key(std::string_view key) {
  // The rows by key, hashed: every setting of every configuration is looked up here.
  static const std::unordered_map<std::string_view, const ConfigKey*, TextHash> by_key = [] {
    std::unordered_map<std::string_view, const ConfigKey*, TextHash> rows;
    for (const ConfigKey& row : config_keys) rows.emplace(row.key, &row);
    return rows;
  }();
  const auto row = by_key.find(key);
  return row != by_key.end() ? row->second : nullptr;
}

std::string config_key_names() {
  std::string keys;
  for (const ConfigKey& row : config_keys) keys += (keys.empty() ? "" : ", ") + std::string(row.key);
  return keys;
}

std::string choices_help(std::string_view what, std::span<const Choice> choices, std::string_view example) {
  std::string out(what);
  for (const Choice& choice : choices) out += fmt::format("\n  {}: {}", choice.spelling, choice.help);
  return out + fmt::format("\nDefault: {}. e.g. {}", choices.front().spelling, example);
}

std::string flag_help(const ConfigKey& key) {
  if (key.choices.empty())
    return fmt::format("{}{}e.g. {}", key.help, key.example_on_own_line ? "\n" : " ", key.example);
  std::string help = choices_help(key.help, key.choices, key.example);
  // "Default: block." -> "Default: block (2.x: none; sm90: none)."
  std::string defaults;
  for (const ArchitectureDefault& d : architecture_defaults)
    if (d.key == key.key) defaults += fmt::format("{}{}: {}", defaults.empty() ? "" : "; ", d.arch, d.value);
  if (!defaults.empty()) help.insert(help.rfind(". e.g. "), " (" + defaults + ")");
  return help;
}

std::string key_reference_markdown() {
  std::string out =
      "# Configuration keys\n\n"
      "Generated from `src/io/config_keys.hpp` (the test `interface_doc` fails when this file differs from it;\n"
      "`build/tests/write_interface_md > docs/interface.md` writes it again). The JSON output's members are\n"
      "`docs/json-output.md`'s; the exit codes are the README's (\"Exit status\").\n\n"
      "A configuration is given by flags (`smem-budget --tile 128x256x128 ...`), by the keys of a batch file's\n"
      "entries and `defaults` (`{\"tile\": \"128x256x128\", ...}`), or by keyword arguments in Python\n"
      "(`smem_budget.check(tile=\"128x256x128\", ...)`). Precedence, weakest first: built-in defaults, the file's\n"
      "`defaults`, flags, the entry's own keys. A flag is given once; a boolean key's flag alone (true) or as\n"
      "`--grouped=true` / `--grouped=false`, no other value; a path or name given is not empty (`-o ''` is\n"
      "refused, not standard output).\n\n"
      "The architecture is not a key of the configuration: `--arch`, a batch file's `\"arch\"`, or an entry's own\n"
      "`\"arch\"` (a built-in or product name, or an arch file beside the batch file), which wins over both; its\n"
      "result then says `\"arch\"` (JSON), `[sm90]` before its name (tables) and its own `arch` column (CSV).\n\n"
      "| key | flag | value | help | e.g. |\n|---|---|---|---|---|\n";
  for (const ConfigKey& key : config_keys) {
    std::string help(key.help);
    for (const Choice& choice : key.choices) help += fmt::format(" `{}`: {};", choice.spelling, choice.help);
    if (!key.choices.empty()) help += fmt::format(" default `{}`.", key.choices.front().spelling);
    out +=
        fmt::format("| `{}` | {} | {} | {} | `{}` |\n", key.key, key.flag.empty() ? "" : fmt::format("`{}`", key.flag),
                    value_text(key.value), cell(help), cell(key.example));
  }
  return out;
}

}  // namespace smem_budget::io
