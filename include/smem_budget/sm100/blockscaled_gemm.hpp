// The SM100 (B200) block-scaled GEMM: CollectiveBuilder<arch::Sm100, OpClassBlockScaledTensorOp, …>
// (gemm/collective/builders/sm100_blockscaled_umma_builder.inl) over SM100's epilogue and kernels
// (sm100/common.hpp). Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/gemm_evaluation.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/sm1xx_blockscaled.hpp"
#include "smem_budget/sm100/common.hpp"

namespace smem_budget {

// The assertions, in the order the compiler meets them: the kernel schedule's choice, the epilogue
// builder, then the mainloop builder.
constexpr Rejection sm100_check(const Config& config) {
  const Tile& t = config.tile;
  const bool two_sm = sm100_is_2sm(config);
  if (config.schedule == Schedule::automatic && config.cluster.is_dynamic() && t.m == 256)
    return Rejection::sm100_auto_dynamic_cluster_m256;
  if (config.schedule == Schedule::automatic && sm100_even_static_cluster_m(config) && t.m != 128 && t.m != 256)
    return Rejection::sm100_auto_tile_m;
  if (sm100_auto_epilogue_given_tile(config)) return Rejection::sm100_auto_epilogue_tile;
  if (two_sm && config.cluster.m % 2 != 0) return Rejection::sm100_schedule_cluster;
  if (config.epilogue != EpilogueKind::nosmem && bits_of(config.d) < 8 && sm100_epilogue_cta_tile(config).m < 128)
    return Rejection::sm100_narrow_output_tmem_load;
  if (sm100_epilogue_cta_too_small(config)) return Rejection::sm100_epilogue_cta_too_small;
  if (sm100_pointer_array_callbacks_missing(config))
    return Rejection::grouped_bias_callbacks;
  if (sm100_nosmem_epilogue_tiles_indivisible(config)) return Rejection::sm100_nosmem_epilogue_tiles;
  if (!two_sm && t.m != 128) return Rejection::sm100_tile_m_1sm;
  if (two_sm && t.m != 256) return Rejection::sm100_tile_m_2sm;
  if (t.n != 64 && t.n != 128 && t.n != 192 && t.n != 256) return Rejection::sm100_tile_n;
  // sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement (sm1xx_common.inl:203-270): an operand the MXF8F6F4
  // MMA loads unpacked spans 128 elements along its contiguous extent: K (a multiple of 128 here), A's
  // M per SM (128 here), an N-major B's N (256 on a 2-SM MMA).
  const bool b_unpacked = mma_path(config.types, config.instruction) == MmaPath::mxf8f6f4 &&
                          bits_of(config.types.b.data) < 8;
  if (b_unpacked && !k_major_b(config) && t.n % (two_sm ? 256 : 128) != 0) return Rejection::sm100_blockscaled_mix8bit;
  if (!operand_scales_match(config.types)) return Rejection::sm100_scale_types_differ;
  if (config.instruction == Instruction::mxf8f6f4 && config.types.a.scale == ScaleType::ue4m3)
    return Rejection::nvfp4_on_mxf8f6f4;
  return Rejection::none;
}

// One stage per CTA (sm100_blockscaled_umma_builder.inl:176-177, 259-265; scale-factor layouts in
// detail/sm100_blockscaled_layout.hpp:119-188): A of the CTA's M, B of N/2 on a 2-SM MMA, SFA of
// the CTA's M, SFB of the full N padded to 128 rows; the builder adds the release's pipeline
// estimate (round_up(16, 128), 16 before 4.3.6: rules.hpp).
constexpr MainloopStage sm100_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile cta = sm100_cta_tile(config);
  const bytes_t b_columns = sm100_b_columns(config);
  s.path = mma_path(config.types, config.instruction);
  s.bits_a = s.bits_b = operand_smem_bits(s.path);
  s.a = ceil_div(c.mul(c.mul(cta.m, cta.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(b_columns, cta.k), s.bits_b), 8);
  s.sf_k_blocks = cta.k / config.types.a.vector / 4;
  s.sfa_blocks = cta.m / scale_block_rows;
  s.sfb_blocks = ceil_div(config.tile.n, scale_block_rows);
  s.sfa = c.mul(c.mul(scale_block_bytes, s.sfa_blocks), s.sf_k_blocks);
  s.sfb = c.mul(c.mul(scale_block_bytes, s.sfb_blocks), s.sf_k_blocks);
  s.barrier = rules_for(config.cutlass).stage_barrier_estimate;
  s.estimate = c.add(c.add(s.a, s.b), c.add(c.add(s.sfa, s.sfb), s.barrier));
  return s;
}

// The builder's carveout with the four tensormaps of A, B, SFA and SFB (common.hpp).
constexpr bytes_t sm100_builder_reserve(const Config& config) { return sm100_pipeline_carveout(config, 4); }

// TensorStorage (gemm/collective/sm100_blockscaled_mma_warpspecialized.hpp:274-288), aligned_struct<128>:
// A and B (packed FP4 unaligned, bytes as 16-byte aligned arrays), SFA and SFB arrays.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm100_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  const bytes_t operand_align = s.bits_a % 8 == 0 ? 16 : 1;
  const auto elements = [&](bytes_t bytes) { return c.mul(bytes, stages) * 8 / s.bits_a; };
  layout.member("A tiles", array_engine_bytes(elements(s.a), s.bits_a, c), operand_align, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(elements(s.b), s.bits_b, c), operand_align, PartKind::tensor);
  layout.member("A scale factors", array_engine_bytes(c.mul(s.sfa, stages), 8, c), 16, PartKind::tensor);
  layout.member("B scale factors", array_engine_bytes(c.mul(s.sfb, stages), 8, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

// Tensor-memory columns in use: the accumulator stages (N columns each) and one k-tile of SFA and
// SFB after them (set_tmem_offsets, sm100_blockscaled_mma_warpspecialized.hpp:677-681).
constexpr bytes_t sm100_tmem_columns_used(const Config& config, const MainloopStage& s) {
  return sm100_accumulator_stages(config) * config.tile.n + (s.sfa_blocks + s.sfb_blocks) * s.sf_k_blocks;
}

// What a build of the kernel refuses beyond sizeof(SharedStorage) and the size assertion: the
// column-major scale-factor store's consumer callbacks tile SFD by the epilogue tile, whose N must be
// a power of 2 ("Epilogue Tile N should be pow of 2", sm100_visitor_store_tma_warpspecialized.hpp:632,
// device code; the row-major store asserts its tile at class scope).
constexpr Rejection sm100_check_build(const Config& config) {
  if (sm100_fp4_col_output_unassignable(config)) return Rejection::sm100_fp4_col_output;
  const bytes_t n = sm100_epilogue_tile(config).n;
  if (config.fusion == Fusion::sf_gen && config.d_layout == MatrixLayout::col && (n & (n - 1)) != 0)
    return Rejection::sm100_sf_col_epilogue_tile_n;
  return Rejection::none;
}

constexpr bool sm100_shape_compiles(const Config& config) {
  return sm100_check(config) == Rejection::none && sm100_check_build(config) == Rejection::none;
}

namespace detail {

struct Sm100Steps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr Rejection check(const Config& config) { return sm100_check(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm100_stage(config, c);
    sm100_builder_inputs(budget, config, sm100_builder_reserve(config), sm100_carveout_purpose(config), c);
    sm100_decide_stages(budget.decision, config);
  }
  static constexpr Rejection check_stages(const Config&, const Budget& budget) {
    return budget.decision.stages < 1 ? Rejection::sm100_no_stage : Rejection::none;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm100_tensors<Parts>(budget.stage, counts.a, c);
    return {mainloop, sm100_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
  // What a host-only build compiles, a device build refuses: the kernel asserts its size (a refusal
  // for the bytes laid out, which stay its answer), then the epilogue's device code.
  static constexpr SizeRefusal check_laid_out(const Config& config, bytes_t total) {
    if (const Rejection size = sm100_capacity_refusal(config, total); size != Rejection::none) return {size, true};
    return {sm100_check_build(config), false};
  }
  static constexpr void record(Budget& budget, const Config& config) {
    sm100_record_accumulator(budget, config);
    budget.tmem_columns = sm100_tmem_columns_used(config, budget.stage);
  }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

// Questions outside what the SM100 block-scaled model covers; empty when it answers.
constexpr std::optional<std::string_view> sm100_blockscaled_invalid_input(const Config& config) {
  if (const auto error = sm100_invalid_input(config)) return error;
  const OperandPair& t = config.types;
  // ue8m0 scales per 16 FP4 elements: the NVF4 schedules (KernelTmaWarpSpecialized{1,2}SmNvf4Sm100) on MX
  // operands, the MXF4NVF4 MMA with NVFP4's scale-factor blocks (CUTLASS's …_ue8m0xe2m1_…_1sm names).
  if (t.a.data == Element::e2m1 && t.a.scale == ScaleType::ue8m0 && t.a.vector == 16) {
    if (config.schedule == Schedule::automatic)
      return "FP4 with ue8m0 scale factors per 16 elements is built by the NVF4 schedules (--schedule 1sm or 2sm); "
             "auto builds the 32-element vector";
    if (config.instruction != Instruction::automatic)
      return "FP4 with ue8m0 scale factors per 16 elements takes the MXF4NVF4 MMA (instruction auto)";
  }
  // The scale factors of D as the operands' (what was measured); written from registers, they take
  // no shared memory, but another vector or type may change what the epilogue builder picks.
  // The grouped no-smem epilogue of the block-scaled class is the fusion-callback adapter the non-grouped
  // one is (sm100_builder.inl:1554-1565 keep the legacy path to other classes): measured without a fusion.
  if (config.grouped && config.epilogue == EpilogueKind::nosmem && config.fusion != Fusion::none)
    return "not modelled on sm100: a fusion in the grouped no-smem epilogue";
  return std::nullopt;
}

// Preconditions: sm100_blockscaled_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100Steps, Parts>(config, arch);
}

}  // namespace smem_budget
