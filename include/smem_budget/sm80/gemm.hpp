// CUTLASS 2.x multistage GEMMs, the kernels of SM80 (A100), SM86/SM87 and SM89 (FP8), which
// SM90, SM100 and SM120 run too: device::Gemm (with or without serial split-K), GemmUniversal and
// GemmGrouped over the default tensor-op mainloop and epilogue. Their SharedStorage is a union of
// the mainloop's tiles and the epilogue's staging buffer (gemm/kernel/gemm_universal.h:352-355,
// gemm/kernel/gemm.h:139-142, v4.7.0); the grouped kernel adds its problem visitor's storage
// after the union (gemm/kernel/gemm_grouped.h:267-275). The stage count is the caller's
// (no builder chooses it): DefaultGemmConfiguration's 3 when none is given. Turing (SM75) builds
// the same kernels over its own MMAs at two stages only (sm75_invalid_input, sm80_check).
#pragma once

#include <optional>
#include <string_view>
#include <utility>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/gemm_evaluation.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/sm80/dequant_mainloop.hpp"
#include "smem_budget/sm80/epilogue.hpp"
#include "smem_budget/sm80/fused_moe.hpp"
#include "smem_budget/sm80/mainloop.hpp"
#include "smem_budget/sm80/simt.hpp"
#include "smem_budget/sm80/sparse_mainloop.hpp"

