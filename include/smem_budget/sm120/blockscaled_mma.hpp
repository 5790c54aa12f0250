// The SM120 block-scaled dense mainloop (CollectiveMma<MainloopSm120[Array]TmaWarpSpecializedBlockScaled>):
// what one stage holds, what the builder estimates per stage, and the TensorStorage over all stages.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/sm1xx_blockscaled.hpp"

namespace smem_budget {

// The builder's static assertions and CuTe's divisibility checks that depend on the mainloop only.
constexpr Rejection check_blockscaled_mainloop(const Config& config, const CutlassRules& rules) {
  const Tile& t = config.tile;
  if (!operand_scales_match(config.types)) return Rejection::scale_types_differ;
  if (config.instruction == Instruction::mxf8f6f4 && config.types.a.scale == ScaleType::ue4m3)
    return Rejection::nvfp4_on_mxf8f6f4;
  if (t.n < (rules.small_n_tiles ? 8 : 32)) return Rejection::tile_n_too_small;
  if (config.schedule == Schedule::pingpong && t.n < 16) return Rejection::pingpong_small_n;
  const bool n_permutes = t.n >= 32 ? t.n % 32 == 0 : (t.n == 8 || t.n == 16);
  if (!n_permutes) return Rejection::tile_n_permutation;
  // Warps of 16x8 MMA atoms: cooperative 4x2 (8x1 when N < 16), ping-pong 2x2.
  const bytes_t mma_m = config.schedule == Schedule::pingpong ? 32 : t.n >= 16 ? 64 : 128;
  if (t.m % mma_m != 0) return Rejection::mma_m_divisibility;
  if (t.n > scale_block_rows && t.n % scale_block_rows != 0) return Rejection::sfb_n_divisibility;
  if (t.k % (4 * config.types.a.vector) != 0) return Rejection::scale_k_divisibility;
  return Rejection::none;
}

// The SFA and SFB TMA descriptors in the collective's Params (make_tma_copy over the scale-factor
// tile, sm120_blockscaled_mma_tma.hpp:309/317): a build of the kernel compiles them, a
// sizeof(SharedStorage) does not. SFA's shared-memory layout holds floor(M / 128) whole 128-row
// blocks, so M must be a multiple of 128; SFB's holds max(N, 128) rows from 4.5.0 on, and N alone
// (whole blocks only) before, so a smaller N must divide 128, and before 4.5.0 none passes.
constexpr Rejection check_blockscaled_params(const Config& config, const CutlassRules& rules) {
  const Tile& t = config.tile;
  if (t.m < scale_block_rows) return Rejection::sfa_tma_rows_below_128;
  if (t.m % scale_block_rows != 0) return Rejection::sfa_tma_rows_in_blocks;
  if (t.n < scale_block_rows && (!rules.pad_sfb_to_128_rows || scale_block_rows % t.n != 0))
    return Rejection::sfb_tma_rows;
  return Rejection::none;
}

constexpr MainloopStage blockscaled_stage(const Config& config, const CutlassRules& rules, Checked& c) {
  MainloopStage s;
  const Tile& t = config.tile;
  s.path = mma_path(config.types, config.instruction);
  s.bits_a = s.bits_b = operand_smem_bits(s.path);
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  s.sf_k_blocks = t.k / config.types.a.vector / 4;
  s.sfa_blocks = t.m / scale_block_rows;
  const bytes_t sfb_rows = rules.pad_sfb_to_128_rows && t.n < scale_block_rows ? scale_block_rows : t.n;
  s.sfb_blocks = sfb_rows / scale_block_rows;
  s.sfa = c.mul(c.mul(scale_block_bytes, s.sfa_blocks), s.sf_k_blocks);
  s.sfb = c.mul(c.mul(scale_block_bytes, s.sfb_blocks), s.sf_k_blocks);
  s.barrier = rules.stage_barrier_estimate;
  s.estimate = c.add(c.add(s.a, s.b), c.add(c.add(s.sfa, s.sfb), s.barrier));
  return s;
}

// What the block-scaled builder takes off its capacity, from v4.4.2, before dividing by the
// per-stage estimate: ReducedSmemCapacityBytes (sm120_blockscaled_mma_builder.inl:242-261).
struct SchedulerReserve {
  bytes_t scheduler_pipeline = 0;  // PipelineAsyncSharedStorage<8> grouped, PipelineCLCFetchAsync<3> otherwise
  bytes_t tensormaps = 0;          // grouped: two TmaDescriptors
  bytes_t tensormap_pipeline = 0;  // grouped: PipelineAsync<3>, the TensorMapReady pipeline
  bytes_t clc_responses = 0;       // otherwise: 3 CLC responses of 16 bytes
  constexpr bytes_t total() const { return scheduler_pipeline + tensormaps + tensormap_pipeline + clc_responses; }
  constexpr ReservePurpose purpose() const {
    return {.scheduler = scheduler_pipeline + clc_responses > 0, .tensormaps = tensormaps + tensormap_pipeline > 0};
  }
};

constexpr SchedulerReserve blockscaled_reserve(bool grouped, const CutlassRules& rules) {
  if (!rules.reserve_scheduler_capacity) return {};
  if (grouped) return {128, 2 * 128, 48, 0};
  return {48, 0, 0, 3 * 16};
}

// Elements of SFB's shared-memory array. For N < 128 the padded 128-row layout is
// logical_divide'd by N; when N does not divide 128 that stretches the N mode over
// N * ceil(128 / N) rows, and the array grows to the layout's cosize.
constexpr bytes_t sfb_cosize(const Tile& t, const MainloopStage& s, bytes_t stages, Checked& c) {
  if (s.sfb_blocks == 0 || s.sf_k_blocks == 0) return 0;
  const bytes_t stage_stride = s.sfb;
  if (!(t.n < scale_block_rows && s.sfb_blocks == 1)) return c.mul(stage_stride, stages);
  // N mode ((32,4),blocks):((16,4),512) over the divided domain.
  const bytes_t rows = t.n * ceil_div(scale_block_rows, t.n);
  bytes_t n_max = 0;
  for (bytes_t i = 0; i < rows; ++i) {
    const bytes_t offset = 16 * (i % 32) + 4 * (i / 32 % 4) + scale_block_bytes * (i / 128);
    if (offset > n_max) n_max = offset;
  }
  // K mode ((V,NSF),4/NSF,K/4V):((0,1),NSF,512*blocks) reaches 3 + (kb - 1) * 512.
  const bytes_t k_max = 3 + (s.sf_k_blocks - 1) * scale_block_bytes;
  return c.add(1 + n_max + k_max, c.mul(stages - 1, stage_stride));
}

constexpr bytes_t sfa_cosize(const MainloopStage& s, bytes_t stages, Checked& c) { return c.mul(s.sfa, stages); }

// CollectiveMma::TensorStorage: smem_A and smem_B alignas(1024), the scale arrays alignas(16);
// the struct is 1024-aligned through its members.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> blockscaled_tensors(const Tile& t, const MainloopStage& s, bytes_t stages,
                                                     Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(c.mul(t.m, t.k), stages), s.bits_a, c), 1024, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(c.mul(t.n, t.k), stages), s.bits_b, c), 1024, PartKind::tensor);
  layout.member("SFA scales", array_engine_bytes(sfa_cosize(s, stages, c), 8, c), 16, PartKind::tensor);
  layout.member("SFB scales", array_engine_bytes(sfb_cosize(t, s, stages, c), 8, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

}  // namespace smem_budget
