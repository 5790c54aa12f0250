// What the command line computed, ready for any printer: the architecture and one result per
// configuration, in input order. Printers only render this; they compute no byte. The sentences
// about it are render/sentences.hpp's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "smem_budget/budget.hpp"
#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/suggest.hpp"

namespace smem_budget {

struct Architecture {
  std::string name;
  std::string example_parts;
  std::string source;  // "built-in", the arch file's path, or the device read with --arch native
  ArchLimits limits;
  std::vector<std::string> notes;  // where a device's numbers differ from the built-in entry
};

struct Result {
  std::string name;
  Config config;
  Budget budget;
  std::optional<std::vector<Suggestion>> suggestions;  // when asked for and the result does not fit
  std::vector<std::string> reading;                    // cautions about how the input was read (a bare element name)
  std::string tile_in_bytes;                           // the tile as typed, when K was given in bytes of A
  // How the architecture's rules read it: what an automatic schedule builds, which release's rules
  // answer for an unmeasured one.
  std::vector<std::string> rule_notes = {};
  bool tile_only_from_name = false;  // a tactic name (CtaShape…): the rest came from flags and defaults
  std::optional<Architecture> own_arch = {};  // the architecture a batch entry named for itself
};

struct Report {
  Architecture arch;
  std::vector<Result> results;
};

// `smem-budget lint`: the kernel names found in its inputs, the ones the model reads judged in
// order (each result named by its kernel, with its nearest fitting variant when it exceeds), the
// others listed with why they cannot be read.
struct LintReport {
  struct NotModelled {
    std::string name;
    std::string reason;
  };
  std::vector<std::string> sources;  // the inputs, as named ("-" is standard input)
  Report report;
  std::vector<NotModelled> not_modelled;
};

}  // namespace smem_budget
