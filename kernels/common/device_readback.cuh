#pragma once
// What explain mode's host drivers do between launches (CUDA only): copy a small device table to
// the host (synchronising the stream), and describe a device array for Recorder::record.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <cuda_runtime_api.h>

#include "cuda_check.h"
#include "recorder.h"

namespace sortscope {

template <class T>
std::vector<T> to_host(const T* d, size_t count, cudaStream_t stream) {
  std::vector<T> h(count);
  if (count) CUDA_CHECK(cudaMemcpyAsync(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return h;
}

inline ArrayState device_state(const void* keys, const uint32_t* values, cudaStream_t stream) {
  ArrayState a;
  a.keys = keys;
  a.values = values;
  a.on_device = true;
  a.stream = stream;
  return a;
}

}  // namespace sortscope
