#include "io/cutlass2x_name.hpp"

#include <array>
#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "io/name_reader.hpp"
#include "io/vocabulary.hpp"

namespace smem_budget::io {
namespace {

// The instruction part of a name: "s16816gemm", "h16832fastaccumgemm", "s1688tf32gemm",
// "i16832spgemm" — the accumulator's letter, the MMA shape, the math and whether it is sparse
// (gemm_operation.py GemmOperation.core_name).
struct Core {
  std::string_view accumulator;  // s, h, i; d, z, c, gz for the f64 and complex kernels
  std::string_view shape;        // 16816, 1688, 16832, ...
  std::string_view math;         // "", tf32, f16, bf16, fastaccum, xor, and
  bool sparse = false;
};

std::optional<Core> core_of(std::string_view token) {
  if (!token.ends_with("gemm")) return std::nullopt;
  token.remove_suffix(4);
  Core core;
  if (token.ends_with("sp")) {
    core.sparse = true;
    token.remove_suffix(2);
  }
  std::size_t digits = 0;
  while (digits < token.size() && (token[digits] < '0' || token[digits] > '9')) ++digits;
  std::size_t math = digits;
  while (math < token.size() && token[math] >= '0' && token[math] <= '9') ++math;
  if (digits == 0 || math == digits) return std::nullopt;
  core.accumulator = token.substr(0, digits);
  core.shape = token.substr(digits, math - digits);
  core.math = token.substr(math);
  return core;
}

// The element types the names spell (DataTypeNames), and what the model makes of each.
constexpr std::array<std::string_view, 14> modelled_elements{"f16",  "bf16", "f32", "tf32", "s8",   "u8",   "s4",
                                                              "u4",   "e4m3", "e5m2", "f64", "cf32", "cf64", "b1"};
constexpr std::array<std::string_view, 2> other_elements{"s32", "f8"};

bool is_element(std::string_view t) {
  for (std::string_view e : modelled_elements)
    if (t == e) return true;
  for (std::string_view e : other_elements)
    if (t == e) return true;
  return false;
}

// The width of an element the name spells (the model's names; "tf32" is 32 bits).
bytes_t bits_of_name(std::string_view t) {
  const auto e = element_from_name(t);
  return e ? bits_of(*e) : 0;
}

bool is_modelled_element(std::string_view t) {
  for (std::string_view e : modelled_elements)
    if (t == e) return true;
  return false;
}

std::vector<std::string_view> split(std::string_view text) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('_', at), text.size());
    parts.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return parts;
}

