// The evaluation every GEMM model runs, written once over an architecture's `Steps`: refuse what
// the builders assert, build one stage, let the builder choose the stage count, refuse what only a
// stage count or a build trips, lay the kernel out part by part, and search the largest
// StageCount<S> that still fits. `Steps` supplies (all static, all constexpr; DefaultGemmSteps has the usual ones):
//   rule_set                                  RuleSet: whose layout rules answer
//   no_stage_count(config)                    why the builder takes no StageCount<S>, or empty
//   check(config)                             the class-scope assertions before any stage count
//   built(config)                             the configuration as the builders resolve it
//   choose_stages(budget, built, c)           budget.stage, .epilogue and .decision
//   check_stages(built, budget)               what the chosen stage counts trip
//   check_build(config)                       what a device build refuses before the layout
//   lay_out<Parts>(built, budget, counts, c)  the mainloop tensors and kernel SharedStorage
//   check_laid_out(built, total)              what the built kernel refuses of its size
//   record(budget, built)                     the architecture's own fields of the answer
//   stage_search_ceiling(budget)              the total a searched stage count must not pass
// Over `Parts` PartList it is the whole answer; over NoParts the same layout without its parts
// and without the search for the largest fitting stage count: the verdict and the bytes, which is
// all a filter asks of a kernel that fits.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/storage.hpp"

namespace smem_budget {

template <class Parts>
struct GemmLayout {
  MainloopTensors<Parts> mainloop;
  KernelLayout<Parts> kernel;
};

// What the built kernel refuses once its size is known: `keep_layout` when the size itself is the
// reason (the bytes stay the answer).
struct SizeRefusal {
  Rejection why = Rejection::none;
  bool keep_layout = false;
};

// The steps an architecture need not supply: derive from this and define only what differs.
struct DefaultGemmSteps {
  static constexpr std::string_view no_stage_count(const Config&) { return ""; }
  static constexpr Config built(const Config& config) { return config; }
  static constexpr Rejection check_stages(const Config&, const Budget&) { return Rejection::none; }
  static constexpr Rejection check_build(const Config&) { return Rejection::none; }
  static constexpr SizeRefusal check_laid_out(const Config&, bytes_t) { return {}; }
  static constexpr void record(Budget&, const Config&) {}
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) { return budget.limit; }
};

// Unanswered (nullopt) when a byte count passes 63 bits.
template <class Steps, class Parts = PartList>
constexpr std::optional<Budget> evaluate_gemm(const Config& config, const ArchLimits& arch) {
  Checked c;
  Budget budget;
  budget.rule_set = Steps::rule_set;
  budget.limit = arch.smem_per_block_optin;
  budget.no_stage_count = Steps::no_stage_count(config);
  if (const Rejection why = Steps::check(config); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  const Config built = Steps::built(config);
  Steps::choose_stages(budget, built, c);
  budget.epilogue_shared_storage = budget.epilogue.shared_storage;
  budget.has_stages = true;
  if (c.overflowed) return std::nullopt;
  if (const Rejection why = Steps::check_stages(built, budget); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  if (const Rejection why = Steps::check_build(config); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  const GemmLayout<Parts> layout = Steps::template lay_out<Parts>(built, budget, budget.decision.counts, c);
  if (c.overflowed || layout.kernel.parts.full()) return std::nullopt;
  const SizeRefusal refused = Steps::check_laid_out(built, layout.kernel.total);
  if (refused.why != Rejection::none && !refused.keep_layout) {
    budget.refuse(refused.why);
    return budget;
  }
  budget.record(layout.mainloop, layout.kernel, arch);
  Steps::record(budget, built);
  if (refused.why != Rejection::none) budget.refuse(refused.why);
  if (std::is_same_v<Parts, NoParts> || !budget.no_stage_count.empty()) return budget;
  const bytes_t ceiling = Steps::stage_search_ceiling(budget);
  budget.max_fitting_stages = largest_fitting_stage_count(
      budget.decision.stages, budget.total, budget.stage.data(), ceiling, [&](bytes_t stages) {
        Checked scratch;
        const bytes_t total =
            Steps::template lay_out<NoParts>(built, budget, StageCounts::uniform(stages), scratch).kernel.total;
        return !scratch.overflowed && total <= ceiling;
      });
  return budget;
}

}  // namespace smem_budget
