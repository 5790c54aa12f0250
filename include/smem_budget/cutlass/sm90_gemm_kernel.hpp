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
#include "smem_budget/cutlass/kernel_tensors.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// PersistentTileSchedulerSm100<1x1x1, S>::SharedStorage: CLC pipeline, throttle pipeline and S
// responses, 16 bytes each per stage (S = the schedule's SchedulerPipelineStageCount).
constexpr bytes_t clc_scheduler_bytes(bytes_t scheduler_stages) { return 3 * 16 * scheduler_stages; }
// PersistentTileSchedulerSm90Group: PipelineAsync<8> storage and 8 WorkTileInfo responses.
inline constexpr bytes_t group_scheduler_pipeline_bytes = 128;
inline constexpr bytes_t group_scheduler_responses = 8;
inline constexpr bytes_t work_tile_info_bytes = 16;
// A pointer-array kernel whose problem is not grouped (ArrayProblemShape over plain strides) takes
// the default scheduler, PersistentTileSchedulerSm90 (sm90_gemm_array_tma_warpspecialized_cooperative.hpp:139-154,
// v4.7.0): its PipelineStorage (PipelineEmpty::SharedStorage, sm100_pipeline.hpp:1149) and its
// CLCResponse (sm90_tile_scheduler.hpp:58) are empty structs, one byte each.
inline constexpr bytes_t empty_struct_bytes = 1;

// The kernel's own assertions on its tile scheduler, which the compiler reaches after the
// collectives'. Stream-K exists for the cooperative non-grouped kernel only.
constexpr Rejection check_kernel(const Config& config) {
  if (config.tile_scheduler != TileScheduler::stream_k) return Rejection::none;
  if (is_pointer_array(config))
    return config.schedule == Schedule::pingpong ? Rejection::stream_k_grouped_pingpong : Rejection::stream_k_grouped;
  if (config.schedule == Schedule::pingpong) return Rejection::stream_k_pingpong;
  if (config.schedule == Schedule::warp_specialized) return Rejection::sm90_warp_specialized_scheduler;
  if (config.schedule == Schedule::tma) return Rejection::sm90_tma_scheduler;
  return Rejection::none;
}

// The cooperative kernels' operator() (device code only, so a sizeof(SharedStorage) compiles it):
// two consumer warp groups split the tile's M, which must be at least 128
// (sm90_gemm_tma_warpspecialized_cooperative.hpp:374, array :443; SM90 and SM120 alike). Every
// schedule but ping-pong builds the cooperative kernel here (SM120's automatic one; SM90 passes the
// schedule its builder resolved).
constexpr Rejection check_kernel_device_code(const Config& config) {
  const bool cooperative = config.schedule == Schedule::cooperative || config.schedule == Schedule::automatic;
  if (cooperative && config.tile.m < 128) return Rejection::cooperative_tile_m;
  return Rejection::none;
}

