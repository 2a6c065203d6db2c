#pragma once
// Owning handles for GL objects (buffers, vertex arrays, textures, framebuffers, renderbuffers).
// They need the context they were made in to be current when they die.
#include <utility>

#include <glad/gl.h>

namespace sortscope::gl {

template <void (*Delete)(GLuint)>
class GlHandle {
 public:
  GlHandle() = default;
  explicit GlHandle(GLuint id) : id_(id) {}
  ~GlHandle() { reset(); }
  GlHandle(GlHandle&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
  GlHandle& operator=(GlHandle&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, 0);
    }
    return *this;
  }
  GlHandle(const GlHandle&) = delete;
  GlHandle& operator=(const GlHandle&) = delete;

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_) Delete(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

namespace detail {
inline void delete_buffer(GLuint id) { glDeleteBuffers(1, &id); }
inline void delete_vertex_array(GLuint id) { glDeleteVertexArrays(1, &id); }
inline void delete_texture(GLuint id) { glDeleteTextures(1, &id); }
inline void delete_framebuffer(GLuint id) { glDeleteFramebuffers(1, &id); }
inline void delete_renderbuffer(GLuint id) { glDeleteRenderbuffers(1, &id); }
}  // namespace detail

using Buffer = GlHandle<detail::delete_buffer>;
using VertexArray = GlHandle<detail::delete_vertex_array>;
using Texture = GlHandle<detail::delete_texture>;
using Framebuffer = GlHandle<detail::delete_framebuffer>;
using Renderbuffer = GlHandle<detail::delete_renderbuffer>;

inline Buffer make_buffer() { GLuint id = 0; glGenBuffers(1, &id); return Buffer(id); }
inline VertexArray make_vertex_array() { GLuint id = 0; glGenVertexArrays(1, &id); return VertexArray(id); }
inline Texture make_texture() { GLuint id = 0; glGenTextures(1, &id); return Texture(id); }
inline Framebuffer make_framebuffer() { GLuint id = 0; glGenFramebuffers(1, &id); return Framebuffer(id); }
inline Renderbuffer make_renderbuffer() { GLuint id = 0; glGenRenderbuffers(1, &id); return Renderbuffer(id); }

}  // namespace sortscope::gl
