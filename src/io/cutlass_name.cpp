#include "io/cutlass_name.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/name_reader.hpp"
#include "io/parse.hpp"
#include "io/schedule_suffixes.hpp"
#include "io/vocabulary.hpp"

namespace smem_budget::io {
namespace {

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t at; (at = text.find(separator, start)) != std::string_view::npos; start = at + 1)
    parts.push_back(text.substr(start, at - start));
  parts.push_back(text.substr(start));
  return parts;
}

// CUTLASS's element names (DataTypeNames, python/cutlass_library/library.py, v4.7.0) the model has no
// element for: a name with one is a real kernel the model does not answer.
constexpr std::array<std::string_view, 27> unmodelled_cutlass_elements{
    "b1",   "u16",   "u32",  "u64",   "s16",  "s32", "s64", "f8",  "tf32", "f64",  "cf16", "cbf16", "cf32", "ctf32",
    "cf64", "cu2", "cu4", "cu8",  "cu16", "cu32", "cu64", "cs2", "cs4",  "cs8",  "cs16", "cs32",  "cs64"};

Element element_part(NameReader& r, std::string_view part, std::string_view text, bool allow_void) {
  const auto e = element_from_name(text);
  if (!e || (*e == Element::none && !allow_void)) {
    std::string known;
    for (Element each : all_elements)
      if (each != Element::none) known += (known.empty() ? "" : ", ") + std::string(name_of(each));
    if (allow_void) known += ", " + std::string(name_of(Element::none));
    const bool cutlass_element = std::find(unmodelled_cutlass_elements.begin(), unmodelled_cutlass_elements.end(),
                                           text) != unmodelled_cutlass_elements.end();
    if (cutlass_element) r.fail(part, fmt::format("not modelled: {} elements (the model knows {})", text, known));
    r.fail(part, fmt::format("{} is not an element type the model knows ({})", text, known));
  }
  return *e;
}

