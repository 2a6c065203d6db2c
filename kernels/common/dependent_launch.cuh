#pragma once
// Programmatic dependent launch (CUDA 11.8+, sm_90; CUDA Programming Guide, "Programmatic
// Dependent Launch and Synchronization"): a kernel launched with the programmatic-serialization
// attribute may start while the kernel before it in the stream is still running, once that one
// has triggered (or finished); it must wait on the device (griddepcontrol.wait, which returns
// when the previous grid has completed and its writes are visible) before it reads anything the
// previous kernel writes. What it gains is the launch gap between dependent kernels - a few
// microseconds each, a large share of a sort of 2^16 keys made of 4-8 short launches. On older
// GPUs both device calls compile to nothing and the attribute is ignored: plain stream order.
#include <cstddef>
#include <utility>

#include <cuda_runtime.h>

#include "common/cuda_check.h"

namespace sortscope {

// In the dependent kernel: before the first read of what the previous kernel wrote.
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// In the previous kernel: the next kernel's blocks may be scheduled from now on (they still wait
// for this grid's completion in wait_for_previous_grid). Without it they may start when this
// grid's blocks have all exited.
__device__ __forceinline__ void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" :::);
#endif
}

// kernel<<<grid, block, smem, stream>>>(args...), as a programmatic dependent launch when
// `dependent` (the kernel calls wait_for_previous_grid first).
template <class... Params, class... Args>
void launch_kernel(void (*kernel)(Params...), unsigned grid, unsigned block, size_t smem, cudaStream_t stream,
                   bool dependent, Args&&... args) {
  cudaLaunchAttribute attr[1] = {};
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(grid);
  config.blockDim = dim3(block);
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  config.attrs = attr;
  config.numAttrs = dependent ? 1 : 0;
  CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}

}  // namespace sortscope
