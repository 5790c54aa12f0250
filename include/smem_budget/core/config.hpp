// One GEMM configuration: everything that decides the kernel's shared memory.
#pragma once

#include <optional>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

struct Tile {
  bytes_t m = 128;
  bytes_t n = 128;
  bytes_t k = 128;
  friend constexpr bool operator==(const Tile&, const Tile&) = default;
};

inline constexpr bytes_t max_tile_extent = 65'536;

// The kernel schedule. `automatic` is KernelScheduleAuto: the cooperative kernel on SM120, by tile M
// on SM90 (64: ping-pong, else cooperative), by tile M and cluster on SM100 (1-SM or 2-SM).
// cooperative and pingpong are SM90/SM120 schedules, one_sm and two_sm SM100's …1Sm…/…2Sm… ones;
// warp_specialized (KernelTmaWarpSpecialized) and tma (KernelTma) SM90's non-persistent kernels.
// single_warpgroup_prefill and single_warpgroup_rolling are TensorRT-LLM's SM90 small-K MoE kernel
// (SingleWarpgroupPersistentGemm) in its two pipeline modes.
enum class Schedule {
  automatic,
  cooperative,
  pingpong,
  one_sm,
  two_sm,
  warp_specialized,
  tma,
  single_warpgroup_prefill,
  single_warpgroup_rolling,
};
constexpr bool is_single_warpgroup(Schedule s) {
  return s == Schedule::single_warpgroup_prefill || s == Schedule::single_warpgroup_rolling;
}

// CTAs per thread-block cluster (ClusterShape_MNK). SM100 kernels may also take a cluster chosen at
// run time, Shape<int, int, _1>: `dynamic`, which CUTLASS's kernel names spell 0x0x1.
struct Cluster {
  bytes_t m = 1;
  bytes_t n = 1;
  bytes_t k = 1;
  constexpr bool is_dynamic() const { return m == 0 && n == 0 && k == 1; }
  friend constexpr bool operator==(const Cluster&, const Cluster&) = default;
};
inline constexpr Cluster dynamic_cluster{0, 0, 1};

struct StagePolicy {
  enum class Kind {
    auto_carveout,  // StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>
    auto_epi,       // StageCountAutoCarveoutEpi<CollectiveEpilogue>
    auto_zero,      // StageCountAuto
    fixed,          // StageCount<count>
  };
  Kind kind = Kind::auto_carveout;
  bytes_t count = 0;
  friend constexpr bool operator==(const StagePolicy&, const StagePolicy&) = default;
};

enum class EpilogueKind {
  tma,       // the SM120 TMA warp-specialized epilogue (CUTLASS's default)
  finalize,  // TensorRT-LLM's MoE scatter epilogue (grouped only)
  nosmem,    // Sm90 NoSmemWarpSpecialized paired with the SM120 mainloop
};

enum class MatrixLayout { row, col };

struct EpilogueTile {
  bool automatic = true;
  bytes_t m = 0;
  bytes_t n = 0;
  friend constexpr bool operator==(const EpilogueTile&, const EpilogueTile&) = default;
};

// The block scale factors Fusion::sf_gen writes beside D (LinCombBlockScaleFactor<SFVecSize, …,
// ElementSF, …>): elements per scale factor, 0 for the operands' own vector (16 for NVFP4,
// 32 otherwise), and the scale type when given. The type changes no size; the vector decides which
// epilogue tiles the scale-factor store accepts.
struct ScaleFactorOutput {
  bytes_t vector = 0;
  std::optional<ScaleType> type{};
  std::optional<MatrixLayout> layout{};  // GmemLayoutTagScalefactor; D's layout when not given
  friend constexpr bool operator==(const ScaleFactorOutput&, const ScaleFactorOutput&) = default;
};

// The tile scheduler tag: the persistent default (void or PersistentScheduler) or StreamKScheduler.
// On SM120 both select schedulers with the same 144-byte storage (tile_scheduler.hpp:361-392, v4.7.0).
enum class TileScheduler { persistent, stream_k };

