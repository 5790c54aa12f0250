// Any text handed to lint (a log, a source, a list): every kernel name found in it, a
// CutlassGemmConfig among them, reads or is refused with an InputError naming where; a config's
// one-line spelling reads back as itself.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>

#include "fuzz/fuzz_check.hpp"
#include "io/gemm_config.hpp"
#include "io/kernel_name.hpp"

using namespace smem_budget;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> names;
  try {
    names = io::kernel_names_in(text, "fuzz");
  } catch (const io::InputError& e) {
    FUZZ_REQUIRE(std::string(e.what()).rfind("fuzz:", 0) == 0);  // "fuzz:LINE: …"
    return 0;
  }
  for (const std::string& name : names) {
    if (io::starts_gemm_config(name)) {
      // This thread remembers each spelling it made as read; a fresh thread parses the text itself.
      std::optional<io::FoundGemmConfig> again;
      std::thread([&] { again = io::read_gemm_config(name, "spelling"); }).join();
      FUZZ_REQUIRE(again && again->spelling == name);
    }
    try {
      io::kernel_name_settings(name, "fuzz");
    } catch (const io::InputError& e) {
      FUZZ_REQUIRE(std::string(e.what()).rfind("fuzz", 0) == 0);
    }
  }
  return 0;
}
