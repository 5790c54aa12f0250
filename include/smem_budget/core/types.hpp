// Element and operand types: widths, names, the block-scale formats and their presets.
#pragma once

#include "smem_budget/core/cxx20.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace smem_budget {

// s32: the integer GEMMs' accumulator and an output they may write; u8: the unsigned 8-bit operand (and
// output) of SM90's and SM100's integer GEMMs; u8, s4, u4, s2 and u2: the narrow operands of SM90's
// mixed-input GEMMs; tf32: the tfloat32_t C and D of CUTLASS 2.x tf32 GEMMs (f32 operands stand for
// tf32 ones: both are 32 bits in memory); f64, cf32 (complex<float>) and cf64 (complex<double>): the
// CUTLASS 2.x f64 and complex GEMMs' only.
enum class Element { none, e2m1, e2m3, e3m2, e4m3, e5m2, f16, bf16, f32, s8, s32, u8, s4, u4, s2, u2, tf32, f64, cf32, cf64, b1 };

inline constexpr std::array<Element, 21> all_elements{
    Element::none, Element::e2m1, Element::e2m3, Element::e3m2, Element::e4m3, Element::e5m2, Element::f16,
    Element::bf16, Element::f32,  Element::s8,   Element::s32,  Element::u8,   Element::s4,   Element::u4,
    Element::s2,   Element::u2,   Element::tf32, Element::f64,  Element::cf32, Element::cf64, Element::b1};

namespace detail {
// At namespace scope: an array local to name_of is built again on every call.
inline constexpr std::array<std::string_view, 21> element_spellings{
    "void", "e2m1", "e2m3", "e3m2", "e4m3", "e5m2", "f16", "bf16", "f32",  "s8", "s32",
    "u8",   "s4",   "u4",   "s2",   "u2",   "tf32", "f64", "cf32", "cf64", "b1"};
}  // namespace detail

constexpr std::string_view name_of(Element e) { return detail::element_spellings[static_cast<int>(e)]; }

constexpr std::optional<Element> element_from_name(std::string_view name) {
  for (Element e : all_elements)
    if (name_of(e) == name) return e;
  return std::nullopt;
}

constexpr int bits_of(Element e) {
  switch (e) {
    case Element::none:
      return 0;
    case Element::b1:  // uint1b_t, the 2.x 1-bit GEMMs' operands
      return 1;
    case Element::s2:
    case Element::u2:
      return 2;
    case Element::e2m1:
    case Element::s4:
    case Element::u4:
      return 4;
    case Element::e2m3:
    case Element::e3m2:
      return 6;
    case Element::e4m3:
    case Element::e5m2:
    case Element::s8:
    case Element::u8:
      return 8;
    case Element::f16:
    case Element::bf16:
      return 16;
    case Element::f32:
    case Element::s32:
    case Element::tf32:
      return 32;
    case Element::f64:
    case Element::cf32:
      return 64;
    case Element::cf64:
      return 128;
  }
  return 0;
}

constexpr bool is_complex(Element e) { return e == Element::cf32 || e == Element::cf64; }
// The types only CUTLASS 2.x's f64 and complex GEMMs take.
constexpr bool is_f64_or_complex(Element e) { return e == Element::f64 || is_complex(e); }

constexpr bool is_fp6(Element e) { return e == Element::e2m3 || e == Element::e3m2; }

constexpr bool is_integer(Element e) {
  return e == Element::s8 || e == Element::s32 || e == Element::u8 || e == Element::s4 || e == Element::u4 ||
         e == Element::s2 || e == Element::u2 || e == Element::b1;
}
// Narrow floats that block-scaled operands and block-scaled outputs are made of.
constexpr bool is_narrow_float(Element e) { return bits_of(e) > 0 && bits_of(e) <= 8 && !is_integer(e); }
// The elements the model knows only as the narrow operand of an SM90 mixed-input GEMM.
constexpr bool is_mixed_input_only(Element e) {
  return e == Element::s4 || e == Element::u4 || e == Element::s2 || e == Element::u2;
}

