#include "io/gemm_config.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "io/input_error.hpp"
#include "io/kernel_name.hpp"
#include "io/name_reader.hpp"
#include "io/text_hash.hpp"
#include "io/trtllm_enums.hpp"

namespace smem_budget::io {
namespace {

constexpr std::string_view block_header = "Cutlass GEMM Tactic";
constexpr std::string_view line_tma = "tile_config_sm90_enum:";
constexpr std::string_view line_compatible = "tile_config_enum:";
constexpr std::string_view spelled = "CutlassGemmConfig{";
constexpr std::string_view constructed_paren = "CutlassGemmConfig(";
constexpr std::string_view cta_prefix = "CtaShape";  // a TMA tile enumerator: CtaShape{M}x{N}x{K}B
constexpr std::array<std::string_view, 5> config_starts{block_header, line_tma, line_compatible, spelled,
                                                        constructed_paren};

// One CutlassGemmConfig's fields, as TensorRT-LLM names them; enumerators by name.
struct GemmConfig {
  std::optional<int> sm_version;
  bool tma_warp_specialized = true;
  std::string tile;  // TMA: CtaShape128x256x64B's shape, 128x256x64 (K in bytes of A); 2.x: an enumerator
  std::string cluster_shape = "1x1x1";
  std::string dynamic_cluster_shape, fallback_cluster_shape;  // empty: Undefined
  std::string_view mainloop_schedule = "AUTO", epilogue_schedule = "AUTO", epilogue_fusion_type = "NONE";
  bool swap_ab = false;
  bool use_stream_k = false;  // FlashInfer's SM120 GEMM configs: the stream-K tile scheduler
  bool enable_cuda_kernel = false;
  int stages = -1;
  int split_k_factor = 1;
};

// What a spelling of a config says: all of it; what gemm_config_settings reads of it (its fallback
// cluster shape left out, its dynamic one said to be there but not its size: the settings read no
// more); or that, with the tile left out ("tile=any").
enum class Spelled { whole, as_read, rest };

std::string spelling_of(const GemmConfig& c, Spelled what = Spelled::whole) {
  if (c.tile.empty()) return std::string(spelled) + "enableCudaKernel=true}";  // the CUDA-core tactic names no tile
  // Plain appends to one buffer: every config a list or a check_many call reads is spelled once.
  std::string s;
  s.reserve(192);
  s += spelled;
  const auto field = [&s](std::string_view key, std::string_view value) {
    s += ' ';
    s += key;
    s += '=';
    s += value;
  };
  const auto number = [&s](int n) {
    std::array<char, 12> digits{};
    s.append(digits.data(), std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr);
  };
  if (c.sm_version) {
    s += "sm_version=";
    number(*c.sm_version);
    s += ' ';
  }
  s += "tile=";
  if (what == Spelled::rest) {
    s += "any";
  } else if (c.tma_warp_specialized) {
    s += cta_prefix;
    s += c.tile;
    s += 'B';
  } else {
    s += c.tile;
  }
  if (c.tma_warp_specialized) {
    field("cluster_shape", c.cluster_shape);
    if (!c.dynamic_cluster_shape.empty())
      field("dynamic_cluster_shape",
            what == Spelled::whole ? std::string_view(c.dynamic_cluster_shape) : std::string_view("dynamic"));
    if (!c.fallback_cluster_shape.empty() && what == Spelled::whole)
      field("fallback_cluster_shape", c.fallback_cluster_shape);
    if (c.mainloop_schedule != "AUTO") field("mainloop_schedule", c.mainloop_schedule);
    if (c.epilogue_schedule != "AUTO") field("epilogue_schedule", c.epilogue_schedule);
    if (c.epilogue_fusion_type != "NONE") field("epilogue_fusion_type", c.epilogue_fusion_type);
    if (c.swap_ab) s += " swap_ab=true";
    if (c.use_stream_k) s += " use_stream_k=true";
  } else {
    s += " stages=";
    number(c.stages);
    if (c.split_k_factor != 1) {
      s += " split_k_factor=";
      number(c.split_k_factor);
    }
  }
  if (c.enable_cuda_kernel) s += " enableCudaKernel=true";
  s += '}';
  return s;
}

std::string_view trim(std::string_view t) {
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\r')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
  return t;
}

std::optional<int> integer(std::string_view t) {
  t = trim(t);
  int v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

// Whether `value` is three numbers joined by x's, each small enough that doubling M for a 2-SM MMA
// cannot overflow.
bool is_shape(std::string_view value) {
  std::size_t numbers = 0, digits = 0;
  for (const char ch : value) {
    if (ch == 'x') {
      if (digits == 0) return false;
      ++numbers;
      digits = 0;
    } else if (ch >= '0' && ch <= '9' && digits < 5) {
      ++digits;
    } else {
      return false;
    }
  }
  return numbers == 2 && digits > 0;
}

// Reads one config's fields, naming the field at fault in every error.
class FieldReader {
 public:
  FieldReader(const Origin& origin, std::string_view form) : origin_(origin), form_(form) {}

  [[noreturn]] void fail(std::string_view field, const std::string& why) const {
    throw InputError(fmt::format("{}: {}, \"{}\": {}", origin_, form_, field, why));
  }

  // A value below 10⁶ is an enumerator's position (the enums before they were shape-coded), which
  // only the toString() block, naming the architecture, says the enum of.
  [[noreturn]] void fail_position(std::string_view field, int value) const {
    fail(field, fmt::format("{} is an enumerator's position, which this form does not say the enum of; give the "
                            "toString() block, which names the architecture",
                            value));
  }

  int number(std::string_view field, std::string_view value) const {
    const auto v = integer(value);
    if (!v) fail(field, fmt::format("\"{}\" is not a number", trim(value)));
    return *v;
  }

  bool boolean(std::string_view field, std::string_view value) const {
    value = trim(value);
    if (value == "true") return true;
    if (value == "false") return false;
    fail(field, fmt::format("\"{}\" is neither true nor false", value));
  }

  std::string_view enumerator(std::string_view field, const trtllm::EnumTable& table, std::string_view value) const {
    value = trim(value);
    if (const auto v = integer(value)) {
      if (const auto name = table.name_of(*v)) return *name;
    } else if (table.value_of(value)) {
      return *table.name_of(*table.value_of(value));
    }
    std::string known;
    for (const trtllm::Enumerator& e : table)
      known += fmt::format("{}{} {}", known.empty() ? "" : ", ", e.value, e.name);
    fail(field, fmt::format("{} has no enumerator {} ({}: {})", table.type, value, table.source, known));
  }

  // A shape as toString() prints it ("128x256x64", "undefined") or as a shape-coded enumerator
  // value (m·10⁶ + n·10³ + k, gemm_configs.h shape_tuple_to_enum); "" for Undefined.
  std::string shape(std::string_view field, std::string_view value) const {
    value = trim(value);
    if (value == "undefined") return "";
    const auto first = value.find('x');  // a number has none
    if (const auto v = first == std::string_view::npos ? integer(value) : std::nullopt) {
      if (*v == 0) return "";
      if (*v < 1000000) fail_position(field, *v);
      return fmt::format("{}x{}x{}", *v / 1000000, *v / 1000 % 1000, *v % 1000);
    }
    if (!is_shape(value)) fail(field, fmt::format("\"{}\" is not a shape (MxNxK, each a number)", value));
    return std::string(value);
  }

  // A 2.x tile, CutlassTileConfig's enumerator by position or name.
  std::string tile_2x(std::string_view field, std::string_view value) const {
    const std::string_view name = enumerator(field, trtllm::tile_2x, value);
    if (name == "Undefined" || name == "ChooseWithHeuristic")
      fail(field, fmt::format("{}: the config asks for a heuristic, not a tactic", name));
    return std::string(name);
  }

  // A TMA warp-specialized tile enumerator, CtaShape{M}x{N}x{K}B: its shape.
  std::string cta_tile(std::string_view field, std::string_view value) const {
    value = trim(value);
    if (!value.starts_with(cta_prefix) || !value.ends_with('B'))
      fail(field, fmt::format("\"{}\" is not a tile enumerator (CtaShape{{M}}x{{N}}x{{K}}B)", value));
    std::string tile = shape(field, value.substr(cta_prefix.size(), value.size() - cta_prefix.size() - 1));
    if (tile.empty()) fail(field, fmt::format("\"{}\" is not a tile enumerator (CtaShape{{M}}x{{N}}x{{K}}B)", value));
    return tile;
  }

  // The tile of a TMA warp-specialized config; positions (before the enums were shape-coded) by
  // the architecture's enum.
  std::string tma_tile(std::string_view field, std::string_view value, std::optional<int> sm) const {
    value = trim(value);
    if (value == "heuristic" || value == "1" || value == "undefined" || value == "0")
      fail(field, "ChooseWithHeuristic/Undefined: the config asks for a heuristic, not a tactic");
    if (const auto v = integer(value); v && *v < 1000000) {
      const trtllm::EnumTable* table = !sm                       ? nullptr
                                       : *sm == 90               ? &trtllm::tile_sm90
                                       : *sm >= 100 && *sm < 120 ? &trtllm::tile_sm100
                                       : *sm >= 120              ? &trtllm::tile_sm120
                                                                 : nullptr;
      if (!table) fail_position(field, *v);
      return std::string(enumerator(field, *table, value));
    }
    return shape(field, value);
  }

 private:
  const Origin& origin_;
  std::string_view form_;
};

// Where a config read lies in its text: where it ends, and where the tile's shape starts where the
// reader took it as written there (tile_cut's shape: "128x256x64" of "tile shape ID: 128x256x64"
// or of "tile=CtaShape128x256x64B"); npos where it did not.
struct Extent {
  std::size_t end = 0;
  std::size_t shape_at = std::string_view::npos;
};

// A field line of toString()'s block: "sm: 120", "style=compatible", "undefined".
struct Field {
  std::string_view name, value;
};

// The field lines after the header, the first `capacity` of them kept: the longest block prints
// eleven, and a twelfth is enough to refuse one that prints more.
struct BlockFields {
  static constexpr std::size_t capacity = 12;
  std::array<Field, capacity> lines;
  std::size_t count = 0;
  const Field& operator[](std::size_t i) const { return lines[i]; }
  std::size_t size() const { return count; }
  bool empty() const { return count == 0; }
};

// Where a field line's name ends: at its first ": ".
std::size_t name_end(std::string_view line) {
  std::size_t colon = line.find(':');
  while (colon != std::string_view::npos && (colon + 1 == line.size() || line[colon + 1] != ' '))
    colon = line.find(':', colon + 1);
  return colon;
}

constexpr std::string_view style_prefix = "style=";

// The field lines after the header: each follows a line break (or a logged "\n") and starts with
// a tab or spaces (or a logged "\t"); the first line that does not ends the block. A line ends at
// a line feed, a carriage return or a logged "\n": the last two are looked for in each line only
// where the text holds one, a block being read for each of an autotuner's hundreds of tactics.
BlockFields block_fields(std::string_view text, std::size_t& end) {
  BlockFields fields;
  const bool has_return = text.find('\r') != std::string_view::npos;
  const bool has_backslash = text.find('\\') != std::string_view::npos;
  const auto at_char = [text](std::size_t i, char c) { return i < text.size() && text[i] == c; };
  std::size_t at = block_header.size();
  while (at < text.size()) {
    std::size_t next = at;
    if (text[next] == '\r') ++next;
    if (at_char(next, '\n'))
      next += 1;
    else if (at_char(next, '\\') && at_char(next + 1, 'n'))
      next += 2;
    else
      break;
    std::size_t content = next;
    if (at_char(content, '\\') && at_char(content + 1, 't'))
      content += 2;
    else if (at_char(content, '\t') || at_char(content, ' '))
      while (at_char(content, '\t') || at_char(content, ' ')) ++content;
    else
      break;
    std::string_view line = text.substr(content, text.find('\n', content) - content);
    if (has_return) line = line.substr(0, line.find('\r'));
    if (has_backslash) {
      std::size_t slash = line.find('\\');
      while (slash != std::string_view::npos && !at_char(content + slash + 1, 'n')) slash = line.find('\\', slash + 1);
      line = line.substr(0, slash);
    }
    const std::string_view written = trim(line);
    if (written.empty()) break;  // a line of blanks ends the block, as an empty line does
    at = end = content + line.size();
    if (fields.count == BlockFields::capacity) continue;
    line = written;
    Field& field = fields.lines[fields.count++];
    if (const std::size_t colon = name_end(line); line.starts_with(style_prefix))
      field = {"style", line.substr(style_prefix.size())};
    else if (colon != std::string_view::npos)
      field = {line.substr(0, colon), line.substr(colon + 2)};
    else
      field = {line, ""};
  }
  return fields;
}

// The fields each style prints, in order (gemm_configs.h CutlassGemmConfig::toString): TensorRT-LLM
// 000a01d's positional block, and the shape-coded block of FlashInfer fb28d72 (and TensorRT-LLM since).
constexpr std::array<std::string_view, 6> tma_fields_positional{
    "sm", "tile shape ID", "cluster shape ID", "mainloop sched", "epi sched", "enable cuda kernel"};
constexpr std::array<std::string_view, 10> tma_fields{"sm",
                                                      "tile shape ID",
                                                      "cluster shape ID",
                                                      "dynamic cluster shape ID",
                                                      "fallback cluster shape ID",
                                                      "mainloop sched",
                                                      "epi sched",
                                                      "enable cuda kernel",
                                                      "epilogue fusion type",
                                                      "swap_ab"};
constexpr std::array<std::string_view, 4> compatible_fields{"tile shape ID", "stages", "split k", "enable cuda kernel"};

template <std::size_t N>
void expect_fields(const FieldReader& r, const BlockFields& got, const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i) {
    if (i + 1 >= got.size())
      r.fail(names[i], fmt::format("the block breaks off before it (the block prints {} fields after the style: {})", N,
                                   fmt::join(names, ", ")));
    if (got[i + 1].name != names[i]) r.fail(got[i + 1].name, fmt::format("expected the field \"{}\" here", names[i]));
  }
  if (got.size() > N + 1) r.fail(got[N + 1].name, "a field the block does not print");
}

GemmConfig from_block(std::string_view text, const Origin& origin, Extent& extent) {
  const FieldReader r(origin, "a CutlassGemmConfig::toString() block");
  const BlockFields f = block_fields(text, extent.end);
  GemmConfig c;
  if (f.empty()) r.fail(block_header, "no fields follow it (each on its own line, after a tab)");
  if (f[0].name == "undefined") r.fail("undefined", "the config names no tactic");
  if (f[0].name == "enable cuda kernel") {
    // toString() prints this field first only for the CUDA-core tactic, which names no tile.
    c.enable_cuda_kernel = r.boolean(f[0].name, f[0].value);
    if (!c.enable_cuda_kernel)
      r.fail(f[0].name,
             "false with no style before it: toString() prints it first only for the CUDA-core tactic, true");
    return c;
  }
  if (f[0].name != "style") r.fail(f[0].name, "expected \"style=TMA Warp Specialized\" or \"style=compatible\"");
  if (f[0].value == "compatible") {
    expect_fields(r, f, compatible_fields);
    c.tma_warp_specialized = false;
    c.tile = r.tile_2x("tile shape ID", f[1].value);
    c.stages = r.number("stages", f[2].value);
    c.split_k_factor = r.number("split k", f[3].value);
    c.enable_cuda_kernel = r.boolean("enable cuda kernel", f[4].value);
    return c;
  }
  if (f[0].value != "TMA Warp Specialized")
    r.fail("style", fmt::format("\"{}\" is neither TMA Warp Specialized nor compatible", f[0].value));
  if (f.size() < 2 || f[1].name != "sm") r.fail(f.size() < 2 ? "style" : f[1].name, "expected the field \"sm\" next");
  c.sm_version = r.number("sm", f[1].value);
  const bool positional =
      f.size() > 2 && f[2].name == "tile shape ID" && integer(f[2].value) && *integer(f[2].value) < 1000000;
  if (positional) {
    expect_fields(r, f, tma_fields_positional);
    c.tile = r.tma_tile("tile shape ID", f[2].value, c.sm_version);
    c.cluster_shape = std::string(r.enumerator("cluster shape ID", trtllm::cluster_positions, f[3].value));
    c.mainloop_schedule = r.enumerator("mainloop sched", trtllm::mainloop, f[4].value);
    c.epilogue_schedule = r.enumerator("epi sched", trtllm::epilogue, f[5].value);
    c.enable_cuda_kernel = r.boolean("enable cuda kernel", f[6].value);
    return c;
  }
  expect_fields(r, f, tma_fields);
  c.tile = r.tma_tile("tile shape ID", f[2].value, c.sm_version);
  extent.shape_at = static_cast<std::size_t>(trim(f[2].value).data() - text.data());  // as tma_tile reads it
  c.cluster_shape = r.shape("cluster shape ID", f[3].value);
  c.dynamic_cluster_shape = r.shape("dynamic cluster shape ID", f[4].value);
  c.fallback_cluster_shape = r.shape("fallback cluster shape ID", f[5].value);
  c.mainloop_schedule = r.enumerator("mainloop sched", trtllm::mainloop, f[6].value);
  c.epilogue_schedule = r.enumerator("epi sched", trtllm::epilogue, f[7].value);
  c.enable_cuda_kernel = r.boolean("enable cuda kernel", f[8].value);
  c.epilogue_fusion_type = r.enumerator("epilogue fusion type", trtllm::fusion, f[9].value);
  c.swap_ab = r.boolean("swap_ab", f[10].value);
  if (c.cluster_shape.empty()) r.fail("cluster shape ID", "undefined: a tactic has a cluster shape");
  return c;
}

// "key: value, key: value, …" up to the end of the line; the pairs read and where they end.
std::vector<Field> line_fields(std::string_view text, std::size_t& end) {
  std::vector<Field> fields;
  const std::size_t eol = std::min(text.find('\n'), text.size());
  std::string_view line = text.substr(0, eol);
  end = 0;
  while (!line.empty()) {
    const std::size_t colon = line.find(": ");
    if (colon == std::string_view::npos) break;
    const std::size_t comma = line.find(", ", colon);
    std::string_view value = line.substr(colon + 2, comma == std::string_view::npos ? line.size() : comma - colon - 2);
    // The value is a word: a log line may go on after the last pair.
    value = value.substr(0, value.find_first_of(" \t\r)]}\"'"));
    fields.push_back({trim(line.substr(0, colon)), value});
    end = static_cast<std::size_t>(value.data() + value.size() - text.data());
    if (comma == std::string_view::npos) break;
    line = line.substr(comma + 2);
  }
  return fields;
}

GemmConfig from_line(std::string_view text, const Origin& origin, Extent& extent) {
  const FieldReader r(origin, "a CutlassGemmConfig operator<< line");
  const std::vector<Field> f = line_fields(text, extent.end);
  const auto value = [&](std::string_view name, bool required) -> std::optional<std::string_view> {
    for (const Field& field : f)
      if (field.name == name) return field.value;
    if (required) r.fail(name, "the line breaks off before it");
    return std::nullopt;
  };
  GemmConfig c;
  if (f.empty()) r.fail(text.substr(0, text.find(':')), "no value follows it");
  if (f[0].name == "tile_config_enum") {
    c.tma_warp_specialized = false;
    c.tile = r.tile_2x("tile_config_enum", f[0].value);
    c.split_k_factor = r.number("split_k_factor", *value("split_k_factor", true));
    c.stages = r.number("stages", *value("stages", true));
    c.enable_cuda_kernel = r.boolean("enable_cuda_kernel", *value("enable_cuda_kernel", true));
    return c;
  }
  c.tile = r.tma_tile("tile_config_sm90_enum", f[0].value, std::nullopt);
  c.mainloop_schedule =
      r.enumerator("mainloop_schedule_enum", trtllm::mainloop, *value("mainloop_schedule_enum", true));
  c.epilogue_schedule =
      r.enumerator("epilogue_schedule_enum", trtllm::epilogue, *value("epilogue_schedule_enum", true));
  c.cluster_shape = r.shape("cluster_shape_enum", *value("cluster_shape_enum", true));
  if (c.cluster_shape.empty()) r.fail("cluster_shape_enum", "Undefined: a tactic has a cluster shape");
  if (const auto v = value("dynamic_cluster_shape_enum", false))
    c.dynamic_cluster_shape = r.shape("dynamic_cluster_shape_enum", *v);
  if (const auto v = value("fallback_cluster_shape_enum", false))
    c.fallback_cluster_shape = r.shape("fallback_cluster_shape_enum", *v);
  c.enable_cuda_kernel = r.boolean("enable_cuda_kernel", *value("enable_cuda_kernel", true));
  c.epilogue_fusion_type = r.enumerator("epilogue_fusion_type", trtllm::fusion, *value("epilogue_fusion_type", true));
  c.swap_ab = r.boolean("swap_ab", *value("swap_ab", true));
  return c;
}

// Our one-line spelling: CutlassGemmConfig{key=value …}.
GemmConfig from_spelling(std::string_view text, const Origin& origin, Extent& extent) {
  const FieldReader r(origin, "a CutlassGemmConfig{…}");
  const std::size_t close = text.find('}');
  if (close == std::string_view::npos) r.fail(spelled, "no closing }");
  extent.end = close + 1;
  std::string_view tile;
  GemmConfig c;
  bool has_stages = false;
  // The fields read so far: one given twice would be read as its last value without a word.
  std::array<std::string_view, 13> seen{};
  std::size_t fields = 0;
  std::string_view rest = text.substr(spelled.size(), close - spelled.size());
  while (!(rest = trim(rest)).empty()) {
    const std::string_view pair = rest.substr(0, rest.find(' '));
    rest.remove_prefix(pair.size());
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) r.fail(pair, "expected key=value");
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (std::find(seen.begin(), seen.begin() + fields, key) != seen.begin() + fields)
      r.fail(key, "given twice; give each field once");
    if (fields < seen.size()) seen[fields++] = key;
    if (key == "sm_version")
      c.sm_version = r.number(key, value);
    else if (key == "tile")
      tile = value;
    else if (key == "cluster_shape")
      c.cluster_shape = r.shape(key, value);
    else if (key == "dynamic_cluster_shape")
      c.dynamic_cluster_shape = r.shape(key, value);
    else if (key == "fallback_cluster_shape")
      c.fallback_cluster_shape = r.shape(key, value);
    else if (key == "mainloop_schedule")
      c.mainloop_schedule = r.enumerator(key, trtllm::mainloop, value);
    else if (key == "epilogue_schedule")
      c.epilogue_schedule = r.enumerator(key, trtllm::epilogue, value);
    else if (key == "epilogue_fusion_type")
      c.epilogue_fusion_type = r.enumerator(key, trtllm::fusion, value);
    else if (key == "swap_ab")
      c.swap_ab = r.boolean(key, value);
    else if (key == "use_stream_k")
      c.use_stream_k = r.boolean(key, value);
    else if (key == "enableCudaKernel")
      c.enable_cuda_kernel = r.boolean(key, value);
    else if (key == "stages") {
      c.stages = r.number(key, value);
      has_stages = true;
    } else if (key == "split_k_factor")
      c.split_k_factor = r.number(key, value);
    else
      r.fail(key,
             "not a field (sm_version, tile, cluster_shape, dynamic_cluster_shape, fallback_cluster_shape, "
             "mainloop_schedule, epilogue_schedule, epilogue_fusion_type, swap_ab, use_stream_k, stages, "
             "split_k_factor, enableCudaKernel)");
  }
  if (tile.empty() && c.enable_cuda_kernel) return c;
  if (tile.empty()) r.fail("tile", "missing: CtaShape128x256x64B, or a CutlassTileConfig enumerator");
  c.tma_warp_specialized = tile.find("_WarpShape") == std::string_view::npos;
  if (!c.tma_warp_specialized) {
    c.tile = r.tile_2x("tile", tile);
    if (!has_stages) r.fail("stages", "missing: a 2.x config names its stage count");
  } else {
    c.tile = r.cta_tile("tile", tile);
    extent.shape_at = static_cast<std::size_t>(trim(tile).data() + cta_prefix.size() - text.data());  // as cta_tile
    if (c.cluster_shape.empty()) r.fail("cluster_shape", "undefined: a tactic has a cluster shape");
  }
  return c;
}

// The text after the last "::" of a C++ argument: the enumerator's own name.
std::string_view unqualified(std::string_view arg) {
  arg = trim(arg);
  const std::size_t colons = arg.rfind("::");
  return colons == std::string_view::npos ? arg : arg.substr(colons + 2);
}

// A construction from enumerators, by TensorRT-LLM's constructors: (CutlassTileConfig, SplitKStyle,
// split_k_factor, stages) or (CutlassTileConfigSM…, mainloop, epilogue, cluster[, dynamic cluster,
// fallback cluster, sm_version]). None when an argument is a variable.
std::optional<GemmConfig> from_construction(std::string_view text, const Origin& origin, Extent& extent) {
  const FieldReader r(origin, "a CutlassGemmConfig construction");
  const char close = text[constructed_paren.size() - 1] == '(' ? ')' : '}';
  std::vector<std::string_view> args;
  int depth = 0;
  std::size_t start = constructed_paren.size();
  for (std::size_t i = start; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '(' || ch == '{' || ch == '<')
      ++depth;
    else if ((ch == ')' || ch == '}' || ch == '>') && depth > 0)
      --depth;
    else if (depth == 0 && (ch == ',' || ch == close)) {
      args.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
      if (ch == close) {
        extent.end = i + 1;
        break;
      }
    }
  }
  if (extent.end == 0 || args.empty()) return std::nullopt;
  // An argument spelled Enum::Enumerator is read (and refused if the enum has no such
  // enumerator); a bare identifier is a variable, and the construction no tactic.
  const auto qualified = [](std::string_view arg) { return arg.find("::") != std::string_view::npos; };
  const std::string_view first = args[0];
  if (!qualified(first) || !unqualified(first).starts_with("CtaShape")) return std::nullopt;
  std::string_view enum_name = first.substr(0, first.rfind("::"));
  if (const std::size_t ns = enum_name.rfind("::"); ns != std::string_view::npos) enum_name = enum_name.substr(ns + 2);
  GemmConfig c;
  if (enum_name == "CutlassTileConfig") {
    if (args.size() != 4) return std::nullopt;
    const auto split = integer(args[2]), stages = integer(args[3]);
    if (!split || !stages) return std::nullopt;
    c.tma_warp_specialized = false;
    c.tile = r.tile_2x("tile", unqualified(first));
    c.split_k_factor = *split;
    c.stages = *stages;
    return c;
  }
  if (!enum_name.starts_with("CutlassTileConfigSM") || args.size() < 4 || args.size() > 7) return std::nullopt;
  const auto sm = integer(enum_name.substr(std::string_view("CutlassTileConfigSM").size()));
  if (!sm) r.fail(enum_name, "not a tile enum of TensorRT-LLM's (CutlassTileConfigSM90, SM100, SM103, SM120)");
  c.sm_version = *sm == 103 ? 100 : *sm;  // CutlassTileConfigSM103 is SM100's enum; sm_version says which
  c.tile = r.cta_tile(enum_name, unqualified(first));
  for (std::size_t i = 1; i < args.size(); ++i)
    if (i < 6 && !qualified(args[i])) return std::nullopt;
  c.mainloop_schedule = r.enumerator("MainloopScheduleType", trtllm::mainloop, unqualified(args[1]));
  c.epilogue_schedule = r.enumerator("EpilogueScheduleType", trtllm::epilogue, unqualified(args[2]));
  const auto cluster = [&](std::string_view arg) -> std::string {
    const std::string_view name = unqualified(arg);
    if (name == "Undefined") return "";
    if (!name.starts_with("ClusterShape_"))
      r.fail(name, "not a ClusterShape enumerator (ClusterShape_1x1x1, …, Undefined)");
    return r.shape("ClusterShape", name.substr(std::string_view("ClusterShape_").size()));
  };
  c.cluster_shape = cluster(args[3]);
  if (c.cluster_shape.empty()) r.fail("ClusterShape", "Undefined: a tactic has a cluster shape");
  if (args.size() > 4) c.dynamic_cluster_shape = cluster(args[4]);
  if (args.size() > 5) c.fallback_cluster_shape = cluster(args[5]);
  if (args.size() > 6) {
    const auto version = integer(args[6]);
    if (!version) return std::nullopt;
    c.sm_version = *version;
  }
  return c;
}