// scaled_mm and scaled_mm_bias: vLLM's ScaledEpilogue / ScaledEpilogueBias EVTs (per-row scales
// of A, per-column scales of B, optional bias row), as its SM120 FP8 scaled_mm kernels build them.
// scaled_mm_col_bias: ScaledEpilogueColumnBias, the bias a column (per-row) broadcast.
// scaled_mm_azp and scaled_mm_azp_token: vLLM's ScaledEpilogueBiasAzp / ScaledEpilogueBiasAzpToken
// (asymmetric int8: an int32 azp_adj row, the latter also an int32 azp column per token; the bias row
// optional), as its 2.x cutlass_scaled_mm_azp kernels build them.
// per_row_per_col and fp8_rowwise: TensorRT-LLM's and SGLang's 2.x scaled GEMMs (per-row scales of A,
// per-column scales of B, an optional bias row): int8 through EpilogueVisitorPerRowPerCol, FP8 on SM89
// through an Sm80EVT tree (fp8_rowwise_gemm), each staging D as itself.
// amax_aux: CUTLASS's ScaledLinCombPerRowBiasEltActAmaxAux (FP8 examples 54 and 67): D and an aux output
// of element `aux`, each with its amax.
enum class Fusion {
  none,
  row_bias,
  col_bias,
  sf_gen,
  scaled_mm,
  scaled_mm_bias,
  scaled_mm_col_bias,
  amax_aux,
  scaled_mm_azp,
  scaled_mm_azp_token,
  per_row_per_col,
  fp8_rowwise
};

// How the mainloop scales A and B: MX/NV block scale factors (the block-scaled collectives),
// float scales per block of `ScaleGranularity` (the …BlockwiseScaling collectives), or none.
enum class Scaling { block, blockwise, none };

// Elements of A (M x K) and B (N x K) that share one float scale. `automatic` is the tile itself
// (sm120_trivial_blockwise_scale_config).
struct ScaleGranularity {
  bool automatic = true;
  bytes_t m = 0;
  bytes_t n = 0;
  bytes_t k = 0;
  friend constexpr bool operator==(const ScaleGranularity&, const ScaleGranularity&) = default;
};

// Elements per global-memory access of A and B (the builders' AlignmentA/B); 0 is "any that the
// builder accepts". Alignment changes no size, only whether the builder matches. `c` is C's and
// D's, which only CUTLASS 2.x epilogues read (their elements per access); 0 is 16 bytes' worth.
struct OperandAlignment {
  bytes_t a = 0;
  bytes_t b = 0;
  bytes_t c = 0;
  friend constexpr bool operator==(const OperandAlignment&, const OperandAlignment&) = default;
};

// EpilogueScheduleAuto, or the sparse kernels' own SparseTmaWarpSpecializedCooperativeSm120 tag: the
// same collective, but the sparse tag picks its own automatic epilogue tile (epilogue.hpp).
// one_sm, two_sm: SM100's TMA epilogue of one or two SMs named apart from the kernel schedule (what
// EpilogueScheduleAuto builds under a 2-SM mainloop whose cluster or tile it judges 1-SM).
enum class EpilogueSchedule { automatic, sparse, one_sm, two_sm };

// The operator class the epilogue's CollectiveBuilder is given: `automatic` is the mainloop's (as
// CUTLASS's examples and generator pass it), `tensorop` arch::OpClassTensorOp, `blockscaled`
// arch::OpClassBlockScaledTensorOp. Only SM100's epilogue builder reads it: its automatic tile at
// CTA N 256 and its automatic 1-SM/2-SM choice (epilogue/collective/builders/sm100_builder.inl).
enum class EpilogueOpClass { automatic, tensorop, blockscaled };

