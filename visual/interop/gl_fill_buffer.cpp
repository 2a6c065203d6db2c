#include "interop/gl_fill_buffer.h"

#include <algorithm>
#include <stdexcept>

#include "gl/gl_check.h"

#if SORTSCOPE_HAS_CUDA
#include "interop/cuda_gl_buffer.h"
#endif

namespace sortscope {

#if !SORTSCOPE_HAS_CUDA
// The interop half exists only in CUDA builds; this stands in for it so that unique_ptr can die.
class CudaGlBuffer {};
#endif

GlFillBuffer::GlFillBuffer(GLenum texture_format)
    : format_(texture_format), buffer_(gl::make_buffer()), texture_(gl::make_texture()) {
  allocate(4096);
}

GlFillBuffer::~GlFillBuffer() {
  registration_.reset();  // unregister before the GL buffer goes
}

void GlFillBuffer::allocate(size_t bytes) {
  registration_.reset();
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(bytes), nullptr, GL_DYNAMIC_DRAW);
  glBindTexture(GL_TEXTURE_BUFFER, texture_.id());
  glTexBuffer(GL_TEXTURE_BUFFER, format_, buffer_.id());
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  GL_CHECK_AFTER("allocating a view buffer");
  capacity_ = bytes;
}

void GlFillBuffer::reserve(size_t bytes) {
  if (bytes <= capacity_) return;
  allocate(std::max(bytes, capacity_ * 2));
}

void GlFillBuffer::upload(const void* data, size_t bytes) {
  reserve(bytes);
  if (bytes == 0) return;
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
  glBufferSubData(GL_TEXTURE_BUFFER, 0, GLsizeiptr(bytes), data);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  GL_CHECK_AFTER("uploading a view buffer");
}

const std::string& GlFillBuffer::interop_problem() {
  if (!interop_checked_) {
    interop_checked_ = true;
#if SORTSCOPE_HAS_CUDA
    interop_problem_ = cuda_gl_interop_problem();
#else
    interop_problem_ = "built without CUDA";
#endif
  }
  return interop_problem_;
}

bool GlFillBuffer::fill_on_device(size_t bytes, const DeviceFill& fill, GpuStream stream) {
  if (!interop_problem().empty()) return false;
#if SORTSCOPE_HAS_CUDA
  reserve(bytes);
  if (!registration_) {
    try {
      registration_ = std::make_unique<CudaGlBuffer>(buffer_.id());
    } catch (const std::exception& e) {
      // Registration can still fail (a driver without interop for this context): stay on uploads.
      interop_problem_ = e.what();
      return false;
    }
  }
  size_t mapped_bytes = 0;
  void* ptr = registration_->map(stream, &mapped_bytes);
  if (mapped_bytes < bytes) {
    registration_->unmap(stream);
    throw std::logic_error("view buffer mapped smaller than reserved");
  }
  try {
    fill(ptr, stream);
  } catch (...) {
    registration_->unmap(stream);
    throw;
  }
  registration_->unmap(stream);
  // Interop leaves no GL binding behind, but the design rule is explicit: unbind what the path
  // touched before ImGui (or anyone) draws.
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
#else
  (void)bytes;
  (void)fill;
  (void)stream;
  return false;
#endif
}

}  // namespace sortscope
