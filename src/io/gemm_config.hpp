// TensorRT-LLM's and FlashInfer's CutlassGemmConfig, the tactic objects their autotuners try,
// read from what their logs and sources show of it:
// - toString()'s block ("Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape
//   ID: 128x256x64\n…"), in both styles and both generations of the format (positions before the
//   enums were shape-coded, shapes after);
// - operator<<'s line ("tile_config_sm90_enum: 128256064, mainloop_schedule_enum: 0, …");
// - a C++ construction from enumerators ("CutlassGemmConfig{CutlassTileConfigSM120::CtaShape128x256x64B,
//   MainloopScheduleType::AUTO, EpilogueScheduleType::AUTO, ClusterShape::ClusterShape_1x1x1}");
// - our one-line spelling of any of them, what lint lists and --kernel takes back:
//   CutlassGemmConfig{sm_version=120 tile=128x256x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE swap_ab=true}
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "io/origin.hpp"
#include "io/settings.hpp"

namespace smem_budget::io {

// Whether `text` starts one of the spellings above.
bool starts_gemm_config(std::string_view text);

// The words those spellings start with, for the scan that finds them in a text.
std::span<const std::string_view> gemm_config_starts();

struct FoundGemmConfig {
  std::string spelling;  // the one-line spelling
  std::size_t length;    // of the text it was read from
};

// Reads the config that starts `text`. A C++ construction from variables rather than enumerators
// is no tactic: none. A block or line that breaks off or holds an unknown value throws InputError
// naming the field, at `origin`.
std::optional<FoundGemmConfig> read_gemm_config(std::string_view text, const Origin& origin);

// The spelling of a text that is one config and nothing else, as an autotuner's list holds them,
// and what it reads as (gemm_config_reading), in one read of the text. None for any other text,
// and for a config that does not read: kernel_names_in and gemm_config_settings say why.
struct GemmConfigAlone {
  std::string spelling;
  std::string reading;
};
std::optional<GemmConfigAlone> gemm_config_alone(std::string_view text);

// The settings a config stands for (from its one-line spelling or any other): the tile, cluster,
// schedules, FINALIZE and swap_ab as the config gives them; the kernel's types, grouped or not, from
// the caller. Throws InputError for what the model does not have (a CUDA-core tactic, SIMT tiles).
Settings gemm_config_settings(std::string_view text, const Origin& origin);

// What gemm_config_settings reads of a config, as one string: equal for two configs whose settings
// are equal but for where each came from, as for configs that differ only in their fallback cluster
// shape, which no setting reads, or in the size of their dynamic cluster shape, which gives the
// setting "dynamic" (an autotuner's list holds both). None for text that is not one config.
std::optional<std::string> gemm_config_reading(std::string_view text);

// A TMA warp-specialized config's tile apart from the rest of it: the tile setting
// gemm_config_settings gives it where it reads the config ("256x128x128B"), and what the config
// reads as with its tile left out (gemm_config_reading's spelling, "tile=any"). Two configs whose
// rests are equal have settings, where both read, that differ in the tile alone. None for a 2.x
// config (its enumerator names a warp tile too), the CUDA-core tactic and text that is not one config.
struct GemmConfigTile {
  std::string tile;
  std::string rest;
};
std::optional<GemmConfigTile> gemm_config_tile(std::string_view text);

// gemm_config_tile of the texts of a list, where a text that is an earlier one but for its tile's
// shape (the digits after "tile shape ID: " of a toString() block, or "tile=CtaShape" of our
// spelling) is not read again but taken as that one with its own tile: an autotuner's tactics are
// tiles times a few rests, and a text costs several times more to read than to cut. Holds views of
// the texts, which must outlive it.
class GemmConfigTiles {
 public:
  std::optional<GemmConfigTile> of(std::string_view text);

 private:
  struct Cut {  // a text less its tile's shape
    std::string_view before, after;
    bool operator==(const Cut&) const = default;
  };
  struct CutHash {
    std::size_t operator()(const Cut& cut) const;
  };
  struct Like {
    std::string rest;  // GemmConfigTile::rest of the cut's first text
    bool two_sm;       // the tile setting doubles the shape's M
  };
  std::unordered_map<Cut, Like, CutHash> read_;  // the first text of each cut, read with its tile where cut
};

// The architecture the config was made for ("sm120"), when it says.
std::optional<std::string> gemm_config_arch(std::string_view text);

}  // namespace smem_budget::io
