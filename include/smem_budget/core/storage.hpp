// What every SM120 mainloop collective reports, whatever its family: the bytes one stage holds,
// the builder's per-stage estimate, the stage counts it chose, and its TensorStorage.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// CUTLASS's SM120 shared-memory constant, the builders' capacity (cutlass/arch/arch.h:45).
inline constexpr bytes_t sm120_cutlass_capacity = 101'376;

struct MainloopStage {
  MmaPath path = MmaPath::mxf8f6f4;
  int bits_a = 8;           // bits per A element in shared memory (a sparse A counts its kept half)
  int bits_b = 8;
  bytes_t a = 0;            // A bytes per stage
  bytes_t b = 0;            // B bytes per stage (at the full tile K)
  bytes_t sf_k_blocks = 0;  // block scale factors: K / V / 4, truncated as CuTe's static division does
  bytes_t sfa_blocks = 0;   // block scale factors: 128-row blocks of SFA
  bytes_t sfb_blocks = 0;   // block scale factors: 128-row blocks of SFB
  bytes_t sfa = 0;          // scale bytes of A per stage (block scale factors, or blockwise floats)
  bytes_t sfb = 0;
  bytes_t e = 0;            // sparse metadata bytes per stage
  bytes_t barrier = 0;      // the builder's per-stage pipeline estimate
  bytes_t estimate = 0;     // the builder's per-stage cost: all of the above
  constexpr bytes_t data() const { return a + b + sfa + sfb + e; }
};

// Stages of A (and of everything else), of B, and of the sparse metadata E. Among SM120's builders
// only the sparse ones can make them differ: 1.5 B stages (B at half K, three of them) with E left in
// global memory (sm120_sparse_mma_builder.inl:96-113).
struct StageCounts {
  bytes_t a = 0;
  bytes_t b = 0;
  bytes_t e = 0;
  bool half_k_b = false;
  bytes_t sf = 0;  // the scale factors' own ring: deeper than A/B's on SM103, the same elsewhere
  static constexpr StageCounts uniform(bytes_t s) { return {s, s, s, false, s}; }
};

// CollectiveMma::TensorStorage and the mainloop's PipelineStorage.
template <class Parts = PartList>
struct MainloopTensors {
  Parts parts;
  bytes_t size = 0;
  bytes_t alignment = 1;
  bytes_t pipeline = 0;  // sizeof(PipelineStorage): 16 bytes of barriers per stage and pipeline
};

// The sm100/sm120 compute_stage_count_or_override rules: (capacity - carveout) / per-stage,
// as C++'s truncating int division computes it; no clamp.
constexpr bytes_t auto_stage_count(bytes_t capacity, bytes_t carveout, bytes_t estimate) {
  return (capacity - carveout) / estimate;
}

// sizeof(PipelineTmaAsync<S>::SharedStorage) and its relatives: a full and an empty barrier per stage.
constexpr bytes_t pipeline_barrier_bytes(bytes_t stages, Checked& c) { return c.mul(16, stages); }

}  // namespace smem_budget
