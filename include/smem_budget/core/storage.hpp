// What every collective reports, whatever the architecture: the bytes one mainloop stage holds,
// the builder's per-stage estimate, the stage counts it chose, the mainloop's TensorStorage, the
// epilogue's layout, and the kernel's SharedStorage part by part.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

struct MainloopStage {
  MmaPath path = MmaPath::mxf8f6f4;
  int bits_a = 8;  // bits per A element in shared memory (a sparse A counts its kept half)
  int bits_b = 8;
  bytes_t a = 0;            // A bytes per stage
  bytes_t b = 0;            // B bytes per stage (at the full tile K)
  bytes_t sf_k_blocks = 0;  // block scale factors: K / V / 4, truncated as CuTe's static division does
  bytes_t sfa_blocks = 0;   // block scale factors: 128-row blocks of SFA
  bytes_t sfb_blocks = 0;   // block scale factors: 128-row blocks of SFB
  bytes_t sfa = 0;          // scale bytes of A per stage (block scale factors, or blockwise floats)
  bytes_t sfb = 0;
  bytes_t e = 0;         // sparse metadata bytes per stage
  bytes_t scale = 0;     // SM90 mixed input: the narrow operand's scales per stage
  bytes_t zero = 0;      // SM90 mixed input: its zero points per stage
  bytes_t barrier = 0;   // the builder's per-stage pipeline estimate
  bytes_t estimate = 0;  // the builder's per-stage cost: all of the above
  constexpr bytes_t data() const { return a + b + sfa + sfb + e + scale + zero; }
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

// The epilogue tile: the sub-tile of the CTA tile the epilogue stores at a time.
struct EpilogueTileShape {
  bytes_t m = 0;
  bytes_t n = 0;
};

struct EpilogueStages {
  bytes_t sub_tiles = 0;  // epilogue tiles per CTA tile
  int c = 0;
  int d = 0;
  bool reuse = false;  // C and D share buffers
};

// The element the epilogue keeps in shared memory for C and D. FINALIZE's D is void and CUTLASS
// stores the fusion's aux element (the output type) instead; its C is the output type too.
struct EpilogueElements {
  Element c = Element::none;  // none: no C buffer (C is void)
  Element d = Element::bf16;
  bool d_is_void = false;  // the builder saw ElementD = void (FINALIZE)
};

// The fusion callbacks' SharedStorage: a tuple of the non-empty node storages. Only nodes that
// keep a row of the CTA tile hold anything (Sm90RowBroadcast; the SM120 scale-factor stores).
struct FusionStorage {
  bytes_t size = 1;  // an empty struct still takes one byte
  bytes_t alignment = 1;
  std::string_view name = "fusion (empty)";
};

struct EpilogueLayout {
  EpilogueTileShape tile{};
  EpilogueStages stages{};
  EpilogueElements elements{};
  FusionStorage fusion{};
  bytes_t align_c = 0;
  bytes_t align_d = 0;
  bytes_t tensor_size = 0;  // sizeof(TensorStorage)
  bytes_t tensor_align = 1;
  bytes_t pipeline_size = 0;  // sizeof(PipelineStorage), the C-load pipeline
  bytes_t pipeline_align = 8;
  bytes_t tensormap_count = 0;  // grouped: C plus one D descriptor per epilogue warp group
  bytes_t shared_storage = 0;   // sizeof(CollectiveEpilogue::SharedStorage): the usual carveout
  bytes_t carveout_epi = 0;     // what StageCountAutoCarveoutEpi reserves
  bool umma_atoms = false;      // SM100's swizzle atoms (umma_swizzle_alignment)
  bytes_t contiguous_n = 0;     // a row-major C/D's contiguous columns per TMA box; 0: the tile's N
};

template <class Parts = PartList>
struct KernelLayout {
  Parts parts;
  bytes_t total = 0;
  bytes_t tensors = 0;  // sizeof the kernel's TensorStorage: mainloop and epilogue tensors, aligned
};

}  // namespace smem_budget