// What SM90's mixed-input mainloop does to the narrow operand before the MMA
// (cutlass::detail::ConversionMode, detail/collective/mixed_input_utils.hpp:492-498, v4.7.0): convert it
// (DirectConvert), convert and scale it (ConvertAndScale), or scale it and add a zero point
// (ConvertAndScaleWithZero). CUTLASS's kernel names spell them _cvt, _scl, _sclzr. On 2.x kernels the
// scaling ones name TensorRT-LLM's weight-only (fpA_intB) mainloop, DqMmaMultistage: scale and scale_zero
// its FINEGRAINED_SCALE_ONLY and FINEGRAINED_SCALE_AND_ZEROS, scale_per_column its PER_COLUMN_SCALE_ONLY
// (cutlass_extensions/weight_only_quant_op.h).
enum class Conversion { convert, scale, scale_zero, scale_per_column };

// Which fork of TensorRT-LLM's SM90 mixed-input MoE GEMM (moe on sm90 with operands of two widths) a client
// builds: FlashInfer fb28d72's, whose own collective folds the weight's scales and whose own kernel precomputes
// its schedule, or the older one of FlashInfer 9276e44, TensorRT-LLM main 585c756 and SGLang's
// w4a8_grouped_mm_c3x, whose collective packs K / group scales into a cutlass::Array element and runs in
// CUTLASS's own grouped kernel and epilogue.
enum class TrtllmMoeFork { fb28d72, packed_scales };

// Which of CUTLASS's GEMM kernel generations: the 3.x collectives (CollectiveBuilder and
// kernel::GemmUniversal over CuTe), or the 2.x multistage kernels (device::Gemm, GemmUniversal,
// GemmGrouped over cp.async mainloops), which run from SM80 up.
enum class Generation { cutlass3x, cutlass2x };

// What a 2.x kernel's warp-level MMA does with f32 operands (the generator's MathOperation): the tf32
// MMA (arch::OpMultiplyAdd), f16 or bf16 MMAs on operands converted in registers
// (OpMultiplyAddFastF16 / FastBF16, gemm/warp/default_mma_tensor_op_sm80.h:65-140, v4.7.0), or three
// tf32 MMAs on each operand's big and small parts (OpMultiplyAddFastF32, the same file). Shared memory
// holds f32 in each.
enum class Math { automatic, fast_f16, fast_bf16, fast_f32 };
// The activation TensorRT-LLM's MoE GEMM fuses into its first GEMM: a gated one (SwiGLU: SiLU, GeGLU: GELU),
// which its CuTe SM80 kernel (fused_moe::Fused_Moe_Kernel_sm80) computes from both halves of the weight, gate
// and linear, writing act(gate) * linear. none: the GEMM writes its accumulators (any activation runs in its
// epilogue or after it).
enum class Activation { none, swiglu, geglu };
// A 2.x kernel's operator class (OperatorClass): tensor cores (arch::OpClassTensorOp, mma.sync), or
// CUDA cores (arch::OpClassSimt, one fused multiply-add per thread; the cutlass_simt_… kernels).
enum class OpClass { tensorop, simt };

// A 2.x kernel's warp tile (WarpShape): the part of the threadblock tile one warp computes; zero
// when not given.
struct WarpTile {
  bytes_t m = 0;
  bytes_t n = 0;
  bytes_t k = 0;
  constexpr bool given() const { return m != 0; }
  friend constexpr bool operator==(const WarpTile&, const WarpTile&) = default;
};

