#pragma once
// Shared by the GPU tests: a CUDA stream owned by a test, and host keys copied to device memory
// (DeviceKeys `view`) with the way back, and one sort of such keys on the device.
#include <algorithm>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_keys.h"
#include "common/host_keys.h"
#include "algorithm.h"

namespace sortscope::test {

class TestStream {
 public:
  TestStream() { CUDA_CHECK(cudaStreamCreate(&s_)); }
  ~TestStream() { cudaStreamDestroy(s_); }
  TestStream(const TestStream&) = delete;
  TestStream& operator=(const TestStream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_{};
};

struct DeviceInput {
  DeviceBuffer<uint8_t> keys;
  DeviceBuffer<uint32_t> values;
  DeviceKeys view;

  // At least one byte is allocated so that even an empty input has a valid device pointer.
  explicit DeviceInput(const HostKeys& h) {
    keys.resize(std::max<size_t>(1, h.bytes.size()));
    if (!h.bytes.empty())
      CUDA_CHECK(cudaMemcpy(keys.data(), h.bytes.data(), h.bytes.size(), cudaMemcpyHostToDevice));
    if (h.has_values()) {
      values.resize(h.values.size());
      if (!h.values.empty())
        CUDA_CHECK(cudaMemcpy(values.data(), h.values.data(), h.values.size() * 4, cudaMemcpyHostToDevice));
    }
    view = DeviceKeys{h.type, keys.data(), h.has_values() ? values.data() : nullptr, h.size()};
  }
  // The device keys (and values) now, shaped like the input they came from.
  HostKeys download() const {
    HostKeys out(view.type, view.n, view.values != nullptr);
    if (!out.bytes.empty())
      CUDA_CHECK(cudaMemcpy(out.bytes.data(), view.keys, out.bytes.size(), cudaMemcpyDeviceToHost));
    if (out.has_values() && !out.values.empty())
      CUDA_CHECK(cudaMemcpy(out.values.data(), view.values, out.values.size() * 4, cudaMemcpyDeviceToHost));
    return out;
  }
};

// `input` sorted by `a` on the device with parameters `p` (explain mode when `rec` is given), and
// brought back.
inline HostKeys sort_on_gpu(const Algorithm& a, const ParamValues& p, const HostKeys& input, DeviceScratch& scratch,
                            Recorder* rec = nullptr) {
  DeviceInput d(input);
  GpuRunContext ctx;
  ctx.scratch = &scratch;
  ctx.recorder = rec;
  a.run_gpu(p, d.view, ctx);
  CUDA_CHECK(cudaDeviceSynchronize());
  return d.download();
}

}  // namespace sortscope::test
