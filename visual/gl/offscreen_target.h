#pragma once
// An offscreen framebuffer: an RGBA8 colour texture, optionally rendered through a multisampled
// renderbuffer (anti-aliased arcs and dots) and resolved into it. Frames for PNG/video export are
// drawn here and read back; the interactive app can draw a view here and show texture() with
// ImGui::Image.
#include <cstdint>
#include <vector>

#include "gl/gl_objects.h"

namespace sortscope::gl {

class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  // (Re)allocates when the size or sample count changes; samples <= 1 means no multisampling
  // (clamped to what the driver offers). Needs a current GL context.
  void resize(int width, int height, int samples = 4);
  // Binds the framebuffer for drawing and sets the viewport to the whole target.
  void bind();
  // Copies the multisampled image into texture() (nothing to do without multisampling).
  void resolve();
  // resolve(), then the pixels: width*height*4 bytes RGBA, rows top-down.
  std::vector<uint8_t> read_rgba();
  // The resolved colour texture (GL_TEXTURE_2D, RGBA8). Its rows are bottom-up, as GL's are: for
  // ImGui::Image pass uv0 = (0,1), uv1 = (1,0).
  GLuint texture() const { return color_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  int samples() const { return samples_; }
  // Binds the window's framebuffer (0) again.
  static void bind_default();

 private:
  int width_ = 0, height_ = 0, samples_ = 0;
  Texture color_;
  Framebuffer resolve_fbo_;   // color_ attached
  Renderbuffer msaa_color_;   // when samples_ > 1
  Framebuffer msaa_fbo_;
};

}  // namespace sortscope::gl
