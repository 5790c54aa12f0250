"""Probe sources for the clients' own CUTLASS 2.x kernels, built from the clients' headers (never copied
into this repository: name their directories with measure.py's --client-include):

- TensorRT-LLM's MoE GEMM (moe, or runner trtllm-moe, with generation 2x): MoeFCGemm over
  DefaultGemmGrouped's mainloop and epilogue, as genericMoeGemmKernelLauncher builds it
  (kernels/cutlass_kernels/moe_gemm/moe_gemm_template_dispatch.h:112-170 in FlashInfer's copy,
  csrc/nv_internal/tensorrt_llm): MixedGemmArchTraits' layouts, accesses and instruction,
  Epilogue<…, EpilogueOpDefault>::Op, TagOperator<…, QuantOp>. A conversion (scl, sclzr, scl-col)
  makes B u4 or u8 the weight-only mainloop's (DqMma, FINEGRAINED_SCALE_ONLY, …_AND_ZEROS,
  PER_COLUMN_SCALE_ONLY). Include: its cutlass_extensions/include, csrc/nv_internal and
  csrc/nv_internal/include.
- TensorRT-LLM's CuTe SM80 MoE GEMM with a fused gated activation (moe, or runner trtllm-moe, with
  activation_type swiglu or geglu): fused_moe::Fused_Moe_Kernel_sm80 (cutlass_extensions/gemm/kernel/
  fused_moe_kernel.cuh), as sm80_generic_fused_moe_gemm_kernelLauncher builds and launches it
  (kernels/cutlass_kernels/moe_gemm/launchers/fused_moe_gemm_launcher_sm80.inl:37-93): A, B and the output
  of one 16-bit type, the CutlassTileConfig's threadblock tile, EpilogueRouting<EpilogueOpDefaultSilu or
  EpilogueOpDefaultFtGelu>(true). Include: its cutlass_extensions/include, csrc/nv_internal and
  csrc/nv_internal/include. Its probe prints the stage count, the bytes of A's and both B halves' tiles,
  of the output staging tile smem_o, and kSmemSize, the dynamic shared memory it is launched with.
- TensorRT-LLM's dense weight-only GEMM (a conversion without moe): GemmFpAIntB over DefaultGemm's
  mainloop and epilogue, as generic_mixed_gemm_kernelLauncher builds it
  (kernels/cutlass_kernels/fpA_intB_gemm/fpA_intB_gemm_template.h:54-219 in FlashInfer's copy):
  MixedGemmArchTraits, an output of 128 bits per access, Epilogue<…, EpilogueOpBias>::Op,
  GemmIdentityThreadblockSwizzle<8>, SplitKSerial true (the serial split-K runs this same kernel),
  TagOperator<…, QuantOp>. A is f16, bf16 or e4m3 (W4A8, arch::Sm89: d is then f16 or bf16). The
  kernel's header, cutlass_extensions/gemm/kernel/fpA_intB_gemm.h, is not in FlashInfer's copy:
  include a directory that holds it (from TensorRT-LLM) before FlashInfer's. On SM89 the runner
  builds every type with arch::Sm89 (dispatch_to_arch, :438-451), and GemmFpAIntB compiles its body
  only where the tag is the device's (operator(), fpA_intB_gemm.h): give _arch_tag Sm89 there.
- vLLM's scaled_mm_c2x kernels (fusion scaled-mm or scaled-mm-bias with generation 2x) and its
  cutlass_scaled_mm_azp kernels (scaled-mm-azp, scaled-mm-azp-token): its cutlass_2x_gemm
  (csrc/libtorch_stable/quantization/w8a8/cutlass/scaled_mm_c2x.cuh) over its ScaledEpilogue /
  ScaledEpilogueBias / ScaledEpilogueBiasAzp / ScaledEpilogueBiasAzpToken visitor trees
  (csrc/cutlass_extensions/epilogue/scaled_mm_epilogues_c2x.hpp), whose broadcasts are vLLM's own
  (broadcast_load_epilogue_c2x.hpp): these two files need torch, so the probe spells the same types;
  it includes the third. Include: vLLM's csrc.
- TensorRT-LLM's and SGLang's scaled GEMMs (fusion per-row-per-col or fp8-rowwise with generation 2x), as
  SGLang's sgl-kernel builds them: cutlass_int8_scaled_mm (csrc/gemm/int8_gemm_kernel.cu): DefaultGemm's
  kernel, its epilogue under EpilogueWithVisitorFromExistingEpilogue with EpilogueVisitorPerRowPerCol, in
  GemmWithEpilogueVisitor (its csrc/cutlass_extensions, adapted from TensorRT-LLM; include the folder that
  holds cutlass_extensions/), launched as its GemmUniversalBaseCompat launches it (KERNEL_RUN); and
  DeviceGemmFp8RowwiseSm89 (csrc/gemm/fp8_gemm_kernel.cu): DefaultGemmWithVisitor over an Sm80EVT tree
  with C as D, CUTLASS's types only. The int8 probe's "epilogue" is the kernel's epilogue member: the
  epilogue's storage and the visitor's.

Each probe builds what the client's launcher builds (the device operator's can_implement, initialize
and run, whose kernel entry point is compiled for the GPU) and prints the stage count, sizeof the
mainloop's and the epilogue's SharedStorage and of the kernel's SharedStorage."""
from measure_common import dims

