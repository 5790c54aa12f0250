// The SM90 2:4 structured-sparse mainloop: CollectiveBuilder<arch::Sm90, OpClassSparseTensorOp, …>
// (gemm/collective/builders/sm90_sparse_gmma_builder.inl, sm90_sparse_config.inl) and its collectives
// (gemm/collective/sm90_sparse_mma_tma_gmma_ss_warpspecialized[_fp8].hpp, laid out alike). A keeps half
// its elements, the metadata E says which; A, B and E share one pipeline. The kernels and the epilogue
// are the dense SM90 ones. Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// The metadata atom's K (Sm90GemmSparseConfig<…, min(K, 128)>::TensorEAtom, sm90_sparse_config.inl:104-119,
// and sm90_sparse_gmma_builder.inl:145-146): 64 x min(K, 128) logical elements of A for every type.
inline constexpr bytes_t sm90_metadata_atom_k = 128;

// The sparse GMMA's K: 64 bytes of A's logical elements (ss_op_selector_sparse: 32 for f16/bf16,
// 64 for FP8 and 8-bit integers, 16 for tf32; cute/arch/mma_sm90.hpp:2621-4663).
inline constexpr bytes_t sm90_sparse_mma_k_bytes = 64;

// Metadata bits per logical A element: ValTypeE = sparse_elem<8, uint8_t> (sparse_elem<4, uint8_t> for
// tf32; cute/atom/mma_traits_sm90_gmma_sparse.hpp).
constexpr int sm90_metadata_bits(const Config& config) { return bits_of(config.types.a.data) == 32 ? 2 : 1; }

constexpr Rejection sm90_check_sparse(const Config& config) {
  // The sparse builders take the KernelTmaWarpSpecialized{,Pingpong,Cooperative}[FP8FastAccum] schedules
  // and KernelScheduleAuto only (sm90_sparse_gmma_builder.inl:112-116, 217-220, 351).
  if (config.schedule == Schedule::tma || is_pointer_array(config) || config.scaling == Scaling::blockwise)
    return Rejection::sm90_sparse_no_builder;
  const bool fp8 = [&] {
    for (Element e : {config.types.a.data, config.types.b.data})
      if (e != Element::e4m3 && e != Element::e5m2) return false;
    return true;
  }();
  if (config.fast_accum && !fp8) return Rejection::sm90_sparse_fast_accum_types;
  // An MN-major operand that is not 16 bits makes is_use_rmem_A true (builders/sm90_common.inl:420):
  // the register-sourced sparse builder asserts; the FP8FastAccum builder has no such branch and the
  // sparse GMMA selector asserts K-major operands.
  if (!k_major_operands(config) && bits_of(config.types.a.data) != 16)
    return config.fast_accum ? Rejection::sm90_sparse_fp8_k_major : Rejection::sm90_sparse_rmem_a;
  if (config.tile.k * bits_of(config.types.a.data) / 8 % sm90_sparse_mma_k_bytes != 0)
    return Rejection::sm90_sparse_tile_k;
  // SmemLayoutE = tile_to_shape(TensorEAtom, (M, K, stages)) (sm90_sparse_mma_tma_gmma_ss_warpspecialized.hpp:168-170).
  if (config.tile.k > sm90_metadata_atom_k && config.tile.k % sm90_metadata_atom_k != 0)
    return Rejection::sm90_sparse_metadata_k;
  return Rejection::none;
}

// One stage of compressed A, B and E, and the builder's estimate of it: their bytes and one
// PipelineTmaAsync<1>::SharedStorage, not rounded (compute_stage_count_or_override_sparse,
// sm90_sparse_gmma_builder.inl:64-78).
constexpr MainloopStage sm90_sparse_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile& t = config.tile;
  s.bits_a = bits_of(config.types.a.data) / 2;  // sparse_elem<2, T>
  s.bits_b = bits_of(config.types.b.data);
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  s.e = ceil_div(c.mul(c.mul(t.m, t.k), sm90_metadata_bits(config)), 8);
  s.barrier = 16;  // sizeof(PipelineTmaAsync<1>::SharedStorage)
  s.estimate = c.add(c.add(c.add(s.a, s.b), s.e), s.barrier);
  return s;
}

// TensorStorage (sm90_sparse_mma_tma_gmma_ss_warpspecialized.hpp:202-206, _fp8.hpp alike): smem_A, smem_B
// and smem_E, each alignas(128). ArrayEngine<sparse_elem<S, T>, N> holds N / S elements of T
// (cute/tensor_impl.hpp:90-95): the compressed bytes.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm90_sparse_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", c.mul(s.a, stages), 128, PartKind::tensor);
  layout.member("B tiles", c.mul(s.b, stages), 128, PartKind::tensor);
  layout.member("metadata E", c.mul(s.e, stages), 128, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

}  // namespace smem_budget
