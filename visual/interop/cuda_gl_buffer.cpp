#include "interop/cuda_gl_buffer.h"

// glad's header must come first: cuda_gl_interop.h includes <GL/gl.h>, which glad then stands in for.
#include <glad/gl.h>

#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>

#include "common/cuda_check.h"

namespace sortscope {

CudaGlBuffer::CudaGlBuffer(unsigned int buffer) {
  CUDA_CHECK(cudaGraphicsGLRegisterBuffer(&resource_, buffer, cudaGraphicsRegisterFlagsWriteDiscard));
}

CudaGlBuffer::~CudaGlBuffer() {
  if (mapped_) cudaGraphicsUnmapResources(1, &resource_, nullptr);
  if (resource_) cudaGraphicsUnregisterResource(resource_);
}

void* CudaGlBuffer::map(GpuStream stream, size_t* bytes) {
  CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream));
  mapped_ = true;
  void* ptr = nullptr;
  size_t size = 0;
  CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&ptr, &size, resource_));
  if (bytes) *bytes = size;
  return ptr;
}

void CudaGlBuffer::unmap(GpuStream stream) {
  if (!mapped_) return;
  mapped_ = false;
  CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, stream));
}

std::string cuda_gl_interop_problem() {
  int device_count = 0;
  if (cudaGetDeviceCount(&device_count) != cudaSuccess || device_count == 0) {
    cudaGetLastError();
    return "no CUDA device";
  }
  int current = 0;
  CUDA_CHECK(cudaGetDevice(&current));
  unsigned int gl_count = 0;
  int gl_devices[16] = {};
  cudaError_t err = cudaGLGetDevices(&gl_count, gl_devices, 16, cudaGLDeviceListAll);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return std::string("the current GL context is not on a CUDA device (") + cudaGetErrorString(err) + ")";
  }
  for (unsigned int i = 0; i < gl_count; ++i)
    if (gl_devices[i] == current) return "";
  return "the current GL context runs on another GPU than CUDA device " + std::to_string(current);
}

}  // namespace sortscope
