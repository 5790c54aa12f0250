// The deciding terms of a budget: what CUTLASS's builder counted when it chose the stage count,
// set against what the kernel's SharedStorage really holds. Where the two disagree is why a
// kernel that the builder thought would fit fails at initialize().
#pragma once

#include <algorithm>
#include <optional>

#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/result.hpp"

namespace smem_budget {

struct BuilderCount {
  bytes_t capacity = 0;   // CUTLASS's shared-memory constant for the architecture
  bytes_t reserve = 0;    // what the builder takes off it before it counts stages
  ReservePurpose reserve_for{};  // what that reserve holds
  bytes_t carveout = 0;   // what the stage policy sets aside for the epilogue
  bytes_t per_stage = 0;  // A, B, SFA, SFB of one stage plus the builder's barrier estimate
  bytes_t stages = 0;
  std::optional<bytes_t> raised_from;  // the builder's count where a floor raised it to `stages`
  bytes_t counted = 0;  // reserve + carveout + stages x per_stage: the builder's idea of the total
};

struct KernelCount {
  bytes_t mainloop_tensors = 0;
  bytes_t epilogue_tensors = 0;
  bytes_t tensor_alignment = 0;  // padding that rounds the two tensor blocks up to their alignment
  bool shared = false;           // the two share their bytes (a 2.x kernel's union): the larger counts
  bytes_t tensor_storage = 0;    // the three above
  bytes_t barriers = 0;
  bytes_t scheduler = 0;
  bytes_t tensormaps = 0;
  bytes_t alignment = 0;        // padding outside the tensors
  bytes_t outside_tensors = 0;  // barriers + scheduler + tensormaps + alignment
  bytes_t total = 0;
};

struct Explanation {
  std::optional<BuilderCount> builder;  // only where the builder chose the stage count (not StageCount<N>)
  KernelCount kernel;
};

// Precondition: `b` is evaluate(config, ...) and has a layout (its verdict is not `rejected`).
constexpr Explanation explain(const Config& config, const Budget& b) {
  Explanation e;
  if (config.stages.kind != StagePolicy::Kind::fixed) {
    // An automatic stage count is at most capacity / per_stage, so none of this can overflow.
    BuilderCount& builder = e.builder.emplace();
    builder.capacity = b.decision.cutlass_capacity;
    builder.reserve = b.decision.cutlass_capacity - b.decision.capacity;
    builder.reserve_for = b.decision.reserve_for;
    builder.carveout = b.decision.carveout;
    builder.per_stage = b.decision.estimate;
    builder.stages = b.decision.stages;
    builder.raised_from = b.decision.raised_from;
    builder.counted = builder.reserve + builder.carveout + builder.stages * builder.per_stage;
  }

  KernelCount& kernel = e.kernel;
  kernel.mainloop_tensors = b.mainloop_tensors;
  kernel.epilogue_tensors = b.epilogue.tensor_size;
  kernel.tensor_storage = b.tensor_storage;
  // A 2.x kernel's epilogue reuses the mainloop's bytes: its tensors are the larger of the two.
  const bytes_t tensors = b.epilogue_in_mainloop ? std::max(b.mainloop_tensors, b.epilogue.tensor_size)
                                                 : b.mainloop_tensors + b.epilogue.tensor_size;
  kernel.tensor_alignment = b.tensor_storage - tensors;
  kernel.shared = b.epilogue_in_mainloop;
  for (const Part& part : b.parts) {
    if (part.kind == PartKind::barrier) kernel.barriers += part.bytes;
    if (part.kind == PartKind::scheduler) kernel.scheduler += part.bytes;
    if (part.kind == PartKind::tensormap) kernel.tensormaps += part.bytes;
  }
  kernel.total = b.total;
  kernel.outside_tensors = b.total - b.tensor_storage;
  kernel.alignment = kernel.outside_tensors - kernel.barriers - kernel.scheduler - kernel.tensormaps;
  return e;
}

}  // namespace smem_budget
