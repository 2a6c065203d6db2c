#pragma once
// CUDA-GL interop for one GL buffer object (CUDA builds only). The buffer is registered with CUDA
// once, when this object is made; each fill maps it, lets CUDA kernels write straight into it, and
// unmaps it (DESIGN.md: "interop buffers are registered once; map, write, unmap per frame").
// Registration needs the GL context current and on the same GPU as CUDA's current device: on the
// EGL device platform or a window on an NVIDIA GPU, not on Mesa.
#include <cstddef>
#include <string>

#include "common/gpu_stream.h"

struct cudaGraphicsResource;

namespace sortscope {

class CudaGlBuffer {
 public:
  // Registers GL buffer `buffer` (write-discard: CUDA rewrites all it touches). Throws when CUDA
  // refuses; the message says why.
  explicit CudaGlBuffer(unsigned int buffer);
  ~CudaGlBuffer();
  CudaGlBuffer(const CudaGlBuffer&) = delete;
  CudaGlBuffer& operator=(const CudaGlBuffer&) = delete;

  // Maps the buffer for CUDA on `stream`; returns its device address and size in bytes. GL must not
  // use the buffer until unmap().
  void* map(GpuStream stream, size_t* bytes);
  // Unmaps it: GL commands issued afterwards see everything CUDA wrote on `stream` before.
  void unmap(GpuStream stream);

 private:
  cudaGraphicsResource* resource_ = nullptr;
  bool mapped_ = false;
};

// "" when the GL context current on this thread can share buffers with CUDA's current device;
// otherwise why not (no CUDA device, GL on another GPU or on a software renderer).
std::string cuda_gl_interop_problem();

}  // namespace sortscope