// The barriers of the PipelineStorage struct, each member alignas(16).
template <class Layout>
constexpr void add_pipelines(Layout& pipes, const Config& config, bytes_t mainloop_pipeline,
                             const EpilogueLayout& epi) {
  pipes.member("mainloop pipeline barriers", mainloop_pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  // The non-persistent warp-specialized kernel has no load-order barrier (sm90_gemm_tma_warpspecialized.hpp:130-136).
  if (config.schedule == Schedule::warp_specialized) return;
  // TensorRT-LLM's single-warpgroup kernel keeps the ping-pong kernel's SharedStorage
  // (trtllm_single_warpgroup_moe.hpp).
  const bool pingpong = config.schedule == Schedule::pingpong || is_single_warpgroup(config.schedule);
  // The cp.async kernels keep no load order: the ping-pong one its math warp-group order alone
  // (sm90_gemm_warpspecialized_pingpong.hpp:137-145, cooperative :127-133).
  if (config.cp_async) {
    if (pingpong) pipes.member("math warp-group order barrier", 32, 16, PartKind::barrier);
    return;
  }
  const bool array = is_pointer_array(config);
  // The non-grouped ping-pong kernel declares math_wg_order before load_order, the grouped one after.
  if (pingpong && !array) pipes.member("math warp-group order barrier", 32, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  if (pingpong && array) pipes.member("math warp-group order barrier", 32, 16, PartKind::barrier);
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
  if (config.schedule == Schedule::warp_specialized) {
    // The non-persistent kernel (sm90_gemm_tma_warpspecialized.hpp:120-137, v4.7.0): mainloop and
    // epilogue tensors share a union, then the mainloop and C-load pipelines; no tile scheduler.
    add_pipelines(pipes, config, mainloop.pipeline, epi);
    pipes.finish("pipelines");
    const bytes_t align = epi.tensor_align > mainloop.alignment ? epi.tensor_align : mainloop.alignment;
    if (epi.tensor_size > mainloop.size) {
      // The epilogue's own parts only where the breakdown is wanted (the stage search needs sizes).
      Parts epilogue_parts{};
      if constexpr (std::is_same_v<Parts, PartList>) epilogue_parts = epilogue_tensor_parts(config, epi, c);
      tensors.nested("epilogue tensors", epilogue_parts, epi.tensor_size, align);
    } else
      tensors.nested("mainloop tensors", mainloop.parts, mainloop.size, align);
    tensors.finish("tensors");
    kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
    kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
  } else if (config.schedule == Schedule::tma) {
    // KernelTma (sm90_gemm_tma.hpp:111-113): SharedStorageSize = max(sizeof(CollectiveMainloop::SharedStorage),
    // sizeof(CollectiveEpilogue::SharedStorage)); the mainloop's is A, B and its pipeline
    // (sm90_mma_tma_gmma_ss.hpp:151-157), aligned to 16.
    BasicStructLayout<Parts> main(c, 16);
    main.nested("mainloop tensors", mainloop.parts, mainloop.size, 16);
    main.member("mainloop pipeline barriers", mainloop.pipeline, 16, PartKind::barrier);
    main.finish("mainloop shared storage");
    if (main.size() >= epi.shared_storage)
      kernel.nested("mainloop shared storage", main.parts(), main.size(), main.alignment());
    else
      kernel.member("epilogue shared storage", epi.shared_storage, epi.tensor_align, PartKind::tensor);
  } else if (config.cp_async) {
    // The persistent cp.async kernels (sm90_gemm_warpspecialized_{cooperative,pingpong}.hpp:118-146):
    // tensors, then pipelines; their tile scheduler keeps nothing in shared memory.
    add_pipelines(pipes, config, mainloop.pipeline, epi);
    pipes.finish("pipelines");
    tensors = kernel_tensor_storage(config, mainloop, epi, TensorsFirst::mainloop, c);
    kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
    kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
  } else if (!is_pointer_array(config)) {
    add_pipelines(pipes, config, mainloop.pipeline, epi);
    pipes.finish("pipelines");
    tensors = kernel_tensor_storage(config, mainloop, epi, TensorsFirst::epilogue, c);
    kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
    kernel.member("tile scheduler", scheduler_bytes, 16, PartKind::scheduler);
    kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
  } else {
    tensors = kernel_tensor_storage(config, mainloop, epi, TensorsFirst::mainloop, c);
    pipes.member("tile scheduler pipeline", config.grouped ? group_scheduler_pipeline_bytes : empty_struct_bytes, 16,
                 PartKind::scheduler);
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
    kernel.member("tile scheduler responses",
                  group_scheduler_responses * (config.grouped ? work_tile_info_bytes : empty_struct_bytes), 16,
                  PartKind::scheduler);
    kernel.nested("tensormaps", maps.parts(), maps.size(), maps.alignment());
  }
  kernel.finish("kernel shared storage");
  return {kernel.parts(), kernel.size(), tensors.size()};
}

}  // namespace smem_budget
