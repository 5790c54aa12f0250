#include "native/device_query.hpp"

#include <array>

#include <fmt/format.h>

#include "io/input_error.hpp"
#include "io/parse.hpp"

namespace smem_budget::native {
namespace {

void check(const CudaDriver& driver, int result, const char* call) {
  if (result == 0) return;
  const char* name = nullptr;
  if (!driver.error_name || driver.error_name(result, &name) != 0 || !name) name = "unknown error";
  constexpr int no_device = 100;  // CUDA_ERROR_NO_DEVICE
  throw io::InputError(fmt::format("native: {} failed with {} ({}){}", call, name, result,
                                   result == no_device ? ": the driver sees no GPU in this machine" : ""));
}

int read_attribute(const CudaDriver& driver, int device, int attribute, const char* what) {
  int value = -1;
  check(driver, driver.device_attribute(&value, attribute, device), "cuDeviceGetAttribute");
  if (value < 0)
    throw io::InputError(fmt::format("native: the driver reported {} = {}, which cannot be right", what, value));
  return value;
}

}  // namespace

DeviceInfo read_device(const CudaDriver& driver, int ordinal) {
  check(driver, driver.init(0), "cuInit");
  int count = 0;
  check(driver, driver.device_count(&count), "cuDeviceGetCount");
  if (ordinal < 0 || ordinal >= count)
    throw io::InputError(count == 0 ? std::string("--device: the driver sees no GPU in this machine")
                                    : fmt::format("--device: {} is not a device here; the driver sees {} (0…{})",
                                                  ordinal, count, count - 1));
  int device = 0;
  check(driver, driver.device_get(&device, ordinal), "cuDeviceGet");

  DeviceInfo info;
  info.ordinal = ordinal;
  std::array<char, 256> name{};
  check(driver, driver.device_name(name.data(), int(name.size()) - 1, device), "cuDeviceGetName");
  info.name = name.data();  // the array's last byte stays 0 whatever the driver wrote
  const auto read = [&](int attribute, const char* what) { return read_attribute(driver, device, attribute, what); };
  info.cc = {read(attribute::compute_capability_major, "compute capability major"),
             read(attribute::compute_capability_minor, "compute capability minor")};
  info.smem_per_sm = read(attribute::max_shared_memory_per_multiprocessor, "shared memory per SM");
  info.smem_per_block = read(attribute::max_shared_memory_per_block, "shared memory per block");
  info.smem_per_block_optin = read(attribute::max_shared_memory_per_block_optin, "opt-in shared memory per block");
  info.reserved_smem_per_block = read(attribute::reserved_shared_memory_per_block, "reserved shared memory per block");
  return info;
}

Architecture native_architecture(const DeviceInfo& device, const std::string& library) {
  Architecture arch;
  arch.name = fmt::format("sm{}{}", device.cc.major, device.cc.minor);
  arch.example_parts = device.name;
  arch.source = fmt::format("device {} via {}", device.ordinal, library);
  ArchLimits& limits = arch.limits;
  limits.cc = device.cc;
  limits.smem_per_sm = device.smem_per_sm;
  limits.smem_per_block = device.smem_per_block;
  limits.smem_per_block_optin = device.smem_per_block_optin;
  limits.reserved_smem_per_block = device.reserved_smem_per_block;

  const auto builtin = find_arch(device.cc);
  if (!builtin) {
    arch.notes.push_back(fmt::format("compute capability {}.{} has no built-in entry; the device's numbers are used",
                                     device.cc.major, device.cc.minor));
    return arch;
  }
  const auto compare = [&](const char* what, bytes_t read, bytes_t known) {
    if (read != known)
      arch.notes.push_back(
          fmt::format("{}: the device reports {} B, the built-in {} says {} B; the device's figure is used", what,
                      io::group_digits(read), builtin->name, io::group_digits(known)));
  };
  compare("shared memory per SM", limits.smem_per_sm, builtin->smem_per_sm);
  compare("per block", limits.smem_per_block, builtin->smem_per_block);
  compare("opt-in per block", limits.smem_per_block_optin, builtin->smem_per_block_optin);
  compare("reserved per block", limits.reserved_smem_per_block, builtin->reserved_smem_per_block);
  return arch;
}

Architecture read_native_architecture(int ordinal) {
  const CudaDriver driver = load_cuda_driver();
  return native_architecture(read_device(driver, ordinal), driver.library);
}

}  // namespace smem_budget::native
