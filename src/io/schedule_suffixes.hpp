// The kernel-schedule suffixes of CUTLASS library names, one table as CUTLASS keeps one.
#pragma once

#include <array>
#include <string_view>

#include "smem_budget/core/config.hpp"

namespace smem_budget::io {

// The kernel-schedule part of a CUTLASS name: one row per suffix of KernelScheduleSuffixes
// (python/cutlass_library/library.py, v4.7.0) the model reads, per architecture and operation
// class, with the settings it stands for. A suffix may mean different schedules on different rows.
enum class NameArch { sm90, sm100, sm103, sm120 };  // sm120 also reads sm121's names
enum class Fp4Format { any, nvfp4, mxfp4 };         // the explicit MXF4/NVF4 schedules name their FP4 format

struct ScheduleSuffix {
  std::string_view suffix;
  NameArch arch;
  Family family;
  Schedule schedule;
  Instruction instruction = Instruction::automatic;
  Fp4Format operands = Fp4Format::any;
  bool fast_accum = false;
  bool cp_async = false;
  bool mixed_tma_cp_async = false;  // A by TMA, B by cp.async: the MoE kernels' (moe_gemm) only
};

constexpr std::array<ScheduleSuffix, 59> schedule_suffixes{{
    {"cooperative_q", NameArch::sm120, Family::block_scaled, Schedule::cooperative, Instruction::mxf8f6f4},
    {"pingpong_q", NameArch::sm120, Family::block_scaled, Schedule::pingpong, Instruction::mxf8f6f4},
    {"cooperative_o_vs16", NameArch::sm120, Family::block_scaled, Schedule::cooperative, Instruction::automatic,
     Fp4Format::nvfp4},
    {"pingpong_o_vs16", NameArch::sm120, Family::block_scaled, Schedule::pingpong, Instruction::automatic,
     Fp4Format::nvfp4},
    {"cooperative_o_vs32", NameArch::sm120, Family::block_scaled, Schedule::cooperative, Instruction::automatic,
     Fp4Format::mxfp4},
    {"pingpong_o_vs32", NameArch::sm120, Family::block_scaled, Schedule::pingpong, Instruction::automatic,
     Fp4Format::mxfp4},
    // The generic (pointer-array) TMA warp-specialized schedules: the builder picks the instruction.
    {"warpspecialized_cooperative", NameArch::sm120, Family::block_scaled, Schedule::cooperative},
    {"warpspecialized_pingpong", NameArch::sm120, Family::block_scaled, Schedule::pingpong},
    {"cooperative_q", NameArch::sm120, Family::blockwise, Schedule::cooperative},
    {"pingpong_q", NameArch::sm120, Family::blockwise, Schedule::pingpong},
    {"warpspecialized_cooperative", NameArch::sm120, Family::plain, Schedule::cooperative},
    {"warpspecialized_pingpong", NameArch::sm120, Family::plain, Schedule::pingpong},
    {"q", NameArch::sm120, Family::plain_sparse, Schedule::cooperative},
    {"q", NameArch::sm120, Family::block_scaled_sparse, Schedule::cooperative, Instruction::mxf8f6f4},
    {"acc2x4_q", NameArch::sm120, Family::block_scaled_sparse, Schedule::cooperative, Instruction::mxf8f6f4_acc2x4},
    {"o_vs16", NameArch::sm120, Family::block_scaled_sparse, Schedule::cooperative, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs32", NameArch::sm120, Family::block_scaled_sparse, Schedule::cooperative, Instruction::automatic,
     Fp4Format::mxfp4},
    // SM90's dense tensor-op GEMMs; no suffix is KernelScheduleAuto.
    {"", NameArch::sm90, Family::plain, Schedule::automatic},
    {"warpspecialized_cooperative", NameArch::sm90, Family::plain, Schedule::cooperative},
    {"warpspecialized_pingpong", NameArch::sm90, Family::plain, Schedule::pingpong},
    {"warpspecialized_cooperative_fp8_fastaccum", NameArch::sm90, Family::plain, Schedule::cooperative,
     Instruction::automatic, Fp4Format::any, true},
    {"warpspecialized_pingpong_fp8_fastaccum", NameArch::sm90, Family::plain, Schedule::pingpong,
     Instruction::automatic, Fp4Format::any, true},
    // The non-persistent kernels: KernelTmaWarpSpecialized[FP8FastAccum] and KernelTma (library.py:751-755).
    {"warpspecialized", NameArch::sm90, Family::plain, Schedule::warp_specialized},
    {"warpspecialized_fp8_fastaccum", NameArch::sm90, Family::plain, Schedule::warp_specialized, Instruction::automatic,
     Fp4Format::any, true},
    {"unspecialized", NameArch::sm90, Family::plain, Schedule::tma},
    // KernelCpAsyncWarpSpecialized[Cooperative|Pingpong] (library.py:756-758).
    {"cpasync_warpspecialized", NameArch::sm90, Family::plain, Schedule::warp_specialized, Instruction::automatic,
     Fp4Format::any, false, true},
    {"cpasync_warpspecialized_cooperative", NameArch::sm90, Family::plain, Schedule::cooperative,
     Instruction::automatic, Fp4Format::any, false, true},
    {"cpasync_warpspecialized_pingpong", NameArch::sm90, Family::plain, Schedule::pingpong, Instruction::automatic,
     Fp4Format::any, false, true},
    // SM100's block-scaled GEMMs: the instruction and 1-SM or 2-SM MMA. The pointer-array MXF8F6F4
    // schedules are spelled o_vs32 too.
    {"q_1sm", NameArch::sm100, Family::block_scaled, Schedule::one_sm, Instruction::mxf8f6f4},
    {"q_2sm", NameArch::sm100, Family::block_scaled, Schedule::two_sm, Instruction::mxf8f6f4},
    {"o_vs16_1sm", NameArch::sm100, Family::block_scaled, Schedule::one_sm, Instruction::automatic, Fp4Format::nvfp4},
    {"o_vs16_2sm", NameArch::sm100, Family::block_scaled, Schedule::two_sm, Instruction::automatic, Fp4Format::nvfp4},
    {"o_vs32_1sm", NameArch::sm100, Family::block_scaled, Schedule::one_sm, Instruction::automatic, Fp4Format::mxfp4},
    {"o_vs32_2sm", NameArch::sm100, Family::block_scaled, Schedule::two_sm, Instruction::automatic, Fp4Format::mxfp4},
    // SM100's dense tensor-op GEMMs: KernelTmaWarpSpecialized{1,2}SmSm100 (grouped: KernelPtrArray…).
    {"1sm", NameArch::sm100, Family::plain, Schedule::one_sm},
    {"2sm", NameArch::sm100, Family::plain, Schedule::two_sm},
    // KernelWarpSpecialized1SmSm100: A and B loaded with cp.async (library.py).
    {"cpasync_1sm", NameArch::sm100, Family::plain, Schedule::one_sm, Instruction::automatic, Fp4Format::any, false,
     true},
    // KernelMixedTmaCpAsyncWarpSpecialized1Sm[BlockScaled]Sm100, which the generator builds for its MoE
    // GEMMs (library.py:786-787).
    {"mixed_cpasync_1sm", NameArch::sm100, Family::plain, Schedule::one_sm, Instruction::automatic, Fp4Format::any,
     false, false, true},
    {"mixed_cpasync_1sm", NameArch::sm100, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::any, false, false, true},
    // Blockwise-scaled: KernelTmaWarpSpecializedBlockwise{1,2}SmSm100 (grouped: KernelPtrArray…).
    {"1sm", NameArch::sm100, Family::blockwise, Schedule::one_sm},
    {"2sm", NameArch::sm100, Family::blockwise, Schedule::two_sm},
    // SM100's sparse GEMMs: KernelSparseTmaWarpSpecialized{1,2}SmSm100, and the block-scaled
    // KernelSparseTmaWarpSpecialized{1,2}Sm{Mxf8f6f4,Nvf4}Sm100 (library.py, v4.7.0).
    {"1sm", NameArch::sm100, Family::plain_sparse, Schedule::one_sm},
    {"2sm", NameArch::sm100, Family::plain_sparse, Schedule::two_sm},
    {"q_1sm", NameArch::sm100, Family::block_scaled_sparse, Schedule::one_sm, Instruction::mxf8f6f4},
    {"q_2sm", NameArch::sm100, Family::block_scaled_sparse, Schedule::two_sm, Instruction::mxf8f6f4},
    {"o_vs16_1sm", NameArch::sm100, Family::block_scaled_sparse, Schedule::one_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_2sm", NameArch::sm100, Family::block_scaled_sparse, Schedule::two_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    // SM103's FP4 "ultra" GEMMs: the scale-factor vector (16 takes NVFP4 or ue8m0 scales, 32 MXFP4)
    // and 1-SM or 2-SM MMA. The …DisablePrefetch (nopf) and …TmaPrefetch (tmapf) schedules change no
    // shared memory (TmaPrefetchStorage = 0, sm103_blockscaled_umma_builder.inl:489).
    {"o_vs16_ultra_1sm", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_ultra_1sm_nopf", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_ultra_1sm_tmapf", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_ultra_2sm", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_ultra_2sm_nopf", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs16_ultra_2sm_tmapf", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::nvfp4},
    {"o_vs32_ultra_1sm", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::mxfp4},
    {"o_vs32_ultra_1sm_nopf", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::mxfp4},
    {"o_vs32_ultra_1sm_tmapf", NameArch::sm103, Family::block_scaled, Schedule::one_sm, Instruction::automatic,
     Fp4Format::mxfp4},
    {"o_vs32_ultra_2sm", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::mxfp4},
    {"o_vs32_ultra_2sm_nopf", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::mxfp4},
    {"o_vs32_ultra_2sm_tmapf", NameArch::sm103, Family::block_scaled, Schedule::two_sm, Instruction::automatic,
     Fp4Format::mxfp4},
}};

// The --types side an FP4 schedule names: nvfp4 or mxfp4.
constexpr std::string_view fp4_name(Fp4Format format) {
  return name_of(format == Fp4Format::nvfp4 ? Operand{Element::e2m1, ScaleType::ue4m3, 16}
                                            : Operand{Element::e2m1, ScaleType::ue8m0, 32});
}

}  // namespace smem_budget::io
