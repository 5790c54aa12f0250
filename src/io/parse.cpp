#include "io/parse.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "io/nearest.hpp"
#include "io/vocabulary.hpp"

namespace smem_budget::io {
namespace {

// Splits on every `sep`; at most `N` pieces, else an empty result.
template <std::size_t N>
std::optional<std::array<std::string_view, N>> split_exact(std::string_view text, char sep) {
  std::array<std::string_view, N> pieces{};
  for (std::size_t i = 0; i < N; ++i) {
    const std::size_t at = text.find(sep);
    if ((at == std::string_view::npos) != (i == N - 1)) return std::nullopt;
    pieces[i] = text.substr(0, at);
    if (at != std::string_view::npos) text.remove_prefix(at + 1);
  }
  return pieces;
}

std::string quoted(std::string_view text) {
  // Keeps messages one line and printable whatever the input held.
  std::string out = "\"";
  for (unsigned char ch : text.substr(0, 64)) {
    if (ch == '"' || ch == '\\')
      out += fmt::format("\\{}", static_cast<char>(ch));
    else if (ch < 0x20 || ch >= 0x7f)
      out += fmt::format("\\x{:02x}", ch);
    else
      out += static_cast<char>(ch);
  }
  if (text.size() > 64) out += "…";
  return out + "\"";
}

template <class T, std::size_t N>
Parsed<T> pick(std::string_view text, const std::array<Word<T>, N>& words, std::string_view what) {
  for (const Word<T>& word : words)
    if (word.spelling == text) return word.value;
  // The spellings for the message only: a value read is looked up for every setting of every entry.
  std::vector<std::string_view> known;
  for (const Word<T>& word : words) known.push_back(word.spelling);
  return fmt::format("{}: unknown {} (expected one of: {}){}", quoted(text), what, spellings(words),
                     did_you_mean(text, known));
}

}  // namespace

Parsed<bytes_t> parse_count(std::string_view text, bytes_t max) {
  bytes_t value = 0;
  const bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!digits_only || ec == std::errc::result_out_of_range || value > max || value < 1) {
    if (digits_only ||
        (text.size() > 1 && text[0] == '-' && text.find_first_not_of("0123456789", 1) == std::string_view::npos))
      return fmt::format("{}: must be 1…{}", quoted(text), max);
    return fmt::format("{}: not a whole number", quoted(text));
  }
  (void)end;
  return value;
}

// What a mistyped tile probably meant, for the message.
std::string tile_hint(std::string_view text) {
  if (text.starts_with("CtaShape") || text.find("::CtaShape") != std::string_view::npos)
    return " (a TensorRT-LLM tile enumerator: give it with --kernel, or give its shape, e.g. 128x256x64B for "
           "CtaShape128x256x64B)";
  if (text.find('X') != std::string_view::npos) return " (separate the dimensions with a lowercase x: MxNxK)";
  if (text.ends_with('b')) return " (K in bytes takes a capital B: MxNxKB)";
  return "";
}

Parsed<TileSpec> parse_tile(std::string_view text) {
  TileSpec spec;
  std::string_view body = text;
  if (body.ends_with('B')) {
    spec.k_in_bytes = true;
    body.remove_suffix(1);
  }
  const auto dims = split_exact<3>(body, 'x');
  if (!dims)
    return fmt::format("{}: a tile is MxNxK (or MxNxKB with K in bytes of A){}", quoted(text), tile_hint(text));
  std::array<bytes_t, 3> values{};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto v = parse_count((*dims)[i], max_tile_extent);
    if (!ok(v)) {
      const bool number = !(*dims)[i].empty() && (*dims)[i].find_first_not_of("-0123456789") == std::string_view::npos;
      return fmt::format("{}: {}{}", quoted(text),
                         number ? "dimensions must be 1…65536" : "dimensions must be whole numbers", tile_hint(text));
    }
    values[i] = std::get<bytes_t>(v);
  }
  spec.m = values[0];
  spec.n = values[1];
  spec.k = values[2];
  return spec;
}