ELEMENT = {"f16": "cutlass::half_t", "bf16": "cutlass::bfloat16_t", "e4m3": "cutlass::float_e4m3_t",
           "u8": "uint8_t", "u4": "cutlass::uint4b_t", "s8": "int8_t"}
QUANT_OP = {"scl": "FINEGRAINED_SCALE_ONLY", "sclzr": "FINEGRAINED_SCALE_AND_ZEROS", "scl-col": "PER_COLUMN_SCALE_ONLY"}

VLLM_FUSIONS = ("scaled-mm", "scaled-mm-bias", "scaled-mm-azp", "scaled-mm-azp-token")
SCALED_GEMM_FUSIONS = ("per-row-per-col", "fp8-rowwise")

CHECKED_RUN = """  typename Gemm::Arguments arguments;
  Gemm gemm;
  cutlass::Status status = gemm.can_implement(arguments);
  if (status == cutlass::Status::kSuccess) status = gemm.initialize(arguments, workspace);
  return status == cutlass::Status::kSuccess ? gemm.run() : status;"""


def is_client(cfg):
    """Whether a 2.x configuration is a client's kernel this module writes."""
    return bool(cfg.get("moe") or cfg.get("runner") == "trtllm-moe" or cfg.get("conversion", "cvt") != "cvt"
                or cfg.get("fusion", "none") in VLLM_FUSIONS + SCALED_GEMM_FUSIONS)


# GemmUniversalBaseCompat's initialize and run, which the dense weight-only launcher calls
# (fpA_intB_gemm_template.h:122, 200-214), and SGLang's int8 one: the kernel's can_implement, its Params
# from the grid of tiles and the K of one split (the workspace an int* for SGLang's kernel, which
# GemmFpAIntB takes as void*), the opt-in above 48 KiB, and the launch of cutlass::Kernel<GemmKernel>.
KERNEL_RUN = """  typename Kernel::Arguments arguments;
  cutlass::Status status = Kernel::can_implement(arguments);
  if (status != cutlass::Status::kSuccess) return status;
  typename Kernel::ThreadblockSwizzle swizzle;
  cutlass::gemm::GemmCoord tiles = swizzle.get_tiled_shape(arguments.problem_size,
      {Kernel::Mma::Shape::kM, Kernel::Mma::Shape::kN, Kernel::Mma::Shape::kK}, arguments.batch_count);
  typename Kernel::Params params(arguments, tiles, arguments.problem_size.k(), static_cast<int*>(workspace));
  int smem = int(sizeof(typename Kernel::SharedStorage));
  if (smem >= (48 << 10))
    cudaFuncSetAttribute(cutlass::Kernel<Kernel>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cutlass::Kernel<Kernel><<<swizzle.get_grid_shape(tiles), dim3(Kernel::kThreadCount, 1, 1), smem>>>(params);
  return cudaGetLastError() == cudaSuccess ? cutlass::Status::kSuccess : cutlass::Status::kErrorInternal;"""


