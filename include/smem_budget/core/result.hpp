// What an evaluation answers, whatever the architecture: the verdict, the stage decision, the
// kernel's shared memory part by part.
#pragma once

#include <optional>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"

namespace smem_budget {

enum class Verdict { fits, exceeds_optin, rejected };

// For a refusal that a larger tile N cures: whether it is one, and the smallest N (a multiple of 8,
// up to 256) with which the rest of the configuration compiles.
struct TileNSearch {
  bool searched = false;
  std::optional<bytes_t> smallest;
};

constexpr std::string_view name_of(Verdict v) {
  switch (v) {
    case Verdict::fits:
      return "fits";
    case Verdict::exceeds_optin:
      return "exceeds-optin";
    case Verdict::rejected:
      return "rejected";
  }
  return "";
}

// What a builder's reserve (its capacity less what it counts stages in) is for, as the builder's
// own carveout names its terms.
struct ReservePurpose {
  bool kernel_pipelines = false;  // SM100's KernelSmemCarveout: the kernel's pipelines, barriers and TMEM pointer
  bool scheduler = false;         // the tile scheduler's pipeline and CLC responses
  bool tensormaps = false;        // the TMA descriptors a pointer-array kernel keeps in shared memory
  bool transformed_b = false;     // SM100 complex tf32: B's transformed copies, outside the load stages
};

// What the builder computed on its way to the stage count.
struct StageDecision {
  bytes_t cutlass_capacity = 0;  // the builder's shared-memory constant (arch.h), before its reserve
  bytes_t capacity = 0;          // the builder's capacity after its reserve
  ReservePurpose reserve_for{};  // what the reserve (cutlass_capacity - capacity) holds
  bytes_t carveout = 0;          // what the stage policy sets aside for the epilogue
  bytes_t estimate = 0;          // the builder's per-stage cost (sparse with 1.5 B stages: the estimate that gave them)
  bytes_t stages = 0;            // what the kernel is built with (sparse: A's stages)
  // The builder's count where a floor raised it to `stages` (TensorRT-LLM's mixed-input builder: 2).
  std::optional<bytes_t> raised_from;
  StageCounts counts{};          // A, B and metadata stages (equal but for sparse kernels)
};

struct Budget {
  RuleSet rule_set = RuleSet::sm120;  // whose layout rules answered
  Verdict verdict = Verdict::fits;
  Rejection rejection = Rejection::none;
  bool has_stages = false;  // false when CUTLASS rejects before any stage count exists
  StageDecision decision{};
  MainloopStage stage{};
  EpilogueLayout epilogue{};
  bytes_t mainloop_tensors = 0;         // sizeof(CollectiveMainloop::TensorStorage)
  bytes_t epilogue_shared_storage = 0;  // sizeof(CollectiveEpilogue::SharedStorage)
  bytes_t tensor_storage = 0;           // the kernel's TensorStorage: both collectives' tensors, aligned
  bytes_t total = 0;                    // GemmKernel::SharedStorageSize
  PartList parts{};                     // adds up to total
  bytes_t limit = 0;                    // the architecture's opt-in limit per block
  bytes_t headroom = 0;                 // limit - total
  bytes_t ctas_per_sm = 0;
  std::optional<bytes_t> max_fitting_stages;  // largest StageCount<S>, S >= 2, that fits
  // Why there is no largest fitting stage count to search for: the builder takes no StageCount<S>
  // ("the sparse builders take no StageCount<N>"); empty where it does.
  std::string_view no_stage_count{};
  // SM100: tensor-memory columns in use, of 512 (0 where the kernel has none or was not laid out):
  // the accumulator stages' and the scale factors'.
  bytes_t tmem_columns = 0;
  bytes_t tmem_accumulator_columns = 0;
  bytes_t tmem_accumulator_stages = 0;
  TileNSearch tile_n_search{};  // SM120 refusals about tile N
  bool sf_pipeline = false;     // SM103: the scale factors run a pipeline of their own (decision.counts.sf)
  // CUTLASS 2.x: the epilogue stages its output in the mainloop's shared memory (a union), so
  // tensor_storage is the larger of the two, not their sum.
  bool epilogue_in_mainloop = false;
  Element accumulator = Element::none;  // CUTLASS 2.x: the accumulator the epilogue stages

  // Whether the kernel was laid out, its parts adding up to `total`: it fits, exceeds the opt-in
  // limit, or CUTLASS refuses it for that size (SM100's device-side assertion), which is then the
  // reason. Every front end shows bytes, limit and headroom for these, and for no other.
  constexpr bool is_sized() const { return total > 0; }

  // CUTLASS refuses to compile it: `why` is the assertion.
  constexpr void refuse(Rejection why) {
    rejection = why;
    verdict = Verdict::rejected;
  }

  // The laid-out kernel, whatever the architecture: its sizes and parts (none laid out over
  // NoParts), and the verdict against the opt-in limit.
  template <class Parts>
  constexpr void record(const MainloopTensors<Parts>& mainloop, const KernelLayout<Parts>& kernel,
                        const ArchLimits& arch) {
    mainloop_tensors = mainloop.size;
    tensor_storage = kernel.tensors;
    total = kernel.total;
    if constexpr (std::is_same_v<Parts, PartList>) parts = kernel.parts;
    headroom = limit - total;
    ctas_per_sm = smem_budget::ctas_per_sm(arch, total);
    verdict = total <= limit ? Verdict::fits : Verdict::exceeds_optin;
  }
};

// What evaluate() answers: the kernel's budget, or why the model gives none (an architecture
// without layout rules, an input invalid_input() refuses, byte counts past 63 bits). Reading the
// budget of an evaluation that has none is an error — in a constant expression it does not
// compile, at run time it throws std::logic_error — so it can never be read as a default Budget
// (whose verdict is `fits`).
class Evaluation {
 public:
  constexpr Evaluation(const Budget& budget) : budget_(budget), answered_(true) {}  // NOLINT: a budget is an answer
  static constexpr Evaluation unanswered(std::string_view why) { return Evaluation(why); }

  constexpr bool answered() const { return answered_; }
  constexpr explicit operator bool() const { return answered_; }
  // Why there is no budget; empty when there is one.
  constexpr std::string_view refusal() const { return refusal_; }

  constexpr const Budget& budget() const {
    if (!answered_) throw std::logic_error("smem_budget::Evaluation has no budget: check answered() first");
    return budget_;
  }
  constexpr const Budget& operator*() const { return budget(); }
  constexpr const Budget* operator->() const { return &budget(); }

 private:
  constexpr explicit Evaluation(std::string_view why) : refusal_(why) {}
  Budget budget_{};
  std::string_view refusal_{};
  bool answered_ = false;
};

// The largest S >= 2 for which `fits(S)` holds, given the total at `known` stages. Totals grow by
// about one stage's data per stage (alignment adds less than that), so the first guess is almost
// always right; the walk from it makes the answer exact either way.
template <class Fits>
constexpr std::optional<bytes_t> largest_fitting_stage_count(bytes_t known, bytes_t known_total, bytes_t per_stage,
                                                             bytes_t limit, Fits fits) {
  if (per_stage < 1) per_stage = 1;
  bytes_t guess = known + (limit - known_total) / per_stage;  // C++ division truncates towards zero
  if (guess < 2) guess = 2;
  if (!fits(guess)) {
    while (guess > 2 && !fits(guess - 1)) --guess;
    return guess > 2 ? std::optional<bytes_t>(guess - 1) : std::nullopt;
  }
  while (fits(guess + 1)) ++guess;
  return guess;
}

}  // namespace smem_budget