// A config is a few hundred characters: none is read past this, so that a long text that starts many
// configs and closes none is scanned in linear time, not once from each start to its end; and no
// longer text is one config to remember.
constexpr std::size_t longest_config = 4096;

std::optional<GemmConfig> read_any(std::string_view text, const Origin& origin, Extent& extent) {
  text = text.substr(0, longest_config);
  if (text.starts_with(block_header)) return from_block(text, origin, extent);
  if (text.starts_with(line_tma) || text.starts_with(line_compatible)) return from_line(text, origin, extent);
  if (text.starts_with(spelled)) {
    // Ours has key=value pairs; a C++ brace construction has enumerators.
    const std::size_t close = text.find('}');
    const std::string_view inside = text.substr(0, close);
    if (inside.find('=') != std::string_view::npos && inside.find("::") == std::string_view::npos)
      return from_spelling(text, origin, extent);
  }
  if (text.starts_with(spelled) || text.starts_with(constructed_paren)) return from_construction(text, origin, extent);
  return std::nullopt;
}

// Whether `rest`, what follows a config in its text, is nothing but blanks and line breaks: a logged
// toString() block ends with one, a block pasted into a source often with a line of blanks.
bool nothing_after(std::string_view rest) { return rest.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// read_any's answer for a config, and what was asked of it since.
struct Read {
  std::optional<GemmConfig> config;
  std::string spelling;  // spelling_of(*config); "" until asked
  std::string reading;   // gemm_config_reading's answer; "" until asked
  std::string rest;      // gemm_config_tile's; "" until asked
};

// A read, and where its config lies in the text it was asked for.
struct Found {
  Read& read;
  Extent extent;
};

// The texts this thread read, each as read, and the spellings it made of them: a config is read
// for its spelling, then the spelling for its reading, its settings, its architecture and its
// display name (frontend::evaluate_entry), for each of an autotuner's hundreds of tactics, and a
// list is judged again on the autotuner's next call. Only what was read without error is kept; the
// same text always reads the same. A spelling is a view of its text's Read (a map's nodes stay
// put), not a second copy: the memory is new pages on a list's first judging, and a page costs
// some 10 us to fault in on the virtual machines this runs on. A list's texts are a few hundred:
// past a thousand, or a MiB of text, the memory is given back.
struct KnownText {
  Read read;
  Extent extent;
};
thread_local std::unordered_map<std::string, KnownText, TextHash, std::equal_to<>> known_texts;
thread_local std::unordered_map<std::string_view, Read*, TextHash> known_spellings;
thread_local std::size_t known_bytes = 0;

// A read of a text that is not kept: one slot.
thread_local KnownText read_once;

// read_any, remembered. The answer holds until the next read of a text not yet known.
Found read_remembered(std::string_view text, const Origin& origin) {
  // A spelling is looked up as one first: a list's spellings are read again for each kernel judged.
  if (const auto spelling = text.starts_with(spelled) ? known_spellings.find(text) : known_spellings.end();
      spelling != known_spellings.end())
    return {*spelling->second, Extent{text.size()}};
  if (const auto known = known_texts.find(text); known != known_texts.end())
    return {known->second.read, known->second.extent};
  Extent extent;
  auto config = read_any(text, origin, extent);
  // kernel_names_in reads each config from the rest of a whole text, which is not read again: one slot
  // holds such a read, and a text too long to keep.
  if (text.size() > longest_config || !nothing_after(text.substr(extent.end))) {
    read_once = KnownText{Read{std::move(config), {}, {}, {}}, extent};
    return {read_once.read, read_once.extent};
  }
  // Given back here only, where no earlier answer is held.
  if (known_texts.size() >= 1024 || known_bytes >= (std::size_t{1} << 20)) {
    known_spellings.clear();
    known_texts.clear();
    known_bytes = 0;
  }
  known_bytes += text.size();
  KnownText& known =
      known_texts.try_emplace(std::string(text), KnownText{Read{std::move(config), {}, {}, {}}, extent}).first->second;
  return {known.read, known.extent};
}

// The spelling of a config just read, remembered as read, so that a spelling handed on is not read
// again: from_spelling reads back every field spelling_of writes, and what it leaves out no reader
// of a config looks at (stages of a TMA tile, swap_ab of a 2.x one); gemm_config_test checks it
// over every recorded list and every form. Not the CUDA-core tactic, spelled without its tile or
// sm_version whatever its config held. A read in the one slot is kept as a text of its own.
void remember_spelling(Read& read) {
  if (read.config->tile.empty()) return;
  known_bytes += read.spelling.size();
  if (&read != &read_once.read) {
    known_spellings.try_emplace(read.spelling, &read);
    return;
  }
  known_texts.try_emplace(read.spelling,
                          KnownText{Read{read.config, read.spelling, {}, {}}, Extent{read.spelling.size()}});
}

// The config `found` of `text` holds, when it is the whole text; throws InputError naming `origin`
// otherwise.
const GemmConfig& whole(const Found& found, std::string_view text, const Origin& origin) {
  const std::optional<GemmConfig>& config = found.read.config;
  if (!config)
    throw InputError(fmt::format(
        "{}: \"{}\" is not a CutlassGemmConfig of enumerators (a variable among its arguments?)", origin, text));
  if (!nothing_after(text.substr(found.extent.end)))
    throw InputError(
        fmt::format("{}: text after the CutlassGemmConfig: \"{}\"", origin, trim(text.substr(found.extent.end))));
  return *config;
}

// The spelling of a config read, made once.
const std::string& spelling_made(Read& read) {
  if (read.spelling.empty()) {
    read.spelling = spelling_of(*read.config);
    remember_spelling(read);
  }
  return read.spelling;
}

// What a config that is the whole of `text` reads as, made once; throws InputError otherwise.
const std::string& reading_of(const Found& found, std::string_view text) {
  if (found.read.reading.empty()) found.read.reading = spelling_of(whole(found, text, Origin()), Spelled::as_read);
  return found.read.reading;
}

// The config read, valid until the next read.
const GemmConfig& read_whole(std::string_view text, const Origin& origin) {
  return whole(read_remembered(text, origin), text, origin);
}

std::string arch_of(int sm) { return "sm" + std::to_string(sm); }

bool is_sm10x(const GemmConfig& c) {
  const int sm = c.sm_version.value_or(0);
  return sm >= 100 && sm < 120;
}

// A config's cluster M as it spells it ("2" of "2x1x1").
std::string_view cluster_m(const GemmConfig& c) {
  return std::string_view(c.cluster_shape).substr(0, c.cluster_shape.find('x'));
}

// Whether TensorRT-LLM's SM10x launchers run the config's tile as one MMA over two CTAs, doubling
// its M: where the cluster's M is 2 (moe_gemm_tma_ws_launcher.inl:216-220 at FlashInfer fb28d72).
bool two_sm_mma(const GemmConfig& c) { return is_sm10x(c) && cluster_m(c) == "2"; }

// The tile setting of a TMA warp-specialized config's CTA shape (K in bytes of A), M doubled for
// a 2-SM MMA.
std::string tile_setting(std::string_view cta_shape, bool two_sm) {
  std::string tile;
  tile.reserve(cta_shape.size() + 2);
  if (two_sm) {
    const std::size_t x = cta_shape.find('x');
    tile += std::to_string(2 * integer(cta_shape.substr(0, x)).value());
    cta_shape.remove_prefix(x);
  }
  tile += cta_shape;
  tile += 'B';
  return tile;
}

std::string tile_setting(const GemmConfig& c) { return tile_setting(c.tile, two_sm_mma(c)); }

// MainloopScheduleType's kernels as the schedule key spells them; AUTO leaves the key to the runner.
constexpr std::array<std::pair<std::string_view, std::string_view>, 5> mainloop_schedules{{
    {"PINGPONG", "pingpong"},
    {"COOPERATIVE", "cooperative"},
    {"WARPSPECIALIZED", "warpspecialized"},
    {"SINGLE_WARPGROUP_PREFILL", "single-warpgroup-prefill"},
    {"SINGLE_WARPGROUP_ROLLING", "single-warpgroup-rolling"},
}};

// A config's text cut around its tile's shape, where the readers take it: the digits and x's after
// "tile shape ID: " in a toString() block, after "tile=CtaShape" in our spelling.
// None for other forms and for a text past longest_config, which no read takes whole.
struct TileCut {
  std::string_view before, shape, after;
};

std::optional<TileCut> tile_cut(std::string_view text) {
  constexpr std::string_view in_block = "tile shape ID: ", in_spelling = "tile=CtaShape";
  if (text.size() > longest_config) return std::nullopt;
  const std::string_view marker = text.starts_with(block_header) ? in_block
                                  : text.starts_with(spelled)    ? in_spelling
                                                                 : std::string_view();
  const std::size_t at = marker.empty() ? std::string_view::npos : text.find(marker);
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t start = at + marker.size();
  std::size_t stop = start;
  while (stop < text.size() && ((text[stop] >= '0' && text[stop] <= '9') || text[stop] == 'x')) ++stop;
  return TileCut{text.substr(0, start), text.substr(start, stop - start), text.substr(stop)};
}

// gemm_config_tile's answer, and what tells whether a text cut alike reads as this one but for its tile.
struct TileReading {
  GemmConfigTile apart;
  bool two_sm;            // two_sm_mma of the config
  std::string cta_shape;  // its tile's shape
  std::size_t shape_at;   // where the reader took it in the text (Extent)

  // Whether the reader took the tile's shape just where `cut`, of the same text, has it. Then a text
  // cut alike reads as this one but for its tile: the readers take the same steps over the same text
  // around the shape, and of a run of digits and x's (no line break, blank, colon, brace or
  // backslash among them) ask only what is_shape asks.
  bool read_at(const TileCut& cut) const { return shape_at == cut.before.size() && cta_shape == cut.shape; }
};

std::optional<TileReading> tile_reading(std::string_view text) {
  try {
    const Found found = read_remembered(text, Origin());
    const GemmConfig& c = whole(found, text, Origin());
    if (!c.tma_warp_specialized || c.enable_cuda_kernel) return std::nullopt;
    if (found.read.rest.empty()) found.read.rest = spelling_of(c, Spelled::rest);
    return TileReading{GemmConfigTile{tile_setting(c), found.read.rest}, two_sm_mma(c), c.tile, found.extent.shape_at};
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

bool starts_gemm_config(std::string_view text) {
  return std::any_of(config_starts.begin(), config_starts.end(),
                     [&](std::string_view start) { return text.starts_with(start); });
}

std::span<const std::string_view> gemm_config_starts() { return config_starts; }

std::optional<FoundGemmConfig> read_gemm_config(std::string_view text, const Origin& origin) {
  const Found found = read_remembered(text, origin);
  if (!found.read.config) return std::nullopt;
  return FoundGemmConfig{spelling_made(found.read), found.extent.end};
}

std::optional<GemmConfigAlone> gemm_config_alone(std::string_view text) {
  if (!starts_gemm_config(text)) return std::nullopt;
  try {
    const Found found = read_remembered(text, Origin());
    const std::string& reading = reading_of(found, text);  // throws unless the config is the whole text
    return GemmConfigAlone{spelling_made(found.read), reading};
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::optional<std::string> gemm_config_reading(std::string_view text) {
  try {
    return reading_of(read_remembered(text, Origin()), text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::optional<std::string> gemm_config_arch(std::string_view text) {
  try {
    const std::optional<GemmConfig>& config = read_remembered(text, Origin()).read.config;
    if (config && config->sm_version) return arch_of(*config->sm_version);
  } catch (const InputError&) {
  }
  return std::nullopt;
}

std::optional<GemmConfigTile> gemm_config_tile(std::string_view text) {
  auto reading = tile_reading(text);
  if (!reading) return std::nullopt;
  return std::move(reading->apart);
}

std::size_t GemmConfigTiles::CutHash::operator()(const Cut& cut) const {
  return TextHash()(cut.before) * 0x9e3779b97f4a7c15 ^ TextHash()(cut.after);
}

std::optional<GemmConfigTile> GemmConfigTiles::of(std::string_view text) {
  const std::optional<TileCut> cut = tile_cut(text);
  if (!cut) return gemm_config_tile(text);
  const Cut around{cut->before, cut->after};
  if (const auto like = read_.find(around); like != read_.end() && is_shape(cut->shape))
    return GemmConfigTile{tile_setting(cut->shape, like->second.two_sm), like->second.rest};
  auto reading = tile_reading(text);
  if (!reading) return std::nullopt;
  if (reading->read_at(*cut)) read_.try_emplace(around, Like{reading->apart.rest, reading->two_sm});
  return std::move(reading->apart);
}

Settings gemm_config_settings(std::string_view text, const Origin& origin) {
  const GemmConfig& c = read_whole(text, origin);  // nothing below reads another config
  NameReader r(origin);
  if (c.enable_cuda_kernel)
    r.fail("enableCudaKernel", "not modelled: TensorRT-LLM's CUDA-core kernel, not a CUTLASS GEMM");
  if (!c.tma_warp_specialized) {
    if (c.tile == trtllm::tile_2x_simt) r.fail(c.tile, "not modelled: the SIMT tile of TensorRT-LLM's f32 kernels");
    // A 2.x tile; split-K serial keeps the kernel's SharedStorage (gemm/kernel/gemm.h:139-141 at v4.7.0).
    Settings settings = kernel_name_settings(fmt::format("CutlassTileConfig::{}", c.tile), origin);
    if (c.stages < 2) r.fail(fmt::format("stages {}", c.stages), "a 2.x config runs 2 or more stages");
    settings["stages"] = Setting{c.stages, fmt::format("{} (\"stages {}\" in the config)", origin, c.stages), true};
    return settings;
  }
  if (is_sm10x(c)) {
    // One MMA over two CTAs when the cluster's M is 2 (tile_setting); a dynamic cluster shape makes
    // cluster_shape only say 1 or 2 SMs (gemm_configs.h).
    if (c.mainloop_schedule != "AUTO")
      r.fail(c.mainloop_schedule, "not modelled: SM10x configs choose 1 or 2 SMs by the cluster shape");
    r.set("schedule", two_sm_mma(c) ? "2sm" : "1sm", c.cluster_shape);
    r.set("cluster", c.dynamic_cluster_shape.empty() ? c.cluster_shape : "dynamic",
          c.dynamic_cluster_shape.empty() ? c.cluster_shape : c.dynamic_cluster_shape);
  } else {
    if (!c.sm_version && cluster_m(c) == "2")
      r.fail(c.cluster_shape,
             "the line does not say the architecture, and on SM10x a cluster M of 2 doubles the "
             "MMA tile: give the toString() block");
    if (!c.dynamic_cluster_shape.empty()) r.fail(c.dynamic_cluster_shape, "a dynamic cluster shape is SM10x's");
    r.set("cluster", c.cluster_shape, c.cluster_shape);
    for (const auto& [mainloop, schedule] : mainloop_schedules)
      if (c.mainloop_schedule == mainloop) r.set("schedule", std::string(schedule), c.mainloop_schedule);
  }
  r.set("tile", tile_setting(c), fmt::format("{}{}B", cta_prefix, c.tile));
  if (c.epilogue_fusion_type == "FINALIZE")
    r.set("epilogue", "finalize", c.epilogue_fusion_type);
  else if (c.epilogue_schedule == "NO_SMEM")
    r.set("epilogue", "nosmem", c.epilogue_schedule);
  // swap_ab: TensorRT-LLM's launchers swap A and B and transpose C and D (LayoutD_T).
  if (c.swap_ab) r.set("d_layout", "col", "swap_ab");
  // use_stream_k: FlashInfer's SM120 GEMM launchers pick StreamKScheduler (fp4_gemm_template_sm120.h:266-268).
  if (c.use_stream_k) r.set("tile_scheduler", "stream-k", "use_stream_k");
  return r.take();
}

}  // namespace smem_budget::io