// SM100's runtime-typed operands, type_erased_dynamic_float4_t, …float6_t and …float8_t (f4, f6, f8):
// the data type is chosen at run time, the shared memory is that of any element of those bits, e2m1,
// e3m2 and e4m3.
Element runtime_element(NameReader& r, std::string_view part, std::string_view text) {
  if (text == "f4") return Element::e2m1;
  if (text == "f6") return Element::e3m2;
  if (text == "f8") return Element::e4m3;
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
    return std::string(fp4_name(Fp4Format::nvfp4));
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

// SM100's runtime-typed f8 (type_erased_dynamic_float8_t) is laid out as e4m3.
BlockwiseOperand blockwise_operand(NameReader& r, std::string_view part, NameArch arch) {
  const auto wrong = [&] { r.fail(part, "a blockwise-scaled operand is ROWSxKf32xELEMENT, e.g. 1x128f32xe4m3"); };
  const std::size_t f32 = part.find("f32x");
  if (f32 == std::string_view::npos) wrong();
  const auto dims = split(part.substr(0, f32), 'x');
  if (dims.size() != 2 || !all_digits(dims[0]) || !all_digits(dims[1])) wrong();
  const auto rows = parse_count(dims[0], max_tile_extent);
  const auto k = parse_count(dims[1], max_tile_extent);
  if (!ok(rows) || !ok(k)) wrong();
  const std::string_view element = part.substr(f32 + 4);
  return {std::get<bytes_t>(rows), std::get<bytes_t>(k),
          arch == NameArch::sm100 ? runtime_element(r, part, element) : element_part(r, part, element, false)};
}

// --types: one side when A and B agree, A:B otherwise.
std::string types_text(std::string_view a, std::string_view b) {
  return a == b ? std::string(a) : fmt::format("{}:{}", a, b);
}

// A name's parts, read in order; running out of them before the schedule is an error.
class Parts {
 public:
  Parts(NameReader& r, std::string_view name) : r_(r), name_(name), parts_(split(name, '_')) {}

  std::string_view next() {
    if (at_ >= parts_.size()) r_.fail(name_, "the name ends before its alignment and schedule parts");
    return parts_[at_++];
  }
  bool next_is(std::string_view part) const { return at_ < parts_.size() && parts_[at_] == part; }
  void skip() { ++at_; }
  std::vector<std::string_view> rest() const {
    return {parts_.begin() + static_cast<std::ptrdiff_t>(at_), parts_.end()};
  }

 private:
  NameReader& r_;
  std::string_view name_;
  std::vector<std::string_view> parts_;
  std::size_t at_ = 0;
};

NameArch arch_part(NameReader& r, std::string_view arch) {
  if (arch == "sm90") return NameArch::sm90;
  if (arch == "sm100") return NameArch::sm100;
  if (arch == "sm103") return NameArch::sm103;
  if (arch != "sm120" && arch != "sm121")
    r.fail(arch,
           "not modelled: the model reads the names of SM120/SM121, SM90, SM100 and SM103 kernels (sm120, sm121, "
           "sm90, sm100, sm103) only");
  return NameArch::sm120;
}

// The operation class; a tensorop kernel is plain until its operands say blockwise.
Family family_part(NameReader& r, NameArch arch, std::string_view opclass) {
  if (arch == NameArch::sm90 && opclass != "tensorop" && opclass != "sptensorop")
    r.fail(opclass, "not modelled: of SM90's kernels the model has the dense and sparse tensor-op GEMMs (tensorop, "
                    "sptensorop) only");
  if (arch == NameArch::sm103 && opclass != "bstensorop")
    r.fail(opclass, "not modelled: SM103's kernels are the block-scaled FP4 ultra GEMMs (bstensorop)");
  if (opclass == "bstensorop") return Family::block_scaled;
  if (opclass == "bssptensorop") return Family::block_scaled_sparse;
  if (opclass == "sptensorop") return Family::plain_sparse;
  if (opclass != "tensorop")
    r.fail(opclass, "unknown operation class (expected bstensorop, bssptensorop, tensorop, sptensorop)");
  return Family::plain;
}

// What the kind part says: a grouped, an SM100 MoE (moe_gemm: MoEProblemShape) or an SM100 FastF32
// complex (cbf16gemm) kernel.
struct KernelKind {
  bool grouped = false;
  bool moe = false;
  bool fast_f32 = false;
};

// gemm, gemm_grouped, moe_gemm (SM100) or spgemm (tf32gemm, tf32spgemm: f32 operands multiplied as
// tfloat32, the generator's spelling of SM90's tf32 kernels, and of SM100's interleaved complex ones);
// cbf16gemm: SM100's FastF32 complex kernels, complex<float> multiplied as bf16 parts
// (GenerateSM100_TensorOp_FastF32_UMMA_gemm_complex_stream_k, generator.py:10775-10872, v4.7.0). Sets
// grouped, moe, sparse and (cbf16gemm) math.
KernelKind kind_part(NameReader& r, Parts& parts, NameArch arch, Family family, std::string_view opclass) {
  const bool sparse = is_sparse(family);
  const std::string_view kind = parts.next();
  const std::string_view plain_kind = sparse ? "spgemm" : "gemm";
  const bool tf32 = kind.starts_with("tf32") && kind.substr(4) == plain_kind;
  KernelKind k;
  if (kind == "gemm" && parts.next_is("grouped")) {
    k.grouped = true;
    parts.skip();
  } else if (kind == "moe" && parts.next_is("gemm") && arch == NameArch::sm100 && !sparse) {
    k.moe = true;
    parts.skip();
  } else if (kind == "cbf16gemm" && arch == NameArch::sm100 && !sparse) {
    k.fast_f32 = true;
    r.set("math", std::string(format_math(Math::fast_bf16)), kind);
  } else if (kind != plain_kind && !tf32) {
    r.fail(kind, sparse ? "a sparse kernel's kind is spgemm (tf32spgemm for tf32)"
                        : "not modelled: the model reads the kinds gemm, gemm_grouped and SM100's moe_gemm");
  }
  r.set("grouped", k.grouped, k.grouped ? "gemm_grouped" : kind);
  if (k.moe) r.set("moe", true, "moe_gemm");
  r.set("sparse", sparse, opclass);
  return k;
}

// A and B: sets types, scaling and scale granularity, and returns --types; `family` becomes
// blockwise when the operands carry float scales.
std::string operand_parts(NameReader& r, NameArch arch, Family& family, std::string_view opclass, std::string_view a,
                          std::string_view b) {
  const std::string both = fmt::format("{}_{}", a, b);
  std::string types;
  if (family == Family::block_scaled || family == Family::block_scaled_sparse) {
    types = types_text(block_operand(r, a), block_operand(r, b));
    r.set("types", types, both);
    r.set("scaling", std::string(format_scaling(Scaling::block)), opclass);
    r.set("scale_granularity", format_scale_granularity(ScaleGranularity{}), opclass);
  } else if (a.find("f32x") != std::string_view::npos) {
    family = Family::blockwise;
    const BlockwiseOperand sa = blockwise_operand(r, a, arch), sb = blockwise_operand(r, b, arch);
    if (sa.k != sb.k) r.fail(both, "A's and B's scale blocks must share their K extent");
    types = types_text(name_of(sa.data), name_of(sb.data));
    r.set("types", types, both);
    r.set("scaling", std::string(format_scaling(Scaling::blockwise)), both);
    r.set("scale_granularity", format_scale_granularity(ScaleGranularity{false, sa.rows, sb.rows, sa.k}), both);
  } else {
    // SM100's complex<float> GEMMs (interleaved complex tf32 and FastF32); other complex kernels are not modelled.
    if (arch == NameArch::sm100 && a == name_of(Element::cf32) && b == name_of(Element::cf32)) {
      types = std::string(a);
      r.set("types", types, both);
      r.set("scaling", std::string(format_scaling(Scaling::none)), opclass);
      r.set("scale_granularity", format_scale_granularity(ScaleGranularity{}), opclass);
      return types;
    }
    if (a.starts_with('c') && element_from_name(a.substr(1)))
      r.fail(both, "not modelled: complex GEMMs other than SM100's complex<float> ones (cf32)");
    const bool sm100 = arch == NameArch::sm100;
    // tfloat32_t operands are 32 bits in shared memory and multiplied as tf32, as f32 operands are
    // (tests/data/sm90-tf32-names-device.json: CUTLASS's SM90 tf32 kernels measure as their f32 twins).
    const auto plain = [&](std::string_view part) {
      if (part == "tf32") return Element::f32;
      return sm100 ? runtime_element(r, part, part) : element_part(r, part, part, false);
    };
    const Element ea = plain(a), eb = plain(b);
    types = types_text(name_of(ea), name_of(eb));
    r.set("types", types, both);
    r.set("scaling", std::string(format_scaling(Scaling::none)), opclass);
    r.set("scale_granularity", format_scale_granularity(ScaleGranularity{}), opclass);
  }
  return types;
}

// The accumulator, C and D (or SCALExD where the kernel also writes block scale factors): sets c
// and d, and returns D's scale type.
// Integer operands accumulate in s32, complex ones in their type; f16 operands may accumulate in f16
// (the accumulator key).
std::optional<ScaleType> output_parts(NameReader& r, std::string_view accumulator, std::string_view c,
                                      std::string_view d, bool integer_operands, bool f16_operands,
                                      bool complex_operands) {
  if (complex_operands) {
    if (accumulator != name_of(Element::cf32)) r.fail(accumulator, "not modelled: complex GEMMs accumulate in cf32");
  } else if (integer_operands) {
    if (accumulator != name_of(Element::s32)) r.fail(accumulator, "not modelled: integer GEMMs accumulate in s32");
  } else if (accumulator == name_of(Element::f16) && f16_operands) {
    r.set("accumulator", std::string(accumulator), accumulator);
  } else if (accumulator != name_of(Element::f32)) {
    r.fail(accumulator,
           "not modelled: the model's 3.x kernels accumulate in f32 (integer ones in s32; f16 operands also in f16)");
  }
  r.set("c", std::string(name_of(element_part(r, c, c, true))), c);
  const std::size_t dx = d.find('x');
  std::optional<ScaleType> d_scale;
  if (dx != std::string_view::npos) {
    // The sparse NVF4 kernels write float_e4m3_t scale factors of D (generator.py:8593, v4.7.0): bytes
    // as ue4m3's are, written from registers (no shared memory), read as ue4m3.
    d_scale =
        d.substr(0, dx) == "e4m3" ? std::optional<ScaleType>(ScaleType::ue4m3) : scale_type_from_name(d.substr(0, dx));
    if (!d_scale) r.fail(d, "an output with scale factors is SCALExELEMENT, e.g. ue8m0xe2m1");
  }
  r.set("d", std::string(name_of(element_part(r, d, d.substr(dx == std::string_view::npos ? 0 : dx + 1), false))), d);
  return d_scale;
}

// SM90's mixed-input kernels: {cvt|scl|sclzr}[_shfl] after D (GemmOperation.mixed_input_mode_name,
// gemm_operation.py:237-245, v4.7.0); none where A and B are of one width.
void conversion_parts(NameReader& r, Parts& parts, const std::string& types) {
  const OperandPair pair = std::get<OperandPair>(parse_types(types));  // set() has checked it
  if (bits_of(pair.a.data) == bits_of(pair.b.data)) return;
  const std::string_view mode = parts.next();
  if (!ok(parse_conversion(mode))) r.fail(mode, "a mixed-input kernel's name says its conversion after D: cvt, scl or sclzr");
  r.set("conversion", std::string(mode), mode);
  const bool shuffled = parts.next_is("shfl");
  if (shuffled) parts.skip();
  r.set("shuffle", shuffled, shuffled ? std::string_view("shfl") : mode);
}

// The cluster part: SM90, SM100 and SM103 take theirs (0x0x1 is one chosen at run time,
// Shape<int, int, _1>); SM120 kernels run 1x1x1. Returns the cluster once checked.
Cluster cluster_part(NameReader& r, NameArch arch, std::string_view cluster) {
  if ((arch == NameArch::sm100 || arch == NameArch::sm103) && cluster == "0x0x1") {
    r.set("cluster", format_cluster(dynamic_cluster), cluster);
    return dynamic_cluster;
  }
  if (arch == NameArch::sm120) {
    if (cluster != "1x1x1") r.fail(cluster, "not modelled: SM120 kernels run 1x1x1 clusters");
    return Cluster{};
  }
  r.set("cluster", std::string(cluster), cluster);
  return std::get<Cluster>(parse_cluster(cluster));  // set() has checked it
}

void stages_part(NameReader& r, std::string_view stages) {
  if (!all_digits(stages)) r.fail(stages, "the stage count is a number (0: automatic)");
  if (stages == "0")
    r.set("stages", format_stages(StagePolicy{StagePolicy::Kind::auto_carveout, 0}), stages);
  else
    r.set("stages", std::string(stages), stages);
}

// The layouts of A, B and C (and D). MN-major A (n) or B (t) is modelled on SM100's dense and
// block-scaled kernels and on SM90's 16-bit and tf32 ones. Complex A and B may be c (column-major) or h
// (row-major), conjugated (ComplexTransform::conjugate, library.py's ShortComplexLayoutNames): the
// transform warps conjugate while they convert, in registers
// (sm100_mma_warpspecialized_interleaved_complex_tf32.hpp:590-640), so it is read as its layout.
void layouts_part(NameReader& r, std::string_view layouts, bool mn_major_modelled, bool complex) {
  const auto letter = [](char l) { return l == 't' || l == 'n'; };
  const auto operand = [&](char l) { return letter(l) || (complex && (l == 'c' || l == 'h')); };
  if (layouts.size() != 3 || !operand(layouts[0]) || !operand(layouts[1]) || !letter(layouts[2]))
    r.fail(layouts, complex ? "the layouts of complex A and B are t or n (h or c: conjugated), C's t or n, e.g. hcn"
                            : "the layouts of A, B and C are three letters t (row-major) or n (column-major), e.g. tnt");
  if (layouts.substr(0, 2) != "tn" && !mn_major_modelled)
    r.fail(layouts,
           "not modelled: MN-major A or B (tn… are the K-major operands; MN-major ones are modelled on SM100 and "
           "on SM90 with f16, bf16 or tf32)");
  const auto layout_of = [](char l) {
    return std::string(format_layout(l == 't' || l == 'h' ? MatrixLayout::row : MatrixLayout::col));
  };
  r.set("a_layout", layout_of(layouts[0]), layouts);
  r.set("b_layout", layout_of(layouts[1]), layouts);
  r.set("d_layout", layout_of(layouts[2]), layouts);
}

void alignment_part(NameReader& r, std::string_view align) {
  if (!align.starts_with("align") || !all_digits(align.substr(5)))
    r.fail(align, "the alignment part is alignN (elements per access)");
  // The name keeps only the larger of A's and B's alignments; both are read as that.
  r.set("alignment", std::string(align.substr(5)), align);
}

// [stream_k_] before the schedule.
void tile_scheduler_part(NameReader& r, std::vector<std::string_view>& rest, std::string_view align) {
  if (rest.size() >= 2 && rest[0] == "stream" && rest[1] == "k") {
    r.set("tile_scheduler", std::string(format_tile_scheduler(TileScheduler::stream_k)), "stream_k");
    rest.erase(rest.begin(), rest.begin() + 2);
  } else {
    r.set("tile_scheduler", std::string(format_tile_scheduler(TileScheduler::persistent)), align);
  }
}

// [_epiVs{V}{layout}] at the end: the block scale factors of D, LinCombBlockScaleFactor.
void fusion_part(NameReader& r, std::vector<std::string_view>& rest, std::string_view d,
                 std::optional<ScaleType> d_scale, bool sm10x, MatrixLayout d_layout) {
  Config fused;
  if (!rest.empty() && rest.back().starts_with("epiVs")) {
    const std::string_view part = rest.back();
    const std::string_view vector = part.substr(5, part.size() - 6);
    const auto known =
        std::find_if(sf_vectors.begin(), sf_vectors.end(), [&](bytes_t v) { return vector == std::to_string(v); });
    if (part.size() < 7 || known == sf_vectors.end() || (part.back() != 't' && part.back() != 'n'))
      r.fail(part, "a scale-factor output part is epiVs{16|32|64}{t|n}");
    if (!d_scale) r.fail(part, fmt::format("scale factors are written with a block-scaled output; D ({}) has none", d));
    // The scale factors of D go from registers to global memory (LinCombBlockScaleFactor keeps no shared
    // memory): their layout, like D's or not, changes no byte of a dense kernel (measured by name:
    // tests/data/sm100-blockscaled-names-device.json).
    fused.fusion = Fusion::sf_gen;
    fused.sf_output = ScaleFactorOutput{*known, d_scale};
    // On SM100 and SM103 it is given where it is not D's: the sparse epilogue sizes its tile by it
    // (sm100_builder.inl:142-145), and a grouped kernel has callbacks for a row-major one only.
    const MatrixLayout layout = part.back() == 't' ? MatrixLayout::row : MatrixLayout::col;
    if (sm10x && layout != d_layout) fused.sf_output.layout = layout;
    rest.pop_back();
  } else if (d_scale) {
    r.fail(d, "an output with scale factors needs the name's _epiVs part (their vector and layout)");
  }
  const std::string fusion = format_fusion(fused);
  r.set("fusion", fusion, fused.fusion == Fusion::none ? d : std::string_view(fusion));
}

// [_epi_tma|_epi_nosmem] after an SM90 or SM100 schedule: the epilogue collective (none: the TMA one).
EpilogueKind epilogue_part(NameReader& r, std::vector<std::string_view>& rest, std::string_view arch) {
  if (rest.size() < 2 || rest[rest.size() - 2] != "epi") return EpilogueKind::tma;
  const EpilogueKind epilogue = rest.back() == "nosmem" ? EpilogueKind::nosmem : EpilogueKind::tma;
  if (epilogue == EpilogueKind::tma && rest.back() != "tma")
    r.fail(rest.back(), fmt::format("an {} epilogue part is epi_tma or epi_nosmem", arch));
  rest.resize(rest.size() - 2);
  return epilogue;
}

// The row of `schedule`, or a failure listing the suffixes this kind of kernel takes.
const ScheduleSuffix& schedule_part(NameReader& r, std::string_view name, NameArch arch, Family family,
                                    const std::string& schedule) {
  std::vector<std::string_view> known;
  for (const ScheduleSuffix& s : schedule_suffixes) {
    // SM120's and SM100's suffixes mean a schedule per operation class; SM90's whatever the operands.
    if (s.arch != arch || ((arch == NameArch::sm120 || arch == NameArch::sm100) && s.family != family)) continue;
    if (s.suffix == schedule) return s;
    if (!s.suffix.empty()) known.push_back(s.suffix);
  }
  if (arch == NameArch::sm90)
    r.fail(schedule, fmt::format("not modelled: an SM90 kernel schedule the model has no layout of (it reads {}, or "
                                 "none for the automatic one)",
                                 fmt::join(known, ", ")));
  r.fail(schedule.empty() ? name : std::string_view(schedule),
         fmt::format("not {} (expected {})",
                     arch != NameArch::sm100          ? "a kernel schedule of this kind of kernel"
                     : family == Family::block_scaled ? "a block-scaled SM100 kernel schedule"
                                                      : "an SM100 tensor-op kernel schedule",
                     fmt::join(known, ", ")));
}

// An FP4 schedule's operands must be the FP4 format it names.
void check_fp4(NameReader& r, const ScheduleSuffix& s, const std::string& types, std::string_view schedule) {
  if (s.operands == Fp4Format::any) return;
  const std::string_view wanted = fp4_name(s.operands);
  if (types != wanted) r.fail(schedule, fmt::format("this is the {} schedule, but the operands are {}", wanted, types));
}

// What a CUTLASS name says past its alignment, per architecture.
struct Kernel {
  NameArch arch;
  Family family;
  bool grouped;
  bool moe;
  bool fast_f32;
  std::string types;
  std::string_view tile;
  Tile tile_extents;
  std::string_view cluster;
  Cluster cluster_extents;
  std::string_view align;
};

// SM100's MoE kernels (moe_gemm) and the mixed TMA/cp.async schedule come together: CUTLASS's generator
// builds that schedule for its MoE GEMMs only (generator.py:8906-9300, v4.7.0).
void check_moe(NameReader& r, const ScheduleSuffix& s, bool moe, std::string_view schedule) {
  if (moe && !s.mixed_tma_cp_async)
    r.fail(schedule, "not modelled: an SM100 MoE kernel (moe_gemm) with another schedule than mixed_cpasync_1sm");
  if (!moe && s.mixed_tma_cp_async)
    r.fail(schedule, "not modelled: the mixed TMA/cp.async schedule (mixed_cpasync_1sm) of another kind than moe_gemm");
}

// A named SM90 schedule without an epilogue part is the generator's EpilogueTransposed (its tf32 kernels
// of MN-major B), a DefaultEpilogue in the no-smem adapter (sm90_builder.inl:856-884): the no-smem
// epilogue's shared memory.
Settings sm90_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                const Kernel& k) {
  const bool epilogue_named = rest.size() >= 2 && rest[rest.size() - 2] == "epi";
  EpilogueKind epilogue = epilogue_part(r, rest, "SM90");
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  if (!epilogue_named && s.schedule != Schedule::automatic) epilogue = EpilogueKind::nosmem;
  const std::string_view part = schedule.empty() ? name : std::string_view(schedule);
  r.set("schedule", std::string(format_schedule(s.schedule)), part);
  r.set("fast_accum", s.fast_accum, part);
  r.set("cp_async", s.cp_async, part);
  r.set("epilogue", std::string(format_epilogue(epilogue)), part);
  return r.take();
}