std::optional<bytes_t> number(std::string_view text) {
  bytes_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

// "128x256" -> {128, 256}.
std::optional<std::pair<bytes_t, bytes_t>> pair_of(std::string_view text) {
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const auto a = number(text.substr(0, x));
  const auto b = number(text.substr(x + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

// The warps cutlass_library's generator gives a tile: the name leaves its TileDescription's
// warp_count out. The SM80/SM89 tensor-op generators (GenerateSM80_TensorOp_16816, _1688,
// _16832_TN, GenerateSM89_TensorOp_16832_fp8, generator.py at v4.7.0) give 64x64 warp tiles
// where the tile holds four or more, else four warps: two by two, or in a line along a side
// under 64; the FastF32 family (s1688gemm, GenerateSM80_TensorOp_1688_fast_fp32_math) eight
// warps to its 128x128, 256x64 and 64x256 tiles; the 16-bit mixed-input generators
// (GenerateSM80_TensorOp_16816_mixed_input_upcast_a/b, generator.py:2640-2841) two by two to N 32 and
// two along M to N 16. The sparse generators (GenerateSM80_SparseTensorOp_16832, _16816_fast_math,
// _168128_TN, generator.py:2530-2535, 3717-3725, 3309-3313) give their 128x128 tiles of 256 bytes of K
// eight warps, 2 x 4; the 8-bit ones (_16864_TN, GenerateSM89_SparseTensorOp_16864_fp8) keep four.
// Empty for a tile no generator lists.
std::optional<std::array<bytes_t, 2>> generator_warps(bytes_t m, bytes_t n, bool fast_f32, bool mixed_16bit,
                                                      bool wide_sparse) {
  if (wide_sparse && m == 128 && n == 128) return std::array<bytes_t, 2>{2, 4};
  if (mixed_16bit && n == 32) return std::array<bytes_t, 2>{2, 2};
  if (mixed_16bit && n == 16) return std::array<bytes_t, 2>{2, 1};
  const auto is_extent = [](bytes_t e) { return e == 32 || e == 64 || e == 128 || e == 256; };
  if (!is_extent(m) || !is_extent(n) || (m < 64 && n < 64)) return std::nullopt;
  if (fast_f32 && m == 128 && n == 128) return std::array<bytes_t, 2>{4, 2};
  if (m >= 64 && n >= 64 && (m / 64) * (n / 64) >= 4) {
    if (fast_f32) return std::array<bytes_t, 2>{m == 64 ? 2 : 4, n == 64 ? 2 : 4};
    return std::array<bytes_t, 2>{m / 64, n / 64};
  }
  if (m >= 64 && n >= 64) return std::array<bytes_t, 2>{2, 2};
  return m < 64 ? std::array<bytes_t, 2>{1, 4} : std::array<bytes_t, 2>{4, 1};
}

// The warps the SM75 generators give the tiles where they leave the rule above (generator.py at v4.7.0):
// GenerateSM75_TensorOp_8816_TN two along M to its 64x32 tiles and 128x32 of K 32 (:1975, 1985-1986), and
// GenerateSM75_TensorOp_1688 (f16 operands) 1 x 2 x 2 to 64x128x64, whose warps split K (:1828). M x N x K
// warps; empty where the rule holds. The instruction in the name tells these families: m8n8k16 (8816)
// and m16n8k8 of f16 are Turing's alone (SM80's f16 names are 16816).
std::optional<std::array<bytes_t, 3>> turing_generator_warps(std::string_view shape, bool f16, bytes_t m, bytes_t n,
                                                             bytes_t k) {
  if (shape == "8816" && n == 32 && (m == 64 || (m == 128 && k == 32))) return std::array<bytes_t, 3>{2, 1, 1};
  if (shape == "1688" && f16 && m == 64 && n == 128 && k == 64) return std::array<bytes_t, 3>{1, 2, 2};
  return std::nullopt;
}

// The f64 and complex kernels' one type, of A, B, the accumulator, C and D, by the accumulator's
// letter (gemm_operation.py core_name; their names spell no other type): d f64, z complex<double>
// (gz its gaussian, three-multiply form), c complex<float> (c…tf32gemm through the tf32 MMA, c…gemm
// through its three-pass FastF32 form). Empty for the other kernels.
std::optional<std::string_view> wide_element(const Core& core) {
  if (core.accumulator == "d") return "f64";
  if (core.accumulator == "z" || core.accumulator == "gz") return "cf64";
  if (core.accumulator == "c") return "cf32";
  return std::nullopt;
}

// The warps the generator gives the f64 and complex kernels' tiles (M x N; the same for each K),
// which their names leave out: GenerateSM80_TensorOp_884 and GenerateSM90_TensorOp_1684 (d),
// …_884_complex and …_1684_complex (z), …_884_complex_gaussian and …_1684_complex_gaussian (gz),
// GenerateSM80_TensorOp_1688_complex (c…tf32) and …_1688_fast_fp32_math_complex (c), generator.py
// :4154-4300, 6138-6290, 3739, 3642 at v4.7.0. SM80's and SM90's lists are the same.
struct GeneratorWarps {
  std::string_view family;  // the core's accumulator letter, and math for c
  bytes_t m, n, warps_m, warps_n;
};
// clang-format off
constexpr std::array<GeneratorWarps, 40> wide_generator_warps{{
    {"d", 128, 128, 4, 2}, {"d", 256, 64, 4, 2}, {"d", 64, 256, 2, 4}, {"d", 256, 32, 4, 1}, {"d", 32, 256, 1, 4},
    {"d", 128, 64, 2, 2},  {"d", 64, 128, 2, 2}, {"d", 64, 64, 2, 2},  {"d", 64, 32, 2, 2},  {"d", 32, 64, 2, 2},
    {"d", 32, 32, 2, 2},   {"d", 16, 32, 1, 2},  {"d", 32, 16, 2, 1},
    {"z", 128, 64, 4, 2},  {"z", 64, 128, 2, 4}, {"z", 64, 64, 2, 2},  {"z", 64, 32, 2, 2},  {"z", 32, 64, 2, 2},
    {"z", 32, 32, 2, 2},   {"z", 16, 32, 1, 2},  {"z", 32, 16, 2, 1},
    {"gz", 64, 64, 4, 2},  {"gz", 64, 32, 2, 2}, {"gz", 32, 64, 2, 2}, {"gz", 32, 32, 2, 2}, {"gz", 16, 32, 1, 2},
    {"gz", 32, 16, 2, 1},
    {"ctf32", 128, 128, 2, 4}, {"ctf32", 128, 64, 4, 2}, {"ctf32", 64, 128, 2, 4}, {"ctf32", 64, 64, 2, 2},
    {"ctf32", 64, 32, 2, 1},   {"ctf32", 32, 64, 1, 2},  {"ctf32", 32, 32, 2, 2},
    {"c", 128, 64, 4, 2},  {"c", 64, 128, 2, 4}, {"c", 64, 64, 2, 2},  {"c", 64, 32, 2, 2},  {"c", 32, 64, 2, 2},
    {"c", 32, 32, 2, 2},
}};
// clang-format on

std::optional<std::array<bytes_t, 2>> wide_warps(const Core& core, bytes_t m, bytes_t n) {
  const std::string family = std::string(core.accumulator) + std::string(core.math);
  for (const GeneratorWarps& row : wide_generator_warps)
    if (row.family == family && row.m == m && row.n == n) return std::array<bytes_t, 2>{row.warps_m, row.warps_n};
  return std::nullopt;
}

// The warps GenerateSM80_PlanarComplexTensorOp_16816 gives its tiles (generator.py:2609-2614), which
// the planar complex names leave out: 2 x 4 at 64x128, 4 x 2 at 128x64, 2 x 2 at 64x64.
std::optional<std::array<bytes_t, 2>> planar_complex_warps(bytes_t m, bytes_t n) {
  if (m == 64 && n == 128) return std::array<bytes_t, 2>{2, 4};
  if (m == 128 && n == 64) return std::array<bytes_t, 2>{4, 2};
  if (m == 64 && n == 64) return std::array<bytes_t, 2>{2, 2};
  return std::nullopt;
}

// {A}{B} layout letters (ShortComplexLayoutNames): n column-major, t row-major, and for complex
// operands c and h, the same conjugated. A conjugate transform reaches only the warp-level MMA
// (DefaultMultistageMmaComplexCore's TransformA/B, default_multistage_mma_complex_core_sm80.h; a planar
// complex kernel's, the signs of its warp products, mma_planar_complex_multistage.h:311-346), so
// it is read as its layout. n32t32 and n64t64 are the interleaved integer GEMMs (ColumnMajorInterleaved<K>
// A, C and D, RowMajorInterleaved<K> B; GenerateSM80_TensorOp_16832/16864_Interleaved, generator.py:3154-3390),
// K 256 bits of the operand (`operand_bits`; 0 where the generator builds none, SIMT and SM90's 2.x kernels).
void set_layouts(NameReader& r, std::string_view layouts, bool complex, std::string_view d_layout,
                 bytes_t operand_bits = 0) {
  if (operand_bits != 0 && (layouts == "n32t32" || layouts == "n64t64")) {
    if (number(layouts.substr(1, 2)) != 256 / operand_bits)
      r.fail(layouts, fmt::format("interleaved layouts of {}-bit operands are n{}t{}", operand_bits,
                                  256 / operand_bits, 256 / operand_bits));
    r.set("interleaved", true, layouts);
    return;
  }
  const auto layout_of = [&](char letter) -> std::optional<std::string_view> {
    if (letter == 'n' || (complex && letter == 'c')) return "col";
    if (letter == 't' || (complex && letter == 'h')) return "row";
    return std::nullopt;
  };
  if (layouts.find_first_of("0123456789") != std::string_view::npos)
    r.fail(layouts, "not modelled: interleaved layouts (n32t32: ColumnMajorInterleaved<32>, RowMajorInterleaved<32>)");
  const auto a = layouts.size() == 2 ? layout_of(layouts[0]) : std::nullopt;
  const auto b = layouts.size() == 2 ? layout_of(layouts[1]) : std::nullopt;
  if (!a || !b)
    r.fail(layouts, complex ? "expected the layouts of A and B, each n, t, c or h (c and h: conjugated)"
                            : "expected the layouts of A and B, nn, nt, tn or tt");
  r.set("a_layout", std::string(*a), layouts);
  r.set("b_layout", std::string(*b), layouts);
  r.set("d_layout", std::string(d_layout), layouts);
}

// The warps GenerateSM80_Simt_f32 and _f64 give their tiles (generator.py:4778-4790, 4830-4837):
// warp tiles of 32 x 64 or 64 x 32 (64 x 64 at the largest tiles).
std::optional<std::array<bytes_t, 2>> simt_generator_warps(bytes_t m, bytes_t n) {
  constexpr std::array<std::array<bytes_t, 4>, 8> tiles{{{256, 128, 4, 2},
                                                         {128, 256, 2, 4},
                                                         {128, 128, 4, 2},
                                                         {128, 64, 2, 2},
                                                         {64, 128, 2, 2},
                                                         {64, 64, 2, 1},
                                                         {128, 32, 2, 1},
                                                         {32, 128, 1, 2}}};
  for (const auto& tile : tiles)
    if (tile[0] == m && tile[1] == n) return std::array<bytes_t, 2>{tile[2], tile[3]};
  return std::nullopt;
}

// The warps GenerateSM80_Simt_complex gives its tiles (generator.py:4889-4898): 4 x 2 at 128x128
// and 64x64, 2 x 2 at 64x128, 128x64, 64x32, 32x64 and 32x32.
std::optional<std::array<bytes_t, 2>> simt_complex_generator_warps(bytes_t m, bytes_t n) {
  if ((m == 128 && n == 128) || (m == 64 && n == 64)) return std::array<bytes_t, 2>{4, 2};
  const bool two_by_two = (m == 64 && n == 128) || (m == 128 && n == 64) || (m == 64 && n == 32) ||
                          (m == 32 && n == 64) || (m == 32 && n == 32);
  if (two_by_two) return std::array<bytes_t, 2>{2, 2};
  return std::nullopt;
}

// {M}x{N}_{K}x{stages}: the tile and the stage count; the tile's M and N.
std::pair<bytes_t, bytes_t> read_tile(NameReader& r, std::string_view mn_part, std::string_view k_part) {
  const auto mn = pair_of(mn_part);
  if (!mn) r.fail(mn_part, "expected the tile, {M}x{N}, e.g. 128x256");
  const auto ks = pair_of(k_part);
  if (!ks) r.fail(k_part, "expected {K}x{stages}, e.g. 32x3");
  r.set("tile", fmt::format("{}x{}x{}", mn->first, mn->second, ks->first), mn_part);
  r.set("stages", ks->second, k_part);
  return *mn;
}

// align{N}: A's and B's elements per access.
bytes_t read_alignment(NameReader& r, std::string_view align) {
  const auto elements = align.starts_with("align") ? number(align.substr(5)) : std::nullopt;
  if (!elements) r.fail(align, "expected align{N}");
  return *elements;
}

// cutlass_simt_{s|d|c|h|i}gemm_{M}x{N}_{K}x{stages}_{ab}_align{N} (gemm_operation.py): GemmUniversal
// over OpClassSimt, C and D column-major and aligned to one element like A and B
// (GenerateSM80_Simt_f32, _f64 and _complex, generator.py:4755-4900), f32, f64 or complex<float>
// throughout; cgemm's layout letters c and h are conjugated operands. sgemm, dgemm and cgemm are
// modelled.
Settings simt_name_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  const std::vector<std::string_view> parts = split(name.substr(cutlass2x_simt_prefix.size()));
  if (parts.size() != 5 || !parts[0].ends_with("gemm"))
    r.fail(name, "expected cutlass_simt_{s|d|c}gemm_{M}x{N}_{K}x{stages}_{layouts}_align{N}");
  if (parts[0] != "sgemm" && parts[0] != "dgemm" && parts[0] != "cgemm")
    r.fail(parts[0], fmt::format("not modelled: the 2.x SIMT {} kernels (sgemm, dgemm and cgemm are modelled)", parts[0]));
  const bool complex = parts[0] == "cgemm";
  const std::string element = parts[0] == "sgemm" ? "f32" : complex ? "cf32" : "f64";
  r.set("generation", "2x", "cutlass_simt");
  r.set("opclass", "simt", "cutlass_simt");
  r.set("scaling", "none", "cutlass_simt");
  r.set("types", element, parts[0]);
  r.set("accumulator", element, parts[0]);
  r.set("d", element, parts[0]);
  const auto [m, n] = read_tile(r, parts[1], parts[2]);
  if (const auto warps = complex ? simt_complex_generator_warps(m, n) : simt_generator_warps(m, n))
    r.set("warp", fmt::format("{}x{}x{}", m / (*warps)[0], n / (*warps)[1], parts[2].substr(0, parts[2].find('x'))),
          parts[1]);
  set_layouts(r, parts[3], complex, "col");
  const bytes_t elements = read_alignment(r, parts[4]);
  r.set("alignment", fmt::format("{}:{}:{}", elements, elements, std::min<bytes_t>(8, elements)), parts[4]);
  return r.take();
}

}  // namespace

bool is_cutlass2x_name(std::string_view name) {
  return name.starts_with(cutlass2x_tensorop_prefix) || name.starts_with(cutlass2x_simt_prefix);
}

Settings cutlass2x_name_settings(std::string_view name, const Origin& origin) {
  if (name.starts_with(cutlass2x_simt_prefix)) return simt_name_settings(name, origin);
  NameReader r(origin);
  const std::vector<std::string_view> parts = split(name.substr(cutlass2x_tensorop_prefix.size()));
  std::size_t at = 0;
  const auto next = [&]() -> std::string_view {
    if (at >= parts.size()) r.fail(name, "the name ends early: expected …_{M}x{N}_{K}x{stages}_{layouts}_align{N}");
    return parts[at++];
  };
  r.set("generation", "2x", "cutlass_tensorop");
  r.set("scaling", "none", "cutlass_tensorop");
  // [C_]core: an element before the instruction is C's (and D's) type.
  std::string_view output;
  std::string_view token = next();
  if (is_element(token)) {
    output = token;
    token = next();
  }
  const auto core = core_of(token);
  if (!core) r.fail(token, "expected the instruction, e.g. s16816gemm (an accumulator letter, the MMA shape, gemm)");
  if (core->sparse) r.set("sparse", true, token);
  const auto wide = wide_element(*core);
  if (core->accumulator != "s" && core->accumulator != "h" && core->accumulator != "i" && !wide)
    r.fail(token, fmt::format("unknown accumulator letter {} (expected s, h, i, d, z, c or gz)", core->accumulator));
  if (core->math == "f16" || core->math == "bf16") r.set("math", std::string(core->math), token);
  // i168256xorgemm, i168256andgemm: b1 operands through OpXorPopc or OpAndPopc (GenerateSM80_TensorOp_168256,
  // generator.py:3390-3443), one shared memory; the operand (b1) follows.
  const std::string_view accumulator = wide                       ? *wide
                                       : core->accumulator == "s" ? "f32"
                                       : core->accumulator == "h" ? "f16"
                                                                  : "s32";
  r.set("accumulator", std::string(accumulator), token);
  // [_grouped | _planar_complex[_array]]: planar complex (GemmKind.PlanarComplex) and its pointer-array
  // kernel (PlanarComplexArray, GemmPlanarComplexArray).
  token = next();
  bool planar_complex = false;
  if (token == "grouped") {
    r.set("grouped", true, token);
    token = next();
  } else if (token == "planar") {
    if (next() != "complex") r.fail(name, "expected _planar_complex_ or _planar_complex_array_");
    planar_complex = true;
    r.set("planar_complex", true, "planar_complex");
    token = next();
    if (token == "array") {
      r.set("batched", true, "planar_complex_array");
      token = next();
    }
  }
  // [_A[_B]]: without them, the instruction says the operands (h16816: f16; s1688tf32 and the
  // FastF32 s1688: f32).
  std::vector<std::string_view> operands;
  while (is_element(token)) {
    operands.push_back(token);
    token = next();
  }
  if (operands.size() > 2) r.fail(operands[2], "a 2.x name gives at most two operand types");
  for (std::string_view e : operands) {
    if (!is_modelled_element(e)) r.fail(e, fmt::format("not modelled: {} operands", e));
    if (core->sparse && (e == "u8" || e == "u4"))
      r.fail(e, fmt::format("not modelled: 2.x sparse GEMMs of {} operands", e));
  }
  if (operands.empty()) {
    if (wide) operands.push_back(*wide);
    if (core->accumulator == "h") operands.push_back("f16");
    if (core->accumulator == "s" && (core->shape == "1688" || core->math == "tf32")) operands.push_back("f32");
    if (operands.empty()) r.fail(token, "expected the operand types before the tile, e.g. _f16_");
  }
  const auto as_operand = [](std::string_view e) { return e == "tf32" ? std::string_view("f32") : e; };
  const std::string a(as_operand(operands.front()));
  const std::string b(as_operand(operands.back()));
  r.set("types", a == b ? a : a + ":" + b, operands.size() == 1 ? operands[0] : name);
  if (output.empty()) output = accumulator;
  if (!is_modelled_element(output) && output != "s32") r.fail(output, fmt::format("not modelled: a {} output", output));
  r.set("d", std::string(output), output);
  // {M}x{N}_{K}x{stages}
  const auto mn = pair_of(token);
  if (!mn) r.fail(token, "expected the tile, {M}x{N}, e.g. 128x256");
  const std::string_view k_part = next();
  const auto ks = pair_of(k_part);
  if (!ks) r.fail(k_part, "expected {K}x{stages}, e.g. 32x3");
  r.set("tile", fmt::format("{}x{}x{}", mn->first, mn->second, ks->first), token);
  r.set("stages", ks->second, k_part);
  const bool fast_f32 =
      core->accumulator == "s" && core->shape == "1688" && core->math.empty() && operands.front() == "f32";
  if (fast_f32) r.set("math", "f32", token);
  const bool mixed = operands.front() != operands.back() && bits_of_name(a) != bits_of_name(b);
  const bool mixed_16bit = mixed && (bits_of_name(a) == 16 || bits_of_name(b) == 16);
  const bytes_t a_bits = bits_of_name(a);
  const bool wide_sparse = core->sparse && ks->first * a_bits == 2048 && a_bits != 8;
  const auto turing = wide || planar_complex
                           ? std::nullopt
                           : turing_generator_warps(core->shape, a == "f16", mn->first, mn->second, ks->first);
  if (turing)
    r.set("warp",
          fmt::format("{}x{}x{}", mn->first / (*turing)[0], mn->second / (*turing)[1], ks->first / (*turing)[2]),
          token);
  else if (const auto warps = wide             ? wide_warps(*core, mn->first, mn->second)
                         : planar_complex ? planar_complex_warps(mn->first, mn->second)
                                          : generator_warps(mn->first, mn->second, fast_f32, mixed_16bit, wide_sparse))
    r.set("warp", fmt::format("{}x{}x{}", mn->first / (*warps)[0], mn->second / (*warps)[1], ks->first), token);
  // {A}{B} layouts; the generator's C is column-major, but a sparse kernel's row-major
  // (device::SparseGemm does not transpose; GenerateSM80_SparseTensorOp_16832, generator.py:2494-2499).
  set_layouts(r, next(), (wide && *wide != "f64") || planar_complex, core->sparse ? "row" : "col", a_bits);
  // align{N}: A's and B's. C's is min(8, N) (generator.py CreateGemmOperator:166), which gives the
  // epilogue the accesses of the generator's own C alignments, but for an 8-bit integer C: 16 where
  // the tile N is 128 or more and M is not 32, else 8 (GenerateSM80_TensorOp_16832_TN,
  // generator.py:2924); for a 4-bit one: 16 where N is 128 or more, else 8 (…_16864_TN, :3274), but a
  // sparse kernel's where N is over 128 (GenerateSM80_SparseTensorOp_168128_TN, :3329-3333).
  // A name's align{N} is the larger of A's and B's (gemm_operation.py:380); the mixed-input generators
  // align each operand to 128 bits, so N is the narrower one's, and the C of a float mixed-input GEMM of
  // tile N 32 or less to 4 elements (generator.py:2640-2841, 2934-3098).
  const std::string_view align = next();
  const auto elements = align.starts_with("align") ? number(align.substr(5)) : std::nullopt;
  if (!elements) r.fail(align, "expected align{N}");
  const bytes_t narrow_bits = std::min(bits_of_name(a), bits_of_name(b));
  const bytes_t a_alignment = mixed ? *elements * narrow_bits / bits_of_name(a) : *elements;
  const bytes_t b_alignment = mixed ? *elements * narrow_bits / bits_of_name(b) : *elements;
  const bool byte_c = output == "s8" || output == "u8";
  const bool nibble_c = output == "s4" || output == "u4";
  const bytes_t c_alignment = byte_c                     ? (mn->second >= 128 && mn->first != 32 ? 16 : 8)
                              : nibble_c                 ? ((core->sparse ? mn->second > 128 : mn->second >= 128) ? 16 : 8)
                              : mixed && mn->second <= 32 ? 4
                                                         : std::min<bytes_t>(8, *elements);
  r.set("alignment", fmt::format("{}:{}:{}", a_alignment, b_alignment, c_alignment), align);
  if (at < parts.size()) {
    const std::string_view schedule = parts[at++];
    if (schedule == "scheduleHost")
      r.fail(schedule, "not modelled: the grouped kernel's host-precomputed schedule (its problem visitor's storage)");
    if (schedule != "scheduleDevice" || !core || at < parts.size())
      r.fail(schedule, "unexpected after the alignment (a grouped kernel's scheduleDevice may follow)");
  }
  return r.take();
}

}  // namespace smem_budget::io

namespace smem_budget::io {

// cutlass_sm90_tensorop_{core}_{A}_{B}_{accumulator}_{C}_{D}_{M}x{N}x{K}_{cluster}_{stages}_{ABC
// layouts}_align{N}: the 2.x-API f64 and complex kernels the generator builds for SM90, named as
// its 3.x kernels are (gemm_operation.py procedural_name for arch >= 90).
Settings cutlass2x_sm90_name_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  const std::vector<std::string_view> parts = split(name.substr(cutlass2x_sm90_prefix.size()));
  if (parts.size() != 11)
    r.fail(name, "expected cutlass_sm90_tensorop_{core}_{A}_{B}_{accumulator}_{C}_{D}_{M}x{N}x{K}_1x1x1_{stages}_"
                 "{layouts}_align{N}");
  const std::string_view token = parts[0];
  const auto core = core_of(token);
  if (!core) r.fail(token, "expected the instruction, e.g. d1684gemm (an accumulator letter, the MMA shape, gemm)");
  const auto wide = wide_element(*core);
  if (!wide || core->shape != "1684" || core->sparse)
    r.fail(token, "expected d1684gemm, z1684gemm or gz1684gemm: the 2.x-API kernels the generator builds for SM90");
  for (std::size_t at = 1; at <= 5; ++at)
    if (parts[at] != *wide) r.fail(parts[at], fmt::format("a {} kernel's types are all {}", token, *wide));
  r.set("generation", "2x", "cutlass_sm90_tensorop");
  r.set("scaling", "none", "cutlass_sm90_tensorop");
  r.set("types", std::string(*wide), parts[1]);
  r.set("accumulator", std::string(*wide), parts[3]);
  r.set("d", std::string(*wide), parts[5]);
  const std::string_view tile = parts[6];
  const std::size_t x = tile.find('x');
  const auto mn = x == std::string_view::npos ? std::nullopt : pair_of(tile.substr(0, tile.find('x', x + 1)));
  const auto k = x == std::string_view::npos ? std::nullopt : number(tile.substr(tile.find('x', x + 1) + 1));
  if (!mn || !k) r.fail(tile, "expected the tile, {M}x{N}x{K}, e.g. 128x128x16");
  r.set("tile", std::string(tile), tile);
  if (parts[7] != "1x1x1") r.fail(parts[7], "a 2.x kernel runs no clusters: expected 1x1x1");
  const auto stages = number(parts[8]);
  if (!stages) r.fail(parts[8], "expected the stage count");
  r.set("stages", *stages, parts[8]);
  if (const auto warps = wide_warps(*core, mn->first, mn->second))
    r.set("warp", fmt::format("{}x{}x{}", mn->first / (*warps)[0], mn->second / (*warps)[1], *k), tile);
  const std::string_view layouts = parts[9];
  if (layouts.size() != 3 || layouts[2] != 'n') r.fail(layouts, "expected the layouts of A, B and C, C column-major (n)");
  set_layouts(r, layouts.substr(0, 2), *wide != "f64", "col");
  const std::string_view align = parts[10];
  const auto elements = align.starts_with("align") ? number(align.substr(5)) : std::nullopt;
  if (!elements) r.fail(align, "expected align{N}");
  r.set("alignment", fmt::format("{}:{}:{}", *elements, *elements, std::min<bytes_t>(8, *elements)), align);
  return r.take();
}

}  // namespace smem_budget::io
