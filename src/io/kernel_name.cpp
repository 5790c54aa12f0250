#include "io/kernel_name.hpp"

#include <array>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/parse.hpp"

namespace smem_budget::io {
namespace {

using json = nlohmann::json;

constexpr std::string_view cutlass_prefix = "cutlass3x_sm";
constexpr std::string_view tactic_word = "CtaShape";
constexpr std::string_view tactic_enum = "CutlassTileConfigSM";

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

// What the kernel-schedule part of a CUTLASS name says (KernelScheduleSuffixes in
// python/cutlass_library/library.py, v4.7.0), per operation class.
enum class NameFamily { block_scaled, block_scaled_sparse, blockwise, plain, plain_sparse };
enum class Fp4Format { any, nvfp4, mxfp4 };

struct ScheduleSuffix {
  std::string_view suffix;
  NameFamily family;
  Schedule schedule;
  Instruction instruction;
  Fp4Format operands;  // the explicit MXF4/NVF4 schedules name their FP4 format
};

constexpr std::array<ScheduleSuffix, 17> schedule_suffixes{{
    {"cooperative_q", NameFamily::block_scaled, Schedule::cooperative, Instruction::mxf8f6f4, Fp4Format::any},
    {"pingpong_q", NameFamily::block_scaled, Schedule::pingpong, Instruction::mxf8f6f4, Fp4Format::any},
    {"cooperative_o_vs16", NameFamily::block_scaled, Schedule::cooperative, Instruction::automatic, Fp4Format::nvfp4},
    {"pingpong_o_vs16", NameFamily::block_scaled, Schedule::pingpong, Instruction::automatic, Fp4Format::nvfp4},
    {"cooperative_o_vs32", NameFamily::block_scaled, Schedule::cooperative, Instruction::automatic, Fp4Format::mxfp4},
    {"pingpong_o_vs32", NameFamily::block_scaled, Schedule::pingpong, Instruction::automatic, Fp4Format::mxfp4},
    // The generic (pointer-array) TMA warp-specialized schedules: the builder picks the instruction.
    {"warpspecialized_cooperative", NameFamily::block_scaled, Schedule::cooperative, Instruction::automatic,
     Fp4Format::any},
    {"warpspecialized_pingpong", NameFamily::block_scaled, Schedule::pingpong, Instruction::automatic, Fp4Format::any},
    {"cooperative_q", NameFamily::blockwise, Schedule::cooperative, Instruction::automatic, Fp4Format::any},
    {"pingpong_q", NameFamily::blockwise, Schedule::pingpong, Instruction::automatic, Fp4Format::any},
    {"warpspecialized_cooperative", NameFamily::plain, Schedule::cooperative, Instruction::automatic, Fp4Format::any},
    {"warpspecialized_pingpong", NameFamily::plain, Schedule::pingpong, Instruction::automatic, Fp4Format::any},
    {"q", NameFamily::plain_sparse, Schedule::cooperative, Instruction::automatic, Fp4Format::any},
    {"q", NameFamily::block_scaled_sparse, Schedule::cooperative, Instruction::mxf8f6f4, Fp4Format::any},
    {"acc2x4_q", NameFamily::block_scaled_sparse, Schedule::cooperative, Instruction::mxf8f6f4_acc2x4,
     Fp4Format::any},
    {"o_vs16", NameFamily::block_scaled_sparse, Schedule::cooperative, Instruction::automatic, Fp4Format::nvfp4},
    {"o_vs32", NameFamily::block_scaled_sparse, Schedule::cooperative, Instruction::automatic, Fp4Format::mxfp4},
}};

// Reads one name part by part; every setting remembers the part it came from.
class NameReader {
 public:
  explicit NameReader(const Origin& origin) : origin_(origin) {}

  void set(const std::string& key, const json& value, std::string_view part) {
    const std::string origin = fmt::format("{} (\"{}\" in the name)", origin_, part);
    check_setting(key, value, origin);
    settings_[key] = Setting{value, origin, true};
  }

  [[noreturn]] void fail(std::string_view part, const std::string& why) const {
    throw InputError(fmt::format("{}: \"{}\" in the kernel name: {}", origin_, part, why));
  }

