// Every measured row of tests/data (sizeof of CUTLASS's types as nvcc computed them; see each
// file's "provenance") must be predicted exactly: verdict, stages and every byte count it has.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/parse.hpp"
#include "io/settings.hpp"
#include "report.hpp"
#include "settings_of.hpp"
#include "smem_budget/budget.hpp"
#include "test_data.hpp"

using namespace smem_budget;
using json = nlohmann::json;

namespace {

// A rejected row names the compiler's message; the model's rejection must be that assertion.
bool same_assertion(const json& row, Rejection rejection) {
  if (!row.contains("reason") || row["reason"].get<std::string>().find("static assertion") == std::string::npos)
    return true;  // older rows record a derivation or a CuTe error, not the assertion's text
  const std::string reason = row["reason"].get<std::string>();
  const std::string_view assertion = describe(rejection).assertion;
  return !assertion.empty() && reason.find(assertion) != std::string::npos;
}

// Compares one row as `answer` (evaluate, or judge, a filter's) gives it; returns what differs,
// empty when the row is exact.
std::string mismatch(const json& row, const ArchLimits& arch, Evaluation (*answer)(const Config&, const ArchLimits&)) {
  const Config config = io::to_config(settings_of(row["config"]));
  if (const auto error = invalid_input(config, arch)) return std::string(*error);
  const auto budget = answer(config, arch);
  if (!budget) return "overflow";
  const json& expect = row["expect"];
  std::string diff;
  const auto check = [&](const char* field, std::int64_t got) {
    if (expect.contains(field) && expect[field].get<std::int64_t>() != got)
      diff += fmt::format(" {}: expected {}, got {};", field, expect[field].get<std::int64_t>(), got);
  };
  const std::string verdict(name_of(budget->verdict));
  if (expect["verdict"] != verdict)
    diff += fmt::format(" verdict: expected {}, got {};", expect["verdict"].dump(), verdict);
  if (budget->verdict != Verdict::rejected) {
    check("stages", budget->decision.stages);
    check("stages_a", budget->decision.counts.a);
    check("stages_b", budget->decision.counts.b);
    check("stages_e", budget->decision.counts.e);
    check("stages_sf", budget->decision.counts.sf);
    check("mainloop_tensors", budget->mainloop_tensors);
    check("epilogue_shared_storage", budget->epilogue_shared_storage);
    check("total", budget->total);
  } else if (describe(budget->rejection).rule.empty()) {
    diff += " rejected without a rule;";
  } else if (!same_assertion(row, budget->rejection)) {
    diff += fmt::format(" rejected by \"{}\", not the measured assertion;", describe(budget->rejection).assertion);
  }
  return diff;
}

void check_file(const std::string& file) {
  const json data = load_test_data(file);
  const ArchLimits arch = *find_arch(data["arch"].get<std::string>());
  std::size_t exact = 0;
  for (std::size_t i = 0; i < data["rows"].size(); ++i) {
    const json& row = data["rows"][i];
    std::string diff = mismatch(row, arch, evaluate);
    if (const std::string judged = mismatch(row, arch, judge); !judged.empty()) diff += " judge():" + judged;
    if (diff.empty())
      ++exact;
    else
      UNSCOPED_INFO(fmt::format("row {} {}:{}", i, row["config"].dump(), diff));
  }
  WARN(fmt::format("{}: {}/{} rows exact", file, exact, data["rows"].size()));
  CHECK(exact == data["rows"].size());
}

}  // namespace

TEST_CASE("stock CUTLASS 4.7.0 kernels match nvcc's sizeof", "[oracle]") { check_file("sm120-stock.json"); }

TEST_CASE("TensorRT-LLM MoE kernels match nvcc's sizeof", "[oracle]") { check_file("sm120-trtllm-moe.json"); }

TEST_CASE("five CUTLASS releases match nvcc's sizeof", "[oracle]") { check_file("sm120-cutlass-versions.json"); }