Parsed<Tile> resolve_tile(const TileSpec& spec, const Operand& a) {
  if (!spec.k_in_bytes) return Tile{spec.m, spec.n, spec.k};
  const bytes_t bits = bits_of(a.data);
  if (spec.k * 8 % bits != 0)
    return fmt::format("{} bytes of K is not a whole number of {}-bit elements", spec.k, bits);
  const bytes_t k = spec.k * 8 / bits;
  if (k > max_tile_extent) return fmt::format("{} bytes of K is {} elements; dimensions must be 1…65536", spec.k, k);
  return Tile{spec.m, spec.n, k};
}

namespace {

// What to give for another library's name of an operand type ("float8_e4m3fn": e4m3), if it is one.
std::optional<std::string_view> foreign_type(std::string_view name) {
  if (constexpr std::string_view torch = "torch."; name.size() > torch.size() && name.starts_with(torch))
    name.remove_prefix(torch.size());
  for (const ForeignTypeName& foreign : foreign_type_names)
    if (detail::same_name(name, foreign.spelling)) return foreign.ours;
  return std::nullopt;
}

}  // namespace

Parsed<OperandPair> parse_types(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view a_name = text.substr(0, colon);
  const std::string_view b_name = colon == std::string_view::npos ? a_name : text.substr(colon + 1);
  const auto a = operand_from_name(a_name);
  const auto b = operand_from_name(b_name);
  if (!a || !b || b_name.find(':') != std::string_view::npos) {
    std::vector<std::string_view> names;
    std::string presets;
    for (const OperandPreset& preset : operand_presets) {
      names.push_back(preset.name);
      presets += std::string(preset.name) + ", ";
    }
    for (Element e : operand_elements) names.push_back(name_of(e));
    const std::string_view unknown = a ? b_name : a_name;
    const auto ours = foreign_type(unknown);
    return fmt::format("{}: unknown types (expected {}or A:B of those or of {}){}", quoted(text), presets,
                       element_names(operand_elements),
                       ours ? fmt::format("; for \"{}\" give {}", unknown, *ours) : did_you_mean(unknown, names));
  }
  return OperandPair{*a, *b};
}

Parsed<Element> parse_element(std::string_view text, bool allow_void) {
  const auto e = element_from_name(text);
  if (!e || (*e == Element::none && !allow_void))
    return fmt::format("{}: unknown element type (expected {}{})", quoted(text),
                       allow_void ? std::string(name_of(Element::none)) + ", " : "", element_names(epilogue_elements));
  return *e;
}

Parsed<Schedule> parse_schedule(std::string_view text) { return pick(text, schedule_words, "schedule"); }

Parsed<Instruction> parse_instruction(std::string_view text) { return pick(text, instruction_words, "instruction"); }

Parsed<Scaling> parse_scaling(std::string_view text) { return pick(text, scaling_words, "scaling"); }

Parsed<TileScheduler> parse_tile_scheduler(std::string_view text) {
  return pick(text, tile_scheduler_words, "tile scheduler");
}

Parsed<OperandAlignment> parse_alignment(std::string_view text) {
  if (text == "auto") return OperandAlignment{};
  const std::size_t colon = text.find(':');
  const std::string_view a = text.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? a : text.substr(colon + 1);
  const std::size_t second = colon == std::string_view::npos ? std::string_view::npos : rest.find(':');
  const std::string_view b = rest.substr(0, second);
  const std::string_view c = second == std::string_view::npos ? "auto" : rest.substr(second + 1);
  // Any side may be auto (0: any the builder accepts).
  const auto side = [](std::string_view t) -> Parsed<bytes_t> {
    return t == "auto" ? Parsed<bytes_t>{bytes_t{0}} : parse_count(t, max_tile_extent);
  };
  const auto na = side(a);
  const auto nb = side(b);
  const auto nc = side(c);
  if (!ok(na) || !ok(nb) || !ok(nc))
    return fmt::format(
        "{}: an alignment is auto, N, A:B or A:B:C (C and D, read by 2.x epilogues), in elements 1…65536 (e.g. 32, "
        "128:128, 8:8:8)",
        quoted(text));
  return OperandAlignment{std::get<bytes_t>(na), std::get<bytes_t>(nb), std::get<bytes_t>(nc)};
}