struct Config {
  Generation generation = Generation::cutlass3x;
  Tile tile{};
  WarpTile warp{};  // 2.x only
  Math math = Math::automatic;  // 2.x only
  OpClass opclass = OpClass::tensorop;  // 2.x only
  OperandPair types{operand_presets[0].operand, operand_presets[0].operand};
  Instruction instruction = Instruction::automatic;
  Schedule schedule = Schedule::automatic;
  Cluster cluster{};
  bool fast_accum = false;  // SM90's …FP8FastAccum kernel schedules
  // SM90's KernelCpAsyncWarpSpecialized* schedules: A and B loaded with cp.async instead of TMA (what
  // KernelScheduleAuto builds for operands aligned below 16 bytes).
  bool cp_async = false;
  // CUTLASS's MoE GEMM (its generator's moe_gemm kind: MoEProblemShape), which SM100 builds over the
  // mixed TMA/cp.async mainloop (KernelMixedTmaCpAsyncWarpSpecialized1Sm[BlockScaled]Sm100): A by
  // TMA, B by cp.async.
  bool moe = false;
  bool grouped = false;
  bool batched = false;  // SM90's pointer-array batched GEMM (ArrayProblemShape), not grouped; 2.x planar complex's array kernel
  StagePolicy stages{};
  EpilogueKind epilogue = EpilogueKind::tma;
  Element c = Element::none;
  Element d = Element::bf16;                  // with finalize: the MoE output type
  Element accumulator = Element::none;        // none: the operands' own (accumulator_of)
  MatrixLayout a_layout = MatrixLayout::row;  // row: K-major A; col: M-major
  MatrixLayout b_layout = MatrixLayout::col;  // col: K-major B; row: N-major
  MatrixLayout d_layout = MatrixLayout::row;
  EpilogueTile epilogue_tile{};
  Fusion fusion = Fusion::none;
  Element bias = Element::bf16;   // for Fusion::col_bias
  Element aux = Element::bf16;    // for Fusion::amax_aux: the aux output's element (D's layout)
  ScaleFactorOutput sf_output{};  // for Fusion::sf_gen
  Scaling scaling = Scaling::block;
  ScaleGranularity scale_granularity{};
  bool sparse = false;  // 2:4 structured-sparse A
  // A 2.x planar complex GEMM (kernel::GemmPlanarComplex; with batched, GemmPlanarComplexArray): complex
  // operands and outputs held as a real and an imaginary plane of `types`, `d` and the accumulator.
  bool planar_complex = false;
  // 2.x interleaved layouts (cutlass_library's …_n32t32 and _n64t64 integer GEMMs): A
  // ColumnMajorInterleaved<K>, B RowMajorInterleaved<K>, C and D ColumnMajorInterleaved<K>, K 256 bits.
  bool interleaved = false;
  EpilogueSchedule epilogue_schedule = EpilogueSchedule::automatic;
  OperandAlignment alignment{};
  TileScheduler tile_scheduler = TileScheduler::persistent;
  EpilogueOpClass epilogue_op_class = EpilogueOpClass::automatic;
  Conversion conversion = Conversion::convert;  // SM90 mixed input; 2.x TensorRT-LLM weight-only
  Activation activation = Activation::none;     // 2.x TensorRT-LLM MoE: its fused gated-activation kernel
  bool shuffled = false;  // SM90 mixed input: the narrow operand reordered in global memory (_shfl)
  TrtllmMoeFork trtllm_moe_fork = TrtllmMoeFork::fb28d72;
  CutlassVersion cutlass = newest_release;
  friend constexpr bool operator==(const Config&, const Config&) = default;
};

// ElementAccumulator: as given, or the operands' own: s32 for integer operands, the operands' type
// for f64 and complex ones (the 2.x f64 and complex GEMMs accumulate in it), else f32 (a
// mixed-input GEMM of an integer and a float operand accumulates in f32).
constexpr Element default_accumulator(const OperandPair& types) {
  if (is_integer(types.a.data) && is_integer(types.b.data)) return Element::s32;
  return is_f64_or_complex(types.a.data) && types.a.data == types.b.data ? types.a.data : Element::f32;
}
constexpr Element accumulator_of(const Config& config) {
  return config.accumulator != Element::none ? config.accumulator : default_accumulator(config.types);
}

// Whether A and B are K-major (CUTLASS's tn…, the layouts its kernels are mostly built with):
// A row-major and B column-major.
constexpr bool k_major_a(const Config& config) { return config.a_layout == MatrixLayout::row; }
constexpr bool k_major_b(const Config& config) { return config.b_layout == MatrixLayout::col; }
constexpr bool k_major_operands(const Config& config) { return k_major_a(config) && k_major_b(config); }

