// A list's kernels, each judged once: the jobs an autotuner's list or a check_many call asks for,
// told apart by what their kernels read as, so that a kernel the list repeats (a candidate per problem
// shape, GEMM_1's tactics as GEMM_2's) is judged once and its answer shared.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "io/gemm_config.hpp"
#include "io/settings.hpp"
#include "io/text_hash.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// One kernel of a list (the Python module's check_many and its tactic filters): the keys an entry
// gave (before its kernel name is expanded and the defaults go under them), and, once judged, its
// Result or the message of its InputError.
struct ManyJob {
  std::string name;
  io::Settings own;
  std::optional<Architecture> own_arch;  // the entry's "arch", over the call's
  std::string origin;                    // of the first entry that asked for it
  std::string reading;                   // what its keys read as (config_reading), when the entry's reader knew it
  bool fits = false;
  // None for a job that fits where only misfits are asked for. Held apart: a Result is a few KiB,
  // and a list's jobs side by side would be fresh memory, page by page, on every call.
  std::unique_ptr<Result> result;
  std::optional<std::string> error;
  // Where only misfits are asked for and it was judged the whole way: what a kernel that differs
  // from it in the tile alone completes to (Evaluation::completion_for_any_tile).
  std::optional<Config> completion_for_any_tile;
};

// What every entry of a list is judged with: the defaults under its keys, and the architecture.
struct ManyDefaults {
  io::Settings base;
  Architecture arch;
};

// What a job's kernel is judged on: its kernel name expanded, the defaults under its keys; throws
// InputError. The job's keys move into them: a job is judged once.
io::Settings job_settings(ManyJob& job, const io::Settings& base);

// One job judged on those settings: whether it fits, and its Result unless it fits and only
// misfits are asked for (a filter keeps those without a word said); throws InputError. Returns
// the evaluation's completion_for_any_tile.
std::optional<Config> judge_on(ManyJob& job, io::Settings settings, const Architecture& call_arch, bool misfits_only);

// What a job's keys read as when its kernel is a CutlassGemmConfig that reads as `reading`
// (io::gemm_config_reading): equal for two jobs judged alike but for the result's name.
std::string config_reading(std::string reading, const io::Settings& own);

// Each job judged once, in this thread: spread over both cores of a 2-core machine with the GIL
// released, the readers' allocations contended and it was slower (62a90ea). A job whose kernel
// name reads as a kernel an earlier job judged without error takes that result under its own
// name: told by the CutlassGemmConfig's reading before any settings are made, else by the settings.
// With `misfits_only`, a job that fits gets no Result, and each job judged the whole way keeps its
// completion_for_any_tile.
void judge_jobs(std::span<ManyJob> jobs, const ManyDefaults& defaults, bool misfits_only = false);

// An autotuner's configs are tiles times the rest (clusters, epilogues, swap_ab; io::gemm_config_tile):
// where only misfits are asked for, a config is judged on the completion of the first of its rest
// judged the whole way, with its own tile (fits_with_tile), each tile of a rest once. Only a config
// that does not fit so needs judging the whole way, for its Result or error.
class RestCompletions {
 public:
  // Whether the config fits on its rest's completion; none where none was learnt.
  std::optional<bool> fits(const io::GemmConfigTile& apart, const Architecture& arch);
  // What the configs of `rest` complete to, from one judged the whole way; the first learnt holds.
  void learn(std::string rest, Config completion);

 private:
  struct Rest {
    Config completion;
    std::vector<std::pair<std::string, bool>> tiles;  // each tile judged on it, and whether it fits
  };
  std::unordered_map<std::string, Rest, io::TextHash, std::equal_to<>> rests_;
};

}  // namespace smem_budget::frontend
