#pragma once
// A GL buffer that a view's shaders read through a texture buffer (samplerBuffer/usamplerBuffer),
// filled one of two ways (DESIGN.md, "Views"):
//   - on the GPU, straight from device memory: CUDA-GL interop maps the buffer and a CUDA kernel (a
//     copy, a density summary, ...) writes into it; the buffer is registered once per allocation;
//   - from host memory with glBufferSubData, when the build has no CUDA, the snapshot lives in host
//     memory, or interop is not possible with the current context (Mesa, another GPU).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "common/gpu_stream.h"
#include "gl/gl_objects.h"

namespace sortscope {

class CudaGlBuffer;

class GlFillBuffer {
 public:
  // texture_format: the texel format shaders see (GL_R32F, GL_R32UI). Needs a current GL context.
  explicit GlFillBuffer(GLenum texture_format);
  ~GlFillBuffer();
  GlFillBuffer(const GlFillBuffer&) = delete;
  GlFillBuffer& operator=(const GlFillBuffer&) = delete;

  // Makes the buffer hold at least `bytes`. Grows only (by doubling); growing reallocates and, in
  // interop mode, registers the new buffer with CUDA once.
  void reserve(size_t bytes);
  // Host path: copies `bytes` from `data` to the start of the buffer.
  void upload(const void* data, size_t bytes);
  // Device path: maps the buffer, calls fill(device_address, stream) which must write at most
  // `bytes` there with work issued on `stream`, unmaps. Returns false, doing nothing, where
  // interop is unavailable (see interop_problem()); the caller then uses upload().
  using DeviceFill = std::function<void(void* device_address, GpuStream stream)>;
  bool fill_on_device(size_t bytes, const DeviceFill& fill, GpuStream stream);

  // "" when fill_on_device works with the current context; else why not (checked once).
  const std::string& interop_problem();

  GLuint buffer() const { return buffer_.id(); }
  GLuint texture() const { return texture_.id(); }  // GL_TEXTURE_BUFFER over buffer()
  size_t capacity() const { return capacity_; }

 private:
  void allocate(size_t bytes);
  GLenum format_;
  gl::Buffer buffer_;
  gl::Texture texture_;
  size_t capacity_ = 0;
  bool interop_checked_ = false;
  std::string interop_problem_;
  std::unique_ptr<CudaGlBuffer> registration_;  // interop: registered with the current allocation
};

}  // namespace sortscope