std::string format_alignment(const OperandAlignment& a) {
  if (a.a == 0 && a.b == 0 && a.c == 0) return "auto";
  const auto one = [](bytes_t n) { return n == 0 ? std::string("auto") : std::to_string(n); };
  if (a.c != 0) return one(a.a) + ":" + one(a.b) + ":" + one(a.c);
  return a.a == a.b ? one(a.a) : one(a.a) + ":" + one(a.b);
}

// "MxNxK", each 1…`most`: the three extents, or the message naming `what` ("a cluster is MxNxK CTAs
// (e.g. 1x1x1)", "cluster dimensions").
Parsed<std::array<bytes_t, 3>> parse_extents(std::string_view text, bytes_t most, std::string_view shape,
                                             std::string_view dimensions) {
  const auto dims = split_exact<3>(text, 'x');
  if (!dims) return fmt::format("{}: {}", quoted(text), shape);
  std::array<bytes_t, 3> values{};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto v = parse_count((*dims)[i], most);
    if (!ok(v)) return fmt::format("{}: {} must be 1…{}", quoted(text), dimensions, most);
    values[i] = std::get<bytes_t>(v);
  }
  return values;
}

Parsed<Generation> parse_generation(std::string_view text) { return pick(text, generation_words, "generation"); }

std::string_view format_generation(Generation g) { return spelling_of(generation_words, g); }

Parsed<Math> parse_math(std::string_view text) { return pick(text, math_words, "math"); }

std::string_view format_math(Math m) { return spelling_of(math_words, m); }
Parsed<OpClass> parse_opclass(std::string_view text) { return pick(text, opclass_words, "opclass"); }

std::string_view format_opclass(OpClass o) { return spelling_of(opclass_words, o); }

Parsed<Runner> parse_runner(std::string_view text) { return pick(text, runner_words, "runner"); }

Parsed<WarpTile> parse_warp(std::string_view text) {
  const auto v =
      parse_extents(text, max_tile_extent, "a warp tile is MxNxK elements (e.g. 64x64x32)", "warp tile dimensions");
  if (!ok(v)) return std::get<std::string>(v);
  const auto& e = std::get<std::array<bytes_t, 3>>(v);
  return WarpTile{e[0], e[1], e[2]};
}

std::string format_warp(const WarpTile& warp) { return fmt::format("{}x{}x{}", warp.m, warp.n, warp.k); }

Parsed<Element> parse_accumulator(std::string_view text) {
  if (text == "auto") return Element::none;
  const auto e = element_from_name(text);
  if (!e || std::find(accumulator_elements.begin(), accumulator_elements.end(), *e) == accumulator_elements.end())
    return fmt::format("{}: unknown accumulator (expected auto, {})", quoted(text),
                       element_names(accumulator_elements));
  return *e;
}

Parsed<Cluster> parse_cluster(std::string_view text) {
  if (text == "dynamic") return dynamic_cluster;
  if (text == "0x0x1") return fmt::format("{}: write a cluster chosen at run time as dynamic", quoted(text));
  const auto v =
      parse_extents(text, 16, "a cluster is MxNxK CTAs (e.g. 1x1x1, 2x1x1) or dynamic", "cluster dimensions");
  if (!ok(v)) return std::get<std::string>(v);
  const auto& e = std::get<std::array<bytes_t, 3>>(v);
  return Cluster{e[0], e[1], e[2]};
}

std::string format_cluster(const Cluster& c) {
  return c.is_dynamic() ? "dynamic" : fmt::format("{}x{}x{}", c.m, c.n, c.k);
}

Parsed<Conversion> parse_conversion(std::string_view text) { return pick(text, conversion_words, "conversion"); }
Parsed<Activation> parse_activation(std::string_view text) { return pick(text, activation_words, "activation_type"); }
Parsed<TrtllmMoeFork> parse_trtllm_moe_fork(std::string_view text) {
  return pick(text, trtllm_moe_fork_words, "trtllm_moe_fork");
}

