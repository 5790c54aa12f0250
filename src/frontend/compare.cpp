#include "frontend/compare.hpp"

#include <algorithm>
#include <sstream>

#include "frontend/evaluation.hpp"
#include "io/input_error.hpp"
#include "io/parse.hpp"

namespace smem_budget::frontend {
namespace {

std::vector<std::string> split_versions(const std::string& list) {
  std::vector<std::string> versions;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) versions.push_back(item);
  if (list.empty() || list.back() == ',') versions.push_back("");
  return versions;
}

}  // namespace

Comparison compare(const std::string& list, const std::string& origin,
                   const std::function<Report(CutlassVersion)>& report_under) {
  Comparison comparison;
  for (const std::string& v : split_versions(list)) {
    const auto parsed = io::parse_cutlass(v);
    if (!io::ok(parsed)) throw io::InputError(origin + ": " + std::get<std::string>(parsed));
    comparison.versions.push_back(io::format_version(std::get<CutlassVersion>(parsed)));
    comparison.reports.push_back(report_under(std::get<CutlassVersion>(parsed)));
  }
  for (const Report& report : comparison.reports) comparison.status = std::max(comparison.status, exit_status(report));
  return comparison;
}

}  // namespace smem_budget::frontend
