#include "frontend/batch.hpp"

#include <filesystem>
#include <map>
#include <mutex>

#include "frontend/architecture.hpp"
#include "frontend/evaluation.hpp"
#include "parallel.hpp"

namespace smem_budget::frontend {

io::Settings layered(io::Settings top, const io::Settings& under) {
  for (const auto& [key, setting] : under) top.try_emplace(key, setting);
  return top;
}

namespace {

// An architecture a batch file names, with an arch file's relative path taken from the file's
// folder.
std::pair<std::string, std::string> architecture_beside(const io::Setting& arch, const std::string& path) {
  std::string spec = arch.value.get<std::string>();
  const bool is_path = spec.find('/') != std::string::npos || spec.ends_with(".json");
  if (is_path && !spec.starts_with('/') && path != "-" && path != "<stdin>")
    spec = (std::filesystem::path(path).parent_path() / spec).lexically_normal().string();
  return {spec, arch.origin.text()};
}

// The entries' own architectures, each spec resolved once per batch (an arch file read once),
// shared by the threads that judge the entries. A spec that fails is not kept: each entry naming
// it fails with its own origin.
class EntryArchitectures {
 public:
  Architecture resolve(const io::Setting& arch, const std::string& label) {
    const auto [spec, origin] = architecture_beside(arch, label);
    {
      const std::lock_guard lock(mutex_);
      if (const auto known = known_.find(spec); known != known_.end()) return known->second;
    }
    Architecture resolved = modelled_architecture(spec, origin);
    const std::lock_guard lock(mutex_);
    return known_.try_emplace(spec, std::move(resolved)).first->second;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, Architecture> known_;
};

}  // namespace

std::optional<std::pair<std::string, std::string>> batch_architecture(const io::BatchFile& batch,
                                                                      const std::string& path) {
  if (!batch.arch) return std::nullopt;
  return architecture_beside(*batch.arch, path);
}

std::vector<Result> evaluate_batch(io::BatchFile& batch, const io::Settings& flags, const Architecture& arch,
                                   std::optional<CutlassVersion> release, const std::function<void()>& advanced) {
  std::vector<Result> results(batch.entries.size());
  EntryArchitectures entry_architectures;
  for_each_index(batch.entries.size(), [&](std::size_t i) {
    io::BatchEntry entry = io::read_entry(batch, i);
    io::Settings settings = layered(layered(std::move(entry.settings), flags), batch.defaults);
    std::optional<Architecture> own;  // the entry's own architecture, over --arch and the file's
    if (entry.arch) own = entry_architectures.resolve(*entry.arch, batch.label);
    results[i] = evaluate_entry(entry.name, std::move(settings), own ? *own : arch, *entry.origin, release);
    results[i].own_arch = std::move(own);
    advanced();
  });
  return results;
}

}  // namespace smem_budget::frontend
