// A comparison: the same configurations under several CUTLASS releases.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "report.hpp"

namespace smem_budget::frontend {

struct Comparison {
  std::vector<Report> reports;        // one per release, in the order given
  std::vector<std::string> versions;  // each release in full ("4.4" -> "4.4.2")
  int status = 0;                     // 1 when any cell does not fit or does not compile
};

// `list` is comma-separated releases (a bad one is an io::InputError naming `origin`); each is
// parsed, then `report_under` evaluates the configurations under it, in order.
Comparison compare(const std::string& list, const std::string& origin,
                   const std::function<Report(CutlassVersion)>& report_under);

}  // namespace smem_budget::frontend
