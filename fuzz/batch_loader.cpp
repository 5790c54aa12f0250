// Any bytes given as a batch file are configurations or one InputError naming the file; what is
// accepted evaluates and renders without failing.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_check.hpp"
#include "io/batch_file.hpp"
#include "render/render.hpp"
#include "report.hpp"

using namespace smem_budget;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Report report;
  report.arch = {"sm120", "", "built-in", *find_arch("sm120"), {}};
  try {
    io::BatchFile batch = io::parse_batch(text, "fuzz.json");
    for (std::size_t i = 0; i < batch.entries.size(); ++i) {
      const io::BatchEntry entry = io::read_entry(batch, i);
      io::Settings settings = batch.defaults;
      for (const auto& [key, setting] : entry.settings) settings[key] = setting;
      const Config config = io::to_config(settings);
      if (invalid_input(config, report.arch.limits)) continue;
      if (const auto budget = evaluate(config, report.arch.limits))
        report.results.push_back({entry.name, config, *budget, std::nullopt, {}, ""});
    }
  } catch (const io::InputError& e) {
    FUZZ_REQUIRE(std::string(e.what()).rfind("fuzz.json", 0) == 0);
    return 0;
  }
  render::table(report);
  render::csv(report);
  const auto document = nlohmann::json::parse(render::json(report));
  FUZZ_REQUIRE(document["results"].size() == report.results.size());
  return 0;
}
