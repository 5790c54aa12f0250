// One table per enumerated option: each value with its spelling and a line of help. Parsers,
// formatters and "expected one of" messages all read the same table.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "smem_budget/core/config.hpp"

namespace smem_budget::io {

template <class T>
struct Word {
  T value;
  std::string_view spelling;
  std::string_view help;
};

inline constexpr std::array<Word<Schedule>, 5> schedule_words{{
    {Schedule::automatic, "auto",
     "KernelScheduleAuto: the cooperative kernel on sm120; on sm90 ping-pong for tile M 64, else cooperative, with "
     "the no-smem epilogue; on sm100 1-SM or 2-SM by tile M and cluster"},
    {Schedule::cooperative, "cooperative", "the cooperative kernel (sm90, sm120)"},
    {Schedule::pingpong, "pingpong", "the ping-pong kernel (sm90, sm120)"},
    {Schedule::one_sm, "1sm", "the …1Sm… kernel schedules (sm100)"},
    {Schedule::two_sm, "2sm", "the …2Sm… kernel schedules: one MMA over two CTAs (sm100)"},
}};

inline constexpr std::array<Word<Instruction>, 3> instruction_words{{
    {Instruction::automatic, "auto", "what CUTLASS picks: MXF4/NVF4 for FP4 x FP4, MXF8F6F4 otherwise"},
    {Instruction::mxf8f6f4, "mxf8f6f4", "the explicit …Mxf8f6f4Sm120 schedules: every element one byte in shared memory"},
    {Instruction::mxf8f6f4_acc2x4, "mxf8f6f4-acc2x4", "sparse block-scaled: KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120"},
}};

inline constexpr std::array<Word<EpilogueKind>, 3> epilogue_words{{
    {EpilogueKind::tma, "default", "the TMA warp-specialized epilogue"},
    {EpilogueKind::finalize, "finalize", "TensorRT-LLM's MoE scatter epilogue (needs grouped)"},
    {EpilogueKind::nosmem, "nosmem", "the epilogue without shared memory"},
}};

inline constexpr std::array<Word<MatrixLayout>, 2> layout_words{{
    {MatrixLayout::row, "row", "row-major C and D"},
    {MatrixLayout::col, "col", "column-major C and D (with finalize: TensorRT-LLM's swap-AB variant)"},
}};

inline constexpr std::array<Word<Scaling>, 3> scaling_words{{
    {Scaling::block, "block", "MX/NV block scale factors (the block-scaled GEMMs)"},
    {Scaling::blockwise, "blockwise", "a float scale per scale-granularity block (…BlockwiseScaling GEMMs)"},
    {Scaling::none, "none", "no scales (the plain tensor-op GEMM)"},
}};

inline constexpr std::array<Word<EpilogueSchedule>, 2> epilogue_schedule_words{{
    {EpilogueSchedule::automatic, "auto", "EpilogueScheduleAuto"},
    {EpilogueSchedule::sparse, "sparse", "the sparse kernels' own …Sparse…Sm120 epilogue schedule"},
}};

inline constexpr std::array<Word<TileScheduler>, 2> tile_scheduler_words{{
    {TileScheduler::persistent, "persistent", "the default persistent tile scheduler"},
    {TileScheduler::stream_k, "stream-k", "StreamKScheduler (cooperative, non-grouped kernels only)"},
}};

// A table's spellings and help without the type of its values, for tables that list several
// vocabularies (the configuration keys).
struct Choice {
  std::string_view spelling;
  std::string_view help;
};

template <class T, std::size_t N>
constexpr std::array<Choice, N> choices_of(const std::array<Word<T>, N>& words) {
  std::array<Choice, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = {words[i].spelling, words[i].help};
  return out;
}

inline constexpr auto schedule_choices = choices_of(schedule_words);
inline constexpr auto instruction_choices = choices_of(instruction_words);
inline constexpr auto epilogue_choices = choices_of(epilogue_words);
inline constexpr auto layout_choices = choices_of(layout_words);
inline constexpr auto scaling_choices = choices_of(scaling_words);
inline constexpr auto epilogue_schedule_choices = choices_of(epilogue_schedule_words);
inline constexpr auto tile_scheduler_choices = choices_of(tile_scheduler_words);

template <class T, std::size_t N>
constexpr std::string_view spelling_of(const std::array<Word<T>, N>& words, T value) {
  for (const Word<T>& word : words)
    if (word.value == value) return word.spelling;
  return "";
}

// "a, b, c": every spelling, for messages and help.
template <class T, std::size_t N>
std::string spellings(const std::array<Word<T>, N>& words) {
  std::string out;
  for (const Word<T>& word : words) out += (out.empty() ? "" : ", ") + std::string(word.spelling);
  return out;
}

}  // namespace smem_budget::io