  Settings take() { return std::move(settings_); }

 private:
  const Origin& origin_;
  Settings settings_;
};

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t at; (at = text.find(separator, start)) != std::string_view::npos; start = at + 1)
    parts.push_back(text.substr(start, at - start));
  parts.push_back(text.substr(start));
  return parts;
}

Element element_part(NameReader& r, std::string_view part, std::string_view text, bool allow_void) {
  const auto e = element_from_name(text);
  if (!e || (*e == Element::none && !allow_void))
    r.fail(part, fmt::format("{} is not an element type the model knows (e2m1, e2m3, e3m2, e4m3, e5m2, f16, bf16, "
                             "f32, s8{})", text, allow_void ? ", void" : ""));
  return *e;
}

// SM100's runtime-typed operands, type_erased_dynamic_float4_t and …float6_t (f4, f6): the data type
// is chosen at run time, the shared memory is that of any element of those bits, e2m1 and e3m2.
Element runtime_element(NameReader& r, std::string_view part, std::string_view text) {
  if (text == "f4") return Element::e2m1;
  if (text == "f6") return Element::e3m2;
  return element_part(r, part, text, false);
}

// "ue4m3xe2m1": a block-scaled operand, as a --types side (a preset, or an MX element name).
std::string block_operand(NameReader& r, std::string_view part) {
  const std::size_t x = part.find('x');
  const auto scale = scale_type_from_name(part.substr(0, x));
  if (x == std::string_view::npos || !scale)
    r.fail(part, "a block-scaled operand is SCALExELEMENT, e.g. ue4m3xe2m1 (NVFP4) or ue8m0xe4m3 (MXFP8)");
  const Element data = runtime_element(r, part, part.substr(x + 1));
  if (*scale == ScaleType::ue4m3) {
    if (data != Element::e2m1) r.fail(part, "not modelled: ue4m3 scale factors go with e2m1 data only (NVFP4)");
    return "nvfp4";
  }
  if (!is_narrow_float(data)) r.fail(part, "block-scaled data is e2m1, e2m3, e3m2, e4m3 or e5m2");
  return std::string(name_of(Operand{data, ScaleType::ue8m0, 32}));
}

// "1x128f32xe4m3": a blockwise-scaled operand: scale granularity (rows x K), scale type, element.
struct BlockwiseOperand {
  bytes_t rows = 0;
  bytes_t k = 0;
  Element data = Element::e4m3;
};

BlockwiseOperand blockwise_operand(NameReader& r, std::string_view part) {
  const auto wrong = [&] {
    r.fail(part, "a blockwise-scaled operand is ROWSxKf32xELEMENT, e.g. 1x128f32xe4m3");
  };
  const std::size_t f32 = part.find("f32x");
  if (f32 == std::string_view::npos) wrong();
  const auto dims = split(part.substr(0, f32), 'x');
  if (dims.size() != 2 || !all_digits(dims[0]) || !all_digits(dims[1])) wrong();
  const auto rows = parse_count(dims[0], max_tile_extent);
  const auto k = parse_count(dims[1], max_tile_extent);
  if (!ok(rows) || !ok(k)) wrong();
  return {std::get<bytes_t>(rows), std::get<bytes_t>(k), element_part(r, part, part.substr(f32 + 4), false)};
}

// --types: one side when A and B agree, A:B otherwise.
std::string types_text(std::string_view a, std::string_view b) {
  return a == b ? std::string(a) : fmt::format("{}:{}", a, b);
}

// SM90's kernel and epilogue schedule parts (KernelScheduleSuffixes and EpilogueScheduleSuffixes in
// python/cutlass_library/library.py, v4.7.0): none for KernelScheduleAuto with EpilogueScheduleAuto.
struct Sm90Schedule {
  std::string_view suffix;
  Schedule schedule;
  bool fast_accum;
};