def program(includes, types, kernel, run=CHECKED_RUN, epilogue="typename Kernel::Epilogue::SharedStorage"):
    return f"""// generated by smem-budget tools/measure/clients_2x.py
#include <cstdio>
#include <utility>
{includes}
{types}
using Kernel = {kernel};
// What the client's launcher builds: the operator's host checks and Params, and the launch of the
// kernel's device entry point, compiled for the GPU.
cutlass::Status user_build(void* workspace) {{
{run}
}}
int main() {{
  std::printf("%d %d %d %zu %zu %zu\\n", int(Kernel::Mma::kStages), int(Kernel::Mma::kStages), int(Kernel::Mma::kStages),
              sizeof(typename Kernel::Mma::SharedStorage), sizeof({epilogue}),
              sizeof(typename Kernel::SharedStorage));
}}
"""


def trtllm_moe_source(cfg, arch):
    m, n, k = dims(cfg["tile"])
    wm, wn, wk = dims(cfg["warp"])
    a, _, b = cfg.get("types", "f16").partition(":")
    b = b or a
    d = cfg.get("d", "bf16")
    quant = QUANT_OP.get(cfg.get("conversion", "cvt"), "UNDEFINED")
    includes = """#include "cutlass/cutlass.h"
#include "cutlass/gemm/device/gemm_grouped.h"
#include "cutlass/gemm/kernel/default_gemm_grouped.h"
#include "cutlass_extensions/epilogue_helpers.h"
#include "cutlass_extensions/gemm/kernel/default_fpA_intB_traits.h"
#include "cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h"
#include "cutlass_extensions/gemm/threadblock/default_mma.h\""""
    types = f"""using ElementType = {ELEMENT[a]};
using WeightType = {ELEMENT[b]};
using OutputType = {ELEMENT[d]};
using Arch = cutlass::arch::{arch};
// genericMoeGemmKernelLauncher (moe_gemm_template_dispatch.h:119-168).
using Traits = cutlass::gemm::kernel::MixedGemmArchTraits<ElementType, WeightType, Arch>;
using EpilogueOp = typename tensorrt_llm::cutlass_extensions::Epilogue<OutputType, Traits::ElementsPerAccessC,
    typename Traits::AccType, tensorrt_llm::cutlass_extensions::EpilogueOpDefault>::Op;
using TaggedOperator = typename cutlass::arch::TagOperator<typename Traits::Operator,
    cutlass::WeightOnlyQuantOp::{quant}>::TaggedOperator;
using GemmKernel_ = typename cutlass::gemm::kernel::DefaultGemmGrouped<
    ElementType, cutlass::layout::RowMajor, cutlass::ComplexTransform::kNone, Traits::ElementsPerAccessA,
    WeightType, typename Traits::LayoutB, cutlass::ComplexTransform::kNone, Traits::ElementsPerAccessB,
    OutputType, cutlass::layout::RowMajor, typename Traits::AccType, typename Traits::OperatorClass, Arch,
    cutlass::gemm::GemmShape<{m}, {n}, {k}>, cutlass::gemm::GemmShape<{wm}, {wn}, {wk}>,
    typename Traits::InstructionShape, EpilogueOp, cutlass::gemm::threadblock::GemmBatchedIdentityThreadblockSwizzle,
    {int(cfg.get("stages", 3))}, cutlass::gemm::kernel::GroupScheduleMode::kDeviceOnly, TaggedOperator>::GemmKernel;
using Gemm = cutlass::gemm::device::GemmGrouped<cutlass::gemm::kernel::MoeFCGemm<typename GemmKernel_::Mma,
    typename GemmKernel_::Epilogue, typename GemmKernel_::ThreadblockSwizzle, Arch, GemmKernel_::kGroupScheduleMode>>;"""
    return program(includes, types, "typename Gemm::GemmKernel")


