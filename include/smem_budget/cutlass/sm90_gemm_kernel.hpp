// GemmUniversal<...>::SharedStorage of the SM90 warp-specialized kernels, which SM90 and SM120
// (every mainloop family) instantiate: cooperative and ping-pong (sm90_gemm_tma_warpspecialized_*.hpp),
// and their grouped pointer-array variants (sm90_gemm_array_tma_warpspecialized_*.hpp). Its size is
// SharedStorageSize, the number GemmUniversalAdapter::initialize() asks cudaFuncSetAttribute for.
#pragma once

#include <type_traits>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// PersistentTileSchedulerSm100<1x1x1, S>::SharedStorage: CLC pipeline, throttle pipeline and S
// responses, 16 bytes each per stage (S = the schedule's SchedulerPipelineStageCount).
constexpr bytes_t clc_scheduler_bytes(bytes_t scheduler_stages) { return 3 * 16 * scheduler_stages; }
// PersistentTileSchedulerSm90Group: PipelineAsync<8> storage and 8 WorkTileInfo responses.
inline constexpr bytes_t group_scheduler_pipeline_bytes = 128;
inline constexpr bytes_t group_scheduler_responses = 8;
inline constexpr bytes_t work_tile_info_bytes = 16;

// The kernel's own assertions on its tile scheduler, which the compiler reaches after the
// collectives'. Stream-K exists for the cooperative non-grouped kernel only.
constexpr Rejection check_kernel(const Config& config) {
  if (config.tile_scheduler != TileScheduler::stream_k) return Rejection::none;
  if (config.grouped)
    return config.schedule == Schedule::pingpong ? Rejection::stream_k_grouped_pingpong : Rejection::stream_k_grouped;
  if (config.schedule == Schedule::pingpong) return Rejection::stream_k_pingpong;
  return Rejection::none;
}

// The cooperative kernels' operator() (device code only, so a sizeof(SharedStorage) compiles it):
// two consumer warp groups split the tile's M, which must be at least 128
// (sm90_gemm_tma_warpspecialized_cooperative.hpp:374, array :443; SM90 and SM120 alike). Every
// schedule but ping-pong builds the cooperative kernel here (SM120's automatic one; SM90 passes the
// schedule its builder resolved).
constexpr Rejection check_kernel_device_code(const Config& config) {
  if (config.schedule != Schedule::pingpong && config.tile.m < 128) return Rejection::cooperative_tile_m;
  return Rejection::none;
}

// The barriers of the PipelineStorage struct, each member alignas(16).
template <class Layout>
constexpr void add_pipelines(Layout& pipes, const Config& config, bytes_t mainloop_pipeline,
                             const EpilogueLayout& epi) {
  pipes.member("mainloop pipeline barriers", mainloop_pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  const bool pingpong = config.schedule == Schedule::pingpong;
  // The non-grouped ping-pong kernel declares math_wg_order before load_order, the grouped one after.
  if (pingpong && !config.grouped) pipes.member("math warp-group order barrier", 32, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  if (pingpong && config.grouped) pipes.member("math warp-group order barrier", 32, 16, PartKind::barrier);
}

// `scheduler_bytes`: the non-grouped kernel's tile-scheduler SharedStorage (SM120's CLC scheduler,
// or SM90's PersistentTileSchedulerSm90, an empty struct of one byte); `mainloop_tensormaps`: the
// TMA descriptors the grouped mainloop keeps.
template <class Parts = PartList>
constexpr KernelLayout<Parts> kernel_layout(const Config& config, const MainloopTensors<Parts>& mainloop,
                                            const EpilogueLayout& epi, bytes_t scheduler_bytes,
                                            bytes_t mainloop_tensormaps, Checked& c) {
  BasicStructLayout<Parts> tensors(c, 128);
  BasicStructLayout<Parts> pipes(c, 16);
  BasicStructLayout<Parts> kernel(c);
  // The epilogue's own parts only where the breakdown is wanted (the stage search needs sizes).
  Parts epilogue_parts{};
  if constexpr (std::is_same_v<Parts, PartList>) epilogue_parts = epilogue_tensor_parts(config, epi, c);
  if (!config.grouped) {
    add_pipelines(pipes, config, mainloop.pipeline, epi);
    pipes.finish("pipelines");
    tensors.nested("epilogue tensors", epilogue_parts, epi.tensor_size, epi.tensor_align);
    tensors.nested("mainloop tensors", mainloop.parts, mainloop.size, mainloop.alignment);
    tensors.finish("tensors");
    kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
    kernel.member("tile scheduler", scheduler_bytes, 16, PartKind::scheduler);
    kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
  } else {
    tensors.nested("mainloop tensors", mainloop.parts, mainloop.size, mainloop.alignment);
    tensors.nested("epilogue tensors", epilogue_parts, epi.tensor_size, epi.tensor_align);
    tensors.finish("tensors");
    pipes.member("tile scheduler pipeline", group_scheduler_pipeline_bytes, 16, PartKind::scheduler);
    add_pipelines(pipes, config, mainloop.pipeline, epi);
    pipes.finish("pipelines");
    BasicStructLayout<Parts> maps(c, 128);
    maps.member("mainloop tensormaps", mainloop_tensormaps * tma_descriptor_bytes, 128, PartKind::tensormap);
    // The no-smem adapter's TensorMapStorage is an empty struct: one byte.
    const bytes_t epilogue_maps =
        config.epilogue == EpilogueKind::nosmem ? 1 : epi.tensormap_count * tma_descriptor_bytes;
    maps.member("epilogue tensormaps", epilogue_maps, 128, PartKind::tensormap);
    maps.finish("tensormaps");
    kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
    kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
    kernel.member("tile scheduler responses", group_scheduler_responses * work_tile_info_bytes, 16,
                  PartKind::scheduler);
    kernel.nested("tensormaps", maps.parts(), maps.size(), maps.alignment());
  }
  kernel.finish("kernel shared storage");
  return {kernel.parts(), kernel.size(), tensors.size()};
}

}  // namespace smem_budget
