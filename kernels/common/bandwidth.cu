#include "bandwidth.h"

#include <algorithm>
#include <vector>

#include <cuda_runtime.h>

#include "cuda_check.h"
#include "device_buffer.h"

namespace sortscope {
namespace {

// RAII pair of CUDA events for one timed region.
struct EventPair {
  cudaEvent_t start = nullptr, stop = nullptr;
  EventPair() {
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
  }
  ~EventPair() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;
};

}  // namespace

uint64_t default_bandwidth_buffer_bytes() {
  size_t free_b = 0, total_b = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  return std::min<uint64_t>(uint64_t(1) << 30, free_b / 4);
}

CopyBandwidth measure_copy_bandwidth(uint64_t buffer_bytes, int reps, GpuStream stream) {
  CopyBandwidth r;
  buffer_bytes &= ~uint64_t(255);
  if (buffer_bytes == 0 || reps < 1) return r;
  DeviceBuffer<unsigned char> src(buffer_bytes), dst(buffer_bytes);
  // Touch both buffers first so the copies below time transfers, not first-use page mapping.
  CUDA_CHECK(cudaMemsetAsync(src.data(), 0x5a, buffer_bytes, stream));
  CUDA_CHECK(cudaMemsetAsync(dst.data(), 0, buffer_bytes, stream));
  for (int i = 0; i < 2; ++i)
    CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), buffer_bytes, cudaMemcpyDeviceToDevice, stream));
  EventPair ev;
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    CUDA_CHECK(cudaEventRecord(ev.start, stream));
    CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), buffer_bytes, cudaMemcpyDeviceToDevice, stream));
    CUDA_CHECK(cudaEventRecord(ev.stop, stream));
    CUDA_CHECK(cudaEventSynchronize(ev.stop));
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, ev.start, ev.stop));
    ms.push_back(t);
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  r.buffer_bytes = buffer_bytes;
  r.reps = reps;
  r.min_ms = sorted.front();
  r.max_ms = sorted.back();
  r.median_ms = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                  : 0.5 * (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]);
  r.gb_per_s = r.median_ms > 0 ? 2.0 * double(buffer_bytes) / (r.median_ms * 1e-3) / 1e9 : 0;
  return r;
}

}  // namespace sortscope