FUSED_EPILOGUE_TAG = {"swiglu": "EpilogueOpDefaultSilu", "geglu": "EpilogueOpDefaultFtGelu"}


def trtllm_fused_moe_source(cfg):
    """TensorRT-LLM's fused gated-activation MoE kernel for one CutlassTileConfig tile and stage count: the
    launcher's types (fused_moe_gemm_launcher_sm80.inl:37-40, the output A's type), its Params
    (to_underlying_arguments, :75-82), the opt-in above 48 KiB (:83-90) and the launch of
    fused_moe::run_global with kSmemSize bytes (:91-93). The CutlassTileConfig's warp tile is not read."""
    m, n, k = dims(cfg["tile"])
    a = cfg.get("types", "f16").partition(":")[0]
    tag = FUSED_EPILOGUE_TAG[cfg["activation_type"]]
    return f"""// generated by smem-budget tools/measure/clients_2x.py
#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "cutlass_extensions/epilogue_helpers.h"
#include "cutlass_extensions/gemm/kernel/fused_moe_kernel.cuh"
using ElementType = {ELEMENT[a]};
constexpr auto activation_type = fused_moe::EpilogueRouting<tensorrt_llm::cutlass_extensions::{tag}>(true);
using GemmType = fused_moe::Fused_Moe_Kernel_sm80<ElementType, ElementType, ElementType, {m}, {n}, {k},
                                                  {int(cfg.get("stages", 3))}, activation_type>;
using Storage = typename GemmType::BaseKernelTraits::SharedStorage;
// What the launcher builds: the kernel's Params and the launch of its device entry point, compiled for the GPU.
int user_build(ElementType* a, ElementType* b, ElementType* c, int64_t const* rows, int experts, int blocks) {{
  typename GemmType::Arguments args{{{{a, b, nullptr, c, rows, 256, 256, experts, false}}, experts, blocks}};
  auto params = GemmType::to_underlying_arguments(args);
  if (GemmType::kSmemSize >= (48 << 10))
    cudaFuncSetAttribute(fused_moe::run_global<GemmType>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         GemmType::kSmemSize);
  fused_moe::run_global<GemmType><<<dim3(params.threadblock_count, 1, 1), dim3(GemmType::kThreadCount),
                                    GemmType::kSmemSize>>>(params);
  return int(cudaGetLastError());
}}
int main() {{
  Storage* s = nullptr;
  std::printf("%d %d %d %zu %zu %d\\n", GemmType::kStages, GemmType::kStages, GemmType::kStages,
              sizeof(s->smem_input) + sizeof(s->smem_fc1_gate_weight) + sizeof(s->smem_fc1_weight),
              sizeof(s->smem_o), GemmType::kSmemSize);
}}
"""


