#include "io/kernel_name.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>

#include "io/cutlass2x_name.hpp"
#include "io/cutlass_name.hpp"
#include "io/gemm_config.hpp"
#include "io/name_reader.hpp"

namespace smem_budget::io {
namespace {

constexpr std::string_view cutlass_prefix = "cutlass3x_sm";
// The generator names the 2.x-API kernels it makes for SM90 cutlass_sm90_tensorop_… (the f64 and
// complex GEMMs of GenerateSM90_TensorOp_1684…; gemm_operation.py procedural_name).
constexpr std::string_view cutlass2x_arch_prefix = "cutlass_sm";
constexpr std::string_view tactic_word = "CtaShape";
constexpr std::string_view tactic_enum = "CutlassTileConfig";
constexpr std::string_view warp_word = "_WarpShape";

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// [CutlassTileConfig::]CtaShape{M}x{N}x{K}_WarpShape{M}x{N}x{K}: TensorRT-LLM's tiles of its
// CUTLASS 2.x kernels (cutlass_extensions/gemm_configs.h), K in elements as the kernels'
// GemmShape spells it; the stage count and split-K are the config's other fields.
Settings tactic_2x_settings(std::string_view tactic, NameReader& r) {
  const std::size_t warp = tactic.find(warp_word);
  const std::string_view tile = tactic.substr(tactic_word.size(), warp - tactic_word.size());
  const std::string_view warp_tile = tactic.substr(warp + warp_word.size());
  if (tile.ends_with('B'))
    r.fail(tile, "a 2.x tactic's tile gives K in elements, e.g. CtaShape128x128x64_WarpShape64x32x64");
  r.set("generation", "2x", tactic);
  r.set("tile", std::string(tile), tile);
  r.set("warp", std::string(warp_tile), warp_tile);
  return r.take();
}

// [CutlassTileConfigSM120::]CtaShape{M}x{N}x{K}B[_Cluster1x1x1]: K in bytes of A; or a 2.x tactic.
Settings tactic_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  std::string_view rest = name;
  if (rest.starts_with(tactic_enum)) {
    const std::size_t colons = rest.find("::");
    const std::string_view sm = rest.substr(tactic_enum.size(), colons - tactic_enum.size());
    if (colons == std::string_view::npos)
      r.fail(name, "expected CutlassTileConfigSM120::CtaShape… or CutlassTileConfig::CtaShape…");
    rest = rest.substr(colons + 2);
    const bool two_x = sm.empty();
    if (two_x != (rest.find(warp_word) != std::string_view::npos))
      r.fail(name.substr(0, colons), two_x ? "a CutlassTileConfig tactic names its warp tile: CtaShape…_WarpShape…"
                                           : "a CutlassTileConfigSM… tactic has no warp tile");
    if (!two_x && sm.starts_with("SM")) {
      const std::string_view number = sm.substr(2);
      if (number != "120" && number != "121")
        r.fail(name.substr(0, colons),
               fmt::format("not modelled: an SM{} tactic; the model has SM120/SM121's and the 2.x CutlassTileConfig's",
                           number));
    }
  }
  if (!rest.starts_with(tactic_word)) r.fail(rest, "expected a CtaShape…B tactic, e.g. CtaShape128x256x64B");
  if (rest.find(warp_word) != std::string_view::npos) return tactic_2x_settings(rest, r);
  rest = rest.substr(tactic_word.size());
  std::string_view tile = rest.substr(0, rest.find('_'));
  const std::string_view suffix = rest.substr(tile.size());
  if (!suffix.empty() && suffix != "_Cluster1x1x1") r.fail(suffix, "not modelled: SM120 kernels run 1x1x1 clusters");
  if (!tile.ends_with('B'))
    r.fail(tile, "an SM120 tactic gives K in bytes of A and ends in B, e.g. CtaShape128x256x64B");
  r.set("tile", std::string(tile), tile);
  return r.take();
}

}  // namespace

std::optional<std::string> kernel_name_arch(std::string_view name) {
  if (starts_gemm_config(name)) return gemm_config_arch(name);
  if (name.starts_with(cutlass2x_sm90_prefix)) return "sm90";
  if (!name.starts_with(cutlass_prefix)) return std::nullopt;
  const std::string_view rest = name.substr(cutlass_prefix.size() - 2);  // "sm…_…"
  return std::string(rest.substr(0, rest.find('_')));
}

bool is_tactic_name(std::string_view text) { return text.starts_with(tactic_word) || text.starts_with(tactic_enum); }

bool looks_like_kernel_name(std::string_view text) {
  return text.starts_with(cutlass_prefix) || text.starts_with(cutlass2x_arch_prefix) || is_cutlass2x_name(text) ||
         text.starts_with(tactic_word) || text.starts_with(tactic_enum) || starts_gemm_config(text);
}

Settings kernel_name_settings(std::string_view name, const Origin& origin) {
  if (name.starts_with(cutlass_prefix)) return cutlass_name_settings(name, origin);
  if (name.starts_with(cutlass2x_sm90_prefix)) return cutlass2x_sm90_name_settings(name, origin);
  if (name.starts_with(cutlass2x_arch_prefix))
    NameReader(origin).fail(name.substr(0, name.find('_', cutlass2x_arch_prefix.size())),
                            "not modelled: CUTLASS 2.x-API kernels the generator builds for an architecture past SM90");
  if (is_cutlass2x_name(name)) return cutlass2x_name_settings(name, origin);
  if (starts_gemm_config(name)) return gemm_config_settings(name, origin);
  if (looks_like_kernel_name(name)) return tactic_settings(name, origin);
  throw InputError(
      fmt::format("{}: \"{}\" is not a kernel name: expected a CUTLASS library name (cutlass3x_sm120_…, "
                  "cutlass_tensorop_… for 2.x kernels, as python/cutlass_library names them) or a TensorRT-LLM / "
                  "FlashInfer tactic (CtaShape128x256x64B, or a CutlassGemmConfig as toString() prints it)",
                  origin, name));
}

