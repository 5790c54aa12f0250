// SM100 (B200) GEMMs: which builder a configuration reaches. Block scales (scaling block) take
// CollectiveBuilder<…, OpClassBlockScaledTensorOp, …> (blockscaled_gemm.hpp); none take
// CollectiveBuilder<…, OpClassTensorOp, …> (dense_gemm.hpp), and float scales per block (scaling
// blockwise) the same class with the Blockwise schedules (blockwise_gemm.hpp); a sparse A, either
// sparse class (sparse_gemm.hpp). CUTLASS's MoE GEMMs (moe) take either class's mixed TMA/cp.async
// schedule (moe_gemm.hpp). complex<float> operands take the interleaved complex builders and the
// input-transform kernel (complex_gemm.hpp). All share SM100's epilogue (common.hpp).
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/sm100/blockscaled_gemm.hpp"
#include "smem_budget/sm100/blockwise_gemm.hpp"
#include "smem_budget/sm100/complex_gemm.hpp"
#include "smem_budget/sm100/dense_gemm.hpp"
#include "smem_budget/sm100/sparse_gemm.hpp"
#include "smem_budget/sm100/moe_gemm.hpp"

namespace smem_budget {

constexpr std::optional<std::string_view> sm100_gemm_invalid_input(const Config& config) {
  if (sm100_complex_operands(config)) return sm100_complex_invalid_input(config);
  if (config.sparse) return sm100_sparse_invalid_input(config);
  if (config.moe) return sm100_moe_invalid_input(config);
  switch (config.scaling) {
    case Scaling::block:
      return sm100_blockscaled_invalid_input(config);
    case Scaling::blockwise:
      return sm100_blockwise_invalid_input(config);
    case Scaling::none:
      break;
  }
  return sm100_dense_invalid_input(config);
}

template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_gemm(const Config& config, const ArchLimits& arch) {
  if (sm100_complex_operands(config)) return evaluate_sm100_complex<Parts>(config, arch);
  if (config.sparse) return evaluate_sm100_sparse<Parts>(config, arch);
  if (config.moe) return evaluate_sm100_moe<Parts>(config, arch);
  switch (config.scaling) {
    case Scaling::block:
      return evaluate_sm100<Parts>(config, arch);
    case Scaling::blockwise:
      return evaluate_sm100_blockwise<Parts>(config, arch);
    case Scaling::none:
      break;
  }
  return evaluate_sm100_dense<Parts>(config, arch);
}

constexpr bool sm100_gemm_shape_compiles(const Config& config) {
  if (sm100_complex_operands(config)) return sm100_complex_shape_compiles(config);
  if (config.sparse) return sm100_sparse_shape_compiles(config);
  if (config.moe) return sm100_moe_shape_compiles(config);
  switch (config.scaling) {
    case Scaling::block:
      return sm100_shape_compiles(config);
    case Scaling::blockwise:
      return sm100_blockwise_shape_compiles(config);
    case Scaling::none:
      break;
  }
  return sm100_dense_shape_compiles(config);
}

}  // namespace smem_budget
