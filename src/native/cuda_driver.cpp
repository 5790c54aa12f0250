#include "native/cuda_driver.hpp"

#include <dlfcn.h>

#include <cstdlib>

#include <fmt/format.h>

#include "io/input_error.hpp"

namespace smem_budget::native {

std::string driver_library_name() {
  const char* chosen = std::getenv("SMEM_BUDGET_LIBCUDA");
  return chosen && *chosen ? chosen : "libcuda.so.1";
}

CudaDriver load_cuda_driver() {
  CudaDriver driver;
  driver.library = driver_library_name();
  // Never closed: the entry points are used until the process ends.
  void* handle = dlopen(driver.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw io::InputError(
        fmt::format("native: cannot load the CUDA driver ({}); native needs an NVIDIA driver "
                    "and GPU in this machine, or name the architecture instead (see `smem-budget arch`)",
                    dlerror()));
  const auto entry = [&](const char* symbol, auto& pointer, bool required) {
    pointer = reinterpret_cast<std::remove_reference_t<decltype(pointer)>>(dlsym(handle, symbol));
    if (!pointer && required)
      throw io::InputError(fmt::format("native: {} has no {}; is it the CUDA driver library?", driver.library, symbol));
  };
  entry("cuInit", driver.init, true);
  entry("cuDeviceGetCount", driver.device_count, true);
  entry("cuDeviceGet", driver.device_get, true);
  entry("cuDeviceGetName", driver.device_name, true);
  entry("cuDeviceGetAttribute", driver.device_attribute, true);
  entry("cuGetErrorName", driver.error_name, false);
  return driver;
}

}  // namespace smem_budget::native
