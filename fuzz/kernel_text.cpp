// Any text handed to lint (a log, a source, a list): every kernel name found in it, a
// CutlassGemmConfig among them, reads or is refused with an InputError naming where; a config's
// one-line spelling reads back as itself; and configs with the same rest, the config with another
// tile among them, have settings that differ in the tile alone (what a tactic filter's shared
// completion rests on).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <variant>

#include "fuzz/fuzz_check.hpp"
#include "io/gemm_config.hpp"
#include "io/kernel_name.hpp"

using namespace smem_budget;

namespace {

// kernel_name_settings of a name, or the message of its InputError.
std::variant<io::Settings, std::string> settings_or_error(const std::string& name) {
  try {
    return io::kernel_name_settings(name, "fuzz");
  } catch (const io::InputError& e) {
    return std::string(e.what());
  }
}

// Two configs with the same rest (gemm_config_tile): where both read, their settings differ in the
// tile alone, each the tile gemm_config_tile gives. (A tile the reader takes may still be refused as
// a setting, 0 or past 65536: that config is judged the whole way.)
void check_same_rest(const std::string& one, const std::string& other) {
  const auto apart = io::gemm_config_tile(one), other_apart = io::gemm_config_tile(other);
  FUZZ_REQUIRE(apart && other_apart && apart->rest == other_apart->rest);
  const auto settings = settings_or_error(one), other_settings = settings_or_error(other);
  if (settings.index() == 1 || other_settings.index() == 1) return;
  const auto& a = std::get<io::Settings>(settings);
  const auto& b = std::get<io::Settings>(other_settings);
  FUZZ_REQUIRE(a.size() == b.size() && a.at("tile").value == apart->tile && b.at("tile").value == other_apart->tile);
  for (const auto& [key, setting] : a)
    FUZZ_REQUIRE(key == "tile" || (b.contains(key) && b.at(key).value == setting.value));
}

// A config's spelling with another tile.
std::string with_another_tile(const std::string& spelling) {
  const std::size_t tile = spelling.find("tile=CtaShape");
  FUZZ_REQUIRE(tile != std::string::npos);
  return spelling.substr(0, tile) + "tile=CtaShape64x8x16B" + spelling.substr(spelling.find_first_of(" }", tile));
}

}  // namespace

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
      if (const auto apart = io::gemm_config_tile(name)) {
        check_same_rest(name, with_another_tile(name));
        for (const std::string& other : names)
          if (const auto other_apart = io::gemm_config_tile(other); other_apart && other_apart->rest == apart->rest)
            check_same_rest(name, other);
      }
    }
    try {
      io::kernel_name_settings(name, "fuzz");
    } catch (const io::InputError& e) {
      FUZZ_REQUIRE(std::string(e.what()).rfind("fuzz", 0) == 0);
    }
  }
  return 0;
}
