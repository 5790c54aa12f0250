// SM100 (B200) GEMMs: which builder a configuration reaches. Block scales (scaling block) take
// CollectiveBuilder<…, OpClassBlockScaledTensorOp, …> (blockscaled_gemm.hpp); none take
// CollectiveBuilder<…, OpClassTensorOp, …> (dense_gemm.hpp). Both share SM100's epilogue and kernels
// (common.hpp).
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/sm100/blockscaled_gemm.hpp"
#include "smem_budget/sm100/dense_gemm.hpp"

namespace smem_budget {

constexpr std::optional<std::string_view> sm100_gemm_invalid_input(const Config& config) {
  return config.scaling == Scaling::block ? sm100_blockscaled_invalid_input(config) : sm100_dense_invalid_input(config);
}

constexpr std::optional<Budget> evaluate_sm100_gemm(const Config& config, const ArchLimits& arch) {
  return config.scaling == Scaling::block ? evaluate_sm100(config, arch) : evaluate_sm100_dense(config, arch);
}

constexpr bool sm100_gemm_shape_compiles(const Config& config) {
  return config.scaling == Scaling::block ? sm100_shape_compiles(config) : sm100_dense_shape_compiles(config);
}

}  // namespace smem_budget
