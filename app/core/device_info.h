#pragma once
// Facts about the machine a run executes on: the CUDA device when this build has CUDA and the
// machine has one, else the CPU model (host memory stands in for device memory in the size check).
#include <cstdint>
#include <string>

namespace sortscope {

struct DeviceInfo {
  bool gpu = false;            // a usable CUDA device (and a CUDA build)
  std::string name;            // "NVIDIA H100 80GB HBM3", or "CPU model (<why no GPU>)"
  std::string no_gpu_reason;   // "built without CUDA", "no CUDA device (...)": empty when gpu
  int ordinal = -1;            // CUDA device number
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
  uint64_t total_bytes = 0;    // device memory (host memory for the CPU model)
  uint64_t free_bytes = 0;     // free device memory now (available host memory for the CPU model)
  double peak_bandwidth_gbs = 0;  // from the memory clock and bus width where the driver says; 0 unknown
  int sm_clock_khz = 0;        // the SMs' clock (cudaDevAttrClockRate), for keys per SM per clock; 0 unknown
  uint64_t l2_bytes = 0;       // L2 cache size (what a cold-cache flush overwrites); 0 unknown

  // "NVIDIA H100 80GB HBM3 (132 SMs, sm_90, 79.1 GiB, 78.5 GiB free)" or "CPU model (...)".
  std::string summary() const;
};

// The current CUDA device (cudaGetDevice) or, without one, the host. Never throws: a machine
// without a GPU is a normal case and says why in no_gpu_reason.
DeviceInfo query_device();
// Free memory right now where the run would allocate: device memory, or host memory (MemAvailable).
uint64_t free_memory_now(const DeviceInfo& device);
// Available host memory (MemAvailable from /proc/meminfo; physical pages as a fallback).
uint64_t host_available_bytes();
uint64_t host_total_bytes();

// "1.5 GiB", "512 MiB", "4 KiB", "12 B".
std::string format_bytes(double bytes);

}  // namespace sortscope