constexpr std::array<Sm90Schedule, 5> sm90_schedules{{
    {"", Schedule::automatic, false},
    {"warpspecialized_cooperative", Schedule::cooperative, false},
    {"warpspecialized_pingpong", Schedule::pingpong, false},
    {"warpspecialized_cooperative_fp8_fastaccum", Schedule::cooperative, true},
    {"warpspecialized_pingpong_fp8_fastaccum", Schedule::pingpong, true},
}};

Settings sm90_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest) {
  std::string_view epilogue = "default";
  if (rest.size() >= 2 && rest[rest.size() - 2] == "epi") {
    if (rest.back() == "nosmem") epilogue = "nosmem";
    else if (rest.back() != "tma") r.fail(rest.back(), "an SM90 epilogue part is epi_tma or epi_nosmem");
    rest.resize(rest.size() - 2);
  }
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  for (const Sm90Schedule& s : sm90_schedules) {
    if (s.suffix != schedule) continue;
    const std::string_view part = schedule.empty() ? name : std::string_view(schedule);
    r.set("schedule", std::string(format_schedule(s.schedule)), part);
    r.set("fast_accum", s.fast_accum, part);
    r.set("epilogue", std::string(epilogue), part);
    return r.take();
  }
  std::vector<std::string_view> known;
  for (const Sm90Schedule& s : sm90_schedules)
    if (!s.suffix.empty()) known.push_back(s.suffix);
  r.fail(schedule, fmt::format("not modelled: an SM90 kernel schedule the model has no layout of (it reads {}, or none "
                               "for the automatic one)", fmt::join(known, ", ")));
}

// SM100's block-scaled kernel schedule parts (KernelScheduleSuffixes, library.py v4.7.0): the
// instruction and 1-SM or 2-SM MMA. The pointer-array MXF8F6F4 schedules are spelled o_vs32 too.
struct Sm100Schedule {
  std::string_view suffix;
  Schedule schedule;
  Instruction instruction;
  Fp4Format operands;
};

constexpr std::array<Sm100Schedule, 6> sm100_schedules{{
    {"q_1sm", Schedule::one_sm, Instruction::mxf8f6f4, Fp4Format::any},
    {"q_2sm", Schedule::two_sm, Instruction::mxf8f6f4, Fp4Format::any},
    {"o_vs16_1sm", Schedule::one_sm, Instruction::automatic, Fp4Format::nvfp4},
    {"o_vs16_2sm", Schedule::two_sm, Instruction::automatic, Fp4Format::nvfp4},
    {"o_vs32_1sm", Schedule::one_sm, Instruction::automatic, Fp4Format::mxfp4},
    {"o_vs32_2sm", Schedule::two_sm, Instruction::automatic, Fp4Format::mxfp4},
}};