// No epilogue part is EpilogueScheduleAuto, which on SM100 builds the TMA epilogue of the
// kernel's own 1-SM or 2-SM kind when the cluster is static
// (epilogue/collective/builders/sm100_builder.inl:1697-1713), and the grouped kernels' PtrArray TMA one.
Settings sm100_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                 const Kernel& k) {
  const bool automatic_epilogue = !k.grouped && (rest.size() < 2 || rest[rest.size() - 2] != "epi");
  const EpilogueKind epilogue = epilogue_part(r, rest, "SM100");
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  check_moe(r, s, k.moe, schedule);
  // EpilogueScheduleAuto's own is_2sm: a static, even cluster M and tile M 256; else the 1-SM epilogue
  // (sm100_builder.inl:1697-1713), under the 2-SM mainloop too.
  const bool auto_epilogue_2sm =
      !k.cluster_extents.is_dynamic() && k.cluster_extents.m % 2 == 0 && k.tile_extents.m == 256;
  if (automatic_epilogue && s.schedule == Schedule::two_sm && !auto_epilogue_2sm)
    r.set("epilogue_schedule", std::string(format_epilogue_schedule(EpilogueSchedule::one_sm)), k.cluster);
  Instruction instruction = s.instruction;
  if (s.operands == Fp4Format::mxfp4 && k.grouped && (k.types != fp4_name(Fp4Format::mxfp4) || k.align == "align128")) {
    // PtrArray…Mxf8f6f4Sm100: other operands than MXFP4, or MXFP4 loaded unpacked, 128 elements a time.
    instruction = Instruction::mxf8f6f4;
  } else if (s.operands == Fp4Format::nvfp4 && k.types == fp4_name(Fp4Format::mxfp4)) {
    // ue8m0 scales under an NVF4 schedule: one scale per 16 elements.
    r.set("types", std::string(name_of(Operand{Element::e2m1, ScaleType::ue8m0, 16})), schedule);
  } else {
    check_fp4(r, s, k.types, schedule);
  }
  r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
  r.set("instruction", std::string(format_instruction(instruction)), schedule);
  r.set("epilogue", std::string(format_epilogue(epilogue)), rest.empty() ? name : std::string_view(schedule));
  // The generator's emitter gives the NVF4 kernels of tile N 256 a 128x64 epilogue tile
  // (python/cutlass_library/gemm_operation.py:998-1006, v4.7.0).
  const bool nvf4_n256 = s.operands == Fp4Format::nvfp4 && k.tile_extents.n == 256;
  r.set("epilogue_tile", nvf4_n256 ? format_epilogue_tile(EpilogueTile{false, 128, 64}) : format_epilogue_tile({}),
        nvf4_n256 ? k.tile : std::string_view(schedule));
  return r.take();
}

