#include "cli/suggest.hpp"

#include <memory>

#include <CLI/CLI.hpp>

#include "cli/check.hpp"

namespace smem_budget::cli {

Subcommand setup_suggest(CLI::App& app) {
  auto options = std::make_shared<ConfigOptions>();
  options->suggest = true;
  CLI::App* suggest = app.add_subcommand(
      "suggest",
      "Check configurations and, for each that does not fit, list the nearest that do, cheapest change "
      "first: fewer stages, a smaller epilogue tile, C void, the default epilogue (C void) instead of "
      "finalize, half K, a smaller tile, a larger one where a shape rule refuses this one, another CUTLASS "
      "release.\nExit 0 when every configuration fits, 1 when one does not (with its suggestions), "
      "2 on bad input.\n"
      "e.g. smem-budget suggest --tile 128x256x128 --grouped --epilogue finalize");
  add_config_options(*suggest, *options);
  add_within_option(*suggest, *options);
  return {suggest, [options] { return run_check(*options); }};
}

}  // namespace smem_budget::cli