def trtllm_fpa_intb_source(cfg, arch):
    m, n, k = dims(cfg["tile"])
    wm, wn, wk = dims(cfg["warp"])
    a, _, b = cfg["types"].partition(":")
    d = cfg.get("d", a)
    includes = """#include "cutlass/cutlass.h"
#include "cutlass/device_kernel.h"
#include "cutlass/gemm/kernel/default_gemm.h"
// What TensorRT-LLM's cutlass_extensions/gemm/device/gemm_universal_base_compat.h includes (not in
// FlashInfer's copy); through them namespace cutlass uses namespace cute, whose dependent_false
// default_fpA_intB_traits.h names unqualified.
#include "cutlass/gemm/kernel/gemm_universal.h"
#include "cutlass/gemm/threadblock/threadblock_swizzle.h"
#include "cutlass/gemm/device/default_gemm_configuration.h"
#include "cutlass/gemm/kernel/default_gemm_universal.h"
#include "cutlass_extensions/epilogue_helpers.h"
#include "cutlass_extensions/gemm/kernel/default_fpA_intB_traits.h"
#include "cutlass_extensions/gemm/kernel/fpA_intB_gemm.h"
#include "cutlass_extensions/gemm/threadblock/default_mma.h\""""
    types = f"""using ActivationType = {ELEMENT[a]};
using WeightType = {ELEMENT[b]};
using OutputType = {ELEMENT[d]};
using Arch = cutlass::arch::{arch};
// generic_mixed_gemm_kernelLauncher (fpA_intB_gemm_template.h:91-116).
using Traits = cutlass::gemm::kernel::MixedGemmArchTraits<ActivationType, WeightType, Arch>;
constexpr int ElementsPerAccessC = 128 / cutlass::sizeof_bits<OutputType>::value;
using EpilogueOp = typename tensorrt_llm::cutlass_extensions::Epilogue<OutputType, ElementsPerAccessC,
    typename Traits::AccType, tensorrt_llm::cutlass_extensions::EpilogueOpBias>::Op;
using TaggedOperator = typename cutlass::arch::TagOperator<typename Traits::Operator,
    cutlass::WeightOnlyQuantOp::{QUANT_OP[cfg["conversion"]]}>::TaggedOperator;
using GemmKernel_ = typename cutlass::gemm::kernel::DefaultGemm<
    ActivationType, cutlass::layout::RowMajor, Traits::ElementsPerAccessA,
    WeightType, typename Traits::LayoutB, Traits::ElementsPerAccessB,
    OutputType, cutlass::layout::RowMajor, typename Traits::AccType, cutlass::arch::OpClassTensorOp, Arch,
    cutlass::gemm::GemmShape<{m}, {n}, {k}>, cutlass::gemm::GemmShape<{wm}, {wn}, {wk}>,
    typename Traits::InstructionShape, EpilogueOp, cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<8>,
    {int(cfg.get("stages", 3))}, true, TaggedOperator>::GemmKernel;
using GemmKernel = cutlass::gemm::kernel::GemmFpAIntB<typename GemmKernel_::Mma, typename GemmKernel_::Epilogue,
    typename GemmKernel_::ThreadblockSwizzle, Arch, GemmKernel_::kSplitKSerial>;"""
    return program(includes, types, "GemmKernel", KERNEL_RUN)


def vllm_evt(fusion):
    """The probe's EVTCompute: vLLM's ScaledEpilogue, …Bias, …BiasAzp or …BiasAzpToken tree
    (scaled_mm_epilogues_c2x.hpp), node for node: D = a_scale * (b_scale * acc') [+ bias], where acc' is
    acc less azp_adj (azp) or less azp * azp_adj (azp-token), in int32 and then float."""
    if fusion in ("scaled-mm", "scaled-mm-bias"):
        scale_b = "using EVTScaleB = tb::Sm80EVT<Compute<cutlass::multiplies, float, float>, ScaleB, Accum>;"
        if fusion == "scaled-mm":
            return f"""{scale_b}
using EVTCompute = tb::Sm80EVT<Compute<cutlass::multiplies, ElementD, float>, ScaleA, EVTScaleB>;"""
        return f"""{scale_b}
using Bias = tb::VisitorRowBroadcast<OutputTileThreadMap, ElementD, RowStride>;
using EVTCompute = tb::Sm80EVT<Compute<cutlass::multiply_add, ElementD, float>, ScaleA, EVTScaleB, Bias>;"""
    # The azp trees: an int32 azp_adj row (VisitorRowBroadcast), per token an int32 azp column
    # (VisitorColBroadcast) that multiplies it, and a bias row that reads 0 when absent (vLLM's
    # VisitorRowOrZeroBroadcast).
    if fusion == "scaled-mm-azp":
        correction = "using Correction = tb::VisitorRowBroadcast<OutputTileThreadMap, int32_t, RowStride>;"
    else:
        correction = """using Azp = tb::VisitorColBroadcast<OutputTileThreadMap, int32_t, ColStride>;
using AzpAdj = tb::VisitorRowBroadcast<OutputTileThreadMap, int32_t, RowStride>;
using Correction = tb::Sm80EVT<Compute<cutlass::multiplies, int32_t, int32_t>, Azp, AzpAdj>;"""
    return f"""{correction}
using Bias = tb::VisitorRowOrZeroBroadcast<OutputTileThreadMap, ElementD, RowStride>;
using EVTCorrected = tb::Sm80EVT<Compute<cutlass::minus, float, int32_t>, Accum, Correction>;
using EVTScaleB = tb::Sm80EVT<Compute<cutlass::multiplies, float, float>, ScaleB, EVTCorrected>;
using EVTCompute = tb::Sm80EVT<Compute<cutlass::multiply_add, ElementD, float>, ScaleA, EVTScaleB, Bias>;"""


