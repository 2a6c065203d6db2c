#include "gl/offscreen_target.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include "gl/gl_check.h"

namespace sortscope::gl {
namespace {
void check_complete(const char* which) {
  GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%04x", unsigned(status));
    throw std::runtime_error(std::string("offscreen framebuffer (") + which + ") is incomplete: status " + hex);
  }
}
}  // namespace

void OffscreenTarget::resize(int width, int height, int samples) {
  if (width <= 0 || height <= 0)
    throw std::runtime_error("offscreen framebuffer: size " + std::to_string(width) + "x" +
                             std::to_string(height) + " is not positive");
  GLint max_size = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (width > max_size || height > max_size)
    throw std::runtime_error("offscreen framebuffer: " + std::to_string(width) + "x" + std::to_string(height) +
                             " exceeds this GL's largest texture (" + std::to_string(max_size) + ")");
  samples = samples <= 1 ? 0 : std::min(samples, int(max_samples));
  if (width == width_ && height == height_ && samples == samples_ && color_) return;
  width_ = width;
  height_ = height;
  samples_ = samples;

  color_ = make_texture();
  glBindTexture(GL_TEXTURE_2D, color_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  resolve_fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.id(), 0);
  check_complete("colour texture");

  msaa_color_.reset();
  msaa_fbo_.reset();
  if (samples_ > 1) {
    msaa_color_ = make_renderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, msaa_color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    msaa_fbo_ = make_framebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msaa_color_.id());
    check_complete("multisampled");
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  GL_CHECK_AFTER("allocating the offscreen framebuffer");
}

void OffscreenTarget::bind() {
  if (!color_) throw std::logic_error("OffscreenTarget::bind before resize");
  glBindFramebuffer(GL_FRAMEBUFFER, samples_ > 1 ? msaa_fbo_.id() : resolve_fbo_.id());
  glViewport(0, 0, width_, height_);
  GL_CHECK_AFTER("binding the offscreen framebuffer");
}

void OffscreenTarget::resolve() {
  if (samples_ <= 1) return;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_fbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_.id());
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
  GL_CHECK_AFTER("resolving the multisampled framebuffer");
}

std::vector<uint8_t> OffscreenTarget::read_rgba() {
  resolve();
  std::vector<uint8_t> bottom_up(size_t(width_) * height_ * 4);
  GLint previous = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(previous));
  GL_CHECK_AFTER("reading back the offscreen framebuffer");
  // GL's rows run bottom-up; images (PNG, video) run top-down.
  std::vector<uint8_t> top_down(bottom_up.size());
  const size_t row = size_t(width_) * 4;
  for (int y = 0; y < height_; ++y)
    std::memcpy(&top_down[size_t(y) * row], &bottom_up[size_t(height_ - 1 - y) * row], row);
  return top_down;
}

void OffscreenTarget::bind_default() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

}  // namespace sortscope::gl
