#include "io/tile_list.hpp"

#include <fmt/format.h>

#include "io/batch_file.hpp"
#include "io/kernel_name.hpp"

namespace smem_budget::io {

std::vector<TileSpec> read_tile_list(const std::string& path) {
  const std::string label = path == "-" ? "<stdin>" : path;
  const std::string text = read_input_file(path);
  std::vector<TileSpec> tiles;
  std::size_t line = 1;
  std::string token;
  bool comment = false;
  const auto take = [&] {
    if (token.empty()) return;
    const std::string origin = fmt::format("{}:{}", label, line);
    if (const auto tile = parse_tile(token); ok(tile)) {
      tiles.push_back(std::get<TileSpec>(tile));
    } else if (looks_like_kernel_name(token)) {
      const Settings name = kernel_name_settings(token, origin);
      tiles.push_back(std::get<TileSpec>(parse_tile(name.at("tile").value.get<std::string>())));
    } else {
      throw InputError(
          fmt::format("{}: \"{}\" is neither a tile (MxNxK, or MxNxKB with K in bytes of A) nor a kernel "
                      "name",
                      origin, token));
    }
    token.clear();
  };
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      take();
      comment = false;
      if (c == '\n') ++line;
    } else if (comment || c == '#') {
      take();
      comment = true;
    } else if (c == ' ' || c == '\t' || c == ',') {
      take();
    } else {
      token += c;
    }
  }
  take();
  if (tiles.empty()) throw InputError(fmt::format("{}: no tiles in it (MxNxK, MxNxKB, or kernel names)", label));
  return tiles;
}

}  // namespace smem_budget::io