// SM103: the ultra schedule (its vector: 16 for NVFP4 or ue8m0 scales, 32 for MXFP4) and the
// epilogue part; CUTLASS's SM103 kernels name their no-smem epilogue.
Settings sm103_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                 const Kernel& k) {
  const bool automatic_epilogue = rest.size() < 2 || rest[rest.size() - 2] != "epi";
  const EpilogueKind epilogue = epilogue_part(r, rest, "SM103");
  if (automatic_epilogue) r.fail(name, "not modelled: an SM103 name without its epilogue part (_epi_nosmem)");
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  const std::string_view mxfp4 = fp4_name(Fp4Format::mxfp4);
  if (s.operands == Fp4Format::nvfp4 && k.types == mxfp4) {
    // ue8m0 scales under a Vs16 schedule: one scale per 16 elements.
    r.set("types", std::string(name_of(Operand{Element::e2m1, ScaleType::ue8m0, 16})), schedule);
  } else {
    check_fp4(r, s, k.types, schedule);
  }
  r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
  r.set("epilogue", std::string(format_epilogue(epilogue)), schedule);
  r.set("epilogue_tile", format_epilogue_tile({}), schedule);
  return r.take();
}

// SM100's FastF32 kernels: FastF32_{1sm|2sm}_epi_nosmem_fastf32 (KernelTmaWarpSpecialized{1,2}SmFastFP32Sm100
// with FastF32NoSmemWarpSpecialized{1,2}Sm, library.py:818-819, :946-947, v4.7.0), which the generator builds
// for its complex<float> cbf16gemm kernels only; `rest` keeps the schedule and the epilogue part.
void fast_f32_part(NameReader& r, std::vector<std::string_view>& rest, bool fast_f32) {
  const std::string whole = fmt::format("{}", fmt::join(rest, "_"));
  const bool named = rest.size() == 5 && rest[0] == "FastF32" && rest[2] == "epi" && rest[3] == "nosmem" &&
                     rest[4] == "fastf32";
  if (!fast_f32 && (whole.find("FastF32") != std::string::npos || whole.find("fastf32") != std::string::npos))
    r.fail(whole,
           "not modelled: SM100's FastF32 kernels of other than complex<float> (f32 emulated with bf16, "
           "KernelTmaWarpSpecialized{1,2}SmFastFP32Sm100)");
  if (!fast_f32) return;
  if (!named) r.fail(whole, "a cbf16gemm kernel's schedule is FastF32_1sm or FastF32_2sm, with _epi_nosmem_fastf32");
  rest.pop_back();
  rest.erase(rest.begin());
}

