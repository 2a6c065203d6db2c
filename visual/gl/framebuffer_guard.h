#pragma once
// Saves the draw and read framebuffer bindings and the viewport, and puts them back at the end of
// its scope: a frame drawn offscreen (FrameRenderer, RaceFrameRenderer) inside the app's own frame
// leaves the app's framebuffer as it found it, errors included.
#include "gl/gl_objects.h"

namespace sortscope::gl {

class FramebufferBindingGuard {
 public:
  FramebufferBindingGuard() {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
  }
  ~FramebufferBindingGuard() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  }
  FramebufferBindingGuard(const FramebufferBindingGuard&) = delete;
  FramebufferBindingGuard& operator=(const FramebufferBindingGuard&) = delete;

 private:
  GLint draw_ = 0, read_ = 0, viewport_[4] = {0, 0, 0, 0};
};

}  // namespace sortscope::gl
