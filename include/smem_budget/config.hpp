// One GEMM configuration: everything that decides the kernel's shared memory.
#pragma once

#include "smem_budget/arithmetic.hpp"
#include "smem_budget/rules.hpp"
#include "smem_budget/types.hpp"

namespace smem_budget {

struct Tile {
  bytes_t m = 128;
  bytes_t n = 128;
  bytes_t k = 128;
  friend constexpr bool operator==(const Tile&, const Tile&) = default;
};

inline constexpr bytes_t max_tile_extent = 65'536;

enum class Schedule { cooperative, pingpong };

struct StagePolicy {
  enum class Kind {
    auto_carveout,  // StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>
    auto_epi,       // StageCountAutoCarveoutEpi<CollectiveEpilogue>
    auto_zero,      // StageCountAuto
    fixed,          // StageCount<count>
  };
  Kind kind = Kind::auto_carveout;
  bytes_t count = 0;
  friend constexpr bool operator==(const StagePolicy&, const StagePolicy&) = default;
};

enum class EpilogueKind {
  tma,       // the SM120 TMA warp-specialized epilogue (CUTLASS's default)
  finalize,  // TensorRT-LLM's MoE scatter epilogue (grouped only)
  nosmem,    // Sm90 NoSmemWarpSpecialized paired with the SM120 mainloop
};

enum class MatrixLayout { row, col };

struct EpilogueTile {
  bool automatic = true;
  bytes_t m = 0;
  bytes_t n = 0;
  friend constexpr bool operator==(const EpilogueTile&, const EpilogueTile&) = default;
};

enum class Fusion { none, row_bias, col_bias, sf_gen };

struct Config {
  Tile tile{};
  OperandPair types{operand_presets[0].operand, operand_presets[0].operand};
  Instruction instruction = Instruction::automatic;
  Schedule schedule = Schedule::cooperative;
  bool grouped = false;
  StagePolicy stages{};
  EpilogueKind epilogue = EpilogueKind::tma;
  Element c = Element::none;
  Element d = Element::bf16;  // with finalize: the MoE output type
  MatrixLayout d_layout = MatrixLayout::row;
  EpilogueTile epilogue_tile{};
  Fusion fusion = Fusion::none;
  Element bias = Element::bf16;  // for Fusion::col_bias
  CutlassVersion cutlass = newest_release;
  friend constexpr bool operator==(const Config&, const Config&) = default;
};

}  // namespace smem_budget