// [_epi_tma|_epi_nosmem] after the schedule: none is EpilogueScheduleAuto, which on SM100 builds the
// TMA epilogue of the kernel's own 1-SM or 2-SM kind when the cluster is static
// (epilogue/collective/builders/sm100_builder.inl:1697-1713), and the grouped kernels' PtrArray TMA one.
Settings sm100_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                 const std::string& types, bool grouped, std::string_view tile, std::string_view align,
                                 std::string_view cluster) {
  std::string_view epilogue = "default";
  const bool automatic_epilogue = !grouped && (rest.size() < 2 || rest[rest.size() - 2] != "epi");
  if (rest.size() >= 2 && rest[rest.size() - 2] == "epi") {
    if (rest.back() == "nosmem") epilogue = "nosmem";
    else if (rest.back() != "tma") r.fail(rest.back(), "an SM100 epilogue part is epi_tma or epi_nosmem");
    rest.resize(rest.size() - 2);
  }
  // Both were checked when set: MxNxK (the cluster 0x0x1 when chosen at run time).
  const std::vector<std::string_view> tile_extents = split(tile, 'x'), cluster_extents = split(cluster, 'x');
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  for (const Sm100Schedule& s : sm100_schedules) {
    if (s.suffix != schedule) continue;
    // EpilogueScheduleAuto's own is_2sm: a static, even cluster M and tile M 256; else the 1-SM epilogue.
    const bool auto_epilogue_2sm = cluster_extents[0] != "0" && (cluster_extents[0].back() - '0') % 2 == 0 &&
                                   tile_extents[0] == "256";
    if (automatic_epilogue && s.schedule == Schedule::two_sm && !auto_epilogue_2sm)
      r.fail(cluster, "not modelled: EpilogueScheduleAuto on this 2-SM kernel builds the 1-SM epilogue (its cluster is "
                      "chosen at run time, or odd, or its tile M is not 256: sm100_builder.inl:1697-1713)");
    Instruction instruction = s.instruction;
    if (s.operands == Fp4Format::mxfp4 && grouped && (types != "mxfp4" || align == "align128")) {
      // PtrArray…Mxf8f6f4Sm100: other operands than MXFP4, or MXFP4 loaded unpacked, 128 elements a time.
      instruction = Instruction::mxf8f6f4;
    } else if (s.operands == Fp4Format::nvfp4 && types == "mxfp4") {
      r.fail(schedule, "not modelled: FP4 with ue8m0 scale factors per 16 elements (the NVF4 schedule on MX "
                       "operands), an operand format the model has no name for");
    } else if (s.operands != Fp4Format::any) {
      const std::string_view wanted = s.operands == Fp4Format::nvfp4 ? "nvfp4" : "mxfp4";
      if (types != wanted) r.fail(schedule, fmt::format("this is the {} schedule, but the operands are {}", wanted, types));
    }
    r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
    r.set("instruction", std::string(format_instruction(instruction)), schedule);
    r.set("epilogue", std::string(epilogue), rest.empty() ? name : std::string_view(schedule));
    // The generator's emitter gives the NVF4 kernels of tile N 256 a 128x64 epilogue tile
    // (python/cutlass_library/gemm_operation.py:998-1006, v4.7.0).
    const bool nvf4_n256 = s.operands == Fp4Format::nvfp4 && tile_extents[1] == "256";
    r.set("epilogue_tile", nvf4_n256 ? "128x64" : "auto", nvf4_n256 ? tile : std::string_view(schedule));
    return r.take();
  }
  std::vector<std::string_view> known;
  for (const Sm100Schedule& s : sm100_schedules) known.push_back(s.suffix);
  r.fail(schedule.empty() ? name : std::string_view(schedule),
         fmt::format("not a block-scaled SM100 kernel schedule (expected {})", fmt::join(known, ", ")));
}

