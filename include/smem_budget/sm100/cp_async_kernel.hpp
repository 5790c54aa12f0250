// SM100's cp.async GEMM: KernelWarpSpecialized1SmSm100 (gemm/collective/builders/sm100_cpasync_umma_builder.inl),
// the collective of gemm/collective/sm100_mma_cpasync_warpspecialized.hpp and the kernel of
// gemm/kernel/sm100_gemm_cpasync_warpspecialized.hpp. A and B are loaded with cp.async into the dense
// collective's shared-memory types; the kernel keeps fewer barriers than the TMA one. The mixed
// TMA/cp.async kernel of CUTLASS's MoE GEMMs (gemm/kernel/sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp)
// keeps the same, and one barrier more. Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
#pragma once


#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/cutlass/kernel_tensors.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// The cp.async kernel: asked for (--cp-async), or what KernelScheduleAuto builds without block scales
// when A or B is aligned below TMA's 16 bytes (sm100_cpasync_umma_builder.inl:69-75).
constexpr bool sm100_cp_async(const Config& config) {
  return config.cp_async || (config.schedule == Schedule::automatic && config.scaling == Scaling::none &&
                             !operands_aligned_to(config, 16));
}

// The builder's pipelines: two accumulator stages, one more scheduler stage (sm100_cpasync_umma_builder.inl:143-146).
inline constexpr bytes_t sm100_cp_async_accumulator_stages = 2;
inline constexpr bytes_t sm100_cp_async_scheduler_stages = 3;

// KernelSmemCarveout (:148-157): the accumulator pipeline, the CLC pipeline and its responses, 16 bytes
// a stage each.
constexpr bytes_t sm100_cp_async_builder_reserve() {
  return 16 * sm100_cp_async_accumulator_stages + 2 * 16 * sm100_cp_async_scheduler_stages;
}

// The cp.async kernels load without TMA: no tensormaps, grouped or not.
inline constexpr ReservePurpose sm100_cp_async_carveout_purpose{.kernel_pipelines = true, .scheduler = true};

// The mixed TMA/cp.async builders' KernelSmemCarveout (sm100_mixed_tma_cpasync_umma_builder.inl:127-149,
// sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl:232-254): the same, the TMEM dealloc and MMA
// trampoline barriers (8 bytes each) and the TMEM base pointer.
constexpr bytes_t sm100_mixed_tma_cp_async_builder_reserve() { return sm100_cp_async_builder_reserve() + 8 + 8 + 4; }

// The bytes of one cp.async access of an operand, as the builders' uint_byte_t<sizeof(E) * Alignment>
// (the block-scaled one's bits * Alignment / 8) counts them; 0 for an alignment left to the builder.
// SM80_CP_ASYNC_CACHEALWAYS_ZFILL takes 4, 8 or 16 (cute/arch/copy_sm80.hpp:107), …CACHEGLOBAL_ZFILL 16 (:137).
constexpr bytes_t sm100_cp_async_access_bytes(bytes_t alignment, Element e, bool counted_in_bits) {
  if (counted_in_bits) return alignment * bits_of(e) / 8;
  return alignment * (bits_of(e) < 8 ? 1 : bits_of(e) / 8);
}

// Whether CUTLASS has an integer type of `bytes` (uint_byte_t: 1, 2, 4, 8, 16 or 32): another access
// size is an incomplete type, not an assertion.
constexpr bool has_uint_byte_type(bytes_t bytes) { return bytes != 0 && bytes <= 32 && (bytes & (bytes - 1)) == 0; }

// GemmKernel::SharedStorage (sm100_gemm_cpasync_warpspecialized.hpp:163-188): pipelines, the CLC
// responses and the TMEM base pointer, then the mainloop's and epilogue's tensors. The mixed
// TMA/cp.async kernel's (sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp:230-256) adds the MMA
// trampoline barrier; its group scheduler of a MoE problem (:173) keeps the CLC scheduler's sizes:
// PipelineAsync<3> barriers and 16-byte responses (sm90_tile_scheduler_group.hpp:66-70).
template <class Parts = PartList>
constexpr KernelLayout<Parts> sm100_cp_async_kernel_layout(const Config& config, const MainloopTensors<Parts>& mainloop,
                                                           const EpilogueLayout& epi, bool mixed_tma, Checked& c) {
  BasicStructLayout<Parts> pipes(c, 16);
  pipes.member("mainloop pipeline barriers", mainloop.pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  pipes.member("CLC pipeline barriers", 16 * sm100_cp_async_scheduler_stages, 16, PartKind::scheduler);
  pipes.member("accumulator pipeline barriers", 16 * sm100_cp_async_accumulator_stages, 16, PartKind::barrier);
  pipes.member("TMEM dealloc barrier", 8, 16, PartKind::barrier);
  if (mixed_tma) pipes.member("MMA trampoline barrier", 8, 16, PartKind::barrier);
  pipes.finish("pipelines");

  const BasicStructLayout<Parts> tensors =
      kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::mainloop, c);

  return sm100_kernel_storage<Parts>(pipes, 16 * sm100_cp_async_scheduler_stages, {}, tensors, c);
}

}  // namespace smem_budget