namespace smem_budget {

inline constexpr std::array<CutlassVersion, 1> sm80_measured_releases{{{4, 7, 0}}};

// The 2.x kernels read none of the rules that changed between the releases (their code is frozen).
constexpr CutlassRules sm80_rules_read(CutlassRules) { return {}; }

// DefaultGemmConfiguration<OpClassTensorOp, Sm80, …>::kStages
// (gemm/device/default_gemm_configuration.h:470); the SIMT one's is 2 (:86).
inline constexpr bytes_t sm80_default_stages = 3;
inline constexpr bytes_t sm80_simt_default_stages = 2;

constexpr bytes_t sm80_stages(const Config& config) {
  if (config.stages.kind == StagePolicy::Kind::fixed) return config.stages.count;
  return config.opclass == OpClass::simt ? sm80_simt_default_stages : sm80_default_stages;
}

// Turing's tensor-op kernels: DefaultGemm's arch::Sm75 specialization is of two stages (MmaPipelined over
// default_mma_core_sm75.h's cores; gemm/kernel/default_gemm.h:393-506), which is also
// DefaultGemmConfiguration<OpClassTensorOp, Sm75, …>::kStages (gemm/device/default_gemm_configuration.h:206).
inline constexpr bytes_t sm75_stages = 2;
constexpr bool sm80_turing(const ArchLimits& arch) { return arch.cc == ComputeCapability{7, 5}; }

// The configuration with the architecture's default stage count where none is given.
constexpr Config sm80_with_stages(Config config, const ArchLimits& arch) {
  if (sm80_turing(arch) && config.stages.kind != StagePolicy::Kind::fixed)
    config.stages = {StagePolicy::Kind::fixed, sm75_stages};
  return config;
}

namespace detail {

constexpr bool sm80_operand_type(Element e) {
  return e == Element::f16 || e == Element::bf16 || e == Element::f32 || e == Element::s8 || e == Element::u8 ||
         e == Element::s4 || e == Element::u4 || e == Element::b1 || e == Element::e4m3 || e == Element::e5m2 ||
         is_f64_or_complex(e);
}

// The operand pairs of different types SM80's generator builds (GenerateSM80_TensorOp_16816_mixed_input_upcast_a/b,
// _16832_TN_mixed_input_upcast_a/b, generator.py:2640-3098): an 8-bit integer with a 16-bit float, and s4
// with s8, either way round. FP8 pairs of e4m3 and e5m2 are one MMA, not mixed input.
constexpr bool sm80_mixed_pair(Element a, Element b) {
  const auto upcast = [](Element narrow, Element wide) {
    return ((narrow == Element::s8 || narrow == Element::u8) && (wide == Element::f16 || wide == Element::bf16)) ||
           (narrow == Element::s4 && wide == Element::s8);
  };
  return upcast(a, b) || upcast(b, a);
}

// The accumulators SM80's and SM89's tensor-op MMAs produce for an operand type.
constexpr bool sm80_accumulates_in(Element operand, Element accumulator) {
  if (is_integer(operand)) return accumulator == Element::s32;
  if (is_f64_or_complex(operand) || is_f64_or_complex(accumulator)) return accumulator == operand;
  if (accumulator == Element::f32) return true;
  return accumulator == Element::f16 && (operand == Element::f16 || is_f8f6f4(operand));
}

// What the planar complex kernels (DefaultGemmPlanarComplexUniversal's GemmKernel and
// GemmArrayKernel, gemm/kernel/default_gemm_planar_complex_universal.h:275-345) take: the generator's
// (GenerateSM80_PlanarComplexTensorOp_16816, generator.py:2567-2637) f16 or bf16 planes through
// tensor ops, with the multistage mainloop (two stages or fewer build MmaPlanarComplexPipelined, :184).
constexpr std::optional<std::string_view> sm80_planar_complex_invalid_input(const Config& config) {
  if (config.opclass == OpClass::simt) return "not modelled: 2.x SIMT planar complex GEMMs";
  if (config.sparse) return "2.x planar complex GEMMs are not sparse: leave sparse out";
  if (config.grouped)
    return "2.x planar complex GEMMs are not grouped: give batched for the pointer-array kernel (GemmPlanarComplexArray)";
  const Element a = config.types.a.data;
  if (a != config.types.b.data || (a != Element::f16 && a != Element::bf16))
    return "not modelled: 2.x planar complex GEMMs of other than f16 or bf16 planes (the generator's)";
  if (sm80_stages(config) <= 2)
    return "not modelled: 2.x planar complex GEMMs of one or two stages (MmaPlanarComplexPipelined): give stages 3 or "
           "more";
  return std::nullopt;
}

// What the clients' own 2.x kernels take: TensorRT-LLM's MoeFCGemm (moe) and weight-only mainloop
// (a scaling conversion), vLLM's scaled_mm_c2x epilogue visitors (fusion scaled-mm, scaled-mm-bias, and
// the azp ones of its cutlass_scaled_mm_azp: scaled-mm-azp, scaled-mm-azp-token), and TensorRT-LLM's and
// SGLang's int8 and FP8 scaled GEMMs (per-row-per-col, fp8-rowwise).
constexpr std::optional<std::string_view> sm80_client_invalid_input(const Config& config) {
  const bool plain = config.opclass == OpClass::tensorop && !config.sparse && !config.planar_complex;
  // Row-major A and D, column-major B: the layouts every one of these kernels is built with.
  const bool default_layouts = config.a_layout == MatrixLayout::row && config.b_layout == MatrixLayout::col &&
                               config.d_layout == MatrixLayout::row;
  if (config.moe) {
    if (!config.grouped)
      return "moe with generation 2x is TensorRT-LLM's MoeFCGemm, a grouped GEMM: give grouped too (the trtllm-moe "
             "runner does)";
    if (!plain) return "TensorRT-LLM's MoeFCGemm is a dense tensor-op GEMM: leave opclass, sparse and planar_complex out";
  }
  if (sm80_dequantizes(config)) {
    const Element a = config.types.a.data, b = config.types.b.data;
    const bool fp8_activations = a == Element::e4m3;
    if (fp8_activations && b != Element::u4)
      return "TensorRT-LLM's FP8-activation weight-only GEMM (W4A8) takes u4 B: its DefaultMma has no other "
             "(cutlass_extensions/gemm/threadblock/default_mma.h:263); give types e4m3:u4";
    if (!fp8_activations && ((a != Element::f16 && a != Element::bf16) || (b != Element::u4 && b != Element::u8)))
      return "not modelled: TensorRT-LLM's weight-only 2.x GEMMs other than f16 or bf16 A with u4 or u8 B, and e4m3 A "
             "with u4 B";
    if (!plain) return "TensorRT-LLM's weight-only GEMMs are dense tensor-op GEMMs: leave opclass, sparse and "
                       "planar_complex out";
    if (config.grouped && !config.moe)
      return "TensorRT-LLM builds its grouped weight-only GEMMs as MoeFCGemm: give moe too (the trtllm-moe runner "
             "does)";
    if (!default_layouts)
      return "TensorRT-LLM's weight-only GEMMs take row-major A and D and a column-major (interleaved) B: leave the "
             "layouts out";
    // The W4A8 runners write f16 or bf16, the others A's type (the CutlassFpAIntBGemmRunner
    // instantiations, kernels/cutlass_kernels/fpA_intB_gemm/*_gemm_*.cu; before SM89
    // dispatch_gemm_to_cutlass refuses any other, fpA_intB_gemm_template.h:322-327).
    if (fp8_activations && config.d != Element::f16 && config.d != Element::bf16)
      return "TensorRT-LLM's FP8-activation weight-only GEMMs write f16 or bf16 D: give d f16 or bf16";
    if (!fp8_activations && config.d != a)
      return "TensorRT-LLM's weight-only GEMMs write D of A's type: give d as A's type";
    if (accumulator_of(config) != Element::f32)
      return "TensorRT-LLM's weight-only GEMMs accumulate in f32: leave accumulator out";
    if (sm80_stages(config) < 2) return "not modelled: TensorRT-LLM's weight-only mainloop of one stage";
  }
  if (config.interleaved) {
    const Element a = config.types.a.data;
    if (!plain || config.grouped || config.moe || sm80_dequantizes(config) || config.fusion != Fusion::none)
      return "2.x interleaved GEMMs are cutlass_library's plain GemmUniversal kernels: leave opclass, sparse, "
             "planar_complex, grouped, moe, conversion and fusion out";
    if (a != config.types.b.data || (a != Element::s8 && a != Element::u8 && a != Element::s4 && a != Element::u4))
      return "not modelled: 2.x interleaved GEMMs other than s8, u8, s4 or u4 A and B of one type (the generator's)";
    if (config.d != a) return "not modelled: a 2.x interleaved GEMM writing other than its operands' type (the generator's)";
    if (!default_layouts)
      return "interleaved sets the layouts of A, B and D (ColumnMajorInterleaved, RowMajorInterleaved): leave the "
             "layouts out";
    if (config.tile.k % sm80_interleaved_k(config) != 0)
      return "not modelled: a 2.x interleaved GEMM whose tile K is not whole interleavings (32 8-bit or 64 4-bit elements)";
  }
  if (config.fusion != Fusion::none && !sm80_epilogue_visitor(config))
    return "not modelled: 2.x epilogues other than the default LinearCombination, vLLM's scaled_mm_c2x visitors "
           "(fusion scaled-mm, scaled-mm-bias, scaled-mm-azp, scaled-mm-azp-token) and TensorRT-LLM's and SGLang's "
           "scaled GEMMs (per-row-per-col, fp8-rowwise)";
  if (config.fusion == Fusion::per_row_per_col || config.fusion == Fusion::fp8_rowwise) {
    const bool int8 = config.fusion == Fusion::per_row_per_col;
    const Element operand = int8 ? Element::s8 : Element::e4m3;
    if (!plain || config.grouped || config.moe || sm80_dequantizes(config))
      return "TensorRT-LLM's and SGLang's scaled 2.x GEMMs are dense tensor-op GEMMs: leave opclass, sparse, "
             "planar_complex, grouped, moe and conversion out";
    if (config.types.a.data != operand || config.types.b.data != operand)
      return int8 ? "per-row-per-col is the int8 GEMM's epilogue: give types s8"
                  : "fp8-rowwise is the FP8 GEMM's epilogue: give types e4m3";
    if (config.d != Element::f16 && config.d != Element::bf16)
      return "TensorRT-LLM's and SGLang's scaled 2.x GEMMs write f16 or bf16 D";
    if (accumulator_of(config) != (int8 ? Element::s32 : Element::f32))
      return "TensorRT-LLM's and SGLang's scaled 2.x GEMMs accumulate int8 in s32 and FP8 in f32: leave the "
             "accumulator out";
    if (!default_layouts)
      return "TensorRT-LLM's and SGLang's scaled 2.x GEMMs take row-major A and D and column-major B: leave the "
             "layouts out";
    if (config.alignment.c != 0)
      return "TensorRT-LLM's and SGLang's scaled 2.x GEMMs write D 128 bits per access: leave C's alignment out";
  } else if (config.fusion != Fusion::none) {
    const Element a = config.types.a.data;
    if (!plain || config.grouped || config.moe || sm80_dequantizes(config))
      return "vLLM's scaled_mm_c2x kernels are dense tensor-op GEMMs: leave opclass, sparse, planar_complex, grouped, "
             "moe and conversion out";
    if ((a != Element::s8 && a != Element::e4m3) || config.types.b.data != a)
      return "vLLM's scaled_mm_c2x kernels take s8 or e4m3 A and B (its cutlass_scaled_mm)";
    if (config.d != Element::f16 && config.d != Element::bf16)
      return "vLLM's scaled_mm_c2x kernels write f16 or bf16 D";
    if (!default_layouts)
      return "vLLM's scaled_mm_c2x kernels take row-major A and D and column-major B: leave the layouts out";
    if (config.alignment.c != 0)
      return "vLLM's scaled_mm_c2x kernels stage a float C of 4 elements per access: leave C's alignment out";
  }
  return std::nullopt;
}

// What the sparse, SIMT and planar complex kernels add to the 2.x inputs.
constexpr std::optional<std::string_view> sm80_class_invalid_input(const Config& config) {
  if (config.planar_complex) {
    if (const auto error = sm80_planar_complex_invalid_input(config)) return error;
  } else if (config.batched) {
    return "not modelled: 2.x pointer-array batched GEMMs other than planar complex's (GemmPlanarComplexArray; batched "
           "is modelled on sm90)";
  }
  if (config.opclass == OpClass::simt) {
    if (config.sparse) return "2.x sparse GEMMs are tensor-op kernels: leave opclass out, or sparse";
    // SM80's SIMT DefaultMmaCore is one template for any element (default_mma_core_sm80.h:1950-2590): f64
    // (dgemm) differs from f32 only in its lanes, 128 bits of the operand. complex<float> (cgemm) builds
    // DefaultMultistageMmaComplexCore's SIMT cores, the same layouts (sm80/simt.hpp says what differs).
    const Element a = config.types.a.data;
    if (a != config.types.b.data || (a != Element::f32 && a != Element::f64 && a != Element::cf32))
      return "not modelled: 2.x SIMT operands other than f32, f64 and cf32 (sgemm, dgemm, cgemm; hgemm, igemm and "
             "zgemm are not)";
    if (is_complex(a) && !sm80_simt_padding_whole_lanes(config))
      return "not modelled: a complex<float> SIMT kernel whose K-major operand's skew (tile K / 32) is not whole lanes "
             "(its core does not assert it, as the real ones do; none was built)";
    if (sm80_stages(config) == 2)
      return "not modelled: a 2.x SIMT kernel of two stages (MmaPipelined over default_mma_core_simt.h, the default "
             "of DefaultGemmConfiguration<OpClassSimt>): give stages 3 or more, as the library's kernels do";
    if (config.grouped) return "not modelled: 2.x grouped SIMT GEMMs";
  }
  if (config.sparse) {
    if (config.grouped) return "2.x sparse GEMMs (device::SparseGemm) are not grouped: leave grouped out";
    if (config.d_layout != MatrixLayout::row)
      return "a 2.x sparse GEMM writes a row-major D: DefaultSparseGemm has no other (gemm/kernel/default_gemm_sparse.h, "
             "device::SparseGemm does not transpose the problem); give d_layout row";
    if (config.types.a.data != config.types.b.data && !(is_f8f6f4(config.types.a.data) && is_f8f6f4(config.types.b.data)))
      return "not modelled: 2.x sparse GEMMs of A and B of different types";
    for (Element e : {config.types.a.data, config.types.b.data})
      if (e == Element::u8 || e == Element::u4 || e == Element::b1 || is_f64_or_complex(e))
        return "not modelled: 2.x sparse GEMMs of u8, u4, b1, f64 or complex operands";
    if (config.math != Math::automatic) return "not modelled: 2.x sparse GEMMs through the f16/bf16/FastF32 MMAs (math)";
  }
  if (config.opclass == OpClass::simt && config.math != Math::automatic)
    return "math chooses a tensor-op MMA: leave it out for a SIMT kernel";
  return sm80_client_invalid_input(config);
}

}  // namespace detail

// What the 2.x model does not answer, or what is not a 2.x kernel at all.
constexpr std::optional<std::string_view> sm80_invalid_input(const Config& config) {
  if (config.generation != Generation::cutlass2x)
    return "not modelled: CUTLASS 3.x GEMMs on sm80…sm89 (the SM80 CuTe collectives); give generation 2x for the 2.x "
           "kernels (device::Gemm, GemmUniversal, GemmGrouped)";
  // TensorRT-LLM's fused MoE kernel runs 4 warps whatever the warp tile (fused_moe.hpp).
  if (sm80_fused_moe(config)) {
    if (const auto error = sm80_fused_moe_invalid_input(config)) return error;
  } else {
    const WarpTile& w = config.warp;
    if (!w.given())
      return "a 2.x kernel needs its warp tile (WarpShape): give warp MxNxK, e.g. 64x64x32 for tile 128x128x32";
    for (bytes_t extent : {w.m, w.n, w.k})
      if (extent < 1 || extent > max_tile_extent) return "warp tile dimensions must be 1…65536";
    if (config.tile.k % w.k != 0)
      return "not modelled: a warp tile K that does not divide the tile's K (the warps that split K must cover it)";
  }
  if (config.scaling != Scaling::none)
    return "2.x GEMMs scale neither A nor B: give scaling none (block and blockwise scales are 3.x kernels)";
  if (const auto error = detail::sm80_class_invalid_input(config)) return error;
  const Element a = config.types.a.data, b = config.types.b.data;
  if (!detail::sm80_operand_type(a) || !detail::sm80_operand_type(b))
    return "not modelled: 2.x operands are f16, bf16, f32 (the tf32 MMA), s8, u8, s4, u4, b1, e4m3 or e5m2";
  if (a != b && !(is_f8f6f4(a) && is_f8f6f4(b)) && !detail::sm80_mixed_pair(a, b) && !sm80_dequantizes(config))
    return "not modelled: these 2.x operand types together (FP8 may pair e4m3 with e5m2; mixed-input GEMMs pair s8 "
           "or u8 with f16 or bf16, and s4 with s8)";
  const Element mma_operand = sm80_mma_operand(config.types);
  if (config.math != Math::automatic && (a != Element::f32 || b != Element::f32))
    return "math f16, bf16 and f32 are MMAs for f32 operands (OpMultiplyAddFastF16/FastBF16/FastF32): give types f32, "
           "or leave math out";
  const Element acc = accumulator_of(config);
  if (!detail::sm80_accumulates_in(mma_operand, acc))
    return "no 2.x tensor-op MMA accumulates these operands in that type: f16 and FP8 in f32 or f16, bf16 and f32 "
           "(tf32) in f32, s8, u8, s4 and u4 in s32, f64, cf32 and cf64 in their own type";
  const Element d = config.d;
  if (is_f64_or_complex(a)) {
    if (d != a) return "a 2.x f64 or complex GEMM writes D of its operands' type: give d as types";
    if (config.c != Element::none && config.c != d)
      return "a 2.x kernel reads C as D's type (its one ElementC): leave c out or give D's type";
    const OperandAlignment& align = config.alignment;
    for (bytes_t elements : {align.a, align.b, align.c})
      if (elements > 1)
        return "not modelled: f64 and complex 2.x GEMMs with an alignment other than 1 element (the generator's and "
               "DefaultGemmConfiguration's)";
    if (config.grouped) return "not modelled: grouped f64 and complex 2.x GEMMs";
    // DefaultGemmComplex builds its epilogue for unsplit warps (kPartitionsK 1,
    // gemm/kernel/default_gemm_complex.h:173, 328) whatever the warp tile's K.
    if (is_complex(a) && config.warp.k != config.tile.k)
      return "not modelled: complex 2.x GEMMs whose warps split K (give warp K equal to the tile's K)";
  }
  const bool float_output = (is_f64_or_complex(a) && d == a) || d == Element::f32 || d == Element::f16 ||
                            d == Element::bf16 || (is_f8f6f4(a) && (d == Element::e4m3 || d == Element::e5m2)) ||
                            (a == Element::f32 && d == Element::tf32);
  if (a == Element::b1 && d != Element::s32)
    return "not modelled: a 2.x 1-bit GEMM writing other than s32 (GenerateSM80_TensorOp_168256's)";
  const bool integer_output = is_integer(mma_operand) && (d == mma_operand || d == Element::s32);
  if (!float_output && !integer_output)
    return "not modelled: this 2.x output type (f32, f16 and bf16 are; s32 or the (wider) operand's type of integer "
           "operands; e4m3 and e5m2 of FP8 operands; tf32 of f32 operands)";
  if (config.c != Element::none && config.c != d)
    return "a 2.x kernel reads C as D's type (its one ElementC): leave c out or give D's type";
  if (config.epilogue != EpilogueKind::tma)
    return "not modelled: 2.x epilogues other than the default LinearCombination and vLLM's visitors (no finalize or "
           "nosmem)";
  if (config.schedule != Schedule::automatic)
    return "2.x kernels have no kernel schedule: leave schedule out (the multistage mainloop is the only one)";
  if (config.cluster != Cluster{}) return "2.x kernels run no thread-block clusters: leave cluster out";
  if (!config.epilogue_tile.automatic) return "2.x epilogues take no epilogue tile: leave epilogue_tile out";
  if (config.instruction != Instruction::automatic || config.epilogue_schedule != EpilogueSchedule::automatic ||
      config.epilogue_op_class != EpilogueOpClass::automatic || config.tile_scheduler != TileScheduler::persistent ||
      config.cp_async)
    return "instruction, epilogue_schedule, epilogue_op_class, tile_scheduler and cp_async are 3.x settings; leave "
           "them out for a 2.x kernel";
  if (config.stages.kind == StagePolicy::Kind::auto_zero || config.stages.kind == StagePolicy::Kind::auto_epi)
    return "a 2.x kernel takes a stage count (no builder chooses one): give stages N, or leave it out for 3";
  return std::nullopt;
}

// What Turing's 2.x model answers, before sm80_invalid_input: the dense tensor-op GEMMs (device::Gemm,
// GemmUniversal over DefaultGemm's arch::Sm75 kernel) of f16, 8-bit and 4-bit integer operands, the
// MMAs Turing has (arch/mma_sm75.h: m16n8k8 f16, m8n8k16 and m8n8k32 integers, m8n8k128 b1), among them
// vLLM's scaled_mm_c2x and SGLang's int8 scaled GEMM, and TensorRT-LLM's weight-only GemmFpAIntB (its runner
// builds arch::Sm75 kernels for SM75, fpA_intB_gemm_template.h:428-431) and MoE GEMM (refused: sm75_trtllm_moe).
// bf16 and tf32 run SM80's m16n8k8 (arch/mma_sm80.h:79, 219), which compiles for sm_75 with its body left out
// (CUTLASS_ARCH_MMA_SM80_ENABLED, :52, 110): a kernel for another GPU, as FP8's is below SM89.
constexpr std::optional<std::string_view> sm75_invalid_input(const Config& config) {
  if (config.generation != Generation::cutlass2x)
    return "CUTLASS 3.x GEMMs do not run on Turing (sm75): its kernels are 2.x ones; give generation 2x";
  const Element a = config.types.a.data, b = config.types.b.data;
  // TensorRT-LLM's Turing weight-only mainloop converts a bf16 A to f16 before it stores it and runs f16 MMAs
  // (default_dq_mma_pipelined.h:223, dq_mma_pipelined_finegrained.h:293-298), and its MoeFCGemm does not build
  // for sm_75 whatever the types (sm75_trtllm_moe): bf16 is refused only where it would meet an MMA.
  const bool bf16_converted = (sm80_dequantizes(config) || config.moe) && a == Element::bf16;
  for (Element e : {a, b})
    if ((e == Element::bf16 && !bf16_converted) || e == Element::f32 || is_f64_or_complex(e) || e == Element::e4m3 ||
        e == Element::e5m2)
      return "Turing (sm75) has no tensor-op MMA for bf16, tf32 (f32 operands), f64, complex or FP8 operands: a 2.x "
             "kernel built for sm_75 compiles SM80's or SM89's mma.sync out (arch/mma_sm80.h:52-110); give f16, s8, "
             "u8, s4 or u4, or --arch sm80 or later";
  if (a == Element::b1) return "not modelled: 2.x 1-bit GEMMs on sm75";
  if (config.opclass == OpClass::simt) return "not modelled: 2.x SIMT GEMMs on sm75 (tensor-op GEMMs are)";
  if (config.sparse)
    return "Turing (sm75) has no sparse tensor-op MMA (mma.sp is SM80's, arch/mma_sparse_sm80.h): leave sparse out, "
           "or give --arch sm80 or later";
  // TensorRT-LLM fuses the gated activation into its MoE GEMM from SM80 only (supportsFusedGatedActivation:
  // getSM() >= 80, kernels/cutlass_kernels/moe_gemm/moe_gemm_template_dispatch.h:737-741 in FlashInfer fb28d72).
  if (config.activation != Activation::none)
    return "TensorRT-LLM runs its fused gated-activation MoE kernel on SM80 and later only "
           "(supportsFusedGatedActivation asks getSM() >= 80, moe_gemm_template_dispatch.h:737-741): leave "
           "activation_type out on sm75";
  if (config.planar_complex || config.interleaved || (config.grouped && !config.moe) || config.batched)
    return "not modelled: 2.x planar complex, interleaved, grouped and batched GEMMs on sm75 (device::Gemm and "
           "GemmUniversal are; TensorRT-LLM's grouped MoeFCGemm is refused for sm_75)";
  return std::nullopt;
}

// The kernel a configuration builds. A column-major D is the transposed problem's row-major
// kernel: device::GemmUniversal swaps A and B and transposes their layouts, keeping the tile and
// warp shapes (gemm/device/gemm_universal.h:326-352; device::Gemm and DefaultGemmGrouped alike).
constexpr Config sm80_kernel_config(Config config) {
  if (config.d_layout == MatrixLayout::row) return config;
  const bool a_k_major = k_major_a(config);
  const bool b_k_major = k_major_b(config);
  std::swap(config.types.a, config.types.b);
  std::swap(config.alignment.a, config.alignment.b);
  config.a_layout = b_k_major ? MatrixLayout::row : MatrixLayout::col;
  config.b_layout = a_k_major ? MatrixLayout::col : MatrixLayout::row;
  config.d_layout = MatrixLayout::row;
  return config;
}

// Whether the 2.x f64 and complex<double> kernels run SM90's DMMA m16n8k4, as the generator builds
// them for SM90 (arch::Sm90's DefaultGemm and DefaultGemmComplex, gemm/kernel/default_gemm.h:192,
// default_gemm_complex.h:158); every other architecture runs SM80's m8n8k4.
constexpr bool sm80_hopper_dmma(const ArchLimits& arch) { return arch.cc == ComputeCapability{9, 0}; }
constexpr Sm80Mma sm80_mma(const ArchLimits& arch) {
  return sm80_turing(arch) ? Sm80Mma::turing : sm80_hopper_dmma(arch) ? Sm80Mma::hopper_dmma : Sm80Mma::ampere;
}

// Whether the architecture runs the 2.x FP8 mma.sync (dense and sparse), which CUTLASS enables from
// __CUDA_ARCH__ 890 (arch/mma_sm89.h:56-63, mma_sparse_sm89.h:52). Built for an earlier
// architecture the kernel compiles and every MMA is CUTLASS_NOT_IMPLEMENTED, a breakpoint
// (mma_sm89.h:160-168): a kernel for another GPU.
constexpr bool sm80_runs_fp8_mma(const ArchLimits& arch) {
  return arch.cc.major > 8 || (arch.cc.major == 8 && arch.cc.minor >= 9);
}

// What CUTLASS asserts of the shape (for any stage count but TensorRT-LLM's W4A8 at two, and Turing's two
// stages). The sparse and the tensor-op kernels share DefaultEpilogueTensorOp (gemm/kernel/default_gemm_sparse.h:
// 160-163). On Turing a stage count other than two has no DefaultGemm (default_gemm.h:393-506 is the
// arch::Sm75 kernel's only specialization), refused before any of the core's assertions; at two, the
// mainloop is MmaPipelined over default_mma_core_sm75.h's cores, whose layouts, thread maps and
// assertions are those sm80/mainloop.hpp models (default_mma_core_sm75.h:87-660: crosswise K-major and
// congruous M- or N-major operands, unpadded), with Turing's instructions.
constexpr Rejection sm80_check(const Config& config, Sm80Mma mmas) {
  if (mmas == Sm80Mma::turing && sm80_stages(config) != sm75_stages) return Rejection::sm75_stage_count;
  // TensorRT-LLM's MoeFCGemm compiles its body for __CUDA_ARCH__ 800 and later only; built for sm_75 its
  // operator() is a static_assert(false) (cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h:659-662, FlashInfer
  // fb28d72; TensorRT-LLM's own copy alike), met once the kernel's types (and so the stage count) are built.
  if (mmas == Sm80Mma::turing && config.moe && !sm80_fused_moe(config)) return Rejection::sm75_trtllm_moe;
  if (sm80_fused_moe(config)) return sm80_fused_moe_check(sm80_stages(config));
  const Config kernel = sm80_kernel_config(config);
  if (kernel.opclass == OpClass::simt) {
    if (const Rejection why = sm80_simt_mainloop_check(kernel); why != Rejection::none) return why;
    return sm80_simt_epilogue_check(sm80_output_access(kernel));
  }
  // The weight-only kernel's DefaultMma choice, then DqMma's own assertions (default_dq_mma_multistage.h:
  // 263-268), which instantiate its DefaultMmaCore's class, which asserts that the warp tile divides the
  // tile; both come before the core's layouts and thread maps are instantiated (measured: a tile K of 128
  // 16-bit elements is refused there, not by the layout). Then the core's thread maps, the warp MMA, the
  // epilogue, and last DqMmaMultistage's count of instructions along K (measured: 16 warps too many for
  // B's tile are refused by its thread map, a warp K of one instruction by the epilogue's thread map).
  const bool warps_divide = kernel.tile.m % kernel.warp.m == 0 && kernel.tile.n % kernel.warp.n == 0;
  if (sm80_dequantizes(kernel)) {
    for (const Rejection why : {sm80_dequant_check(kernel, sm80_stages(kernel), warps_divide),
                                sm80_mainloop_tile_check(kernel), sm80_dequant_warp_check(kernel, mmas),
                                sm80_epilogue_check(kernel), sm80_dequant_k_iterations_check(kernel, mmas),
                                sm80_cp_async_check(kernel, sm80_stages(kernel))})
      if (why != Rejection::none) return why;
    return Rejection::none;
  }
  const Rejection mainloop =
      kernel.sparse ? sm80_sparse_mainloop_check(kernel) : sm80_mainloop_check(kernel, mmas);
  if (mainloop != Rejection::none) return mainloop;
  if (const Rejection why = sm80_epilogue_check(kernel); why != Rejection::none) return why;
  // In EpiloguePlanarComplex::operator() (epilogue_planar_complex.h:315), which a build instantiates last.
  if (kernel.planar_complex && sm80_warp_count(kernel).k != 1) return Rejection::sm80_planar_complex_sliced_k;
  // In MmaMultistage's copies (its device code, compiled last).
  return sm80_cp_async_check(kernel, sm80_stages(kernel));
}

constexpr bool sm80_shape_compiles(const Config& config, const ArchLimits& arch) {
  return sm80_check(sm80_with_stages(config, arch), sm80_mma(arch)) == Rejection::none;
}

// The configuration as the kernel is built: with its stage count.
constexpr Config sm80_normalised(Config config, const ArchLimits& arch) {
  config = sm80_with_stages(config, arch);
  config.stages = {StagePolicy::Kind::fixed, sm80_stages(config)};
  return config;
}

// The kernel's SharedStorage: the union of the mainloop's tiles and the epilogue's staging buffer
// (both 16-byte aligned AlignedBuffers, so the union is the larger), and for GemmGrouped the
// problem visitor's storage after it: empty in the kDeviceOnly mode cutlass_library builds, one
// byte that the union's alignment rounds up to 16. TensorRT-LLM's MoeFCGemm (moe) puts its problem
// visitor in the union instead (cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h:305-309, FlashInfer
// fb28d72), where the empty struct costs nothing; its GemmFpAIntB is the plain union.
template <class Parts>
constexpr KernelLayout<Parts> sm80_kernel(const Config& config, const MainloopTensors<Parts>& mainloop,
                                          bytes_t epilogue, Checked& c) {
  BasicStructLayout<Parts> kernel(c);
  if (mainloop.size >= epilogue)
    kernel.nested("mainloop", mainloop.parts, mainloop.size, 16);
  else
    kernel.member("epilogue staging (over the mainloop's tiles)", epilogue, 16, PartKind::tensor);
  const bytes_t union_size = kernel.size();
  if (config.grouped && !config.moe) kernel.member("problem visitor (empty)", 1, 1, PartKind::scheduler);
  kernel.finish("kernel shared storage");
  return {kernel.parts(), kernel.size(), union_size};
}

namespace detail {

template <Sm80Mma Mmas>
struct Sm80Steps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm80;
  static constexpr Rejection check(const Config& config) { return sm80_check(config, Mmas); }
  static constexpr std::string_view no_stage_count(const Config&) {
    return Mmas == Sm80Mma::turing ? "Turing's 2.x kernels are built at two stages only (DefaultGemm's arch::Sm75)" : "";
  }
  static constexpr Config built(const Config& config) { return sm80_kernel_config(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    const Sm80TileBits stage = tile_bits(config, 1, c);
    MainloopStage& s = budget.stage;
    s.bits_a = bits_of(config.types.a.data);
    s.bits_b = bits_of(config.types.b.data);
    s.a = ceil_div(stage.a, 8);
    s.b = ceil_div(stage.b, 8);
    s.e = ceil_div(stage.e, 8);
    // Per stage: the fine-grained modes' scale and zero-point rows (a per-column scale row is not).
    if (config.conversion != Conversion::scale_per_column) s.scale = ceil_div(stage.scale, 8);
    s.zero = ceil_div(stage.zero, 8);
    s.estimate = s.data();
    budget.epilogue.shared_storage =
        config.opclass == OpClass::simt ? sm80_simt_epilogue_bytes(config, c) : sm80_epilogue_bytes(config, c);
    budget.epilogue.tensor_size = budget.epilogue.shared_storage;
    budget.epilogue.elements.d = config.d;
    budget.epilogue.elements.c = config.d;
    budget.epilogue_in_mainloop = true;
    budget.accumulator = accumulator_of(config);
    budget.decision.stages = sm80_stages(config);
    budget.decision.counts = StageCounts::uniform(budget.decision.stages);
  }
  // The mainloop's tiles: the SIMT, sparse, weight-only or tensor-op mainloop's.
  static constexpr Sm80TileBits tile_bits(const Config& config, bytes_t stages, Checked& c) {
    if (config.opclass == OpClass::simt) return sm80_simt_tile_bits(config, stages, c);
    if (config.sparse) return sm80_sparse_tile_bits(config, stages, c);
    if (sm80_dequantizes(config)) return sm80_dequant_tile_bits(config, stages, c);
    return sm80_tile_bits(config, stages, c);
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> tiles = sm80_shared_tiles<Parts>(tile_bits(config, counts.a, c), c);
    return {tiles, sm80_kernel<Parts>(config, tiles, budget.epilogue.shared_storage, c)};
  }
};

// TensorRT-LLM's fused gated-activation MoE kernel (fused_moe.hpp): A's tiles and the weight's two halves per
// stage, then its output tile, in one struct (no union).
struct Sm80FusedMoeSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm80;
  static constexpr Rejection check(const Config& config) { return sm80_fused_moe_check(sm80_stages(config)); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    const Sm80FusedMoeTileBytes tiles = sm80_fused_moe_tile_bytes(config, c);
    MainloopStage& s = budget.stage;
    s.bits_a = s.bits_b = bits_of(config.types.a.data);
    s.a = tiles.a;
    s.b = c.mul(tiles.half, 2);
    s.estimate = s.data();
    budget.epilogue.shared_storage = tiles.output;
    budget.epilogue.tensor_size = tiles.output;
    budget.epilogue.elements.d = config.d;
    budget.epilogue.elements.c = Element::none;
    budget.accumulator = Element::f32;
    budget.decision.stages = sm80_stages(config);
    budget.decision.counts = StageCounts::uniform(budget.decision.stages);
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget&, const StageCounts& counts,
                                             Checked& c) {
    return sm80_fused_moe_layout<Parts>(sm80_fused_moe_tile_bytes(config, c), counts.a, c);
  }
};

}  // namespace detail

// Preconditions: sm80_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm80(const Config& given, const ArchLimits& arch) {
  const Config config = sm80_with_stages(given, arch);
  if (sm80_fused_moe(config)) return evaluate_gemm<detail::Sm80FusedMoeSteps, Parts>(config, arch);
  switch (sm80_mma(arch)) {
    case Sm80Mma::turing:
      return evaluate_gemm<detail::Sm80Steps<Sm80Mma::turing>, Parts>(config, arch);
    case Sm80Mma::hopper_dmma:
      return evaluate_gemm<detail::Sm80Steps<Sm80Mma::hopper_dmma>, Parts>(config, arch);
    default:
      return evaluate_gemm<detail::Sm80Steps<Sm80Mma::ampere>, Parts>(config, arch);
  }
}

}  // namespace smem_budget