def vllm_source(cfg, arch):
    m, n, k = dims(cfg["tile"])
    wm, wn, wk = dims(cfg["warp"])
    a = cfg.get("types", "s8").partition(":")[0]
    d = cfg.get("d", "bf16")
    # vLLM's SM75 configurations name m8n8k16 (scaled_mm_c2x_sm75_dispatch.cuh: sm75_config_*).
    instruction = "8, 8, 16" if arch == "Sm75" else {"s8": "16, 8, 32", "e4m3": "16, 8, 32"}[a]
    includes = """#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/epilogue/threadblock/fusion/visitors.hpp"
#include "cutlass/gemm/kernel/default_gemm_universal_with_visitor.h"
#include "cutlass_extensions/epilogue/broadcast_load_epilogue_c2x.hpp\""""
    types = f"""using namespace cute;
namespace tb = cutlass::epilogue::threadblock;
using ElementAB = {ELEMENT[a]};
using ElementD = {ELEMENT[d]};
using TileShape = cutlass::gemm::GemmShape<{m}, {n}, {k}>;
using WarpShape = cutlass::gemm::GemmShape<{wm}, {wn}, {wk}>;
using ElementAcc = std::conditional_t<std::is_same_v<ElementAB, int8_t>, int32_t, float>;
using Operator = std::conditional_t<std::is_same_v<ElementAB, int8_t>, cutlass::arch::OpMultiplyAddSaturate,
                                    cutlass::arch::OpMultiplyAdd>;
using OutputTileThreadMap = tb::OutputTileThreadLayout<TileShape, WarpShape, float, 4, 1>;
using RowStride = Stride<Int<0>, Int<1>, Int<0>>;
using ColStride = Stride<Int<1>, Int<0>, Int<0>>;
using Accum = tb::VisitorAccFetch;
using ScaleA = tb::VisitorColOrScalarBroadcast<OutputTileThreadMap, float, ColStride>;
using ScaleB = tb::VisitorRowOrScalarBroadcast<OutputTileThreadMap, float, RowStride>;
template <template <class> class Op, class Out, class In>
using Compute = tb::VisitorCompute<Op, Out, In, cutlass::FloatRoundStyle::round_to_nearest>;
{vllm_evt(cfg.get("fusion"))}
using D = tb::VisitorAuxStore<OutputTileThreadMap, ElementD, cutlass::FloatRoundStyle::round_to_nearest,
                              Stride<int64_t, Int<1>, Int<0>>>;
using EVTD = tb::Sm80EVT<D, EVTCompute>;
constexpr int AlignmentAB = 128 / cutlass::sizeof_bits<ElementAB>::value;
using KernelType = typename cutlass::gemm::kernel::DefaultGemmWithVisitor<
    ElementAB, cutlass::layout::RowMajor, cutlass::ComplexTransform::kNone, AlignmentAB,
    ElementAB, cutlass::layout::ColumnMajor, cutlass::ComplexTransform::kNone, AlignmentAB,
    float, cutlass::layout::RowMajor, 4, ElementAcc, float, cutlass::arch::OpClassTensorOp, cutlass::arch::{arch},
    TileShape, WarpShape, cutlass::gemm::GemmShape<{instruction}>, EVTD,
    cutlass::gemm::threadblock::ThreadblockSwizzleStreamK, {int(cfg.get("stages", 3))}, Operator, 1>::GemmKernel;
using Gemm = cutlass::gemm::device::GemmUniversalAdapter<KernelType>;"""
    return program(includes, types, "KernelType")


