#pragma once
// Every CUDA call is checked; a failure becomes a std::runtime_error naming the call, the place and
// CUDA's own words, carried to the boundary (CLI, UI) as one line a person can act on.
#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace sortscope {

[[noreturn]] inline void throw_cuda_error(cudaError_t err, const char* what, const char* file, int line) {
  throw std::runtime_error(std::string("CUDA error in ") + what + " (" + file + ":" +
                           std::to_string(line) + "): " + cudaGetErrorString(err));
}

}  // namespace sortscope

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t sortscope_err_ = (call);                                            \
    if (sortscope_err_ != cudaSuccess)                                              \
      ::sortscope::throw_cuda_error(sortscope_err_, #call, __FILE__, __LINE__);     \
  } while (0)

// After a kernel launch: launch-configuration errors surface here, not at the next sync.
#define CUDA_CHECK_LAUNCH(name) CUDA_CHECK(cudaGetLastError())
