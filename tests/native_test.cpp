// `--arch native` through its seam: a stand-in for the five driver entry points, answering with
// the attribute numbers of cuda.h, so the real reading and checking code runs without a GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>

#include "io/settings.hpp"
#include "native/device_query.hpp"

namespace {

using smem_budget::native::CudaDriver;

// What the stand-in driver answers. Attribute keys are CUdevice_attribute values from cuda.h.
struct FakeGpu {
  int init_result = 0;
  int count = 1;
  std::string name = "NVIDIA H200";
  bool terminate_name = true;
  std::map<int, int> attributes;
};
FakeGpu gpu;

FakeGpu h200() {
  FakeGpu g;
  g.attributes = {{75, 9}, {76, 0}, {81, 233'472}, {8, 49'152}, {97, 232'448}, {111, 1'024}};
  return g;
}

CudaDriver fake_driver(bool with_error_names = true) {
  CudaDriver d;
  d.library = "fake";
  d.init = [](unsigned) { return gpu.init_result; };
  d.device_count = [](int* count) {
    *count = gpu.count;
    return 0;
  };
  d.device_get = [](int* device, int ordinal) {
    *device = 100 + ordinal;  // a handle is not an ordinal
    return 0;
  };
  d.device_name = [](char* out, int length, int device) {
    if (device < 100) return 101;  // CUDA_ERROR_INVALID_DEVICE
    if (gpu.terminate_name)
      std::snprintf(out, std::size_t(length), "%s", gpu.name.c_str());
    else
      std::memset(out, 'A', std::size_t(length));
    return 0;
  };
  d.device_attribute = [](int* value, int attribute, int device) {
    const auto found = gpu.attributes.find(attribute);
    if (device < 100 || found == gpu.attributes.end()) return 1;  // CUDA_ERROR_INVALID_VALUE
    *value = found->second;
    return 0;
  };
  if (with_error_names)
    d.error_name = [](int result, const char** name) {
      *name = result == 100 ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_SOMETHING";
      return 0;
    };
  return d;
}

std::string error_of(const CudaDriver& driver, int ordinal) {
  try {
    smem_budget::native::read_device(driver, ordinal);
  } catch (const smem_budget::io::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("an H200's attributes become the sm90 architecture, matching the built-in entry", "[native]") {
  gpu = h200();
  const auto device = smem_budget::native::read_device(fake_driver(), 0);
  CHECK(device.name == "NVIDIA H200");
  CHECK(device.cc.major == 9);
  CHECK(device.smem_per_block_optin == 232'448);
  const auto arch = smem_budget::native::native_architecture(device, "libcuda.so.1");
  CHECK(arch.name == "sm90");
  CHECK(arch.example_parts == "NVIDIA H200");
  CHECK(arch.source == "device 0 via libcuda.so.1");
  CHECK(arch.limits.smem_per_sm == 233'472);
  CHECK(arch.limits.smem_per_block == 49'152);
  CHECK(arch.limits.reserved_smem_per_block == 1'024);
  CHECK(arch.notes.empty());
}

TEST_CASE("a number that differs from the built-in entry is noted, and the device's is used", "[native]") {
  gpu = h200();
  gpu.attributes[75] = 12;
  gpu.attributes[81] = 102'400;
  gpu.attributes[97] = 99'328;
  const auto arch = smem_budget::native::native_architecture(smem_budget::native::read_device(fake_driver(), 0), "x");
  CHECK(arch.name == "sm120");
  CHECK(arch.limits.smem_per_block_optin == 99'328);
  REQUIRE(arch.notes.size() == 1);
  CHECK(arch.notes[0] ==
        "opt-in per block: the device reports 99,328 B, the built-in sm120 says 101,376 B; "
        "the device's figure is used");
}

TEST_CASE("a compute capability without a built-in entry keeps the device's numbers", "[native]") {
  gpu = h200();
  gpu.attributes[75] = 13;
  const auto arch = smem_budget::native::native_architecture(smem_budget::native::read_device(fake_driver(), 0), "x");
  REQUIRE(arch.notes.size() == 1);
  CHECK(arch.notes[0].find("13.0 has no built-in entry") != std::string::npos);
}

TEST_CASE("the second device is read through its own handle", "[native]") {
  gpu = h200();
  gpu.count = 2;
  CHECK(smem_budget::native::read_device(fake_driver(), 1).ordinal == 1);
}

TEST_CASE("driver failures are input errors that name the call and the error", "[native]") {
  gpu = h200();
  gpu.init_result = 100;
  CHECK(error_of(fake_driver(), 0) ==
        "native: cuInit failed with CUDA_ERROR_NO_DEVICE (100): the driver sees no GPU in this machine");
  CHECK(error_of(fake_driver(false), 0) ==
        "native: cuInit failed with unknown error (100): the driver sees "
        "no GPU in this machine");
  gpu = h200();
  gpu.attributes.erase(111);  // an old driver without the reserved-memory attribute
  CHECK(error_of(fake_driver(), 0) == "native: cuDeviceGetAttribute failed with CUDA_ERROR_SOMETHING (1)");
  gpu = h200();
  gpu.attributes[97] = -5;
  CHECK(error_of(fake_driver(), 0).find("opt-in shared memory per block = -5") != std::string::npos);
}

TEST_CASE("a device number the driver does not have is refused", "[native]") {
  gpu = h200();
  CHECK(error_of(fake_driver(), 1) == "--device: 1 is not a device here; the driver sees 1 (0…0)");
  gpu.count = 0;
  CHECK(error_of(fake_driver(), 0) == "--device: the driver sees no GPU in this machine");
}

TEST_CASE("a device name without its terminating zero is cut at the buffer's end", "[native]") {
  gpu = h200();
  gpu.terminate_name = false;
  const std::string name = smem_budget::native::read_device(fake_driver(), 0).name;
  CHECK(name.size() == 255);
  CHECK(std::all_of(name.begin(), name.end(), [](char c) { return c == 'A'; }));
}
