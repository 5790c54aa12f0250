// Launches one SM90 CUTLASS GEMM and reports what the hardware made of its shared memory: the
// kernel's SharedStorageSize as nvcc computed it, and whether initialize() and run() succeed.
// The configuration comes from -D macros (see tools/launch_check/run.sh); smem-budget predicts the
// same SharedStorageSize, and a GPU whose opt-in limit it exceeds refuses it at initialize().
//
//   nvcc -std=c++17 -O1 -arch=sm_90a --expt-relaxed-constexpr -I CUTLASS/include \
//        -DTILE_M=128 -DTILE_N=96 -DTILE_K=32 -DSTAGES=15 -DELEMENT_D=cutlass::bfloat16_t \
//        -DKERNEL_SCHEDULE=KernelTmaWarpSpecializedCooperative -DEPILOGUE_SCHEDULE=TmaWarpSpecializedCooperative \
//        tools/launch_check/sm90_launch.cu -o launch
#include <cstdio>

#include <cuda_runtime.h>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/util/packed_stride.hpp"

using namespace cute;

using ElementAB = cutlass::bfloat16_t;
using ElementC = void;  // no source: D = alpha * A B
using ElementD = ELEMENT_D;
using TileShape = Shape<Int<TILE_M>, Int<TILE_N>, Int<TILE_K>>;
using ClusterShape = Shape<_1, _1, _1>;
constexpr int kAlignmentAB = 16 / sizeof(ElementAB);
constexpr int kAlignmentD = 16 / sizeof(ElementD);

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float, ElementC, cutlass::layout::RowMajor, kAlignmentD,
    ElementD, cutlass::layout::RowMajor, kAlignmentD,
    cutlass::epilogue::EPILOGUE_SCHEDULE>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementAB, cutlass::layout::RowMajor, kAlignmentAB, ElementAB,
    cutlass::layout::ColumnMajor, kAlignmentAB, float, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCount<STAGES>,
    cutlass::gemm::KERNEL_SCHEDULE>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop, CollectiveEpilogue>;
using Gemm = cutlass::gemm::device::GemmUniversalAdapter<GemmKernel>;

int main() {
  const int m = 1024, n = 1024, k = 1024;
  void *a = nullptr, *b = nullptr, *d = nullptr;
  cudaMalloc(&a, sizeof(ElementAB) * m * k);
  cudaMalloc(&b, sizeof(ElementAB) * n * k);
  cudaMalloc(&d, sizeof(ElementD) * m * n);
  cudaMemset(a, 0, sizeof(ElementAB) * m * k);
  cudaMemset(b, 0, sizeof(ElementAB) * n * k);

  typename Gemm::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {m, n, k, 1},
      {static_cast<ElementAB*>(a), cutlass::make_cute_packed_stride(typename GemmKernel::StrideA{}, {m, k, 1}),
       static_cast<ElementAB*>(b), cutlass::make_cute_packed_stride(typename GemmKernel::StrideB{}, {n, k, 1})},
      {{1.0f, 0.0f}, nullptr, {}, static_cast<ElementD*>(d),
       cutlass::make_cute_packed_stride(typename GemmKernel::StrideD{}, {m, n, 1})}};

  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  Gemm gemm;
  const cutlass::Status implementable = gemm.can_implement(args);
  const cutlass::Status initialized = gemm.initialize(args, nullptr);
  cutlass::Status ran = cutlass::Status::kInvalid;
  cudaError_t synced = cudaSuccess;
  if (initialized == cutlass::Status::kSuccess) {
    ran = gemm.run();
    synced = cudaDeviceSynchronize();
  }
  std::printf("tile %dx%dx%d StageCount<%d>: SharedStorageSize %d B, opt-in limit %d B; can_implement %s, "
              "initialize %s, run %s, synchronize %s\n",
              TILE_M, TILE_N, TILE_K, STAGES, static_cast<int>(GemmKernel::SharedStorageSize), optin,
              cutlassGetStatusString(implementable), cutlassGetStatusString(initialized),
              cutlassGetStatusString(ran), cudaGetErrorString(synced));
  return initialized == cutlass::Status::kSuccess && ran == cutlass::Status::kSuccess && synced == cudaSuccess ? 0 : 1;
}