// SM100's dense (tensorop) GEMMs: SCHEDULE is 1sm or 2sm (KernelTmaWarpSpecialized{1,2}SmSm100, grouped
// KernelPtrArrayTmaWarpSpecialized{1,2}SmSm100, library.py:763-771, v4.7.0); no epilogue part is
// TmaWarpSpecialized1Sm (whose suffix is empty, library.py:958) after 1sm, EpilogueScheduleAuto after 2sm,
// _epi_tma TmaWarpSpecialized2Sm, _epi_nosmem NoSmemWarpSpecialized{1,2}Sm; grouped kernels' PtrArray ones.
// The generator's emitter gives these kernels EpilogueTileAuto.
Settings sm100_tensorop_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                 const Kernel& k) {
  fast_f32_part(r, rest, k.fast_f32);
  const bool automatic_epilogue = !k.grouped && (rest.size() < 2 || rest[rest.size() - 2] != "epi");
  const EpilogueKind epilogue = epilogue_part(r, rest, "SM100");
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  check_moe(r, s, k.moe, schedule);
  // EpilogueScheduleAuto's own is_2sm for OpClassTensorOp: a static, even cluster M and tile M 128 or 256
  // (sm100_builder.inl:1697-1713); else the 1-SM epilogue, under the 2-SM mainloop too.
  const bool auto_epilogue_2sm = !k.cluster_extents.is_dynamic() && k.cluster_extents.m % 2 == 0 &&
                                 (k.tile_extents.m == 256 || k.tile_extents.m == 128);
  if (automatic_epilogue && s.schedule == Schedule::two_sm && !auto_epilogue_2sm)
    r.set("epilogue_schedule", std::string(format_epilogue_schedule(EpilogueSchedule::one_sm)), k.cluster);
  r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
  if (s.cp_async) r.set("cp_async", true, schedule);
  r.set("epilogue", std::string(format_epilogue(epilogue)), rest.empty() ? name : std::string_view(schedule));
  r.set("epilogue_tile", format_epilogue_tile({}), schedule);
  return r.take();
}