TEST_CASE("odd tile shapes this project measured match nvcc's sizeof", "[oracle]") { check_file("sm120-probes.json"); }

TEST_CASE("blockwise, plain and sparse SM120 families match nvcc's sizeof", "[oracle]") {
  check_file("sm120-families.json");
}

TEST_CASE("the families' shape rules this project measured match nvcc", "[oracle]") {
  check_file("sm120-family-probes.json");
}

TEST_CASE("the families at CUTLASS 4.3.5 and 4.5.0 match nvcc", "[oracle]") {
  check_file("sm120-family-versions.json");
}

TEST_CASE("CUTLASS's own SM120 library kernels, by name, match nvcc's sizeof", "[oracle][kernel-names]") {
  check_file("sm120-kernel-names.json");
}

TEST_CASE("CUTLASS's own SM100 library kernels, by name, match nvcc's sizeof", "[oracle][kernel-names][sm100]") {
  check_file("sm100-kernel-names.json");
}

TEST_CASE("SM90 GEMMs (H100, H200) match nvcc's sizeof", "[oracle][sm90]") { check_file("sm90-oracle.json"); }

TEST_CASE("SM100 block-scaled GEMMs (B200) match nvcc's sizeof", "[oracle][sm100]") { check_file("sm100-oracle.json"); }

TEST_CASE("SM90 FP8 blockwise, column-major and 8-bit outputs this project measured match nvcc", "[oracle][sm90]") {
  check_file("sm90-probes.json");
}

TEST_CASE("SM100 FP6, 8-bit and column-major outputs and device-side checks this project measured match nvcc",
          "[oracle][sm100]") {
  check_file("sm100-probes.json");
}

TEST_CASE("SM103 FP4 ultra GEMMs this project measured match nvcc", "[oracle][sm103]") {
  check_file("sm103-probes.json");
}

TEST_CASE("SM90, SM100 and SM103 GEMMs measured at CUTLASS 4.3.0 to 4.6.0 match nvcc", "[oracle][versions]") {
  std::size_t files = 0;
  for (const std::string& file : test_data_files())
    if (!file.starts_with("sm120") && file.find("-cutlass-") != std::string::npos) {
      INFO(file);
      check_file(file);
      ++files;
    }
  CHECK(files == 15);
}

TEST_CASE("SM100 GEMMs without block scales, built for the device, match nvcc", "[oracle][device][sm100]") {
  check_file("sm100-dense-device.json");
}

TEST_CASE("SM100 block-scaled GEMMs with the epilogue builder given another class match nvcc",
          "[oracle][device][sm100]") {
  // FlashInfer's FP4 GEMM verbatim (OpClassTensorOp epilogue, a cluster chosen at run time) at 4.3.0,
  // 4.4.2 and 4.7.0: CUTLASS's automatic epilogue tile at N 256 is the generic one.
  check_file("sm100-epilogue-class-device.json");
}

TEST_CASE("two SM90 GEMMs launched on an H200 either side of the opt-in limit match", "[oracle][sm90]") {
  check_file("sm90-launch.json");
}

TEST_CASE("configurations built for the device match nvcc, verdicts included", "[oracle][device]") {
  std::size_t files = 0;
  for (const std::string& file : test_data_files())
    if (file.ends_with("-device.json")) {
      INFO(file);
      check_file(file);
      ++files;
    }
  CHECK(files >= 5);
}

TEST_CASE("the README counts every measured row, and those built for the device", "[oracle][readme]") {
  std::size_t rows = 0, device_built = 0;
  for (const std::string& file : test_data_files()) {
    const json data = load_test_data(file);
    for (const json& row : data["rows"]) {
      ++rows;
      device_built += row.value("build", "") == "device";
    }
  }
  std::ifstream in(std::string(SMEM_BUDGET_TEST_DATA) + "/../../README.md");
  std::stringstream readme;
  readme << in.rdbuf();
  CHECK(readme.str().find("checked byte for byte against " + io::group_digits(static_cast<long long>(rows))) !=
        std::string::npos);
  CHECK(readme.str().find("checked against " + io::group_digits(static_cast<long long>(device_built)) +
                          " configurations built for the device") != std::string::npos);
}