// cutlass{3x}_sm{120|121|90|100}_{opclass}_{gemm|gemm_grouped|spgemm}_{A}_{B}_{acc}_{C}_{D}_{tile}_{cluster}_{stages}_
// {layouts}_align{N}[_stream_k]_{schedule}[_epi_tma][_epiVs{V}{layout}]: GemmOperation._procedural_name in
// python/cutlass_library/gemm_operation.py (v4.7.0).
Settings cutlass_name_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  const std::vector<std::string_view> parts = split(name, '_');
  std::size_t at = 0;
  const auto next = [&]() -> std::string_view {
    if (at >= parts.size()) r.fail(name, "the name ends before its alignment and schedule parts");
    return parts[at++];
  };
  (void)next();  // cutlass3x
  const std::string_view arch = next();
  const bool sm90 = arch == "sm90", sm100 = arch == "sm100";
  if (arch != "sm120" && arch != "sm121" && !sm90 && !sm100)
    r.fail(arch, "not modelled: the model reads the names of SM120/SM121, SM90 and SM100 kernels (sm120, sm121, sm90, "
                 "sm100) only");

  const std::string_view opclass = next();
  if (sm90 && opclass != "tensorop")
    r.fail(opclass, "not modelled: of SM90's kernels the model has the dense tensor-op GEMMs (tensorop) only");
  if (sm100 && opclass != "bstensorop")
    r.fail(opclass, "not modelled: of SM100's kernels the model has the block-scaled GEMMs (bstensorop) only");
  NameFamily family;
  if (opclass == "bstensorop") family = NameFamily::block_scaled;
  else if (opclass == "bssptensorop") family = NameFamily::block_scaled_sparse;
  else if (opclass == "sptensorop") family = NameFamily::plain_sparse;
  else if (opclass == "tensorop") family = NameFamily::plain;  // blockwise once its operands say so
  else r.fail(opclass, "unknown operation class (expected bstensorop, bssptensorop, tensorop, sptensorop)");
  const bool sparse = family == NameFamily::block_scaled_sparse || family == NameFamily::plain_sparse;

  const std::string_view kind = next();
  bool grouped = false;
  if (kind == "gemm" && at < parts.size() && parts[at] == "grouped") {
    grouped = true;
    ++at;
  } else if (kind != (sparse ? "spgemm" : "gemm")) {
    r.fail(kind, sparse ? "a sparse kernel's kind is spgemm"
                        : "not modelled: the model reads the kinds gemm and gemm_grouped (not MoE and other kinds)");
  }
  r.set("grouped", grouped, grouped ? "gemm_grouped" : kind);
  r.set("sparse", sparse, opclass);

  const std::string_view a = next(), b = next(), accumulator = next(), c = next(), d = next();
  std::string types;
  if (family == NameFamily::block_scaled || family == NameFamily::block_scaled_sparse) {
    types = types_text(block_operand(r, a), block_operand(r, b));
    r.set("types", types, fmt::format("{}_{}", a, b));
    r.set("scaling", "block", opclass);
    r.set("scale_granularity", "auto", opclass);
  } else if (a.find("f32x") != std::string_view::npos) {
    family = NameFamily::blockwise;
    const BlockwiseOperand sa = blockwise_operand(r, a), sb = blockwise_operand(r, b);
    if (sa.k != sb.k) r.fail(fmt::format("{}_{}", a, b), "A's and B's scale blocks must share their K extent");
    types = types_text(name_of(sa.data), name_of(sb.data));
    r.set("types", types, fmt::format("{}_{}", a, b));
    r.set("scaling", "blockwise", fmt::format("{}_{}", a, b));
    r.set("scale_granularity", fmt::format("{}x{}x{}", sa.rows, sb.rows, sa.k), fmt::format("{}_{}", a, b));
  } else {
    const Element ea = element_part(r, a, a, false), eb = element_part(r, b, b, false);
    if (sm90 && bits_of(ea) != bits_of(eb))
      r.fail(fmt::format("{}_{}", a, b), "not modelled: SM90's mixed-input kernels (A and B of different widths)");
    types = types_text(name_of(ea), name_of(eb));
    r.set("types", types, fmt::format("{}_{}", a, b));
    r.set("scaling", "none", opclass);
    r.set("scale_granularity", "auto", opclass);
  }
  if (accumulator != "f32") r.fail(accumulator, "not modelled: the model's kernels accumulate in f32");
  r.set("c", std::string(name_of(element_part(r, c, c, true))), c);
  // D, or SCALExD where the kernel also writes block scale factors.
  const std::size_t dx = d.find('x');
  std::optional<ScaleType> d_scale;
  if (dx != std::string_view::npos) {
    d_scale = scale_type_from_name(d.substr(0, dx));
    if (!d_scale) r.fail(d, "an output with scale factors is SCALExELEMENT, e.g. ue8m0xe2m1");
  }
  r.set("d", std::string(name_of(element_part(r, d, d.substr(dx == std::string_view::npos ? 0 : dx + 1), false))), d);

  const std::string_view tile = next();
  r.set("tile", std::string(tile), tile);
  const std::string_view cluster = next();
  if (sm100 && cluster == "0x0x1") r.set("cluster", "dynamic", cluster);  // Shape<int, int, _1>
  else if (sm90 || sm100) r.set("cluster", std::string(cluster), cluster);
  else if (cluster != "1x1x1") r.fail(cluster, "not modelled: SM120 kernels run 1x1x1 clusters");
  const std::string_view stages = next();
  if (!all_digits(stages)) r.fail(stages, "the stage count is a number (0: automatic)");
  if (stages == "0") r.set("stages", "auto", stages);
  else r.set("stages", std::string(stages), stages);
  const std::string_view layouts = next();
  if (layouts.size() != 3 || (layouts[2] != 't' && layouts[2] != 'n'))
    r.fail(layouts, "the layouts of A, B and C are three letters t (row-major) or n (column-major), e.g. tnt");
  if (layouts.substr(0, 2) != "tn")
    r.fail(layouts, "not modelled: A row-major and B column-major (tn…), the K-major operands the model lays out");
  r.set("d_layout", layouts[2] == 't' ? "row" : "col", layouts);
  const std::string_view align = next();
  if (!align.starts_with("align") || !all_digits(align.substr(5)))
    r.fail(align, "the alignment part is alignN (elements per access)");
  // The name keeps only the larger of A's and B's alignments; both are read as that.
  r.set("alignment", std::string(align.substr(5)), align);

  // The rest: [stream_k_]SCHEDULE[_epi_tma][_epiVsVL] (SM90: [stream_k_]SCHEDULE[_epi_tma|_epi_nosmem];
  // SM100: [stream_k_]SCHEDULE[_epi_tma|_epi_nosmem][_epiVsVL]).
  std::vector<std::string_view> rest(parts.begin() + static_cast<std::ptrdiff_t>(at), parts.end());
  if (rest.size() >= 2 && rest[0] == "stream" && rest[1] == "k") {
    r.set("tile_scheduler", "stream-k", "stream_k");
    rest.erase(rest.begin(), rest.begin() + 2);
  } else {
    r.set("tile_scheduler", "persistent", align);
  }
  if (sm90) {
    if (d_scale) r.fail(d, "not modelled: SM90 kernels write no scale factors");
    return sm90_schedule_settings(r, name, rest);
  }
  std::string fusion = "none";
  if (!rest.empty() && rest.back().starts_with("epiVs")) {
    const std::string_view part = rest.back();
    const std::string_view vector = part.substr(5, part.size() - 6);
    if (part.size() < 7 || (vector != "16" && vector != "32" && vector != "64") ||
        (part.back() != 't' && part.back() != 'n'))
      r.fail(part, "a scale-factor output part is epiVs{16|32|64}{t|n}");
    if (!d_scale) r.fail(part, fmt::format("scale factors are written with a block-scaled output; D ({}) has none", d));
    if (part.back() != layouts[2])
      r.fail(part, "not modelled: scale factors laid out unlike D (the model's scale-factor store follows D)");
    fusion = fmt::format("sf-gen:{}:{}", vector, name_of(*d_scale));
    rest.pop_back();
  } else if (d_scale) {
    r.fail(d, "an output with scale factors needs the name's _epiVs part (their vector and layout)");
  }
  r.set("fusion", fusion, fusion == "none" ? d : std::string_view(fusion));
  if (sm100) return sm100_schedule_settings(r, name, rest, types, grouped, tile, align, cluster);
  if (rest.size() >= 2 && rest[rest.size() - 2] == "epi" && rest.back() == "tma") {
    r.set("epilogue_schedule", "sparse", "epi_tma");
    rest.resize(rest.size() - 2);
  } else {
    r.set("epilogue_schedule", "auto", align);
  }
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  for (const ScheduleSuffix& s : schedule_suffixes) {
    if (s.suffix != schedule || s.family != family) continue;
    const std::string_view fp4 = s.operands == Fp4Format::nvfp4 ? "nvfp4" : "mxfp4";
    if (s.operands != Fp4Format::any && types != fp4)
      r.fail(schedule, fmt::format("this is the {} schedule, but the operands are {}", fp4, types));
    r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
    r.set("instruction", std::string(format_instruction(s.instruction)), schedule);
    r.set("epilogue", "default", schedule);
    r.set("epilogue_tile", "auto", schedule);
    return r.take();
  }
  std::vector<std::string_view> known;
  for (const ScheduleSuffix& s : schedule_suffixes)
    if (s.family == family) known.push_back(s.suffix);
  r.fail(schedule.empty() ? name : std::string_view(schedule),
         fmt::format("not a kernel schedule of this kind of kernel (expected {})", fmt::join(known, ", ")));
}