// SM100's sparse GEMMs: SCHEDULE is 1sm or 2sm (KernelSparseTmaWarpSpecialized{1,2}SmSm100), or q_ or
// o_vs16_ before it for the block-scaled MXF8F6F4 and NVF4 ones; the epilogue part says the epilogue
// schedule CUTLASS's generator pairs with each: none TmaWarpSpecialized1Sm and _epi_tma
// TmaWarpSpecialized2Sm after 1sm and 2sm, _epi_tma TmaWarpSpecialized{1,2}Sm{Mxf8f6f4,Nvf4} after the
// block-scaled ones (library.py:940-975, v4.7.0). Its stage count 0 is StageCountAutoCarveoutEpi without
// block scales (gemm_operation.py:961-962); the scale factors of D take the layout the name gives.
Settings sm100_sparse_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                               const Kernel& k, std::string_view stages) {
  const bool epilogue_named = rest.size() >= 2 && rest[rest.size() - 2] == "epi";
  const EpilogueKind epilogue = epilogue_part(r, rest, "SM100");
  if (epilogue != EpilogueKind::tma) r.fail(name, "not modelled: a sparse SM100 kernel with the no-smem epilogue");
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  check_fp4(r, s, k.types, schedule);
  // The generator's pairs: a plain kernel's epilogue part names the 2-SM epilogue, a block-scaled
  // one's its own (Mxf8f6f4 or Nvf4) epilogue schedule.
  const bool paired = k.family == Family::block_scaled_sparse ? epilogue_named
                                                               : epilogue_named == (s.schedule == Schedule::two_sm);
  if (!paired)
    r.fail(name, "not modelled: a sparse SM100 kernel whose epilogue schedule is not the one CUTLASS's generator "
                 "pairs with its kernel schedule");
  r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
  r.set("instruction", std::string(format_instruction(s.instruction)), schedule);
  r.set("epilogue", std::string(format_epilogue(epilogue)), schedule);
  r.set("epilogue_tile", format_epilogue_tile({}), schedule);
  if (k.family == Family::plain_sparse && stages == "0")
    r.set("stages", format_stages(StagePolicy{StagePolicy::Kind::auto_epi, 0}), stages);
  return r.take();
}

