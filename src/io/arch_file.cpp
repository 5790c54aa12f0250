#include "io/arch_file.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>

#include <fmt/format.h>

#include "io/batch_file.hpp"
#include "io/settings.hpp"

namespace smem_budget::io {
namespace {

using json = nlohmann::json;

ComputeCapability parse_cc(const std::string& text, const std::string& where) {
  ComputeCapability cc{-1, -1};
  const std::size_t dot = text.find('.');
  const auto number = [&](std::string_view piece, int& out) {
    const auto [end, ec] = std::from_chars(piece.data(), piece.data() + piece.size(), out);
    return ec == std::errc{} && end == piece.data() + piece.size() && !piece.empty() && out >= 0 && out < 100;
  };
  if (dot == std::string::npos || !number(std::string_view(text).substr(0, dot), cc.major) ||
      !number(std::string_view(text).substr(dot + 1), cc.minor))
    throw InputError(fmt::format("{}: compute_capability: \"{}\" is not MAJOR.MINOR, e.g. \"12.0\"", where, text));
  return cc;
}

}  // namespace

Architecture load_arch_file(const std::string& path) {
  const json doc = parse_json_strict(read_input_file(path), path);
  if (!doc.is_object()) throw InputError(fmt::format("{}: expected an object describing one GPU", path));
  constexpr std::array<std::string_view, 4> numeric{"smem_per_sm", "smem_per_block", "smem_per_block_optin",
                                                    "reserved_smem_per_block"};
  for (const auto& [key, value] : doc.items()) {
    const bool known = key == "name" || key == "compute_capability" || key == "example_parts" ||
                       std::find(numeric.begin(), numeric.end(), key) != numeric.end();
    if (!known)
      throw InputError(
          fmt::format("{}: unknown key \"{}\" (keys: name, compute_capability, smem_per_sm, "
                      "smem_per_block, smem_per_block_optin, reserved_smem_per_block)",
                      path, key));
  }
  Architecture arch;
  arch.source = path;
  const auto require = [&](const char* key) {
    if (!doc.contains(key))
      throw InputError(
          fmt::format("{}: {}: missing (an arch file gives name, compute_capability, "
                      "smem_per_sm, smem_per_block, smem_per_block_optin, "
                      "reserved_smem_per_block)",
                      path, key));
  };
  const auto text = [&](const char* key) {
    require(key);
    if (!doc[key].is_string()) throw InputError(fmt::format("{}: {}: expected a string", path, key));
    return doc[key].get<std::string>();
  };
  const auto bytes = [&](const char* key) -> bytes_t {
    require(key);
    if (!doc[key].is_number_integer() || doc[key].get<std::int64_t>() < 0 ||
        doc[key].get<std::int64_t>() > max_limit_bytes)
      throw InputError(fmt::format("{}: {}: expected a byte count 0…2^40", path, key));
    return doc[key].get<std::int64_t>();
  };
  arch.name = text("name");
  if (arch.name.empty()) throw InputError(fmt::format("{}: name: empty; name the GPU (results say it)", path));
  if (doc.contains("example_parts")) arch.example_parts = text("example_parts");
  arch.limits.cc = parse_cc(text("compute_capability"), path);
  arch.limits.smem_per_sm = bytes("smem_per_sm");
  arch.limits.smem_per_block = bytes("smem_per_block");
  arch.limits.smem_per_block_optin = bytes("smem_per_block_optin");
  arch.limits.reserved_smem_per_block = bytes("reserved_smem_per_block");
  check_limits(arch.limits, path);
  const ArchLimits& l = arch.limits;
  // A built-in's name would say that GPU while another's rules answer.
  if (const auto named = find_arch(arch.name); named && named->cc != l.cc)
    throw InputError(
        fmt::format("{}: name: \"{}\" is the built-in {} (compute capability {}.{}), not {}.{}: name "
                    "the GPU otherwise",
                    path, arch.name, named->name, named->cc.major, named->cc.minor, l.cc.major, l.cc.minor));
  return arch;
}

void check_limits(const ArchLimits& l, const std::string& where) {
  // As each real GPU has them.
  if (l.smem_per_block_optin == 0)
    throw InputError(fmt::format("{}: smem_per_block_optin: 0; a block may opt in to some shared memory", where));
  const auto at_most = [&](const char* key, bytes_t value, const char* bound, bytes_t limit) {
    if (value > limit)
      throw InputError(fmt::format("{}: {} ({}) is larger than {} ({})", where, key, value, bound, limit));
  };
  at_most("smem_per_block_optin", l.smem_per_block_optin, "smem_per_sm", l.smem_per_sm);
  at_most("smem_per_block", l.smem_per_block, "smem_per_block_optin", l.smem_per_block_optin);
  at_most("reserved_smem_per_block", l.reserved_smem_per_block, "smem_per_sm", l.smem_per_sm);
}

}  // namespace smem_budget::io
