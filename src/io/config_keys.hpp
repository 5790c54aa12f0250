// One row per configuration key: the batch-file and Python spelling, the command-line flag, the
// JSON type its value takes, and its help. The key list in messages, the flags and their --help,
// the Python docstring and docs/interface.md's key reference all read this table, in its order:
// what the kernel is, its mainloop, its epilogue, the release.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "io/vocabulary.hpp"

namespace smem_budget::io {

enum class KeyValue { string, boolean, string_or_integer, tile };

struct ConfigKey {
  std::string_view key;   // batch files and Python: tile, d_layout, ...
  std::string_view flag;  // the command line's, "" for a key that has none (name)
  KeyValue value;
  // The help: for an enumerated key what it chooses, its choices (the first the default) following.
  std::string_view help;
  std::span<const Choice> choices;
  std::string_view example;
  bool example_on_own_line = false;
};

// clang-format off
inline constexpr std::array<ConfigKey, 23> config_keys{{
    {"name", "", KeyValue::string, "A name for the result (batch entries and Python only).", {}, "\"moe-up\""},
    {"kernel", "--kernel", KeyValue::string,
     "A kernel by name: a CUTLASS library name (cutlass3x_sm120_…, _sm90_…, _sm100_…: all of the configuration but "
     "the CUTLASS\nrelease) or a TensorRT-LLM / FlashInfer tactic (CtaShape128x256x64B: the tile; the other flags give "
     "the\nrest). Other flags override what the name says.",
     {}, "--kernel CutlassTileConfigSM120::CtaShape128x256x64B"},
    {"tile", "--tile", KeyValue::tile,
     "CTA tile MxNxK in elements (1…65536 each), or MxNxKB with K in bytes of A as TensorRT-LLM's CtaShape names it.",
     {}, "--tile 128x256x128, --tile 128x256x64B", true},
    {"types", "--types", KeyValue::string,
     "Operand types: nvfp4, mxfp4, mxfp6, mxfp8, or A:B (presets or e2m1, e3m2, e2m3, e4m3, e5m2; with\n--scaling none "
     "or blockwise element names, also f16, bf16, s8). Default: nvfp4.",
     {}, "--types mxfp8:mxfp4"},
    {"scaling", "--scaling", KeyValue::string, "How the mainloop scales A and B:", scaling_choices,
     "--scaling blockwise --types e4m3"},
    {"scale_granularity", "--scale-granularity", KeyValue::string,
     "With --scaling blockwise: MxNxK elements of A (MxK) and B (NxK) per float scale, or auto (the tile).\nDefault: "
     "auto.",
     {}, "--scale-granularity 1x128x128 (DeepSeek-style per-row A)"},
    {"sparse", "--sparse", KeyValue::boolean, "2:4 structured-sparse A (CUTLASS's SM120 sparse GEMMs). Default: off.",
     {}, "--sparse"},
    {"alignment", "--alignment", KeyValue::string_or_integer,
     "Elements per global access of A and B (CUTLASS's AlignmentA/B): auto (any the builder accepts), N, or "
     "A:B.\nDefault: auto.",
     {}, "--types mxfp6 --alignment 32 (rejected: FP6 needs 16-byte accesses)"},
    {"epilogue_schedule", "--epilogue-schedule", KeyValue::string, "The epilogue schedule tag:",
     epilogue_schedule_choices, "--sparse --epilogue-schedule sparse"},
    {"schedule", "--schedule", KeyValue::string, "The kernel schedule:", schedule_choices, "--schedule pingpong"},
    {"cluster", "--cluster", KeyValue::string,
     "CTAs per cluster, MxNxK (sm90, sm100; SM120 kernels run 1x1x1), or dynamic (sm100: a cluster chosen at run time, "
     "Shape<int, int, _1>, which kernel names spell 0x0x1). Default: 1x1x1.",
     {}, "--arch sm100 --cluster 2x1x1"},
    {"fast_accum", "--fast-accum", KeyValue::boolean,
     "SM90's …FP8FastAccum kernel schedules (FP8 operands). Default: off.", {},
     "--arch sm90 --types e4m3 --scaling none --schedule pingpong --fast-accum"},
    {"instruction", "--instruction", KeyValue::string, "The block-scaled MMA path:", instruction_choices,
     "--types mxfp4 --instruction mxf8f6f4"},
    {"grouped", "--grouped", KeyValue::boolean, "Grouped (pointer-array) GEMM kernel, as MoE layers use. Default: off.",
     {}, "--grouped"},
    {"stages", "--stages", KeyValue::string_or_integer,
     "auto (StageCountAutoCarveout<sizeof(epilogue SharedStorage)>), auto-epi, auto-zero, or a count N.\nDefault: auto.",
     {}, "--stages 2"},
    {"epilogue", "--epilogue", KeyValue::string, "The epilogue collective:", epilogue_choices,
     "--grouped --epilogue finalize"},
    {"c", "--c", KeyValue::string,
     "Element type of C: void, f32, f16, bf16, e4m3, e5m2, e3m2, e2m3, e2m1. Default: void.", {}, "--c bf16", true},
    {"d", "--d", KeyValue::string, "Element type of D (with finalize: the MoE output type). Default: bf16.", {},
     "--d f32"},
    {"d_layout", "--d-layout", KeyValue::string, "The layout of D (C follows it):", layout_choices,
     "--d-layout col"},
    {"epilogue_tile", "--epilogue-tile", KeyValue::string, "auto or MxN. Default: auto.", {},
     "--epilogue-tile 64x64"},
    {"fusion", "--fusion", KeyValue::string,
     "none, row-bias, col-bias:TYPE, sf-gen[:VECTOR[:TYPE]] (block scale factors of D: 16, 32 or 64 elements,\nue4m3 or "
     "ue8m0; default the operands' vector), scaled-mm, scaled-mm-bias (vLLM's ScaledEpilogue[Bias]).\nDefault: none.",
     {}, "--fusion col-bias:bf16"},
    {"tile_scheduler", "--tile-scheduler", KeyValue::string, "The tile scheduler (the same shared memory on SM120):",
     tile_scheduler_choices, "--tile-scheduler stream-k"},
    {"cutlass", "--cutlass", KeyValue::string,
     "CUTLASS release whose rules apply, 4.3.0 … 4.7.0; 4.4 means the newest 4.4 patch.\nDefault: 4.7.0.", {},
     "--cutlass 4.4.2 (TensorRT-LLM's pin)"},
}};
// clang-format on

// The row of `key`, or null.
const ConfigKey* find_config_key(std::string_view key);

// "name, kernel, tile, …": every key, in the table's order.
std::string config_key_names();

// An enumerated option's help: what it chooses, each choice with its line of help, the first as
// the default, and an example.
std::string choices_help(std::string_view what, std::span<const Choice> choices, std::string_view example);

// A flag's --help: the help, an enumerated key's choices and default, and the example.
std::string flag_help(const ConfigKey& key);

// docs/interface.md's key reference, as markdown.
std::string key_reference_markdown();

}  // namespace smem_budget::io
