// The mainloop of whichever SM120 collective a configuration builds: its static assertions, one
// stage's bytes, the builder's capacity and stage counts, and the TensorStorage.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/sm120/blockscaled_mma.hpp"
#include "smem_budget/sm120/dense_mma.hpp"
#include "smem_budget/sm120/sparse_mma.hpp"

namespace smem_budget {

// CUTLASS's SM120 shared-memory constant, the builders' capacity (cutlass/arch/arch.h:45).
inline constexpr bytes_t sm120_cutlass_capacity = 101'376;

// cutlass/detail/layout.hpp:375-386 get_input_alignment_bits: an FP4 or FP6 operand that the
// F8F6F4 path loads unpacked needs 64- or 96-byte rows; everything else 16 bytes.
constexpr bytes_t input_alignment_bits(Element e, bool unpacked_subbytes) {
  if (unpacked_subbytes && bits_of(e) == 4) return 64 * 8;
  if (unpacked_subbytes && bits_of(e) == 6) return 96 * 8;
  return 128;
}

// The builders' enable_if alignment checks (builders/sm1xx_common.inl:366-411:
// sm1xx_gemm_is_aligned, sm1xx_blockscaled_gemm_is_aligned, sm1xx_sparse_gemm_is_aligned and
// the block-scaled sparse one). A sparse K-major A counts half its elements.
constexpr bool operands_aligned(const Config& config) {
  const Family family = family_of(config);
  const bool narrow = bits_of(config.types.a.data) < 8 || bits_of(config.types.b.data) < 8;
  bool unpacked = narrow;  // plain, blockwise and plain sparse: any FP4/FP6 operand
  if (family == Family::block_scaled) unpacked = narrow && config.instruction != Instruction::automatic;
  if (family == Family::block_scaled_sparse) unpacked = narrow && !fp4_path(config);
  const bytes_t compress = is_sparse(family) ? 2 : 1;
  const auto aligned = [&](Element e, bytes_t elements, bytes_t per) {
    return elements == 0 || (bits_of(e) * elements / per) % input_alignment_bits(e, unpacked) == 0;
  };
  return aligned(config.types.a.data, config.alignment.a, compress) &&
         aligned(config.types.b.data, config.alignment.b, 1);
}

constexpr Rejection check_mainloop(const Config& config, const CutlassRules& rules) {
  // The sparse builders take the cooperative sparse schedules (or Auto) and K-major A and B only,
  // so a ping-pong, pointer-array or blockwise-scaled sparse kernel matches no builder.
  if (config.sparse &&
      (config.schedule == Schedule::pingpong || config.grouped || config.scaling == Scaling::blockwise))
    return Rejection::no_sparse_builder;
  if (!operands_aligned(config)) return Rejection::operand_alignment;
  switch (family_of(config)) {
    case Family::block_scaled:
      return check_blockscaled_mainloop(config, rules);
    case Family::blockwise:
    case Family::plain:
      return check_dense_mainloop(config, rules);
    case Family::block_scaled_sparse:
    case Family::plain_sparse:
      return check_sparse_mainloop(config);
  }
  return Rejection::none;
}

// What a build of the collective refuses beyond its class-scope assertions: the TMA descriptors
// of its Params (compiled by the host path: the block-scaled scale factors, dense and sparse), and its
// device code.
constexpr Rejection check_mainloop_params(const Config& config, const CutlassRules& rules) {
  switch (family_of(config)) {
    case Family::block_scaled:
      return check_blockscaled_params(config, rules);
    case Family::block_scaled_sparse:
      return check_blockscaled_sparse_params(config);
    case Family::blockwise:
    case Family::plain:
    case Family::plain_sparse:
      return Rejection::none;
  }
  return Rejection::none;
}

constexpr Rejection check_mainloop_device_code(const Config& config) {
  switch (family_of(config)) {
    case Family::block_scaled:
      return Rejection::none;
    case Family::blockwise:
    case Family::plain:
      return check_dense_device_code(config);
    case Family::block_scaled_sparse:
    case Family::plain_sparse:
      return check_sparse_device_code(config);
  }
  return Rejection::none;
}

constexpr MainloopStage mainloop_stage(const Config& config, const CutlassRules& rules, Checked& c) {
  switch (family_of(config)) {
    case Family::block_scaled:
      return blockscaled_stage(config, rules, c);
    case Family::blockwise:
    case Family::plain:
      return dense_stage(config, c);
    case Family::block_scaled_sparse:
    case Family::plain_sparse:
      return sparse_stage(config, c);
  }
  return {};
}

// What the builder divides by the per-stage estimate: only the block-scaled dense builder
// reserves anything off CUTLASS's constant.
constexpr SchedulerReserve builder_reserve(const Config& config, const CutlassRules& rules) {
  if (family_of(config) != Family::block_scaled) return {};
  return blockscaled_reserve(config.grouped, rules);
}

constexpr StageCounts mainloop_stage_counts(const Config& config, bytes_t capacity, bytes_t carveout,
                                            const MainloopStage& stage) {
  if (config.stages.kind == StagePolicy::Kind::fixed) return StageCounts::uniform(config.stages.count);
  if (is_sparse(family_of(config))) return sparse_stage_counts(capacity, carveout, stage);
  return StageCounts::uniform(auto_stage_count(capacity, carveout, stage.estimate));
}

// Assertions that only a stage count can trip: fewer than 2 stages, and (sparse) a B layout
// at half K that its swizzle atom does not tile.
constexpr Rejection check_stage_counts(const Config& config, const MainloopStage& stage, const StageCounts& n) {
  if (n.a < 2 || n.b < 2) return Rejection::stages_below_two;
  if (n.half_k_b && !half_k_b_layout_ok(config, stage)) return Rejection::sparse_half_k_b_layout;
  return Rejection::none;
}

template <class Parts = PartList>
constexpr MainloopTensors<Parts> mainloop_tensors(const Config& config, const MainloopStage& stage,
                                                  const StageCounts& n, Checked& c) {
  switch (family_of(config)) {
    case Family::block_scaled:
      return blockscaled_tensors<Parts>(config.tile, stage, n.a, c);
    case Family::blockwise:
    case Family::plain:
      return dense_tensors<Parts>(stage, n.a, c);
    case Family::block_scaled_sparse:
    case Family::plain_sparse:
      return sparse_tensors<Parts>(config, stage, n, c);
  }
  return {};
}

// SchedulerPipelineStageCount of the kernel schedule the builder picks: 3 for the block-scaled
// dense builder (sm120_blockscaled_mma_builder.inl:240), 2 for the others
// (sm120_mma_builder.inl:133, sm120_blockwise_mma_builder.inl:217, sm120_sparse_mma_builder.inl:220).
constexpr bytes_t scheduler_pipeline_stages(const Config& config) {
  return family_of(config) == Family::block_scaled ? 3 : 2;
}

// TMA descriptors the grouped mainloop keeps in shared memory: A and B, plus SFA and SFB when
// block-scaled (the blockwise scales are not loaded by TMA).
constexpr bytes_t mainloop_tensormap_count(const Config& config) {
  return family_of(config) == Family::block_scaled ? 4 : 2;
}

}  // namespace smem_budget
