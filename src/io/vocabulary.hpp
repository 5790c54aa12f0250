// One table per enumerated option: each value with its spelling, a line of help and the CUTLASS
// tag it stands for where there is one. Parsers, formatters and "expected one of" messages all
// read the same table.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "io/parse.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/result.hpp"

namespace smem_budget::io {

template <class T>
struct Word {
  T value;
  std::string_view spelling;
  std::string_view help;
  std::string_view cutlass = {};  // the CUTLASS type or tag, where the value is one
};

inline constexpr std::array<Word<Schedule>, 9> schedule_words{{
    {Schedule::automatic, "auto",
     "KernelScheduleAuto: the cooperative kernel on sm120; on sm90 ping-pong for tile M 64, else cooperative, with "
     "the no-smem epilogue; on sm100 1-SM or 2-SM by tile M and cluster"},
    {Schedule::cooperative, "cooperative", "the cooperative kernel (sm90, sm120)"},
    {Schedule::pingpong, "pingpong", "the ping-pong kernel (sm90, sm120)"},
    {Schedule::one_sm, "1sm", "the …1Sm… kernel schedules (sm100)"},
    {Schedule::two_sm, "2sm", "the …2Sm… kernel schedules: one MMA over two CTAs (sm100)"},
    {Schedule::warp_specialized, "warpspecialized",
     "the non-persistent warp-specialized kernel, KernelTmaWarpSpecialized[FP8FastAccum] (sm90)",
     "cutlass::gemm::KernelTmaWarpSpecialized"},
    {Schedule::tma, "tma", "the non-persistent, non-warp-specialized KernelTma kernel (sm90; no-smem epilogue)",
     "cutlass::gemm::KernelTma"},
    {Schedule::single_warpgroup_prefill, "single-warpgroup-prefill",
     "TensorRT-LLM's SM90 small-K MoE kernel, one warp group, every stage loaded up front (moe, e4m3:e2m1)",
     "cutlass::gemm::kernel::SingleWarpgroupPipelineMode::PrefillAll"},
    {Schedule::single_warpgroup_rolling, "single-warpgroup-rolling",
     "TensorRT-LLM's SM90 small-K MoE kernel, one warp group, stages refilled as they drain (moe, e4m3:e2m1)",
     "cutlass::gemm::kernel::SingleWarpgroupPipelineMode::RollingRefill"},
}};

inline constexpr std::array<Word<Instruction>, 3> instruction_words{{
    {Instruction::automatic, "auto", "what CUTLASS picks: MXF4/NVF4 for FP4 x FP4, MXF8F6F4 otherwise"},
    {Instruction::mxf8f6f4, "mxf8f6f4",
     "the explicit …Mxf8f6f4Sm120 schedules: every element one byte in shared memory"},
    {Instruction::mxf8f6f4_acc2x4, "mxf8f6f4-acc2x4",
     "sparse block-scaled: KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120"},
}};

inline constexpr std::array<Word<EpilogueKind>, 3> epilogue_words{{
    {EpilogueKind::tma, "default", "the TMA warp-specialized epilogue"},
    {EpilogueKind::finalize, "finalize", "TensorRT-LLM's MoE scatter epilogue (needs grouped)"},
    {EpilogueKind::nosmem, "nosmem", "the epilogue without shared memory"},
}};

inline constexpr std::array<Word<MatrixLayout>, 2> layout_words{{
    {MatrixLayout::row, "row", "row-major C and D"},
    {MatrixLayout::col, "col", "column-major C and D (with finalize: TensorRT-LLM's swap-AB variant)"},
}};

inline constexpr std::array<Word<Scaling>, 3> scaling_words{{
    {Scaling::block, "block", "MX/NV block scale factors (the block-scaled GEMMs)"},
    {Scaling::blockwise, "blockwise", "a float scale per scale-granularity block (…BlockwiseScaling GEMMs)"},
    {Scaling::none, "none", "no scales (the plain tensor-op GEMM)"},
}};

inline constexpr std::array<Word<EpilogueSchedule>, 4> epilogue_schedule_words{{
    {EpilogueSchedule::automatic, "auto", "EpilogueScheduleAuto (sm100: the kernel schedule's own epilogue when named)"},
    {EpilogueSchedule::sparse, "sparse", "the sparse kernels' own …Sparse…Sm120 epilogue schedule"},
    {EpilogueSchedule::one_sm, "1sm", "sm100: TmaWarpSpecialized1Sm, also under a 2-SM mainloop"},
    {EpilogueSchedule::two_sm, "2sm", "sm100: TmaWarpSpecialized2Sm"},
}};

// The operator class given to the epilogue's CollectiveBuilder (read by SM100's epilogue builder).
// The spellings are CUTLASS's kernel-name suffixes (MixedInputMode, python/cutlass_library/gemm_operation.py:237-245).
inline constexpr std::array<Word<Conversion>, 4> conversion_words{{
    {Conversion::convert, "cvt", "convert only (DirectConvert): no scales", "cutlass::detail::ConversionMode::DirectConvert"},
    {Conversion::scale, "scl",
     "convert and scale (ConvertAndScale): one scale per tile row and stage in shared memory; 2.x: TensorRT-LLM's "
     "FINEGRAINED_SCALE_ONLY, a row of scales per stage",
     "cutlass::detail::ConversionMode::ConvertAndScale"},
    {Conversion::scale_zero, "sclzr",
     "convert, scale and add a zero point (ConvertAndScaleWithZero); 2.x: TensorRT-LLM's FINEGRAINED_SCALE_AND_ZEROS",
     "cutlass::detail::ConversionMode::ConvertAndScaleWithZero"},
    {Conversion::scale_per_column, "scl-col",
     "2.x: TensorRT-LLM's PER_COLUMN_SCALE_ONLY, one row of scales for every stage",
     "cutlass::WeightOnlyQuantOp::PER_COLUMN_SCALE_ONLY"},
}};

// TensorRT-LLM's ActivationType names (kernels/cutlass_kernels/include/common.h: Swiglu, Geglu).
inline constexpr std::array<Word<Activation>, 3> activation_words{{
    {Activation::none, "none", "no activation fused into the GEMM (TensorRT-LLM's MoeFCGemm)"},
    {Activation::swiglu, "swiglu",
     "TensorRT-LLM's fused gated-activation MoE kernel (Fused_Moe_Kernel_sm80), SiLU of the gate half times the "
     "linear half"},
    {Activation::geglu, "geglu", "the same kernel with GELU: the same shared memory"},
}};

// The client versions of TensorRT-LLM's SM90 mixed-input MoE GEMM, named by the FlashInfer commit that carries each.
inline constexpr std::array<Word<TrtllmMoeFork>, 2> trtllm_moe_fork_words{{
    {TrtllmMoeFork::fb28d72, "fb28d72",
     "FlashInfer fb28d72: folded weight scales, its own epilogue builder and GemmUniversalPrecomputedScheduler"},
    {TrtllmMoeFork::packed_scales, "9276e44",
     "FlashInfer 9276e44, TensorRT-LLM main 585c756, SGLang's w4a8_grouped_mm_c3x: the weight's scales packed "
     "K / group to a cutlass::Array, CUTLASS's grouped kernel and epilogue (W4AFP8 and WFP4A16)"},
}};

// The spellings are the math part of cutlass_library's 2.x names (s1688f16gemm, s1688bf16gemm; its
// FastF32 kernels are the plain s1688gemm of f32 operands).
inline constexpr std::array<Word<Math>, 4> math_words{{
    {Math::automatic, "auto", "the operands' own MMA (f32 operands: tf32)", "cutlass::arch::OpMultiplyAdd"},
    {Math::fast_f16, "f16", "f32 operands converted to f16 for the f16 MMA", "cutlass::arch::OpMultiplyAddFastF16"},
    {Math::fast_bf16, "bf16",
     "f32 operands converted to bf16 for the bf16 MMA (SM100 complex<float>: the FastF32 kernels, three bf16 parts "
     "each)",
     "cutlass::arch::OpMultiplyAddFastBF16"},
    {Math::fast_f32, "f32", "f32 operands as two tf32 parts each, three tf32 MMAs",
     "cutlass::arch::OpMultiplyAddFastF32"},
}};

inline constexpr std::array<Word<EpilogueOpClass>, 3> epilogue_op_class_words{{
    {EpilogueOpClass::automatic, "auto", "the mainloop's class, as CUTLASS's examples and generator pass it"},
    {EpilogueOpClass::tensorop, "tensorop", "arch::OpClassTensorOp (FlashInfer's block-scaled SM100 GEMMs)"},
    {EpilogueOpClass::blockscaled, "blockscaled", "arch::OpClassBlockScaledTensorOp"},
}};

inline constexpr std::array<Word<Runner>, 6> runner_words{{
    {Runner::none, "none", "the keys say the whole kernel"},
    {Runner::trtllm_moe, "trtllm-moe",
     "TensorRT-LLM's MoE GEMM launcher (FlashInfer's too): grouped; on sm120 the default epilogue reads C as D; on "
     "sm90 the cooperative kernel (FP8FastAccum for FP8), and for types ACTIVATION:WEIGHT of two widths its own "
     "mixed-input MoE kernel (moe, conversion scl, C as D, d_layout col; cooperative for tile M 128 or more, else "
     "pingpong; a tactic's K in elements); with generation 2x its MoeFCGemm kernel (moe; for W4A8, types e4m3:u4, "
     "sm89 only, a CutlassTileConfig tactic's tile and warp K 128 and 3 stages for 2), or with activation_type swiglu "
     "or geglu its fused gated-activation kernel (f16 or bf16)"},
    {Runner::trtllm_fpa_intb, "trtllm-fpa-intb",
     "TensorRT-LLM's weight-only GEMM runner (CutlassFpAIntBGemmRunner): its 2.x GemmFpAIntB; a CutlassTileConfig "
     "tactic's tile and warp K become 128 * 8 / bits of A (128 for e4m3 A); D of A's type for f16 and bf16 A"},
    {Runner::flashinfer_fp4_gemm, "flashinfer-fp4-gemm",
     "FlashInfer's SM120 NVFP4 GEMM: types nvfp4, C void, the cooperative kernel"},
    {Runner::flashinfer_mxfp8_gemm, "flashinfer-mxfp8-gemm",
     "FlashInfer's SM120 MXFP8 GEMM: types mxfp8, C void; StageCount<2> for a tile M or N of 256"},
    {Runner::sglang_w4a8_moe, "sglang-w4a8-moe",
     "SGLang's SM90 W4AFP8 MoE GEMM (w4a8_grouped_mm_c3x): TensorRT-LLM's 9276e44 mixed-input fork, types e4m3:s4, "
     "f16 C and D column-major; the tiles, clusters and schedules of its dispatch"},
}};

inline constexpr std::array<Word<Generation>, 2> generation_words{{
    {Generation::cutlass3x, "3x", "CUTLASS 3.x collectives (CollectiveBuilder, kernel::GemmUniversal)"},
    {Generation::cutlass2x, "2x",
     "CUTLASS 2.x multistage kernels (device::Gemm, GemmUniversal, GemmGrouped; sm75 (two stages) and sm80 and later)"},
}};

inline constexpr std::array<Word<OpClass>, 2> opclass_words{{
    {OpClass::tensorop, "tensorop", "tensor cores (arch::OpClassTensorOp: the cutlass_tensorop_… kernels)"},
    {OpClass::simt, "simt", "CUDA cores (arch::OpClassSimt: the cutlass_simt_… kernels)"},
}};

inline constexpr std::array<Word<TileScheduler>, 2> tile_scheduler_words{{
    {TileScheduler::persistent, "persistent", "the default persistent tile scheduler"},
    {TileScheduler::stream_k, "stream-k", "StreamKScheduler (cooperative, non-grouped kernels only)"},
}};

// The automatic stage counts; a count N is the fourth kind, StageCount<N>.
inline constexpr std::array<Word<StagePolicy::Kind>, 3> stage_words{{
    {StagePolicy::Kind::auto_carveout, "auto", "as many stages as fit beside the epilogue's shared storage",
     "StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>"},
    {StagePolicy::Kind::auto_epi, "auto-epi", "the carveout the epilogue collective itself reports",
     "StageCountAutoCarveoutEpi<CollectiveEpilogue>"},
    {StagePolicy::Kind::auto_zero, "auto-zero", "as many stages as fit with no carveout", "StageCountAuto"},
}};

// The epilogue fusions; col-bias and sf-gen take arguments after a colon (fusion_arguments).
inline constexpr std::array<Word<Fusion>, 12> fusion_words{{
    {Fusion::none, "none", "D = alpha * acc + beta * C", "LinearCombination"},
    {Fusion::row_bias, "row-bias", "a bias per row of D, held in registers", "LinCombPerRowBias"},
    {Fusion::col_bias, "col-bias", "a bias per column of D, a row broadcast through shared memory",
     "LinCombPerColBias"},
    {Fusion::sf_gen, "sf-gen", "block scale factors of D written beside it", "LinCombBlockScaleFactor"},
    {Fusion::scaled_mm, "scaled-mm", "vLLM's ScaledEpilogue: per-row scales of A, per-column scales of B"},
    {Fusion::scaled_mm_bias, "scaled-mm-bias", "vLLM's ScaledEpilogueBias: ScaledEpilogue and a bias row"},
    {Fusion::scaled_mm_col_bias, "scaled-mm-col-bias",
     "vLLM's ScaledEpilogueColumnBias: ScaledEpilogue and a bias column (held in registers; sm90)"},
    {Fusion::scaled_mm_azp, "scaled-mm-azp",
     "vLLM's ScaledEpilogueBiasAzp: ScaledEpilogue less an int32 azp_adj row, and an optional bias row (2.x)"},
    {Fusion::scaled_mm_azp_token, "scaled-mm-azp-token",
     "vLLM's ScaledEpilogueBiasAzpToken: as scaled-mm-azp, the azp_adj row times an int32 azp per row (2.x)"},
    {Fusion::per_row_per_col, "per-row-per-col",
     "TensorRT-LLM's and SGLang's int8 GEMM: per-row scales of A, per-column scales of B, an optional bias row (2.x)",
     "EpilogueVisitorPerRowPerCol"},
    {Fusion::fp8_rowwise, "fp8-rowwise",
     "TensorRT-LLM's and SGLang's FP8 rowwise GEMM on sm89: per-row and per-column scales, an optional bias row (2.x)"},
    {Fusion::amax_aux, "amax-aux",
     "scales, a per-row bias and ReLU, D's amax and an aux output in D's layout with its amax (sm90, sm100, "
     "sm103, sm120)",
     "ScaledLinCombPerRowBiasEltActAmaxAux"},
}};

// What follows a fusion's spelling, as messages show it.
constexpr std::string_view fusion_arguments(Fusion fusion) {
  if (fusion == Fusion::col_bias || fusion == Fusion::amax_aux) return ":TYPE";
  if (fusion == Fusion::sf_gen) return "[:VECTOR[:TYPE]]";
  return "";
}

// The scale-factor types sf-gen writes; the spellings are the model's name_of(ScaleType).
inline constexpr std::array<Word<ScaleType>, 2> scale_type_words{{
    {ScaleType::ue4m3, name_of(ScaleType::ue4m3), "NVFP4's scale factors", "cutlass::float_ue4m3_t"},
    {ScaleType::ue8m0, name_of(ScaleType::ue8m0), "the MX formats' scale factors", "cutlass::float_ue8m0_t"},
}};

// Elements per scale factor sf-gen accepts (LinCombBlockScaleFactor's SFVecSize).
inline constexpr std::array<bytes_t, 3> sf_vectors{16, 32, 64};

// The verdicts; the spellings are the model's name_of(Verdict).
inline constexpr std::array<Word<Verdict>, 3> verdict_words{{
    {Verdict::fits, name_of(Verdict::fits), "within the opt-in limit"},
    {Verdict::exceeds_optin, name_of(Verdict::exceeds_optin), "over the opt-in limit"},
    {Verdict::rejected, name_of(Verdict::rejected), "CUTLASS does not compile it"},
}};

// Element names, spelled by the model's name_of(Element), in the order messages list them: the
// operands' (A and B without block scaling) and the epilogue's (C, D, a bias).
inline constexpr std::array<Element, 18> operand_elements{
    Element::e2m1, Element::e3m2, Element::e2m3, Element::e4m3, Element::e5m2, Element::f16,
    Element::bf16, Element::f32,  Element::s8,   Element::u8,   Element::s4,   Element::u4,
    Element::s2,   Element::u2,   Element::f64,  Element::cf32, Element::cf64, Element::b1};

// Other libraries' names for operand types (PyTorch's float8_e4m3fn, CUTLASS's float_e4m3_t, CUDA's
// __nv_fp8_e4m3, NumPy's), which --types refuses naming what to give instead; compared as
// find_arch compares names (case, '-', '_' and spaces aside), after a "torch." prefix.
struct ForeignTypeName {
  std::string_view spelling;
  std::string_view ours;
};
inline constexpr std::array<ForeignTypeName, 39> foreign_type_names{{
    {"fp8", "e4m3 or e5m2 (mxfp8 with MX block scales)"},
    {"float8_e4m3fn", "e4m3"}, {"float8_e4m3", "e4m3"}, {"fp8_e4m3", "e4m3"}, {"e4m3fn", "e4m3"},
    {"float_e4m3_t", "e4m3"}, {"__nv_fp8_e4m3", "e4m3"},
    {"float8_e5m2", "e5m2"}, {"fp8_e5m2", "e5m2"}, {"float_e5m2_t", "e5m2"}, {"__nv_fp8_e5m2", "e5m2"},
    {"fp4", "nvfp4 or mxfp4 (e2m1 with block scales)"}, {"float4_e2m1fn_x2", "e2m1 (nvfp4 or mxfp4 with block scales)"},
    {"float_e2m1_t", "e2m1"}, {"e2m1fn", "e2m1"}, {"fp6", "mxfp6 (e3m2 or e2m3 with MX block scales)"},
    {"bfloat16", "bf16"}, {"bfloat16_t", "bf16"}, {"__nv_bfloat16", "bf16"}, {"float16", "f16"}, {"half", "f16"},
    {"half_t", "f16"}, {"fp16", "f16"}, {"__half", "f16"}, {"float32", "f32"}, {"float", "f32"}, {"fp32", "f32"},
    {"tfloat32_t", "f32 (a tf32 MMA reads f32 operands)"}, {"int8", "s8"}, {"int8_t", "s8"}, {"uint8", "u8"},
    {"uint8_t", "u8"}, {"int4", "s4"}, {"int4b_t", "s4"}, {"uint4", "u4"}, {"uint4b_t", "u4"},
    {"float64", "f64"}, {"double", "f64"}, {"complex64", "cf32"},
}};
inline constexpr std::array<Element, 15> epilogue_elements{
    Element::f32,  Element::f16,  Element::bf16, Element::e4m3, Element::e5m2, Element::e3m2, Element::e2m3,
    Element::e2m1, Element::s8,   Element::u8,   Element::s32,  Element::tf32, Element::f64,  Element::cf32, Element::cf64};
// The accumulators a 2.x kernel may name.
inline constexpr std::array<Element, 6> accumulator_elements{Element::f32, Element::f16,  Element::s32,
                                                             Element::f64, Element::cf32, Element::cf64};

// A table's spellings and help without the type of its values, for tables that list several
// vocabularies (the configuration keys).
struct Choice {
  std::string_view spelling;
  std::string_view help;
};

template <class T, std::size_t N>
constexpr std::array<Choice, N> choices_of(const std::array<Word<T>, N>& words) {
  std::array<Choice, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = {words[i].spelling, words[i].help};
  return out;
}

inline constexpr auto schedule_choices = choices_of(schedule_words);
inline constexpr auto instruction_choices = choices_of(instruction_words);
inline constexpr auto epilogue_choices = choices_of(epilogue_words);
inline constexpr auto layout_choices = choices_of(layout_words);
// A's and B's layouts take layout_words' spellings; what each means for the operand differs.
inline constexpr std::array<Choice, 2> a_layout_choices{{
    {"row", "K-major A (t in CUTLASS's names)"},
    {"col", "M-major A (n)"},
}};
inline constexpr std::array<Choice, 2> b_layout_choices{{
    {"col", "K-major B (n in CUTLASS's names)"},
    {"row", "N-major B (t)"},
}};
inline constexpr auto scaling_choices = choices_of(scaling_words);
inline constexpr auto epilogue_schedule_choices = choices_of(epilogue_schedule_words);
inline constexpr auto epilogue_op_class_choices = choices_of(epilogue_op_class_words);
inline constexpr auto conversion_choices = choices_of(conversion_words);
inline constexpr auto activation_choices = choices_of(activation_words);
inline constexpr auto trtllm_moe_fork_choices = choices_of(trtllm_moe_fork_words);
inline constexpr auto math_choices = choices_of(math_words);
inline constexpr auto generation_choices = choices_of(generation_words);
inline constexpr auto opclass_choices = choices_of(opclass_words);
inline constexpr auto runner_choices = choices_of(runner_words);
inline constexpr auto tile_scheduler_choices = choices_of(tile_scheduler_words);

template <class T, std::size_t N>
constexpr std::string_view spelling_of(const std::array<Word<T>, N>& words, T value) {
  for (const Word<T>& word : words)
    if (word.value == value) return word.spelling;
  return "";
}

// The value spelled `text`, or null.
template <class T, std::size_t N>
constexpr const Word<T>* find_word(const std::array<Word<T>, N>& words, std::string_view text) {
  for (const Word<T>& word : words)
    if (word.spelling == text) return &word;
  return nullptr;
}

// "a, b, c": every spelling, for messages and help.
template <class T, std::size_t N>
std::string spellings(const std::array<Word<T>, N>& words) {
  std::string out;
  for (const Word<T>& word : words) out += (out.empty() ? "" : ", ") + std::string(word.spelling);
  return out;
}

// "a, b or c".
inline std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

// "f32, f16, bf16": element names, for messages.
template <std::size_t N>
std::string element_names(const std::array<Element, N>& elements) {
  std::string out;
  for (Element e : elements) out += (out.empty() ? "" : ", ") + std::string(name_of(e));
  return out;
}

}  // namespace smem_budget::io
