#include "cli/compare.hpp"

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/check.hpp"
#include "cli/output.hpp"
#include "frontend/compare.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {
namespace {

struct CompareOptions {
  ConfigOptions config;
  std::string releases;  // --cutlass: a list here
};

// Exit 1 when any cell does not fit or does not compile.
int run_compare(CompareOptions& o) {
  finish_options(o.config);
  if (o.releases.empty())
    throw io::InputError("--cutlass: give the releases to compare, e.g. --cutlass 4.3.5,4.4.2,4.7");
  const frontend::Comparison compared = frontend::compare(
      o.releases, "--cutlass", [&](CutlassVersion release) { return build_report(o.config, release); });
  emit(render::comparison(compared.reports, compared.versions, o.config.format), o.config.output);
  return compared.status;
}

}  // namespace

Subcommand setup_compare(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* compare = app.add_subcommand(
      "compare",
      "The same configurations under several CUTLASS releases, side by side. Exit 1 when any cell does "
      "not fit or does not compile.\n"
      "e.g. smem-budget compare --cutlass 4.3.5,4.4.2,4.7 --config configs/trtllm-moe-sm120.json");
  // Here --cutlass is a list of releases, each applied to every configuration.
  add_config_options(*compare, options->config, {.cutlass = false});
  compare->add_option("--cutlass", options->releases,
                      "The CUTLASS releases to compare, comma-separated, 4.3.0 … 4.7.0 (4.4 means the newest 4.4 "
                      "patch). Required.\ne.g. --cutlass 4.3.5,4.4.2,4.7");
  return {compare, [options] { return run_compare(*options); }};
}

}  // namespace smem_budget::cli
