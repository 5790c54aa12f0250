// smem-budget-bench: how fast the model and the sweep are. Prints model evaluations per second
// (evaluate(), which includes the search for the largest fitting stage count), the in-process
// time of the full SM120 NVFP4 sweep, and the wall time of `smem-budget sweep` and of `smem-budget
// lint` over CUTLASS's SM120 kernel listing, and of 100,000- and 25,000-entry batch files in every
// format, from process start to exit.
// Usage: smem-budget-bench PATH/TO/smem-budget PATH/TO/sm120-generator.json
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "smem_budget/sweep.hpp"

extern char** environ;

namespace {

using clock_type = std::chrono::steady_clock;
using namespace smem_budget;

double seconds_since(clock_type::time_point start) {
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

// Evaluates the sweep's configurations over and over for about a second.
void evaluations_per_second(const ArchLimits& arch) {
  std::vector<Config> configs;
  for (const SweepPoint& p : sweep(Config{}, arch, sweep_schedules(Config{}, arch), sweep_space(Config{}, arch)))
    configs.push_back(p.config);
  std::size_t evaluations = 0;
  bytes_t checksum = 0;  // keeps the optimiser from dropping the work
  const auto start = clock_type::now();
  while (seconds_since(start) < 1.0) {
    for (const Config& c : configs) checksum += evaluate(c, arch)->total;
    evaluations += configs.size();
  }
  const double elapsed = seconds_since(start);
  std::printf("model: %zu evaluations in %.3f s = %.2f million/s (checksum %lld)\n", evaluations, elapsed,
              double(evaluations) / elapsed / 1e6, static_cast<long long>(checksum));
}

void sweep_in_process(const ArchLimits& arch) {
  std::vector<double> times;
  std::size_t points = 0;
  for (int i = 0; i < 50; ++i) {
    const auto start = clock_type::now();
    points = sweep(Config{}, arch, sweep_schedules(Config{}, arch), sweep_space(Config{}, arch)).size();
    times.push_back(seconds_since(start));
  }
  std::sort(times.begin(), times.end());
  std::printf("sweep in process (32 x 32 x 8 tiles x 2 schedules, %zu compile): median %.2f ms, max %.2f ms\n", points,
              times[times.size() / 2] * 1e3, times.back() * 1e3);
}

// Runs the executable `runs` times; the median and worst wall time, process start to exit.
void time_process(const char* exe, const std::vector<std::string>& args, int runs, int expected_status = 0) {
  std::vector<std::string> words{exe};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t quiet;
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    const auto start = clock_type::now();
    pid_t pid = 0;
    int status = 0;
    if (posix_spawn(&pid, exe, &quiet, nullptr, argv.data(), environ) != 0 || waitpid(pid, &status, 0) != pid ||
        !WIFEXITED(status) || WEXITSTATUS(status) != expected_status) {
      std::fprintf(stderr, "smem-budget-bench: running %s failed\n", exe);
      std::exit(2);
    }
    times.push_back(seconds_since(start));
  }
  posix_spawn_file_actions_destroy(&quiet);
  std::sort(times.begin(), times.end());
  std::string line;
  for (const std::string& a : args) line += " " + a;
  std::printf("smem-budget%s: median %.1f ms, max %.1f ms over %d runs (process start to exit)\n", line.c_str(),
              times[times.size() / 2] * 1e3, times.back() * 1e3, runs);
}

// A batch of `count` SM120 entries, a deterministic mix of six tiles, four stage policies, grouped
// or not and C = void or bf16, written to a temporary file whose path is returned. `bare`: a
// top-level list of entries rather than {"configs": [...]}.
std::string write_batch(std::size_t count, bool bare) {
  static constexpr const char* tiles[] = {"128x128x128", "128x128x256", "128x256x128",
                                          "256x128x128", "128x64x128",  "64x128x256"};
  static constexpr const char* stages[] = {"\"auto\"", "2", "3", "4"};
  const std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/smem-budget-bench-" +
                           std::to_string(count) + ".json";
  std::string text = bare ? "[" : "{\"configs\": [";
  std::uint32_t state = 12345;
  const auto next = [&](std::uint32_t n) {
    state = state * 1664525u + 1013904223u;  // a linear congruential generator: the same file every run
    return (state >> 16) % n;
  };
  for (std::size_t i = 0; i < count; ++i) {
    text += i == 0 ? "" : ", ";
    text += std::string("{\"tile\": \"") + tiles[next(6)] + "\", \"stages\": " + stages[next(4)];
    if (next(3) == 0) text += ", \"grouped\": true";
    if (next(5) == 0) text += ", \"c\": \"bf16\"";
    text += "}";
  }
  text += bare ? "]\n" : "]}\n";
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr || std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fclose(file) != 0) {
    std::fprintf(stderr, "smem-budget-bench: cannot write %s\n", path.c_str());
    std::exit(2);
  }
  return path;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: smem-budget-bench PATH/TO/smem-budget PATH/TO/sm120-generator.json\n");
    return 2;
  }
  const ArchLimits arch = *find_arch("sm120");
  evaluations_per_second(arch);
  sweep_in_process(arch);
  for (const char* format : {"table", "json", "svg"})
    time_process(argv[1], {"sweep", "--arch", "sm120", "--types", "nvfp4", "--format", format}, 30);
  time_process(argv[1], {"sweep", "--types", "nvfp4", "--grouped", "--epilogue", "finalize", "--format", "json"}, 30);
  // CUTLASS's 2,785 SM120 library kernels, read out of the generator listing and judged; some
  // exceed or never compile, so lint exits 1.
  for (const char* format : {"table", "json"}) time_process(argv[1], {"lint", argv[2], "--format", format}, 20, 1);
  // Big batches: stage counts 3 and 4 overflow on some tiles, so the batch exits 1.
  const std::string batch = write_batch(100'000, false), bare = write_batch(25'000, true);
  for (const char* format : {"table", "markdown", "csv", "json"})
    time_process(argv[1], {"--config", batch, "--format", format}, 5, 1);
  time_process(argv[1], {"--config", bare, "--format", "json"}, 5, 1);
  std::remove(batch.c_str());
  std::remove(bare.c_str());
  return 0;
}
