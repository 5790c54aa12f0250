// Any text given as --tile is a tile or one message; a tile is in range, and printed and parsed
// again it is the same tile.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_check.hpp"
#include "io/parse.hpp"

using namespace smem_budget;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto spec = io::parse_tile(text);
  if (!io::ok(spec)) {
    FUZZ_REQUIRE(!std::get<std::string>(spec).empty());
    return 0;
  }
  for (const auto& preset : operand_presets) {
    const auto tile = io::resolve_tile(std::get<io::TileSpec>(spec), preset.operand);
    if (!io::ok(tile)) {
      FUZZ_REQUIRE(!std::get<std::string>(tile).empty());
      continue;
    }
    const Tile& t = std::get<Tile>(tile);
    for (const bytes_t extent : {t.m, t.n, t.k}) FUZZ_REQUIRE(extent >= 1 && extent <= max_tile_extent);
    const auto again = io::parse_tile(io::format_tile(t));
    FUZZ_REQUIRE(io::ok(again));
    const auto& s = std::get<io::TileSpec>(again);
    FUZZ_REQUIRE(!s.k_in_bytes && s.m == t.m && s.n == t.n && s.k == t.k);
  }
  return 0;
}