void expand_kernel_name(Settings& layer) {
  const auto kernel = layer.find("kernel");
  if (kernel == layer.end()) return;
  // A key the layer gives stays; the name's other settings move in, node by node.
  layer.merge(kernel_name_settings(kernel->second.value.get_ref<const std::string&>(), kernel->second.origin));
}

std::string kernel_display_name(std::string_view name) {
  if (!starts_gemm_config(name)) return std::string(name);
  auto config = read_gemm_config(name, Origin());
  return config ? std::move(config->spelling) : std::string(name);
}

namespace {

// The words that start a kernel name: a CUTLASS library name, a tactic, a CutlassGemmConfig.
constexpr std::array<std::string_view, 5> name_words{cutlass_prefix, cutlass2x_arch_prefix, cutlass2x_tensorop_prefix,
                                                     cutlass2x_simt_prefix, tactic_word};

bool holds_a_name_word(std::string_view text) {
  const auto in_text = [text](std::string_view word) { return text.find(word) != std::string_view::npos; };
  return std::any_of(name_words.begin(), name_words.end(), in_text) ||
         std::any_of(gemm_config_starts().begin(), gemm_config_starts().end(), in_text);
}

// The one config a text holds when it starts with it and no word that starts a name follows, as
// an autotuner's entry does: what the scan below finds in it, read without the scan.
std::optional<std::string> only_config_in(std::string_view text, const std::string& label) {
  if (!starts_gemm_config(text)) return std::nullopt;
  auto read = read_gemm_config(text, Origin(label + ":1"));
  if (!read || holds_a_name_word(text.substr(read->length))) return std::nullopt;
  return std::move(read->spelling);
}

}  // namespace

std::vector<std::string> kernel_names_in(std::string_view text, const std::string& label) {
  std::vector<std::string> names;
  if (auto config = only_config_in(text, label)) {
    names.push_back(std::move(*config));  // moved: a braced list would copy it
    return names;
  }
  std::unordered_set<std::string> seen;
  const auto add = [&](std::string name) {
    if (seen.insert(name).second) names.push_back(std::move(name));
  };
  // The name from `start` to the end of the identifier at `word` (past an enum's "::").
  const auto take = [&](std::size_t start, std::size_t word) {
    std::size_t end = word;
    while (end < text.size() && is_identifier_char(text[end])) ++end;
    add(std::string(text.substr(start, end - start)));
    return end;
  };
  // The line of a config, for its errors: counted on from the last one's, once through the text.
  std::size_t line = 1, counted_to = 0;
  const auto line_of = [&](std::size_t at) {
    line += static_cast<std::size_t>(std::count(text.begin() + counted_to, text.begin() + at, '\n'));
    counted_to = at;
    return line;
  };
  // The words that start a name, each with where it next occurs at or after `at`, searched again
  // only once the scan has passed it: a word the text lacks costs one search, not one per name.
  // A word not searched for yet is `unsearched`.
  enum class Kind { name, tactic, config };
  constexpr std::size_t unsearched = std::string_view::npos - 1;
  struct Start {
    std::string_view word;
    Kind kind;
    std::size_t next;
  };
  std::vector<Start> starts;
  for (std::string_view word : name_words)
    starts.push_back({word, word == tactic_word ? Kind::tactic : Kind::name, unsearched});
  for (std::string_view word : gemm_config_starts()) starts.push_back({word, Kind::config, unsearched});
  for (std::size_t at = 0; at < text.size();) {
    // A word right at `at` is the next one, the first of `starts` on a tie as below; the others
    // need no search yet (a text that is one config, say).
    const Start* first = nullptr;
    for (Start& s : starts)
      if (text.substr(at).starts_with(s.word)) {
        s.next = at;
        first = &s;
        break;
      }
    if (first == nullptr) {
      first = &starts.front();
      for (Start& s : starts) {
        if (s.next < at || s.next == unsearched) s.next = text.find(s.word, at);
        if (s.next < first->next) first = &s;
      }
    }
    const std::size_t found = first->next;
    if (found == std::string_view::npos) break;
    if (found > 0 && is_identifier_char(text[found - 1])) {
      at = found + 1;  // inside a longer word
      continue;
    }
    if (first->kind == Kind::config) {
      const Origin origin(fmt::format("{}:{}", label, line_of(found)));
      if (auto read = read_gemm_config(text.substr(found), origin)) {
        add(std::move(read->spelling));
        at = found + read->length;
      } else {
        at = found + 1;  // a construction from variables: no tactic
      }
      continue;
    }
    std::size_t start = found;
    // Keep the enum's name with its enumerator: CutlassTileConfigSM120::CtaShape…
    if (first->kind == Kind::tactic && found >= 2 && text.substr(found - 2, 2) == "::") {
      std::size_t word = found - 2;
      while (word > 0 && is_identifier_char(text[word - 1])) --word;
      if (text.substr(word, found - 2 - word).starts_with(tactic_enum)) start = word;
    }
    at = take(start, found);
  }
  return names;
}

}  // namespace smem_budget::io
