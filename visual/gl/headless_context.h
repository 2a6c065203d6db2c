#pragma once
// An offscreen OpenGL 3.3+ core context through EGL: no window, no X server. On an NVIDIA GPU it
// uses the EGL device platform (EGL_EXT_platform_device, eglQueryDevicesEXT), where CUDA-GL interop
// works; elsewhere Mesa's surfaceless platform (llvmpipe on machines without a GPU). Views draw
// into an OffscreenTarget (offscreen_target.h) while the context is current.
//
//   auto ctx = sortscope::gl::HeadlessContext::create();   // throws one line when impossible
//   std::puts(ctx->describe().c_str());                     // "llvmpipe (LLVM 15.0.6, 256 bits) ..."
#include <memory>
#include <stdexcept>
#include <string>

namespace sortscope::gl {

enum class EglPlatform {
  Auto,         // an NVIDIA EGL device, else Mesa surfaceless, else any other EGL device
  Device,       // EGL device platform only
  Surfaceless,  // Mesa surfaceless platform only
};

struct HeadlessOptions {
  // Also settable with SORTSCOPE_EGL_PLATFORM=auto|device|surfaceless (the environment wins).
  EglPlatform platform = EglPlatform::Auto;
  // On NVIDIA: the EGL device of this CUDA device ordinal (EGL_NV_device_cuda) is tried first, so
  // that interop sees the same GPU; -1 means CUDA's current device in CUDA builds, else 0.
  int cuda_device = -1;
};

// No EGL display could be initialised at all (no libEGL, no driver, no device): callers that can
// live without pictures (tests) skip on this one; every other failure is a plain runtime_error.
class NoDisplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class HeadlessContext {
 public:
  // Creates the context, makes it current on the calling thread and loads GL through glad.
  static std::unique_ptr<HeadlessContext> create(const HeadlessOptions& options = {});
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  void make_current();     // on the calling thread (a context is current on one thread at a time)
  void release_current();

  const std::string& renderer() const { return renderer_; }  // GL_RENDERER
  const std::string& vendor() const { return vendor_; }      // GL_VENDOR
  const std::string& version() const { return version_; }    // GL_VERSION
  const std::string& platform() const { return platform_; }  // "EGL device platform (NVIDIA, CUDA device 0)"
  int gl_major() const { return gl_major_; }
  int gl_minor() const { return gl_minor_; }
  bool is_nvidia() const;
  // One line: renderer, GL version and platform.
  std::string describe() const;

 private:
  HeadlessContext() = default;
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface: a 1x1 pbuffer only where surfaceless contexts are missing
  std::string renderer_, vendor_, version_, platform_;
  int gl_major_ = 0, gl_minor_ = 0;

  friend struct HeadlessContextBuilder;
};

}  // namespace sortscope::gl
