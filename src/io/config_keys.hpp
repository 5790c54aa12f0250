// One row per configuration key: the batch-file and Python spelling, the command-line flag, the
// JSON type its value takes, its help, how its value is read into a configuration and how it is
// written in the JSON config object. Settings, the JSON config object, the key list in messages,
// the flags and their --help, the Python docstring and docs/interface.md's key reference all read
// this table, in its order: what the kernel is, its mainloop, its epilogue, the release.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "io/parse.hpp"
#include "io/vocabulary.hpp"
#include "smem_budget/core/config.hpp"

namespace smem_budget::io {

struct Setting;    // io/settings.hpp
class JsonWriter;  // io/json_writer.hpp

// extents: a string "MxNxK" or an array [M, N, K] (tiles, clusters).
enum class KeyValue { string, boolean, string_or_integer, extents };

struct ConfigKey {
  std::string_view key;   // batch files and Python: tile, d_layout, ...
  std::string_view flag;  // the command line's, "" for a key that has none (name)
  KeyValue value;
  // The help: for an enumerated key what it chooses, its choices (the first the default) following.
  std::string_view help;
  std::span<const Choice> choices = {};
  std::string_view example;
  bool example_on_own_line = false;
  // Reads the setting's value into the key's fields of a configuration, throwing InputError naming
  // where it came from; null for the keys that set no field (name, kernel). The tile's only checks
  // its value: to_config resolves K in bytes once the types are known.
  void (*read)(Config&, const Setting&) = nullptr;
  // Writes the key's member of the JSON config object, or nothing where the configuration has no
  // such value (C with the finalize epilogue); null for the keys the object leaves out.
  void (*write)(JsonWriter&, std::string_view key, const Config&) = nullptr;
};

// What leaving a key out means on an architecture whose kernels Config's defaults (SM120's,
// SM100's and SM103's NVFP4 block-scaled GEMMs) are not: sm90 has no block-scaled GEMM, and
// FP8 e4m3 is what its users mean. Applied by frontend::with_architecture_defaults; --help says it.
struct ArchitectureDefault {
  RuleSet rule_set;
  std::string_view arch;  // as --help names it
  std::string_view key;
  std::string_view value;
};
// sm80 stands for CUTLASS 2.x's kernels: sm75's and sm80…sm89's only ones, and any architecture's under
// generation 2x, which scale nothing; f16 is CUTLASS's own 2.x default (its examples').
inline constexpr std::array<ArchitectureDefault, 5> architecture_defaults{{
    {RuleSet::sm80, "sm75, sm80…sm89", "generation", "2x"},
    {RuleSet::sm80, "2.x", "scaling", "none"},
    {RuleSet::sm80, "2.x", "types", "f16"},
    {RuleSet::sm90, "sm90", "scaling", "none"},
    {RuleSet::sm90, "sm90", "types", "e4m3"},
}};

// The table, in src/io/config_keys.cpp with the readers and writers of its rows.
extern const std::array<ConfigKey, 41> config_keys;

// The row of `key`, or null.
const ConfigKey* find_config_key(std::string_view key);

// "name, kernel, tile, …": every key, in the table's order.
std::string config_key_names();

// An enumerated option's help: what it chooses, each choice with its line of help, the first as
// the default, and an example.
std::string choices_help(std::string_view what, std::span<const Choice> choices, std::string_view example);

// A flag's --help: the help, an enumerated key's choices and default, and the example.
std::string flag_help(const ConfigKey& key);

// A tile setting's value as typed ("MxNxK[B]" or [M, N, K]); throws InputError naming its origin.
TileSpec tile_spec_of(const Setting& s);

// docs/interface.md's key reference, as markdown.
std::string key_reference_markdown();

}  // namespace smem_budget::io