// The element types the SM120 F8F6F4 tensor-op instructions take (detail::is_sm10x_f8f6f4_element).
constexpr bool is_f8f6f4(Element e) { return is_narrow_float(e); }

// How many bits one element occupies in the epilogue's shared memory: FP6 is unpacked to a byte
// (cutlass::detail::get_unpacked_element_type), FP4 stays packed.
constexpr int smem_bits_of(Element e) { return is_fp6(e) ? 8 : bits_of(e); }

enum class ScaleType { ue4m3, ue8m0 };

constexpr std::string_view name_of(ScaleType s) { return s == ScaleType::ue4m3 ? "ue4m3" : "ue8m0"; }
constexpr std::optional<ScaleType> scale_type_from_name(std::string_view name) {
  for (ScaleType s : {ScaleType::ue4m3, ScaleType::ue8m0})
    if (name_of(s) == name) return s;
  return std::nullopt;
}

// One block-scaled operand: data element, scale type and how many elements share one scale.
struct Operand {
  Element data = Element::e2m1;
  ScaleType scale = ScaleType::ue4m3;
  int vector = 16;
  friend constexpr bool operator==(const Operand&, const Operand&) = default;
};

struct OperandPreset {
  std::string_view name;
  Operand operand;
};

inline constexpr std::array<OperandPreset, 5> operand_presets{{
    {"nvfp4", {Element::e2m1, ScaleType::ue4m3, 16}},
    {"mxfp4", {Element::e2m1, ScaleType::ue8m0, 32}},
    {"mxfp6", {Element::e3m2, ScaleType::ue8m0, 32}},
    {"mxfp8", {Element::e4m3, ScaleType::ue8m0, 32}},
    // FP4 with ue8m0 scale factors per 16 elements: MX scale types under the NVF4 (SM100) and …Vs16
    // (SM103) schedules, which CUTLASS's listings build (kernel names ue8m0xe2m1 … o_vs16).
    {"mxfp4-vs16", {Element::e2m1, ScaleType::ue8m0, 16}},
}};

// A preset name, or a bare element name. With block scaling a bare narrow element is that
// element's MX format; without block scaling only the element counts.
constexpr std::optional<Operand> operand_from_name(std::string_view name) {
  for (const OperandPreset& preset : operand_presets)
    if (preset.name == name) return preset.operand;
  if (const auto e = element_from_name(name); e && *e != Element::none) return Operand{*e, ScaleType::ue8m0, 32};
  return std::nullopt;
}

// True when `name` is one of the preset names rather than an element name.
constexpr bool is_preset_name(std::string_view name) {
  for (const OperandPreset& preset : operand_presets)
    if (preset.name == name) return true;
  return false;
}

// The preset name for an operand, or its element name when it is an MX format of no preset.
constexpr std::string_view name_of(const Operand& operand) {
  for (const OperandPreset& preset : operand_presets)
    if (preset.operand == operand) return preset.name;
  return name_of(operand.data);
}

struct OperandPair {
  Operand a;
  Operand b;
  friend constexpr bool operator==(const OperandPair&, const OperandPair&) = default;
};

// `auto` is what CUTLASS's automatic and generic schedules pick; `mxf8f6f4` is the explicit
// KernelTmaWarpSpecialized[Pingpong]Mxf8f6f4Sm120 schedule (sparse: KernelSparse…Mxf8f6f4Sm120);
// `mxf8f6f4_acc2x4` is the sparse KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120 schedule,
// whose 2x4 warp layout changes the MMA tiling but no shared memory.
enum class Instruction { automatic, mxf8f6f4, mxf8f6f4_acc2x4 };

// The block-scaled MMA instruction a builder selects (cutlass/sm1xx_blockscaled.hpp mma_path).
enum class MmaPath { mxf4_nvf4, mxf8f6f4 };

}  // namespace smem_budget
