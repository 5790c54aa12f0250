// CUTLASS 2.x library names as configurations: python/cutlass_library's procedural names of its
// GemmOperation objects for SM80 and SM89 (gemm_operation.py, v4.7.0), e.g.
// cutlass_tensorop_bf16_s16816gemm_bf16_128x256_32x3_tn_align8.
#pragma once

#include <string_view>

#include "io/settings.hpp"

namespace smem_budget::io {

inline constexpr std::string_view cutlass2x_tensorop_prefix = "cutlass_tensorop_";
inline constexpr std::string_view cutlass2x_simt_prefix = "cutlass_simt_";
// The 2.x-API kernels the generator builds for SM90 (its f64 and complex GEMMs).
inline constexpr std::string_view cutlass2x_sm90_prefix = "cutlass_sm90_tensorop_";

// Whether `name` is spelled as a 2.x library name (cutlass_tensorop_…, cutlass_simt_…).
bool is_cutlass2x_name(std::string_view name);

// The settings a 2.x name stands for: generation 2x and the whole configuration but the CUTLASS
// release. The name does not spell the warp tile: it is the one CUTLASS's generator pairs with
// the tile (see the .cpp). Throws InputError naming the part the model cannot represent.
Settings cutlass2x_name_settings(std::string_view name, const Origin& origin);

// The same for the 2.x-API kernels the generator builds for SM90, named as its 3.x kernels are:
// cutlass_sm90_tensorop_d1684gemm_f64_f64_f64_f64_f64_128x128x16_1x1x1_3_nnn_align1.
Settings cutlass2x_sm90_name_settings(std::string_view name, const Origin& origin);

}  // namespace smem_budget::io
