// The SM100 (B200) GEMM without block scales: CollectiveBuilder<arch::Sm100, OpClassTensorOp, …>
// (gemm/collective/builders/sm100_umma_builder.inl) building the collective of
// gemm/collective/sm100_mma_warpspecialized.hpp (grouped: sm100_mma_array_warpspecialized.hpp), over
// SM100's epilogue and kernels (sm100/common.hpp). f32 (tf32), f16, bf16, s8, u8 and any mix of FP8/FP6/FP4 operands
// (the F8F6F4 MMA, which keeps every element in a byte). Paths and lines are CUTLASS v4.7.0, under
// include/cutlass/; 4.3.0 to 4.6.0 lay out the same (their builders and collectives differ in spelling).
#pragma once

#include <optional>
#include <string_view>
#include <utility>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/gemm_evaluation.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/sm100/common.hpp"
#include "smem_budget/sm100/cp_async_kernel.hpp"

namespace smem_budget {

// The operands' types in shared memory: FP4 and FP6 unpacked to a byte for the F8F6F4 MMA
// (sm1xx_kernel_input_element_to_mma_input_element, sm1xx_common.inl:68-89; ElementAMma_SmemAllocType,
// sm100_umma_builder.inl:224-225).
constexpr int sm100_dense_smem_bits(Element e) { return bits_of(e) < 8 ? 8 : bits_of(e); }

// check_input_datatypes (sm100_umma_builder.inl:101-149): the same f32 (tf32), f16, bf16, s8 or u8 on both
// sides, or two FP4/FP6/FP8 elements in any mix.
constexpr bool sm100_dense_types_accepted(const OperandPair& t) {
  if (is_narrow_float(t.a.data) && is_narrow_float(t.b.data)) return true;
  const Element a = t.a.data;
  return a == t.b.data && (a == Element::f32 || a == Element::f16 || a == Element::bf16 || a == Element::s8 ||
                           a == Element::u8);
}

// Questions outside what the model of these kernels covers; empty when it answers.
constexpr std::optional<std::string_view> sm100_dense_invalid_input(const Config& config) {
  if (const auto error = sm100_foreign_keys(config)) return error;
  if (const auto error = sm100_finalize_invalid_input(config)) return error;
  if (config.instruction != Instruction::automatic)
    return "instruction chooses a block-scaled MMA; without block scales CUTLASS picks the MMA from the types";
  // vLLM's scaled_mm epilogues and CUTLASS's amax-aux build on SM100 from the same EVT nodes as on SM90
  // (fusion_callbacks.hpp).
  if (config.fusion != Fusion::none && config.fusion != Fusion::col_bias && config.fusion != Fusion::scaled_mm &&
      config.fusion != Fusion::scaled_mm_bias && config.fusion != Fusion::scaled_mm_col_bias &&
      config.fusion != Fusion::amax_aux)
    return "not modelled on sm100 without block scales: fusions other than col-bias, amax-aux and vLLM's scaled-mm, "
           "scaled-mm-bias and scaled-mm-col-bias";
  // Stream-K (StreamKScheduler) keeps the persistent kernel's shared memory: its stream-K twins of
  // CUTLASS's own 1-SM, 2-SM and grouped kernels measure the same (tests/data/sm100-stream-k-names-device.json).
  if (config.epilogue == EpilogueKind::nosmem && config.fusion != Fusion::none)
    return "not modelled on sm100: a fusion in the no-smem epilogue";
  if (const auto error = sm100_aux_invalid_input(config)) return error;
  if (!config.epilogue_tile.automatic) {
    const Tile cta = sm100_epilogue_cta_tile(config);
    const EpilogueTile& e = config.epilogue_tile;
    if (e.m != (cta.m < 128 ? cta.m : 128) || e.n % 8 != 0 || cta.n % e.n != 0 || sm100_tmem_warps(config).n != 1)
      return "not modelled on sm100: a given epilogue tile other than M = min(CTA M, 128) by a multiple of 8 that "
             "divides the CTA's N";
  }
  // The K-major swizzle atoms need 16-byte rows of A and B (sm100_smem_selector, sm100_common.inl:115-131).
  const int bits = sm100_dense_smem_bits(config.types.a.data) > sm100_dense_smem_bits(config.types.b.data)
                       ? sm100_dense_smem_bits(config.types.a.data)
                       : sm100_dense_smem_bits(config.types.b.data);
  if ((config.tile.k * bits) % 128 != 0)
    return "not modelled on sm100: a tile K whose rows of A and B are not whole 16-byte units";
  if (is_fp6(config.c) || is_fp6(config.d) || config.c == Element::e2m1 || config.d == Element::e2m1)
    return "not modelled on sm100 without block scales: FP4 or FP6 C or D";
  // A or B aligned below TMA's 16 bytes: KernelScheduleAuto builds the cp.async mainloop
  // (sm100_cpasync_umma_builder.inl:69-75) and no TMA builder takes them (sm100_umma_builder.inl:195-196).
  if (!sm100_cp_async(config) && !operands_aligned_to(config, 16))
    return "not modelled on sm100: A or B aligned below 16 bytes without the cp.async mainloop KernelScheduleAuto "
           "builds for them (give --schedule auto, or --schedule 1sm --cp-async --epilogue nosmem)";
  if (sm100_cp_async(config)) {
    for (const auto& [alignment, e] : {std::pair{config.alignment.a, config.types.a.data},
                                       std::pair{config.alignment.b, config.types.b.data}})
      if (alignment != 0 && !has_uint_byte_type(sm100_cp_async_access_bytes(alignment, e, false)))
        return "not modelled: a cp.async alignment whose accesses are not 1, 2, 4, 8, 16 or 32 bytes (CUTLASS has "
               "no integer type of that size)";
    if (config.cp_async && config.schedule != Schedule::one_sm)
      return "SM100's cp.async kernel schedule is KernelWarpSpecialized1SmSm100: give --schedule 1sm";
  }
  return std::nullopt;
}

// sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement (sm1xx_common.inl:203-364): the TMA loads an FP4 or
// FP6 operand unpacked, 128 elements along its contiguous extent: K when K-major; when MN-major,
// A's M per SM and B's N (both CTAs' N on a 2-SM MMA, 256).
constexpr bool sm100_dense_unpacked_loads_fit(const Config& config) {
  const Tile& t = config.tile;
  const bool a_ok =
      bits_of(config.types.a.data) >= 8 || (k_major_a(config) ? t.k : sm100_cta_tile(config).m) % 128 == 0;
  const bool b_ok = bits_of(config.types.b.data) >= 8 ||
                    (k_major_b(config) ? t.k % 128 == 0 : t.n % (sm100_is_2sm(config) ? 256 : 128) == 0);
  return a_ok && b_ok;
}

// The MMA atoms' N modes (cute/arch/mma_sm100_umma.hpp, cute/atom/mma_traits_sm100.hpp), beyond the
// builder's multiple of 8 up to 256: 2-SM atoms take twice the step, s8 a multiple of 16 (or 8 on
// one SM), F8F6F4 twice the step again when B is N-major.
constexpr Rejection sm100_dense_mma_n_check(const Config& config) {
  const bytes_t n = config.tile.n;
  const bool two_sm = sm100_is_2sm(config);
  const Element a = config.types.a.data;
  if (a == Element::s8 || a == Element::u8) {
    if (two_sm) return n % 32 == 0 ? Rejection::none : Rejection::sm100_s8_mma_n_2sm;
    return n == 8 || n % 16 == 0 ? Rejection::none : Rejection::sm100_s8_mma_n_1sm;
  }
  if (is_f8f6f4(a)) {
    const bytes_t step = (two_sm ? 16 : 8) * (k_major_b(config) ? 1 : 2);
    if (n % step == 0) return Rejection::none;
    return two_sm ? Rejection::sm100_f8f6f4_mma_n_2sm : Rejection::sm100_f8f6f4_mma_n_1sm;
  }
  return two_sm && n % 16 != 0 ? Rejection::sm100_f16_mma_n_2sm : Rejection::none;
}

// Under a 2-SM MMA of tile M 128 the TMEM warps are 2 x 2 (sm100_builder.inl:1074-1081). The
// automatic epilogue tile of 8-bit C and D takes 64 columns, or the whole CTA N when 64 does not
// divide it (:1013-1041); that tile, split over the two warps along N, fails the partition of the
// store's shared-memory copy in device code (measured: CTA N 80, 96, 160 and 224 refused, 192
// built; the same tiles with 1-SM, tile M 256 or a 16-bit C built). An 8-bit aux output's store fails
// the same way under the tile 16-bit C and D pick (measured: CTA N 96, no C, f16 D, e4m3 aux).
constexpr bool sm100_2sm_8bit_epilogue_tile_split(const Config& config) {
  if (config.epilogue == EpilogueKind::nosmem || !config.epilogue_tile.automatic) return false;
  if (sm100_tmem_warps(config).n != 2) return false;
  const bool aux_8bit = config.fusion == Fusion::amax_aux && bits_of(config.aux) == 8;
  if (sm100_epilogue_max_bits(config) != 8 && !aux_8bit) return false;
  const bytes_t n = sm100_epilogue_cta_tile(config).n;
  return n > 64 && sm100_epilogue_tile(config).n == n;
}

// The assertions, in the order the compiler meets them: the epilogue builder (instantiated first: its
// SharedStorage is the mainloop's carveout), then the mainloop builder and its tiled MMA.
constexpr Rejection sm100_dense_check(const Config& config) {
  const Tile& t = config.tile;
  const bool two_sm = sm100_is_2sm(config);
  // Epilogue builder (sm100_builder.inl): EpilogueScheduleAuto's tile (:1718), the schedule against the cluster (:1174), the 2-SM 16-bit
  // CTA N rule of 4.5.2 (:1220), the TMEM load's rows per warp (:604).
  if (sm100_auto_epilogue_given_tile(config)) return Rejection::sm100_auto_epilogue_tile;
  if (sm100_epilogue_is_2sm(config) && config.cluster.m % 2 != 0) return Rejection::sm100_schedule_cluster;
  if (sm100_nosmem_epilogue_tiles_indivisible(config)) return Rejection::sm100_nosmem_epilogue_tiles;
  const Tile epi_cta = sm100_epilogue_cta_tile(config);
  if (config.epilogue != EpilogueKind::nosmem) {
    if (rules_for(config.cutlass).sm100_2sm_16bit_cta_n && sm100_epilogue_is_2sm(config) &&
        config.epilogue_tile.automatic && sm100_epilogue_max_bits(config) == 16 && epi_cta.n > 128 &&
        epi_cta.n % 64 != 0)
      return Rejection::sm100_2sm_16bit_cta_n;
    const bytes_t rows = sm100_epilogue_tile(config).m / sm100_tmem_warps(config).m;
    if (rows != 16 && rows != 32) return Rejection::sm100_tmem_datapaths;
    if (sm100_epilogue_cta_too_small(config)) return Rejection::sm100_epilogue_cta_too_small;
    if (sm100_pointer_array_callbacks_missing(config))
      return Rejection::grouped_bias_callbacks;
  }
  // Mainloop builder (sm100_umma_builder.inl): the types (:199), the unpacked FP4/FP6 loads (:214), then
  // sm100_make_{1,2}sm_trivial_tiled_mma's tile (sm100_common.inl:309-313, :375-379).
  if (!sm100_dense_types_accepted(config.types)) return Rejection::sm100_dense_types;
  if (!sm100_dense_unpacked_loads_fit(config)) return Rejection::sm100_dense_mix8bit;
  if (!two_sm && t.m != 64 && t.m != 128) return Rejection::sm100_dense_tile_m_1sm;
  if (two_sm && t.m != 128 && t.m != 256) return Rejection::sm100_dense_tile_m_2sm;
  if (t.n % 8 != 0 || t.n > 256) return Rejection::sm100_dense_tile_n;
  if (const Rejection mma = sm100_dense_mma_n_check(config); mma != Rejection::none) return mma;
  // sm100_smem_selector (sm100_common.inl:89-113): an MN-major operand's swizzle atom spans at least
  // 16 bytes of the M (A) or N (B) that one SM keeps; a 32-bit (tf32) one has only SW128_32B, 32
  // elements (:92). The cp.async builder makes each operand's copy atom before its swizzle atom
  // (sm100_cpasync_umma_builder.inl:107-125): 4, 8 or 16-byte accesses.
  const auto mn_major_atom = [](bytes_t extent, Element e) {
    if (bits_of(e) == 32) return extent % 32 == 0 ? Rejection::none : Rejection::sm100_mn_major_tf32_atom;
    return extent * sm100_dense_smem_bits(e) % 128 == 0 ? Rejection::none : Rejection::sm100_mn_major_atom;
  };
  const auto cp_async_access_fits = [&](bytes_t alignment, Element e) {
    const bytes_t bytes = sm100_cp_async_access_bytes(alignment, e, false);
    return !config.cp_async || alignment == 0 || bytes == 4 || bytes == 8 || bytes == 16;
  };
  if (!cp_async_access_fits(config.alignment.a, config.types.a.data)) return Rejection::sm100_cp_async_access;
  if (!k_major_a(config))
    if (const Rejection r = mn_major_atom(sm100_cta_tile(config).m, config.types.a.data); r != Rejection::none) return r;
  if (!cp_async_access_fits(config.alignment.b, config.types.b.data)) return Rejection::sm100_cp_async_access;
  if (!k_major_b(config))
    if (const Rejection r = mn_major_atom(sm100_b_columns(config), config.types.b.data); r != Rejection::none) return r;
  // The cp.async collective (sm100_mma_cpasync_warpspecialized.hpp:105-106): a 1-SM MMA (KernelScheduleAuto
  // makes a 2-SM one for an even cluster M), on one 1x1x1 cluster, static (a dynamic one is refused alike);
  // then its kernel (sm100_gemm_cpasync_warpspecialized.hpp:75): a plain problem shape (measured, in this order).
  if (sm100_cp_async(config)) {
    if (two_sm) return Rejection::sm100_cp_async_2sm;
    if (config.cluster.m * config.cluster.n != 1) return Rejection::sm100_cp_async_cluster;
    if (config.grouped) return Rejection::sm100_cp_async_grouped;
  }
  // The epilogue's store(), in device code.
  if (sm100_2sm_8bit_epilogue_tile_split(config)) return Rejection::sm100_2sm_8bit_epilogue_tile;
  return Rejection::none;
}

// One stage per CTA: A of the CTA's M, B of N/2 on a 2-SM MMA, both at the tile's K, each element
// in its shared-memory type; the builder adds sizeof(PipelineTmaUmmaAsync<1>::SharedStorage) = 16
// (sm100_compute_stage_count_or_override, sm100_umma_builder.inl:83-99, the same in 4.3.0 to 4.7.0).
constexpr MainloopStage sm100_dense_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile cta = sm100_cta_tile(config);
  s.bits_a = sm100_dense_smem_bits(config.types.a.data);
  s.bits_b = sm100_dense_smem_bits(config.types.b.data);
  s.a = ceil_div(c.mul(c.mul(cta.m, cta.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(sm100_b_columns(config), cta.k), s.bits_b), 8);
  s.barrier = 16;
  s.estimate = c.add(c.add(s.a, s.b), s.barrier);
  return s;
}

// The builder's carveout with the two tensormaps of A and B (sm100_umma_builder.inl:284-290; common.hpp).
constexpr bytes_t sm100_dense_builder_reserve(const Config& config) { return sm100_pipeline_carveout(config, 2); }

// TensorStorage (sm100_mma_warpspecialized.hpp:223-227; the array collective's :233-237),
// aligned_struct<128>: A, then B, each an ArrayEngine of its shared-memory type.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm100_dense_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages) * 8 / s.bits_a, s.bits_a, c), 16, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, stages) * 8 / s.bits_b, s.bits_b, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

namespace detail {

struct Sm100DenseSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr Rejection check(const Config& config) { return sm100_dense_check(config); }
  static constexpr Config built(const Config& config) {
    Config built = config;
    built.cp_async = sm100_cp_async(config);
    return built;
  }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm100_dense_stage(config, c);
    if (config.cp_async)
      sm100_builder_inputs(budget, config, sm100_cp_async_builder_reserve(), sm100_cp_async_carveout_purpose, c);
    else
      sm100_builder_inputs(budget, config, sm100_dense_builder_reserve(config), sm100_carveout_purpose(config), c);
    sm100_decide_stages(budget.decision, config);
  }
  // The builder asserts a stage (sm100_umma_builder.inl:300), the collective two (…warpspecialized.hpp:191).
  static constexpr Rejection check_stages(const Config&, const Budget& budget) {
    if (budget.decision.stages < 1) return Rejection::sm100_dense_no_stage;
    return budget.decision.stages < 2 ? Rejection::sm100_dense_stages_below_two : Rejection::none;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm100_dense_tensors<Parts>(budget.stage, counts.a, c);
    if (config.cp_async) return {mainloop, sm100_cp_async_kernel_layout<Parts>(config, mainloop, budget.epilogue, false, c)};
    return {mainloop, sm100_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
  static constexpr SizeRefusal check_laid_out(const Config& config, bytes_t total) {
    const Rejection size = sm100_capacity_refusal(config, total);
    // The cp.async kernel asserts it in its own device code (measured).
    if (size != Rejection::none && sm100_cp_async(config))
      return {Rejection::sm100_cp_async_smem_exceeds_capacity, true};
    return {size, size != Rejection::none};
  }
  static constexpr void record(Budget& budget, const Config& config) {
    sm100_record_accumulator(budget, config);
    // A 1-SM MMA of M 64 fills half the lanes: two of its stages share columns (sm100_umma_builder.inl:265).
    budget.tmem_columns = sm100_is_2sm(config) || config.tile.m > 64 ? budget.tmem_accumulator_columns
                                                                     : budget.tmem_accumulator_columns / 2;
  }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

constexpr bool sm100_dense_shape_compiles(const Config& config) { return sm100_dense_check(config) == Rejection::none; }

// Preconditions: sm100_dense_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_dense(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100DenseSteps, Parts>(config, arch);
}

}  // namespace smem_budget