def sglang_int8_source(cfg, arch):
    """SGLang's cutlass_int8_scaled_mm for one tile (int8_gemm_kernel.cu at 1f2840c): s8 A (row-major) and
    B (column-major), s32 accumulators, f16 or bf16 D, the instruction 16x8x32, CUTLASS's arch tag Sm80
    on SM80, SM86 and SM89 alike (its int8_scaled_mm dispatch); on SM75 its sm75_dispatch_shape's arch tag
    Sm75 and instruction 8x8x16."""
    m, n, k = dims(cfg["tile"])
    tag, instruction = ("Sm75", "8, 8, 16") if arch == "Sm75" else ("Sm80", "16, 8, 32")
    wm, wn, wk = dims(cfg["warp"])
    includes = """#include "cutlass/cutlass.h"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/epilogue/threadblock/epilogue_with_visitor.h"
#include "cutlass/gemm/device/gemm.h"
#include "cutlass_extensions/epilogue/epilogue_per_row_per_col_scale.h"
#include "cutlass_extensions/gemm/gemm_with_epilogue_visitor.h\""""
    types = f"""namespace tb = cutlass::epilogue::threadblock;
using ElementOutput = {ELEMENT[cfg.get("d", "bf16")]};
using ThreadblockShape = cutlass::gemm::GemmShape<{m}, {n}, {k}>;
using Swizzle = cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<8>;
using Conf = cutlass::gemm::device::DefaultGemmConfiguration<cutlass::arch::OpClassTensorOp, cutlass::arch::{tag},
                                                             int8_t, int8_t, ElementOutput, float>;
using OutputOp = typename Conf::EpilogueOutputOp;
using Plain = typename cutlass::gemm::kernel::DefaultGemm<
    int8_t, cutlass::layout::RowMajor, Conf::kAlignmentA, int8_t, cutlass::layout::ColumnMajor, Conf::kAlignmentB,
    ElementOutput, cutlass::layout::RowMajor, int32_t, cutlass::arch::OpClassTensorOp, cutlass::arch::{tag},
    ThreadblockShape, cutlass::gemm::GemmShape<{wm}, {wn}, {wk}>, cutlass::gemm::GemmShape<{instruction}>, OutputOp,
    Swizzle, {int(cfg.get("stages", 3))}, true, typename Conf::Operator>::GemmKernel;
using OutputMap = typename Plain::Epilogue::OutputTileIterator::ThreadMap;
using ScaleIterator = tb::PredicatedTileIterator<
    tb::OutputTileOptimalThreadMap<typename OutputMap::Shape, typename OutputMap::Count, OutputMap::kThreads,
                                   Plain::Epilogue::OutputTileIterator::kElementsPerAccess,
                                   cutlass::sizeof_bits<ElementOutput>::value>,
    float>;
using Visitor = tb::EpilogueVisitorPerRowPerCol<ThreadblockShape, Plain::kThreadCount, ScaleIterator,
                                                typename Plain::Epilogue::OutputTileIterator, int32_t, float, OutputOp>;
using Epilogue = typename tb::EpilogueWithVisitorFromExistingEpilogue<Visitor, typename Plain::Epilogue>::Epilogue;"""
    epilogue = "decltype(std::declval<typename Kernel::SharedStorage&>().epilogue)"
    return program(includes, types, "cutlass::gemm::kernel::GemmWithEpilogueVisitor<typename Plain::Mma, Epilogue, Swizzle>",
                   KERNEL_RUN, epilogue)


