#include "frontend/batch.hpp"

#include <filesystem>

#include "frontend/evaluation.hpp"
#include "parallel.hpp"

namespace smem_budget::frontend {

io::Settings layered(io::Settings top, const io::Settings& under) {
  for (const auto& [key, setting] : under) top.try_emplace(key, setting);
  return top;
}

std::optional<std::pair<std::string, std::string>> batch_architecture(const io::BatchFile& batch,
                                                                      const std::string& path) {
  if (!batch.arch) return std::nullopt;
  std::string spec = batch.arch->value.get<std::string>();
  const bool is_path = spec.find('/') != std::string::npos || spec.ends_with(".json");
  if (is_path && !spec.starts_with('/') && path != "-")
    spec = (std::filesystem::path(path).parent_path() / spec).lexically_normal().string();
  return std::pair{spec, batch.arch->origin.text()};
}

std::vector<Result> evaluate_batch(io::BatchFile& batch, const io::Settings& flags, const Architecture& arch,
                                   std::optional<CutlassVersion> release, const std::function<void()>& advanced) {
  std::vector<Result> results(batch.entries.size());
  for_each_index(batch.entries.size(), [&](std::size_t i) {
    io::BatchEntry entry = io::read_entry(batch, i);
    const io::Settings settings = layered(layered(std::move(entry.settings), flags), batch.defaults);
    results[i] = evaluate_entry(entry.name, settings, arch, *entry.origin, release);
    advanced();
  });
  return results;
}

}  // namespace smem_budget::frontend