// [CutlassTileConfigSM120::]CtaShape{M}x{N}x{K}B[_Cluster1x1x1]: K in bytes of A.
Settings tactic_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  std::string_view rest = name;
  if (rest.starts_with(tactic_enum)) {
    const std::size_t colons = rest.find("::");
    const std::string_view sm = rest.substr(tactic_enum.size(), colons - tactic_enum.size());
    if (colons == std::string_view::npos) r.fail(name, "expected CutlassTileConfigSM120::CtaShape…");
    if (sm != "120" && sm != "121")
      r.fail(rest.substr(0, colons), fmt::format("not modelled: an SM{} tactic; the model has SM120/SM121's only", sm));
    rest = rest.substr(colons + 2);
  }
  if (!rest.starts_with(tactic_word)) r.fail(rest, "expected a CtaShape…B tactic, e.g. CtaShape128x256x64B");
  rest = rest.substr(tactic_word.size());
  std::string_view tile = rest.substr(0, rest.find('_'));
  const std::string_view suffix = rest.substr(tile.size());
  if (!suffix.empty() && suffix != "_Cluster1x1x1")
    r.fail(suffix, "not modelled: SM120 kernels run 1x1x1 clusters (and no warp-shape suffix: those are SM80 tiles)");
  if (!tile.ends_with('B'))
    r.fail(tile, "an SM120 tactic gives K in bytes of A and ends in B, e.g. CtaShape128x256x64B");
  r.set("tile", std::string(tile), tile);
  return r.take();
}

}  // namespace

