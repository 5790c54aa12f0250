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
  std::string_view accumulator;  // s, h, i (and d, z, c, gz, which are not modelled)
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
constexpr std::array<std::string_view, 7> modelled_elements{"f16", "bf16", "f32", "tf32", "s8", "e4m3", "e5m2"};
constexpr std::array<std::string_view, 9> other_elements{"u8", "s4", "u4", "b1", "f64", "cf32", "cf64", "s32", "f8"};

bool is_element(std::string_view t) {
  for (std::string_view e : modelled_elements)
    if (t == e) return true;
  for (std::string_view e : other_elements)
    if (t == e) return true;
  return false;
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
// warps to its 128x128, 256x64 and 64x256 tiles. Empty for a tile no generator lists.
// The sparse generators (GenerateSM80_SparseTensorOp_16832, _16816_fast_math, _168128_TN,
// generator.py:2530-2535, 3717-3725, 3309-3313) give their 128x128 tiles of 256 bytes of K eight
// warps, 2 x 4; the 8-bit ones (_16864_TN, GenerateSM89_SparseTensorOp_16864_fp8) keep four.
std::optional<std::array<bytes_t, 2>> generator_warps(bytes_t m, bytes_t n, bool fast_f32, bool wide_sparse) {
  const auto is_extent = [](bytes_t e) { return e == 32 || e == 64 || e == 128 || e == 256; };
  if (!is_extent(m) || !is_extent(n) || (m < 64 && n < 64)) return std::nullopt;
  if (fast_f32 && m == 128 && n == 128) return std::array<bytes_t, 2>{4, 2};
  if (wide_sparse && m == 128 && n == 128) return std::array<bytes_t, 2>{2, 4};
  if (m >= 64 && n >= 64 && (m / 64) * (n / 64) >= 4) {
    if (fast_f32) return std::array<bytes_t, 2>{m == 64 ? 2 : 4, n == 64 ? 2 : 4};
    return std::array<bytes_t, 2>{m / 64, n / 64};
  }
  if (m >= 64 && n >= 64) return std::array<bytes_t, 2>{2, 2};
  return m < 64 ? std::array<bytes_t, 2>{1, 4} : std::array<bytes_t, 2>{4, 1};
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

// {A}{B} layouts: n column-major, t row-major.
void read_layouts(NameReader& r, std::string_view layouts) {
  if (layouts.size() != 2 || (layouts[0] != 'n' && layouts[0] != 't') || (layouts[1] != 'n' && layouts[1] != 't'))
    r.fail(layouts, "expected the layouts of A and B, nn, nt, tn or tt (complex transforms are not modelled)");
  r.set("a_layout", layouts[0] == 't' ? "row" : "col", layouts);
  r.set("b_layout", layouts[1] == 't' ? "row" : "col", layouts);
}

// align{N}: A's and B's elements per access.
bytes_t read_alignment(NameReader& r, std::string_view align) {
  const auto elements = align.starts_with("align") ? number(align.substr(5)) : std::nullopt;
  if (!elements) r.fail(align, "expected align{N}");
  return *elements;
}

// cutlass_simt_{s|d|c|h|i}gemm_{M}x{N}_{K}x{stages}_{ab}_align{N} (gemm_operation.py): GemmUniversal
// over OpClassSimt, C and D column-major and aligned to one element like A and B
// (GenerateSM80_Simt_f32, generator.py:4755-4800). Only sgemm (f32) is modelled.
Settings simt_name_settings(std::string_view name, const Origin& origin) {
  NameReader r(origin);
  const std::vector<std::string_view> parts = split(name.substr(cutlass2x_simt_prefix.size()));
  if (parts.size() != 5 || !parts[0].ends_with("gemm"))
    r.fail(name, "expected cutlass_simt_{s|d|c}gemm_{M}x{N}_{K}x{stages}_{layouts}_align{N}");
  if (parts[0] != "sgemm")
    r.fail(parts[0], fmt::format("not modelled: the 2.x SIMT {} kernels (f64 and complex; sgemm is modelled)", parts[0]));
  r.set("generation", "2x", "cutlass_simt");
  r.set("opclass", "simt", "cutlass_simt");
  r.set("scaling", "none", "cutlass_simt");
  r.set("types", "f32", parts[0]);
  r.set("accumulator", "f32", parts[0]);
  r.set("d", "f32", parts[0]);
  const auto [m, n] = read_tile(r, parts[1], parts[2]);
  if (const auto warps = simt_generator_warps(m, n))
    r.set("warp", fmt::format("{}x{}x{}", m / (*warps)[0], n / (*warps)[1], parts[2].substr(0, parts[2].find('x'))),
          parts[1]);
  read_layouts(r, parts[3]);
  r.set("d_layout", "col", parts[3]);
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
  if (core->accumulator != "s" && core->accumulator != "h" && core->accumulator != "i")
    r.fail(token, fmt::format("not modelled: the 2.x {} kernels (f64 and complex: d, z, c, gz)", core->accumulator));
  if (core->math == "f16" || core->math == "bf16")
    r.fail(token, "not modelled: f32 operands through the f16/bf16 MMA (OpMultiplyAddFastF16/FastBF16)");
  if (core->math == "xor" || core->math == "and") r.fail(token, "not modelled: 1-bit GEMMs");
  const std::string_view accumulator = core->accumulator == "s" ? "f32" : core->accumulator == "h" ? "f16" : "s32";
  r.set("accumulator", std::string(accumulator), token);
  // [_grouped | _planar_complex[_array]]
  token = next();
  if (token == "grouped") {
    r.set("grouped", true, token);
    token = next();
  } else if (token == "planar") {
    r.fail("planar_complex", "not modelled: 2.x planar complex GEMMs");
  }
  // [_A[_B]]: without them, the instruction says the operands (h16816: f16; s1688tf32 and the
  // FastF32 s1688: f32).
  std::vector<std::string_view> operands;
  while (is_element(token)) {
    operands.push_back(token);
    token = next();
  }
  if (operands.size() > 2) r.fail(operands[2], "a 2.x name gives at most two operand types");
  for (std::string_view e : operands)
    if (!is_modelled_element(e)) r.fail(e, fmt::format("not modelled: {} operands", e));
  if (operands.empty()) {
    if (core->accumulator == "h") operands.push_back("f16");
    if (core->accumulator == "s" && (core->shape == "1688" || core->math == "tf32")) operands.push_back("f32");
    if (operands.empty()) r.fail(token, "expected the operand types before the tile, e.g. _f16_");
  }
  if (operands.size() == 2 && operands[0] != operands[1] &&
      !((operands[0] == "e4m3" || operands[0] == "e5m2") && (operands[1] == "e4m3" || operands[1] == "e5m2")))
    r.fail(operands[1], "not modelled: A and B of different types (the 2.x mixed-input GEMMs)");
  const auto as_operand = [](std::string_view e) { return e == "tf32" ? std::string_view("f32") : e; };
  const std::string a(as_operand(operands.front()));
  const std::string b(as_operand(operands.back()));
  r.set("types", a == b ? a : a + ":" + b, operands.size() == 1 ? operands[0] : name);
  if (output.empty()) output = accumulator;
  if (output == "tf32") r.fail(output, "not modelled: a tf32 C and D (its epilogue is not f32's)");
  if (!is_modelled_element(output) && output != "s32") r.fail(output, fmt::format("not modelled: a {} output", output));
  r.set("d", std::string(output), output);
  const std::string_view tile_part = token;
  const std::string_view k_part = next();
  const auto mn = read_tile(r, tile_part, k_part);
  const bytes_t tile_k = *number(k_part.substr(0, k_part.find('x')));
  const bool fast_f32 =
      core->accumulator == "s" && core->shape == "1688" && core->math.empty() && operands.front() == "f32";
  const int a_bits = a == "f32" ? 32 : a == "f16" || a == "bf16" ? 16 : 8;
  const bool wide_sparse = core->sparse && tile_k * a_bits == 2048 && a_bits != 8;
  if (const auto warps = generator_warps(mn.first, mn.second, fast_f32, wide_sparse))
    r.set("warp", fmt::format("{}x{}x{}", mn.first / (*warps)[0], mn.second / (*warps)[1], tile_k), tile_part);
  // The generator's C is column-major, but a sparse kernel's row-major (device::SparseGemm does not
  // transpose; GenerateSM80_SparseTensorOp_16832, generator.py:2494-2499).
  const std::string_view layouts = next();
  read_layouts(r, layouts);
  r.set("d_layout", core->sparse ? "row" : "col", layouts);
  // align{N}: A's and B's. C's is min(8, N) (generator.py CreateGemmOperator:166,
  // CreateSparseGemmOperator:343), which gives the epilogue the accesses of the generator's own C
  // alignments, but for an s8 C: 16 where the tile N is 128 or more and M is not 32, else 8
  // (GenerateSM80_TensorOp_16832_TN, generator.py:2921; the sparse _16864_TN, :3147-3151).
  const std::string_view align = next();
  const bytes_t elements = read_alignment(r, align);
  const bytes_t c_alignment = output != "s8"                       ? std::min<bytes_t>(8, elements)
                              : mn.second >= 128 && mn.first != 32 ? 16
                                                                   : 8;
  r.set("alignment", fmt::format("{}:{}:{}", elements, elements, c_alignment), align);
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
