// The few CUDA driver entry points `--arch native` calls, as plain function pointers. The real
// ones come from libcuda.so.1 at run time (no CUDA toolkit at build time); tests pass their own.
#pragma once

#include <string>

namespace smem_budget::native {

// CUresult, CUdevice and CUdevice_attribute are all int-sized in the driver's C ABI.
struct CudaDriver {
  int (*init)(unsigned flags) = nullptr;
  int (*device_count)(int* count) = nullptr;
  int (*device_get)(int* device, int ordinal) = nullptr;
  int (*device_name)(char* name, int length, int device) = nullptr;
  int (*device_attribute)(int* value, int attribute, int device) = nullptr;
  int (*error_name)(int result, const char** name) = nullptr;  // optional: messages fall back to the number
  std::string library;                                         // where the entry points came from, for messages
};

// CUdevice_attribute values, from cuda.h.
namespace attribute {
inline constexpr int max_shared_memory_per_block = 8;
inline constexpr int compute_capability_major = 75;
inline constexpr int compute_capability_minor = 76;
inline constexpr int max_shared_memory_per_multiprocessor = 81;
inline constexpr int max_shared_memory_per_block_optin = 97;
inline constexpr int reserved_shared_memory_per_block = 111;
}  // namespace attribute

// The library dlopen() loads: $SMEM_BUDGET_LIBCUDA when set, else libcuda.so.1.
std::string driver_library_name();

// Loads the driver library and its entry points. Throws io::InputError naming the library and
// dlerror()'s reason when there is no driver.
CudaDriver load_cuda_driver();

}  // namespace smem_budget::native
