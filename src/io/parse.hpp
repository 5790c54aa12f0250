// Parsers for the option values a user types: tiles, types, stage policies, versions. Each
// returns the value or a message saying what is wrong with the text (no location: callers add it).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "smem_budget/core/config.hpp"

namespace smem_budget::io {

// The code that instantiates a tactic, for what a tactic leaves unsaid (src/frontend/runner.cpp);
// a front-end setting, not part of the model's Config.
enum class Runner { none, trtllm_moe, trtllm_fpa_intb, flashinfer_fp4_gemm, flashinfer_mxfp8_gemm, sglang_w4a8_moe };

template <class T>
using Parsed = std::variant<T, std::string>;  // the value, or what is wrong with the text

template <class T>
constexpr bool ok(const Parsed<T>& p) {
  return std::holds_alternative<T>(p);
}

// A tile as typed: "MxNxK", or "MxNxKB" where K is in bytes of A (TensorRT-LLM's convention).
struct TileSpec {
  bytes_t m = 0;
  bytes_t n = 0;
  bytes_t k = 0;
  bool k_in_bytes = false;
};

Parsed<TileSpec> parse_tile(std::string_view text);
// Resolves K given in bytes of A into elements; an error if it does not come out whole.
Parsed<Tile> resolve_tile(const TileSpec& spec, const Operand& a);
// A positive integer no larger than `max`, written in plain decimal digits.
Parsed<bytes_t> parse_count(std::string_view text, bytes_t max);

Parsed<OperandPair> parse_types(std::string_view text);
Parsed<Element> parse_element(std::string_view text, bool allow_void);
Parsed<Schedule> parse_schedule(std::string_view text);
Parsed<Instruction> parse_instruction(std::string_view text);
Parsed<Scaling> parse_scaling(std::string_view text);
Parsed<ScaleGranularity> parse_scale_granularity(std::string_view text);
Parsed<EpilogueSchedule> parse_epilogue_schedule(std::string_view text);
Parsed<EpilogueOpClass> parse_epilogue_op_class(std::string_view text);
Parsed<Conversion> parse_conversion(std::string_view text);
Parsed<Activation> parse_activation(std::string_view text);
Parsed<TrtllmMoeFork> parse_trtllm_moe_fork(std::string_view text);
// "auto", "N" (A and B), "A:B" or "A:B:C", elements per access.
Parsed<OperandAlignment> parse_alignment(std::string_view text);
Parsed<Cluster> parse_cluster(std::string_view text);
Parsed<StagePolicy> parse_stages(std::string_view text);
Parsed<EpilogueKind> parse_epilogue(std::string_view text);
Parsed<MatrixLayout> parse_layout(std::string_view text);
Parsed<EpilogueTile> parse_epilogue_tile(std::string_view text);
struct FusionSpec {
  Fusion fusion = Fusion::none;
  Element bias = Element::bf16;
  ScaleFactorOutput sf_output{};
  Element aux = Element::bf16;
};
Parsed<FusionSpec> parse_fusion(std::string_view text);
Parsed<CutlassVersion> parse_cutlass(std::string_view text);
Parsed<TileScheduler> parse_tile_scheduler(std::string_view text);
Parsed<Generation> parse_generation(std::string_view text);
Parsed<Math> parse_math(std::string_view text);
Parsed<OpClass> parse_opclass(std::string_view text);
Parsed<Runner> parse_runner(std::string_view text);
// A 2.x warp tile, MxNxK elements.
Parsed<WarpTile> parse_warp(std::string_view text);
// "auto" or f32, f16, s32.
Parsed<Element> parse_accumulator(std::string_view text);

// Spellings used in output, the inverse of the parsers above.

// 101376 -> "101,376".
std::string group_digits(long long value);
std::string format_tile(const Tile& tile);
// Presets where one fits with block scaling; element names otherwise.
std::string format_types(const OperandPair& types, Scaling scaling);
std::string format_scale_granularity(const ScaleGranularity& g);
std::string_view format_scaling(Scaling s);
std::string_view format_epilogue_schedule(EpilogueSchedule s);
std::string_view format_epilogue_op_class(EpilogueOpClass c);
std::string_view format_conversion(Conversion c);
std::string_view format_activation(Activation a);
std::string_view format_trtllm_moe_fork(TrtllmMoeFork f);
std::string_view format_generation(Generation g);
std::string_view format_math(Math m);
std::string_view format_opclass(OpClass o);
std::string format_warp(const WarpTile& warp);
std::string format_alignment(const OperandAlignment& a);
std::string format_cluster(const Cluster& c);
std::string format_stages(const StagePolicy& stages);
std::string format_version(const CutlassVersion& version);
// "4.3.5, 4.4.2 and 4.7.0".
std::string format_versions(std::span<const CutlassVersion> versions);
std::string_view format_schedule(Schedule s);
std::string_view format_instruction(Instruction i);
std::string_view format_epilogue(EpilogueKind e);
std::string_view format_layout(MatrixLayout l);
std::string format_epilogue_tile(const EpilogueTile& t);
std::string format_fusion(const Config& config);
std::string_view format_tile_scheduler(TileScheduler s);

}  // namespace smem_budget::io