Parsed<EpilogueOpClass> parse_epilogue_op_class(std::string_view text) {
  return pick(text, epilogue_op_class_words, "epilogue operator class");
}

Parsed<EpilogueSchedule> parse_epilogue_schedule(std::string_view text) {
  return pick(text, epilogue_schedule_words, "epilogue schedule");
}

Parsed<ScaleGranularity> parse_scale_granularity(std::string_view text) {
  if (text == "auto") return ScaleGranularity{};
  const auto v = parse_extents(text, max_tile_extent, "a scale granularity is auto or MxNxK (elements per scale)",
                               "scale granularity dimensions");
  if (!ok(v)) return std::get<std::string>(v);
  const auto& e = std::get<std::array<bytes_t, 3>>(v);
  return ScaleGranularity{false, e[0], e[1], e[2]};
}

Parsed<StagePolicy> parse_stages(std::string_view text) {
  if (const Word<StagePolicy::Kind>* word = find_word(stage_words, text)) return StagePolicy{word->value, 0};
  const auto n = parse_count(text, 2'147'483'647);
  if (!ok(n)) return fmt::format("{}: expected {} or a stage count 1…2147483647", quoted(text), spellings(stage_words));
  return StagePolicy{StagePolicy::Kind::fixed, std::get<bytes_t>(n)};
}

Parsed<EpilogueKind> parse_epilogue(std::string_view text) { return pick(text, epilogue_words, "epilogue"); }

Parsed<MatrixLayout> parse_layout(std::string_view text) { return pick(text, layout_words, "layout"); }

Parsed<EpilogueTile> parse_epilogue_tile(std::string_view text) {
  if (text == "auto") return EpilogueTile{};
  const auto dims = split_exact<2>(text, 'x');
  if (!dims) return fmt::format("{}: an epilogue tile is auto or MxN", quoted(text));
  const auto m = parse_count((*dims)[0], max_tile_extent);
  const auto n = parse_count((*dims)[1], max_tile_extent);
  if (!ok(m) || !ok(n)) return fmt::format("{}: epilogue tile dimensions must be 1…65536", quoted(text));
  return EpilogueTile{false, std::get<bytes_t>(m), std::get<bytes_t>(n)};
}

namespace {

// sf-gen, sf-gen:VECTOR, sf-gen:VECTOR:TYPE or sf-gen:VECTOR:TYPE:LAYOUT (LinCombBlockScaleFactor's
// SFVecSize, ElementSF and GmemLayoutTagScalefactor).
Parsed<FusionSpec> parse_sf_gen(std::string_view text) {
  const std::string_view name = spelling_of(fusion_words, Fusion::sf_gen);
  const auto wrong = [&] {
    std::vector<std::string> vectors;
    for (bytes_t v : sf_vectors) vectors.push_back(std::to_string(v));
    std::vector<std::string> types;
    for (const Word<ScaleType>& word : scale_type_words) types.emplace_back(word.spelling);
    return fmt::format("{}: expected {}, {}:VECTOR, {}:VECTOR:TYPE or {}:VECTOR:TYPE:LAYOUT (VECTOR {}; TYPE {}; "
                       "LAYOUT row or col)",
                       quoted(text), name, name, name, name, or_list(vectors), or_list(types));
  };
  FusionSpec spec{Fusion::sf_gen};
  if (text == name) return spec;
  std::string_view rest = text.substr(name.size() + 1);
  const std::size_t colon = rest.find(':');
  const std::string_view vector = rest.substr(0, colon);
  spec.sf_output.vector = 0;
  for (bytes_t v : sf_vectors)
    if (vector == std::to_string(v)) spec.sf_output.vector = v;
  if (spec.sf_output.vector == 0) return wrong();
  if (colon == std::string_view::npos) return spec;
  rest = rest.substr(colon + 1);
  const std::size_t layout_colon = rest.find(':');
  const Word<ScaleType>* type = find_word(scale_type_words, rest.substr(0, layout_colon));
  if (type == nullptr) return wrong();
  spec.sf_output.type = type->value;
  if (layout_colon == std::string_view::npos) return spec;
  const Word<MatrixLayout>* layout = find_word(layout_words, rest.substr(layout_colon + 1));
  if (layout == nullptr) return wrong();
  spec.sf_output.layout = layout->value;
  return spec;
}

}  // namespace

Parsed<FusionSpec> parse_fusion(std::string_view text) {
  const std::size_t colon = text.find(':');
  const Word<Fusion>* word = find_word(fusion_words, text.substr(0, colon));
  // col-bias needs its type; sf-gen may take arguments; the others take none.
  if (word != nullptr && word->value == Fusion::sf_gen) return parse_sf_gen(text);
  if (word != nullptr && word->value == Fusion::col_bias && colon != std::string_view::npos) {
    const auto e = parse_element(text.substr(colon + 1), false);
    if (!ok(e))
      return fmt::format("{}: the bias type must be one of {}", quoted(text), element_names(epilogue_elements));
    if (is_f64_or_complex(std::get<Element>(e)))
      return fmt::format("{}: not modelled: an f64 or complex bias (col-bias is a 3.x fusion)", quoted(text));
    return FusionSpec{Fusion::col_bias, std::get<Element>(e)};
  }
  // amax-aux names its aux output's element: one Sm90AuxStore keeps in shared memory (8 to 32 bits).
  if (word != nullptr && word->value == Fusion::amax_aux && colon != std::string_view::npos) {
    const auto e = parse_element(text.substr(colon + 1), false);
    const bool stored = ok(e) && !is_f64_or_complex(std::get<Element>(e)) && bits_of(std::get<Element>(e)) >= 8;
    if (!stored)
      return fmt::format("{}: the aux type must be an element of 8 to 32 bits (e4m3, e5m2, f16, bf16, f32, …)",
                         quoted(text));
    FusionSpec spec{Fusion::amax_aux};
    spec.aux = std::get<Element>(e);
    return spec;
  }
  const bool typed = word != nullptr && (word->value == Fusion::col_bias || word->value == Fusion::amax_aux);
  if (word != nullptr && !typed && colon == std::string_view::npos) return FusionSpec{word->value};
  std::string expected;
  for (const Word<Fusion>& w : fusion_words)
    expected += fmt::format("{}{}{}", expected.empty() ? "" : ", ", w.spelling, fusion_arguments(w.value));
  return fmt::format("{}: unknown fusion (expected {})", quoted(text), expected);
}

Parsed<CutlassVersion> parse_cutlass(std::string_view full_text) {
  // The git tag spelling, v4.4.2, names the same release.
  const std::string_view text = full_text.starts_with('v') ? full_text.substr(1) : full_text;
  // Only an error needs the range, so it is not formatted on the way to a version.
  const auto range = [] {
    return fmt::format("supported: {} … {}", format_version(oldest_release), format_version(newest_release));
  };
  std::array<int, 3> parts{-1, -1, -1};
  std::string_view rest = text;
  for (std::size_t i = 0; i < 3 && !rest.empty(); ++i) {
    const std::size_t dot = rest.find('.');
    const std::string_view piece = rest.substr(0, dot);
    const auto n = parse_count(piece, 999);
    if (!ok(n) && piece != "0") return fmt::format("{}: not a CUTLASS version ({})", quoted(full_text), range());
    parts[i] = ok(n) ? static_cast<int>(std::get<bytes_t>(n)) : 0;
    rest = dot == std::string_view::npos ? std::string_view{} : rest.substr(dot + 1);
    if (dot != std::string_view::npos && rest.empty())
      return fmt::format("{}: not a CUTLASS version ({})", quoted(full_text), range());
  }
  if (!rest.empty() || parts[1] < 0) return fmt::format("{}: not a CUTLASS version ({})", quoted(full_text), range());
  std::optional<CutlassVersion> version;
  if (parts[2] < 0)
    version = newest_patch(parts[0], parts[1]);
  else if (const CutlassVersion v{parts[0], parts[1], parts[2]}; is_known_release(v))
    version = v;
  if (!version) {
    const CutlassVersion asked{parts[0], parts[1], parts[2] < 0 ? 0 : parts[2]};
    if (asked < oldest_release || asked > newest_release)
      return fmt::format("{}: CUTLASS {} is outside the known releases ({})", quoted(full_text), text, range());
    return fmt::format("{}: no such CUTLASS release ({})", quoted(full_text), range());
  }
  return *version;
}

std::string group_digits(long long value) {
  const std::string digits = std::to_string(value < 0 ? -value : value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return value < 0 ? "-" + out : out;
}

std::string format_tile(const Tile& tile) { return fmt::format("{}x{}x{}", tile.m, tile.n, tile.k); }

std::string format_types(const OperandPair& types, Scaling scaling) {
  if (scaling != Scaling::block) {
    if (types.a.data == types.b.data) return std::string(name_of(types.a.data));
    return fmt::format("{}:{}", name_of(types.a.data), name_of(types.b.data));
  }
  if (types.a == types.b) return std::string(name_of(types.a));
  return fmt::format("{}:{}", name_of(types.a), name_of(types.b));
}

std::string format_scale_granularity(const ScaleGranularity& g) {
  return g.automatic ? "auto" : fmt::format("{}x{}x{}", g.m, g.n, g.k);
}

std::string_view format_scaling(Scaling s) { return spelling_of(scaling_words, s); }

std::string_view format_epilogue_schedule(EpilogueSchedule s) { return spelling_of(epilogue_schedule_words, s); }
std::string_view format_epilogue_op_class(EpilogueOpClass c) { return spelling_of(epilogue_op_class_words, c); }
std::string_view format_conversion(Conversion c) { return spelling_of(conversion_words, c); }
std::string_view format_activation(Activation a) { return spelling_of(activation_words, a); }
std::string_view format_trtllm_moe_fork(TrtllmMoeFork f) { return spelling_of(trtllm_moe_fork_words, f); }

std::string format_stages(const StagePolicy& stages) {
  if (stages.kind == StagePolicy::Kind::fixed) return std::to_string(stages.count);
  return std::string(spelling_of(stage_words, stages.kind));
}

std::string format_version(const CutlassVersion& v) { return fmt::format("{}.{}.{}", v.major, v.minor, v.patch); }

std::string format_versions(std::span<const CutlassVersion> versions) {
  std::string out;
  for (std::size_t i = 0; i < versions.size(); ++i)
    out += (i == 0 ? "" : i + 1 == versions.size() ? " and " : ", ") + format_version(versions[i]);
  return out;
}

std::string_view format_schedule(Schedule s) { return spelling_of(schedule_words, s); }

std::string_view format_instruction(Instruction i) { return spelling_of(instruction_words, i); }

std::string_view format_epilogue(EpilogueKind e) { return spelling_of(epilogue_words, e); }

std::string_view format_layout(MatrixLayout l) { return spelling_of(layout_words, l); }

std::string_view format_tile_scheduler(TileScheduler s) { return spelling_of(tile_scheduler_words, s); }

std::string format_epilogue_tile(const EpilogueTile& t) {
  return t.automatic ? "auto" : fmt::format("{}x{}", t.m, t.n);
}

std::string format_fusion(const Config& config) {
  const std::string name(spelling_of(fusion_words, config.fusion));
  const ScaleFactorOutput& sf = config.sf_output;
  if (config.fusion == Fusion::col_bias) return fmt::format("{}:{}", name, name_of(config.bias));
  if (config.fusion == Fusion::amax_aux) return fmt::format("{}:{}", name, name_of(config.aux));
  if (config.fusion != Fusion::sf_gen || sf.vector == 0) return name;
  if (!sf.type) return fmt::format("{}:{}", name, sf.vector);
  if (!sf.layout) return fmt::format("{}:{}:{}", name, sf.vector, name_of(*sf.type));
  return fmt::format("{}:{}:{}:{}", name, sf.vector, name_of(*sf.type), format_layout(*sf.layout));
}

}  // namespace smem_budget::io
