#include "device_info.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#if SORTSCOPE_HAS_CUDA
#include <cuda_runtime_api.h>
#endif

namespace sortscope {

std::string format_bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (b >= 1024 && u < 5) {
    b /= 1024;
    ++u;
  }
  if (u == 0) return fmt::format("{:.0f} B", b);
  return fmt::format("{:.{}f} {}", b, b < 10 ? 2 : (b < 100 ? 1 : 0), units[u]);
}

namespace {
uint64_t meminfo_field(const char* field) {
  std::ifstream f("/proc/meminfo");
  std::string line;
  const std::string key = std::string(field) + ":";
  while (std::getline(f, line)) {
    if (line.rfind(key, 0) == 0) {
      std::istringstream is(line.substr(key.size()));
      uint64_t kib = 0;
      if (is >> kib) return kib * 1024;
    }
  }
  return 0;
}
}  // namespace

uint64_t host_available_bytes() {
  if (uint64_t b = meminfo_field("MemAvailable")) return b;
  long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

uint64_t host_total_bytes() {
  if (uint64_t b = meminfo_field("MemTotal")) return b;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

std::string DeviceInfo::summary() const {
  if (!gpu)
    return fmt::format("{} - host memory {}, {} available", name, format_bytes(double(total_bytes)),
                       format_bytes(double(free_bytes)));
  return fmt::format("{} ({} SMs, sm_{}{}, {}, {} free)", name, sm_count, cc_major, cc_minor,
                     format_bytes(double(total_bytes)), format_bytes(double(free_bytes)));
}

namespace {
DeviceInfo host_device(std::string why) {
  DeviceInfo d;
  d.gpu = false;
  d.no_gpu_reason = why;
  d.name = "CPU model (" + why + ")";
  d.total_bytes = host_total_bytes();
  d.free_bytes = host_available_bytes();
  return d;
}
}  // namespace

DeviceInfo query_device() {
#if SORTSCOPE_HAS_CUDA
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    // Without an NVIDIA kernel driver the runtime says "driver version is insufficient", which
    // reads as "update your driver": say what is really missing.
    const bool no_driver = (err == cudaErrorInsufficientDriver || err == cudaErrorNoDevice) &&
                           ::access("/proc/driver/nvidia/version", F_OK) != 0;
    std::string why = no_driver             ? std::string("no NVIDIA driver on this machine")
                      : err != cudaSuccess ? std::string("no CUDA device: ") + cudaGetErrorString(err)
                                           : std::string("no CUDA device");
    cudaGetLastError();  // clear the sticky-free error so later calls start clean
    return host_device(why);
  }
  DeviceInfo d;
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) dev = 0;
  cudaDeviceProp prop{};
  err = cudaGetDeviceProperties(&prop, dev);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return host_device(std::string("CUDA device unusable: ") + cudaGetErrorString(err));
  }
  d.gpu = true;
  d.ordinal = dev;
  d.name = prop.name;
  d.sm_count = prop.multiProcessorCount;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
    cudaGetLastError();
    return host_device("CUDA device unusable: cudaMemGetInfo failed");
  }
  d.free_bytes = free_b;
  d.total_bytes = total_b;
  // Theoretical peak: DDR (2 transfers per clock) x bus width. CUDA 13 dropped memoryClockRate
  // from cudaDeviceProp; the attribute query still answers (kHz).
  int clock_khz = 0;
  if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev) == cudaSuccess &&
      clock_khz > 0 && prop.memoryBusWidth > 0)
    d.peak_bandwidth_gbs = 2.0 * double(clock_khz) * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
  int sm_khz = 0;
  if (cudaDeviceGetAttribute(&sm_khz, cudaDevAttrClockRate, dev) == cudaSuccess && sm_khz > 0)
    d.sm_clock_khz = sm_khz;
  int l2 = 0;
  if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev) == cudaSuccess && l2 > 0) d.l2_bytes = uint64_t(l2);
  cudaGetLastError();
  return d;
#else
  return host_device("built without CUDA");
#endif
}

uint64_t free_memory_now(const DeviceInfo& device) {
#if SORTSCOPE_HAS_CUDA
  if (device.gpu) {
    size_t free_b = 0, total_b = 0;
    if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) return free_b;
    cudaGetLastError();
    return device.free_bytes;
  }
#endif
  (void)device;
  return host_available_bytes();
}

}  // namespace sortscope
