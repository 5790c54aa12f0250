// Kernel names as configurations: CUTLASS's library names (python/cutlass_library's procedural
// names, e.g.
// cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_bf16_128x128x256_1x1x1_0_tnt_align32_cooperative_o_vs16)
// and TensorRT-LLM's / FlashInfer's tactic enumerators (CutlassTileConfigSM120::CtaShape128x256x64B).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/settings.hpp"

namespace smem_budget::io {

// Whether `text` is spelled as a kernel name: a CUTLASS library name (cutlass3x_sm…) or a
// tactic (CtaShape…, CutlassTileConfigSM…::CtaShape…), whether or not the model can read it.
bool looks_like_kernel_name(std::string_view text);

// The settings a name stands for, each with origin "`origin` (part of the name)". A CUTLASS name
// gives a whole configuration except the CUTLASS release; a tactic enumerator gives the tile only
// (K in bytes of A), the rest comes from the other keys. Throws InputError naming the part the
// model cannot represent.
Settings kernel_name_settings(std::string_view name, const Origin& origin);

// Whether `text` is a tactic (CtaShape…, CutlassTileConfig…::CtaShape…), which gives the tile (and a
// 2.x tactic the warp tile) only.
bool is_tactic_name(std::string_view text);

// The architecture a CUTLASS library name (or a CutlassGemmConfig that says its sm) is built for
// ("sm90", "sm120", …); none for a tactic enumerator.
std::optional<std::string> kernel_name_arch(std::string_view name);

// When `layer` has a "kernel", adds the settings its name stands for under the layer's own keys
// (explicit keys override the name).
void expand_kernel_name(Settings& layer);

// The kernel names in a text (a list, a C++ source, a log), each once, in order of appearance;
// a CutlassGemmConfig (a toString() block, an operator<< line, a construction from enumerators) by
// its one-line spelling. Throws InputError at "label:LINE" for a config that breaks off.
std::vector<std::string> kernel_names_in(std::string_view text, const std::string& label = "<text>");

// The name a result is called by: a CutlassGemmConfig by its one-line spelling, others as given.
std::string kernel_display_name(std::string_view name);

}  // namespace smem_budget::io
