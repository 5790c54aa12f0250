// Reads a GPU's shared-memory limits through the driver and turns them into an Architecture.
#pragma once

#include <string>

#include "native/cuda_driver.hpp"
#include "report.hpp"

namespace smem_budget::native {

struct DeviceInfo {
  int ordinal = 0;
  std::string name;  // as the driver spells it, e.g. "NVIDIA H200"
  ComputeCapability cc;
  bytes_t smem_per_sm = 0;
  bytes_t smem_per_block = 0;
  bytes_t smem_per_block_optin = 0;
  bytes_t reserved_smem_per_block = 0;
};

// Initialises the driver and reads device `ordinal`. Throws io::InputError with the driver's
// error name when a call fails, or when `ordinal` is not a device of this machine.
DeviceInfo read_device(const CudaDriver& driver, int ordinal);

// The device as an architecture: its own numbers, the CUTLASS builder capacity of the built-in
// entry with the same compute capability, and a note for every number that entry has otherwise.
Architecture native_architecture(const DeviceInfo& device, const std::string& library);

// load_cuda_driver + read_device + native_architecture.
Architecture read_native_architecture(int ordinal);

}  // namespace smem_budget::native