// SM120: [_epi_tma] is the sparse kernels' own epilogue schedule.
Settings sm120_schedule_settings(NameReader& r, std::string_view name, std::vector<std::string_view> rest,
                                 const Kernel& k) {
  if (rest.size() >= 2 && rest[rest.size() - 2] == "epi" && rest.back() == "tma") {
    r.set("epilogue_schedule", std::string(format_epilogue_schedule(EpilogueSchedule::sparse)), "epi_tma");
    rest.resize(rest.size() - 2);
  } else {
    r.set("epilogue_schedule", std::string(format_epilogue_schedule(EpilogueSchedule::automatic)), k.align);
  }
  const std::string schedule = fmt::format("{}", fmt::join(rest, "_"));
  const ScheduleSuffix& s = schedule_part(r, name, k.arch, k.family, schedule);
  check_fp4(r, s, k.types, schedule);
  r.set("schedule", std::string(format_schedule(s.schedule)), schedule);
  r.set("instruction", std::string(format_instruction(s.instruction)), schedule);
  r.set("epilogue", std::string(format_epilogue(EpilogueKind::tma)), schedule);
  r.set("epilogue_tile", format_epilogue_tile({}), schedule);
  return r.take();
}

}  // namespace

// cutlass{3x}_sm{120|121|90|100}_{opclass}_{gemm|gemm_grouped|moe_gemm|spgemm}_{A}_{B}_{acc}_{C}_{D}_{tile}_
// {cluster}_{stages}_{layouts}_align{N}[_stream_k]_{schedule}[_epi_tma][_epiVs{V}{layout}]:
// GemmOperation._procedural_name in python/cutlass_library/gemm_operation.py (v4.7.0).
Settings cutlass_name_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  Parts parts(r, name);
  (void)parts.next();  // cutlass3x
  Kernel k{};
  k.arch = arch_part(r, parts.next());
  const std::string_view opclass = parts.next();
  k.family = family_part(r, k.arch, opclass);
  const KernelKind kind = kind_part(r, parts, k.arch, k.family, opclass);
  k.grouped = kind.grouped;
  k.moe = kind.moe;
  k.fast_f32 = kind.fast_f32;
  const std::string_view a = parts.next(), b = parts.next(), accumulator = parts.next(), c = parts.next(),
                         d = parts.next();
  k.types = operand_parts(r, k.arch, k.family, opclass, a, b);
  const std::optional<ScaleType> d_scale =
      output_parts(r, accumulator, c, d, k.types == name_of(Element::s8) || k.types == name_of(Element::u8),
                   k.types == name_of(Element::f16), k.types == name_of(Element::cf32));
  if (k.arch == NameArch::sm90) conversion_parts(r, parts, k.types);
  k.tile = parts.next();
  r.set("tile", std::string(k.tile), k.tile);
  const TileSpec tile = std::get<TileSpec>(parse_tile(k.tile));  // set() has checked it
  k.tile_extents = Tile{tile.m, tile.n, tile.k};
  k.cluster = parts.next();
  k.cluster_extents = cluster_part(r, k.arch, k.cluster);
  const std::string_view stages = parts.next();
  stages_part(r, stages);
  const bool sm100_tensorop = k.arch == NameArch::sm100 && (k.family == Family::plain || k.family == Family::blockwise);
  const bool sm90_16_or_32_bits = k.types == name_of(Element::f16) || k.types == name_of(Element::bf16) ||
                                  k.types == name_of(Element::f32);
  const bool mn_major_modelled = (k.arch == NameArch::sm100 && k.family != Family::plain_sparse) ||
                                 (k.arch == NameArch::sm90 && sm90_16_or_32_bits);
  const std::string_view layouts = parts.next();
  layouts_part(r, layouts, mn_major_modelled, k.types == name_of(Element::cf32));
  k.align = parts.next();
  alignment_part(r, k.align);

  // The rest: [stream_k_]SCHEDULE[_epi_tma][_epiVsVL] (SM90: [stream_k_]SCHEDULE[_epi_tma|_epi_nosmem];
  // SM100: [stream_k_]SCHEDULE[_epi_tma|_epi_nosmem][_epiVsVL]).
  std::vector<std::string_view> rest = parts.rest();
  tile_scheduler_part(r, rest, k.align);
  if (k.arch == NameArch::sm90) {
    if (d_scale) r.fail(d, "not modelled: SM90 kernels write no scale factors");
    return sm90_schedule_settings(r, name, rest, k);
  }
  const bool sm100_sparse = k.arch == NameArch::sm100 && is_sparse(k.family);
  fusion_part(r, rest, d, d_scale, k.arch == NameArch::sm100 || k.arch == NameArch::sm103,
              layouts[2] == 't' ? MatrixLayout::row : MatrixLayout::col);
  if (sm100_tensorop) return sm100_tensorop_settings(r, name, rest, k);
  if (sm100_sparse) return sm100_sparse_settings(r, name, rest, k, stages);
  if (k.arch == NameArch::sm100) return sm100_schedule_settings(r, name, rest, k);
  if (k.arch == NameArch::sm103) return sm103_schedule_settings(r, name, rest, k);
  return sm120_schedule_settings(r, name, rest, k);
}

}  // namespace smem_budget::io
