// TensorRT-LLM's CutlassGemmConfig enumerators (cutlass_extensions/gemm_configs.h; FlashInfer
// carries a copy under csrc/nv_internal), as their toString() and operator<< print them: by
// value. Recorded at named commits, which each table carries, for the messages that cite it.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace smem_budget::io::trtllm {

struct Enumerator {
  int value;
  std::string_view name;
};

struct EnumTable {
  std::string_view type;    // "MainloopScheduleType"
  std::string_view source;  // where the values were read
  const Enumerator* begin_;
  const Enumerator* end_;
  const Enumerator* begin() const { return begin_; }
  const Enumerator* end() const { return end_; }

  std::optional<std::string_view> name_of(int value) const {
    for (const Enumerator& e : *this)
      if (e.value == value) return e.name;
    return std::nullopt;
  }
  std::optional<int> value_of(std::string_view name) const {
    for (const Enumerator& e : *this)
      if (e.name == name) return e.value;
    return std::nullopt;
  }
};

template <std::size_t N>
constexpr EnumTable table(std::string_view type, std::string_view source, const std::array<Enumerator, N>& values) {
  return {type, source, values.data(), values.data() + values.size()};
}

inline constexpr std::string_view newest = "FlashInfer fb28d72 (2026-08-22), csrc/nv_internal/…/gemm_configs.h";
inline constexpr std::string_view positional =
    "TensorRT-LLM 000a01d, cpp/tensorrt_llm/cutlass_extensions/…/gemm_configs.h";

// CutlassTileConfig, the 2.x tiles, numbered in declaration order; the same at both commits.
inline constexpr std::array<Enumerator, 17> tile_2x_values{{
    {0, "Undefined"},
    {1, "ChooseWithHeuristic"},
    {2, "CtaShape128x128x8_WarpShape64x64x8"},
    {3, "CtaShape16x128x64_WarpShape16x32x64"},
    {4, "CtaShape32x128x64_WarpShape32x32x64"},
    {5, "CtaShape64x128x64_WarpShape32x64x64"},
    {6, "CtaShape64x64x128_WarpShape32x64x64"},
    {7, "CtaShape64x128x64_WarpShape64x32x64"},
    {8, "CtaShape128x64x64_WarpShape64x32x64"},
    {9, "CtaShape128x128x64_WarpShape64x32x64"},
    {10, "CtaShape128x128x64_WarpShape64x64x64"},
    {11, "CtaShape128x128x64_WarpShape128x32x64"},
    {12, "CtaShape128x256x64_WarpShape64x64x64"},
    {13, "CtaShape256x128x64_WarpShape64x64x64"},
    {14, "CtaShape128x64x128_WarpShape64x32x128"},
    {15, "CtaShape16x256x64_WarpShape16x64x64"},
    {16, "CtaShape16x256x128_WarpShape16x64x128"},
}};
inline constexpr EnumTable tile_2x = table("CutlassTileConfig", newest, tile_2x_values);
inline constexpr std::string_view tile_2x_simt = "CtaShape128x128x8_WarpShape64x64x8";

inline constexpr std::array<Enumerator, 6> mainloop_values{{
    {0, "AUTO"},
    {1, "PINGPONG"},
    {2, "COOPERATIVE"},
    {3, "WARPSPECIALIZED"},
    {4, "SINGLE_WARPGROUP_PREFILL"},
    {5, "SINGLE_WARPGROUP_ROLLING"},
}};
inline constexpr EnumTable mainloop = table("MainloopScheduleType", newest, mainloop_values);

inline constexpr std::array<Enumerator, 3> epilogue_values{{{0, "AUTO"}, {1, "NO_SMEM"}, {2, "TMA"}}};
inline constexpr EnumTable epilogue = table("EpilogueScheduleType", newest, epilogue_values);

inline constexpr std::array<Enumerator, 2> fusion_values{{{0, "NONE"}, {1, "FINALIZE"}}};
inline constexpr EnumTable fusion = table("CutlassGemmConfig::EpilogueFusionType", newest, fusion_values);

// Since the tiles and clusters became shape-coded (m·10⁶ + n·10³ + k, printed "128x256x64"),
// toString() prints shapes. Before, it printed the enumerator's position, which only these tables
// turn into a shape: the tile enums of SM90, SM100 and SM120 and ClusterShape, K in bytes of A.
inline constexpr std::array<Enumerator, 12> tile_sm90_values{{
    {2, "64x16x128"},
    {3, "64x32x128"},
    {4, "64x64x128"},
    {5, "64x128x128"},
    {6, "64x256x128"},
    {7, "128x16x128"},
    {8, "128x32x128"},
    {9, "128x64x128"},
    {10, "128x128x128"},
    {11, "128x256x128"},
    {12, "256x128x128"},
    {13, "256x256x128"},
}};
inline constexpr EnumTable tile_sm90 = table("CutlassTileConfigSM90", positional, tile_sm90_values);

inline constexpr std::array<Enumerator, 15> tile_sm100_values{{
    {2, "64x32x128"},
    {3, "64x64x128"},
    {4, "64x128x128"},
    {5, "64x256x128"},
    {6, "128x8x256"},
    {7, "128x16x128"},
    {8, "128x32x128"},
    {9, "128x64x128"},
    {10, "128x128x128"},
    {11, "128x256x128"},
    {12, "128x128x256"},
    {13, "128x256x256"},
    {14, "256x64x128"},
    {15, "256x128x128"},
    {16, "256x256x128"},
}};
inline constexpr EnumTable tile_sm100 = table("CutlassTileConfigSM100", positional, tile_sm100_values);

inline constexpr std::array<Enumerator, 6> tile_sm120_values{{
    {2, "128x128x128"},
    {3, "128x128x64"},
    {4, "256x128x64"},
    {5, "128x256x64"},
    {6, "128x128x256"},
    {7, "256x128x128"},
}};
inline constexpr EnumTable tile_sm120 = table("CutlassTileConfigSM120", positional, tile_sm120_values);

inline constexpr std::array<Enumerator, 11> cluster_values{{
    {0, "1x1x1"},
    {1, "2x1x1"},
    {2, "1x2x1"},
    {3, "2x2x1"},
    {4, "1x4x1"},
    {5, "4x1x1"},
    {6, "4x2x1"},
    {7, "2x4x1"},
    {8, "4x4x1"},
    {9, "1x8x1"},
    {10, "8x1x1"},
}};
inline constexpr EnumTable cluster_positions = table("ClusterShape", positional, cluster_values);

}  // namespace smem_budget::io::trtllm