// Whether A and B, at their alignment (auto: any the builder accepts), are accesses of a multiple of
// `bytes`: the 3.x builders' detail::is_aligned (gemm/collective/builders/sm90_common.inl:438-443,
// v4.7.0), which SM90 and SM100 check against TMA's 16 bytes and cp.async's 4.
constexpr bool operands_aligned_to(const Config& config, bytes_t bytes) {
  const auto ok = [&](bytes_t elements, Element e) { return elements == 0 || elements * bits_of(e) % (8 * bytes) == 0; };
  return ok(config.alignment.a, config.types.a.data) && ok(config.alignment.b, config.types.b.data);
}

// A and B of different widths: on SM90, the mixed-input mainloop, which converts the narrow operand
// in registers (sm90_gmma_builder.inl:360-362, v4.7.0).
constexpr bool is_mixed_input(const Config& config) {
  return bits_of(config.types.a.data) != bits_of(config.types.b.data);
}

// The pointer-array kernels (sm90_gemm_array_tma_warpspecialized_*.hpp): grouped, or batched over
// ArrayProblemShape.
constexpr bool is_pointer_array(const Config& config) { return config.grouped || config.batched; }

// The fusions the pointer-array TMA epilogue has no FusionCallbacks for: Sm90PtrArrayTmaWarpSpecialized
// specializes ScaledAcc, LinearCombination and LinCombEltAct only (epilogue/fusion/
// sm90_callbacks_tma_warpspecialized.hpp:131-133, 281-289, 438-447), not LinCombPerColBias (:621-624) nor
// ScaledLinCombPerRowBiasEltActAmaxAux (:1933-1934); SM100's Sm100PtrArrayTmaWarpSpecialized takes that
// policy's callbacks (sm100_callbacks_tma_warpspecialized.hpp:129-148). Such a kernel stops at
// callbacks.hpp:55 (measured on SM90, SM100 and SM120).
constexpr bool pointer_array_callbacks_missing(Fusion fusion) {
  return fusion == Fusion::col_bias || fusion == Fusion::amax_aux;
}

// The SM120 collective CUTLASS builds for a configuration: each has its own mainloop layout and
// stage rule (sm120_*_mma_builder.inl).
enum class Family { block_scaled, block_scaled_sparse, blockwise, plain, plain_sparse };

constexpr Family family_of(const Config& config) {
  switch (config.scaling) {
    case Scaling::block:
      return config.sparse ? Family::block_scaled_sparse : Family::block_scaled;
    case Scaling::blockwise:
      return Family::blockwise;
    case Scaling::none:
      return config.sparse ? Family::plain_sparse : Family::plain;
  }
  return Family::block_scaled;
}

constexpr bool is_sparse(Family f) { return f == Family::block_scaled_sparse || f == Family::plain_sparse; }
constexpr bool has_block_scales(Family f) { return f == Family::block_scaled || f == Family::block_scaled_sparse; }

// Elements per scale factor of the sf_gen output: as given, or the A operand's vector.
constexpr bytes_t sf_output_vector(const Config& config) {
  if (config.sf_output.vector != 0) return config.sf_output.vector;
  return config.scaling == Scaling::block ? config.types.a.vector : 16;
}

// Whether the scale factors of D are row-major: as given, or as D is.
constexpr bool sf_output_row_major(const Config& config) {
  return config.sf_output.layout.value_or(config.d_layout) == MatrixLayout::row;
}

// The blockwise scale granularity in effect: the tile itself unless given.
constexpr ScaleGranularity granularity_of(const Config& config) {
  if (!config.scale_granularity.automatic) return config.scale_granularity;
  return {false, config.tile.m, config.tile.n, config.tile.k};
}

}  // namespace smem_budget
