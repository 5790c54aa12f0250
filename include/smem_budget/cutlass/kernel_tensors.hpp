// A 3.x kernel's TensorStorage: the mainloop collective's and the epilogue collective's tensors in
// one aligned_struct<128>, in the order the kernel declares them. Every persistent kernel keeps one
// (sm90_gemm_tma_warpspecialized_cooperative.hpp:175-181, sm100_gemm_tma_warpspecialized.hpp:203-209,
// v4.7.0); only the order differs between kernels.
#pragma once

#include <type_traits>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// Which collective's tensors a kernel's TensorStorage declares first.
enum class TensorsFirst { epilogue, mainloop };

// The struct is at least 128-aligned, and as aligned as its most aligned member; its tail is
// padded to that alignment. `epilogue_parts` break the epilogue's tensors down.
template <class Parts = PartList>
constexpr BasicStructLayout<Parts> kernel_tensor_storage(const MainloopTensors<Parts>& mainloop,
                                                         const EpilogueLayout& epi, const Parts& epilogue_parts,
                                                         TensorsFirst first, Checked& c) {
  BasicStructLayout<Parts> tensors(c, 128);
  if (first == TensorsFirst::epilogue)
    tensors.nested("epilogue tensors", epilogue_parts, epi.tensor_size, epi.tensor_align);
  tensors.nested("mainloop tensors", mainloop.parts, mainloop.size, mainloop.alignment);
  if (first == TensorsFirst::mainloop)
    tensors.nested("epilogue tensors", epilogue_parts, epi.tensor_size, epi.tensor_align);
  tensors.finish("tensors");
  return tensors;
}

// The same, with the epilogue's tensors as CUTLASS's TMA and no-smem epilogues lay them out.
template <class Parts = PartList>
constexpr BasicStructLayout<Parts> kernel_tensor_storage(const Config& config, const MainloopTensors<Parts>& mainloop,
                                                         const EpilogueLayout& epi, TensorsFirst first, Checked& c) {
  // The epilogue's own parts only where the breakdown is wanted (the stage search needs sizes).
  Parts epilogue_parts{};
  if constexpr (std::is_same_v<Parts, PartList>) epilogue_parts = epilogue_tensor_parts(config, epi, c);
  return kernel_tensor_storage<Parts>(mainloop, epi, epilogue_parts, first, c);
}

}  // namespace smem_budget