std::optional<std::string_view> kernel_name_arch(std::string_view name) {
  if (!name.starts_with(cutlass_prefix)) return std::nullopt;
  const std::string_view rest = name.substr(cutlass_prefix.size() - 2);  // "sm…_…"
  return rest.substr(0, rest.find('_'));
}

bool looks_like_kernel_name(std::string_view text) {
  return text.starts_with(cutlass_prefix) || text.starts_with(tactic_word) || text.starts_with(tactic_enum);
}

Settings kernel_name_settings(std::string_view name, const Origin& origin) {
  if (name.starts_with(cutlass_prefix)) return cutlass_name_settings(name, origin);
  if (looks_like_kernel_name(name)) return tactic_settings(name, origin);
  throw InputError(fmt::format(
      "{}: \"{}\" is not a kernel name: expected a CUTLASS library name (cutlass3x_sm120_…, as "
      "python/cutlass_library names them) or a TensorRT-LLM / FlashInfer tactic (CtaShape128x256x64B)",
      origin, name));
}

void expand_kernel_name(Settings& layer) {
  const auto kernel = layer.find("kernel");
  if (kernel == layer.end()) return;
  for (auto& [key, setting] : kernel_name_settings(kernel->second.value.get<std::string>(), kernel->second.origin))
    layer.try_emplace(key, std::move(setting));
}

std::vector<std::string> kernel_names_in(std::string_view text) {
  std::vector<std::string> names;
  std::unordered_set<std::string_view> seen;
  // The name from `start` to the end of the identifier at `word` (past an enum's "::").
  const auto take = [&](std::size_t start, std::size_t word) {
    std::size_t end = word;
    while (end < text.size() && is_identifier_char(text[end])) ++end;
    const std::string_view name = text.substr(start, end - start);
    if (seen.insert(name).second) names.emplace_back(name);
    return end;
  };
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t cutlass = text.find(cutlass_prefix, at);
    const std::size_t tactic = text.find(tactic_word, at);
    const std::size_t found = std::min(cutlass, tactic);
    if (found == std::string_view::npos) break;
    if (found > 0 && is_identifier_char(text[found - 1])) {
      at = found + 1;  // inside a longer word
      continue;
    }
    std::size_t start = found;
    // Keep the enum's name with its enumerator: CutlassTileConfigSM120::CtaShape…
    if (found == tactic && found >= 2 && text.substr(found - 2, 2) == "::") {
      std::size_t word = found - 2;
      while (word > 0 && is_identifier_char(text[word - 1])) --word;
      if (text.substr(word, found - 2 - word).starts_with(tactic_enum)) start = word;
    }
    at = take(start, found);
  }
  return names;
}

}  // namespace smem_budget::io