TEST_CASE("CUTLASS 2.x multistage GEMMs built for SM80, SM89 and SM120 match nvcc", "[oracle][device][sm80]") {
  check_file("sm80-device.json");
  check_file("sm89-device.json");
  check_file("sm120-2x-device.json");
  check_file("sm80-trtllm-tiles-device.json");
  check_file("sm120-2x-trtllm-tiles-device.json");
}

TEST_CASE("CUTLASS's own SM80 and SM89 2.x library kernels, by name, match nvcc", "[oracle][kernel-names][sm80]") {
  check_file("sm80-names-device.json");
  check_file("sm89-names-device.json");
  // The f64 and complex GEMMs: SM80's, and the 2.x-API ones the generator builds for SM90 (DMMA m16n8k4).
  check_file("sm80-complex-names-device.json");
  check_file("sm90-2x-names-device.json");
}

namespace {

// A 2.x f64 or complex configuration: the type everywhere, one warp tile, alignment 1.
Config wide_2x(Element type, Tile tile, WarpTile warp, MatrixLayout a, MatrixLayout b) {
  Config c;
  c.generation = Generation::cutlass2x;
  c.scaling = Scaling::none;
  c.types = {Operand{type, ScaleType::ue8m0, 32}, Operand{type, ScaleType::ue8m0, 32}};
  c.d = type;
  c.tile = tile;
  c.warp = warp;
  c.a_layout = a;
  c.b_layout = b;
  c.d_layout = MatrixLayout::row;
  c.alignment = {1, 1, 1};
  return c;
}

Rejection rejection_on(const Config& config, std::string_view arch) {
  const auto budget = evaluate(config, *find_arch(arch));
  REQUIRE(budget);
  return budget->rejection;
}

}  // namespace

TEST_CASE("the f64 and complex cores' assertions, past what the generator's kernels reach", "[sm80]") {
  const auto col = MatrixLayout::col, row = MatrixLayout::row;
  // One warp: every complex core asserts two (default_multistage_mma_complex_core_sm80.h:137); f64's
  // row-major A with column-major B core does not, its shared-memory iterators do
  // (regular_tile_access_iterator_tensor_op_sm80.h:454).
  CHECK(rejection_on(wide_2x(Element::cf64, {32, 32, 8}, {32, 32, 8}, col, col), "sm80") == Rejection::sm80_two_warps);
  CHECK(rejection_on(wide_2x(Element::f64, {32, 32, 16}, {32, 32, 16}, col, col), "sm80") == Rejection::sm80_two_warps);
  CHECK(rejection_on(wide_2x(Element::f64, {32, 32, 16}, {32, 32, 16}, row, col), "sm80") ==
        Rejection::sm80_iterator_two_warps);
  // A complex<double> warp tile 8 wide in M: SM80's m8n8k4 takes it, SM90's m16n8k4 does not.
  const Config narrow = wide_2x(Element::cf64, {16, 32, 8}, {8, 16, 8}, col, col);
  CHECK(rejection_on(narrow, "sm80") == Rejection::none);
  CHECK(rejection_on(narrow, "sm90") == Rejection::sm80_instruction_divides_warp);
  // 64-bit warp iterators read 16 rows of M or N (mma_tensor_op_tile_iterator_sm80.h:99).
  CHECK(rejection_on(wide_2x(Element::f64, {16, 32, 16}, {8, 16, 16}, row, col), "sm80") ==
        Rejection::sm80_warp_iterator_divisibility);
  // One K iteration of the DMMA's 4 (mma_base.h:128).
  CHECK(rejection_on(wide_2x(Element::f64, {32, 32, 4}, {16, 16, 4}, col, row), "sm80") ==
        Rejection::sm80_warp_k_iterations);
}