def sglang_fp8_source(cfg, arch):
    """SGLang's DeviceGemmFp8RowwiseSm89 for one tile (fp8_gemm_kernel.cu at 04ec0bc), without a bias: e4m3
    A and B, f32 accumulators, D = a_scale (a column) * (b_scale (a row) * acc), C and D f16 or bf16 at 8
    elements per access, GemmIdentityThreadblockSwizzle<>, one EVT epilogue stage, CUTLASS's arch tag Sm89."""
    m, n, k = dims(cfg["tile"])
    wm, wn, wk = dims(cfg["warp"])
    includes = """#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/epilogue/threadblock/fusion/visitors.hpp"
#include "cutlass/gemm/kernel/default_gemm_universal_with_visitor.h\""""
    types = f"""using namespace cute;
namespace tb = cutlass::epilogue::threadblock;
using ElementD = {ELEMENT[cfg.get("d", "bf16")]};
using TileShape = cutlass::gemm::GemmShape<{m}, {n}, {k}>;
using WarpShape = cutlass::gemm::GemmShape<{wm}, {wn}, {wk}>;
constexpr int AlignmentD = 128 / cutlass::sizeof_bits<ElementD>::value;
using OutputTileThreadMap = tb::OutputTileThreadLayout<TileShape, WarpShape, ElementD, AlignmentD, 1>;
template <template <class> class Op, class Out>
using Compute = tb::VisitorCompute<Op, Out, float, cutlass::FloatRoundStyle::round_to_nearest>;
using ScaleB = tb::VisitorRowBroadcast<OutputTileThreadMap, float, Stride<_0, _1, _0>>;
using ScaleA = tb::VisitorColBroadcast<OutputTileThreadMap, float, Stride<_1, _0, _0>>;
using EVTScaleB = tb::Sm80EVT<Compute<cutlass::multiplies, float>, tb::VisitorAccFetch, ScaleB>;
using EVTScaleA = tb::Sm80EVT<Compute<cutlass::multiplies, ElementD>, EVTScaleB, ScaleA>;
using D = tb::VisitorAuxStore<OutputTileThreadMap, ElementD, cutlass::FloatRoundStyle::round_to_nearest,
                              Stride<int64_t, _1, _0>>;
using KernelType = typename cutlass::gemm::kernel::DefaultGemmWithVisitor<
    cutlass::float_e4m3_t, cutlass::layout::RowMajor, cutlass::ComplexTransform::kNone, 16,
    cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, cutlass::ComplexTransform::kNone, 16,
    ElementD, cutlass::layout::RowMajor, AlignmentD, float, float, cutlass::arch::OpClassTensorOp, cutlass::arch::Sm89,
    TileShape, WarpShape, cutlass::gemm::GemmShape<16, 8, 32>, tb::Sm80EVT<D, EVTScaleA>,
    cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<>, {int(cfg.get("stages", 3))},
    cutlass::arch::OpMultiplyAdd, 1>::GemmKernel;
using Gemm = cutlass::gemm::device::GemmUniversalAdapter<KernelType>;"""
    return program(includes, types, "KernelType")


def probe_source(cfg, arch):
    """The C++ of one client probe for CUTLASS's arch tag `arch` (Sm75, Sm80, Sm89), or raises ValueError."""
    if cfg.get("activation_type", "none") != "none":
        return trtllm_fused_moe_source(cfg)
    if "warp" not in cfg:
        raise ValueError("a 2.x configuration needs its warp tile (warp)")
    if cfg.get("fusion", "none") in VLLM_FUSIONS:
        return vllm_source(cfg, arch)
    if cfg.get("fusion") == "per-row-per-col":
        return sglang_int8_source(cfg, arch)
    if cfg.get("fusion") == "fp8-rowwise":
        return sglang_fp8_source(cfg, arch)
    if cfg.get("conversion", "cvt") != "cvt" and not (cfg.get("moe") or cfg.get("runner") == "trtllm-moe"):
        return trtllm_fpa_intb_source(cfg, arch)
    return trtllm_moe_source(cfg, arch)
