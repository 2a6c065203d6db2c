#include "gl/headless_context.h"

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include <glad/egl.h>
#include <glad/gl.h>

#if SORTSCOPE_HAS_CUDA
#include <cuda_runtime_api.h>
#endif

namespace sortscope::gl {
namespace {

bool has_extension(const char* list, std::string_view name) {
  if (!list) return false;
  std::string_view s(list);
  size_t pos = 0;
  while ((pos = s.find(name, pos)) != std::string_view::npos) {
    bool starts = pos == 0 || s[pos - 1] == ' ';
    bool ends = pos + name.size() == s.size() || s[pos + name.size()] == ' ';
    if (starts && ends) return true;
    pos += name.size();
  }
  return false;
}

std::string egl_error_name(EGLint e) {
  switch (e) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
    case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
    default: return "EGL error " + std::to_string(e);
  }
}

GLADapiproc egl_loader(const char* name) {
  return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

template <class F>
F load_egl(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

// One EGL display to try, in the order the platform policy gives.
struct Candidate {
  std::string label;
  EGLenum platform = 0;
  void* native = nullptr;   // the EGLDeviceEXT for the device platform
  bool nvidia = false;
  int cuda_device = -1;
};

EglPlatform platform_from_env(EglPlatform fallback) {
  const char* env = std::getenv("SORTSCOPE_EGL_PLATFORM");
  if (!env || !*env) return fallback;
  std::string_view v(env);
  if (v == "device") return EglPlatform::Device;
  if (v == "surfaceless") return EglPlatform::Surfaceless;
  if (v == "auto") return EglPlatform::Auto;
  throw std::runtime_error("SORTSCOPE_EGL_PLATFORM=" + std::string(v) +
                           " is not one of auto, device, surfaceless");
}

int wanted_cuda_device(int requested) {
  if (requested >= 0) return requested;
#if SORTSCOPE_HAS_CUDA
  int dev = 0;
  if (cudaGetDevice(&dev) == cudaSuccess) return dev;
  cudaGetLastError();  // no device: clear the sticky-free error, fall back to ordinal 0
#endif
  return 0;
}

}  // namespace

struct HeadlessContextBuilder {
  // Tries one display; on success fills ctx and returns true, else sets `why`.
  static bool try_candidate(const Candidate& c, HeadlessContext& ctx, std::string& why,
                            bool& any_display) {
    auto get_platform_display_ext = load_egl<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
    auto get_platform_display = load_egl<PFNEGLGETPLATFORMDISPLAYPROC>("eglGetPlatformDisplay");
    EGLDisplay dpy = EGL_NO_DISPLAY;
    if (get_platform_display_ext)
      dpy = get_platform_display_ext(c.platform, c.native, nullptr);
    else if (get_platform_display)
      dpy = get_platform_display(c.platform, c.native, nullptr);
    if (dpy == EGL_NO_DISPLAY) {
      why = c.label + ": no display (" + egl_error_name(eglGetError()) + ")";
      return false;
    }
    EGLint major = 0, minor = 0;
    if (!eglInitialize(dpy, &major, &minor)) {
      why = c.label + ": eglInitialize failed (" + egl_error_name(eglGetError()) + ")";
      return false;
    }
    any_display = true;
    // Reload with the display: functions of the display's EGL version and its extensions.
    gladLoaderLoadEGL(dpy);
    if (!eglBindAPI(EGL_OPENGL_API)) {
      why = c.label + ": desktop OpenGL is not offered (" + egl_error_name(eglGetError()) + ")";
      return false;
    }
    const char* dpy_ext = eglQueryString(dpy, EGL_EXTENSIONS);
    const bool surfaceless = has_extension(dpy_ext, "EGL_KHR_surfaceless_context");

    const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                     EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                     EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglChooseConfig(dpy, config_attribs, &config, 1, &count) || count == 0) {
      // Some surfaceless drivers have no pbuffer configs; without a surface any config will do.
      const EGLint any_surface[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
      if (!surfaceless || !eglChooseConfig(dpy, any_surface, &config, 1, &count) || count == 0) {
        why = c.label + ": no OpenGL config (" + egl_error_name(eglGetError()) + ")";
        return false;
      }
    }
    // 3.3 core is what the views need; drivers hand out their newest compatible version.
    const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
    EGLContext context = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT) {
      why = c.label + ": no OpenGL 3.3 core context (" + egl_error_name(eglGetError()) + ")";
      return false;
    }
    EGLSurface surface = EGL_NO_SURFACE;
    if (!surfaceless) {
      const EGLint pbuffer_attribs[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
      surface = eglCreatePbufferSurface(dpy, config, pbuffer_attribs);
      if (surface == EGL_NO_SURFACE) {
        why = c.label + ": no surfaceless contexts and no pbuffer (" + egl_error_name(eglGetError()) + ")";
        eglDestroyContext(dpy, context);
        return false;
      }
    }
    if (!eglMakeCurrent(dpy, surface, surface, context)) {
      why = c.label + ": eglMakeCurrent failed (" + egl_error_name(eglGetError()) + ")";
      if (surface != EGL_NO_SURFACE) eglDestroySurface(dpy, surface);
      eglDestroyContext(dpy, context);
      return false;
    }
    int gl_version = gladLoadGL(egl_loader);
    if (!gl_version) {
      why = c.label + ": glad could not load OpenGL through eglGetProcAddress";
    } else if (GLAD_VERSION_MAJOR(gl_version) * 10 + GLAD_VERSION_MINOR(gl_version) < 33) {
      why = c.label + ": OpenGL " + std::to_string(GLAD_VERSION_MAJOR(gl_version)) + "." +
            std::to_string(GLAD_VERSION_MINOR(gl_version)) + " is older than the 3.3 the views need";
      gl_version = 0;
    }
    if (!gl_version) {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (surface != EGL_NO_SURFACE) eglDestroySurface(dpy, surface);
      eglDestroyContext(dpy, context);
      return false;
    }
    auto str = [](GLenum name) {
      const GLubyte* s = glGetString(name);
      return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    ctx.display_ = dpy;
    ctx.context_ = context;
    ctx.surface_ = surface;
    ctx.renderer_ = str(GL_RENDERER);
    ctx.vendor_ = str(GL_VENDOR);
    ctx.version_ = str(GL_VERSION);
    ctx.platform_ = c.label + ", EGL " + std::to_string(major) + "." + std::to_string(minor);
    ctx.gl_major_ = GLAD_VERSION_MAJOR(gl_version);
    ctx.gl_minor_ = GLAD_VERSION_MINOR(gl_version);
    return true;
  }
};

std::unique_ptr<HeadlessContext> HeadlessContext::create(const HeadlessOptions& options) {
  const EglPlatform policy = platform_from_env(options.platform);
  // With no display, glad loads the client side: the functions and client extensions needed to
  // enumerate devices and open platform displays.
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
    throw NoDisplayError("headless GL: libEGL.so.1 could not be loaded (install libegl1 and a driver: "
                         "libegl-mesa0, or NVIDIA's)");
  const char* client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  eglGetError();  // EGL 1.4 libraries report EGL_BAD_DISPLAY here; the list is then empty

  std::vector<Candidate> nvidia, other_devices, software_devices, surfaceless;
  if (has_extension(client_ext, "EGL_EXT_platform_device") && policy != EglPlatform::Surfaceless) {
    auto query_devices = load_egl<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
    auto query_device_string = load_egl<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
    auto query_device_attrib = load_egl<PFNEGLQUERYDEVICEATTRIBEXTPROC>("eglQueryDeviceAttribEXT");
    EGLint num = 0;
    if (query_devices && query_devices(0, nullptr, &num) && num > 0) {
      std::vector<EGLDeviceEXT> devices(static_cast<size_t>(num));
      query_devices(num, devices.data(), &num);
      devices.resize(size_t(num));
      const int want = wanted_cuda_device(options.cuda_device);
      for (int i = 0; i < num; ++i) {
        const char* dev_ext = query_device_string ? query_device_string(devices[size_t(i)], EGL_EXTENSIONS) : nullptr;
        Candidate c;
        c.platform = EGL_PLATFORM_DEVICE_EXT;
        c.native = devices[size_t(i)];
        if (has_extension(dev_ext, "EGL_NV_device_cuda")) {
          EGLAttrib cuda = -1;
          if (query_device_attrib && query_device_attrib(devices[size_t(i)], EGL_CUDA_DEVICE_NV, &cuda))
            c.cuda_device = int(cuda);
          c.nvidia = true;
          c.label = "EGL device platform (NVIDIA, CUDA device " + std::to_string(c.cuda_device) + ")";
          // The device CUDA uses goes first: interop needs GL and CUDA on the same GPU.
          if (c.cuda_device == want)
            nvidia.insert(nvidia.begin(), c);
          else
            nvidia.push_back(c);
        } else if (has_extension(dev_ext, "EGL_MESA_device_software")) {
          c.label = "EGL device platform (software device " + std::to_string(i) + ")";
          software_devices.push_back(c);
        } else {
          const char* drm = has_extension(dev_ext, "EGL_EXT_device_drm") && query_device_string
                                ? query_device_string(devices[size_t(i)], EGL_DRM_DEVICE_FILE_EXT)
                                : nullptr;
          c.label = "EGL device platform (device " + std::to_string(i) + (drm ? std::string(", ") + drm : "") + ")";
          other_devices.push_back(c);
        }
      }
    }
    eglGetError();
  }
  if (has_extension(client_ext, "EGL_MESA_platform_surfaceless") && policy != EglPlatform::Device) {
    Candidate c;
    c.label = "Mesa surfaceless platform";
    c.platform = EGL_PLATFORM_SURFACELESS_MESA;
    c.native = EGL_DEFAULT_DISPLAY;
    surfaceless.push_back(c);
  }
  std::vector<Candidate> order;
  for (auto* list : {&nvidia, &surfaceless, &other_devices, &software_devices})
    order.insert(order.end(), list->begin(), list->end());
  if (order.empty())
    throw NoDisplayError(std::string("headless GL: EGL offers neither the device platform nor Mesa's surfaceless "
                                     "platform (client extensions: ") +
                         (client_ext && *client_ext ? client_ext : "none") + ")");

  std::unique_ptr<HeadlessContext> ctx(new HeadlessContext());
  std::string tried;
  bool any_display = false;
  for (const Candidate& c : order) {
    std::string why;
    if (HeadlessContextBuilder::try_candidate(c, *ctx, why, any_display)) return ctx;
    tried += (tried.empty() ? "" : "; ") + why;
  }
  if (!any_display) throw NoDisplayError("headless GL: no EGL display could be initialised (" + tried + ")");
  throw std::runtime_error("headless GL: no OpenGL 3.3 core context (" + tried + ")");
}

HeadlessContext::~HeadlessContext() {
  if (!display_) return;
  if (eglGetCurrentContext() == context_)
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display_, surface_);
  eglDestroyContext(display_, context_);
  // No eglTerminate: platform displays are shared per device within the process, and terminating
  // one would pull the rug from under any other context on the same device.
}

void HeadlessContext::make_current() {
  if (!eglMakeCurrent(display_, surface_, surface_, context_))
    throw std::runtime_error("headless GL: eglMakeCurrent failed (" + egl_error_name(eglGetError()) +
                             "); is the context current on another thread?");
}

void HeadlessContext::release_current() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

bool HeadlessContext::is_nvidia() const {
  return vendor_.find("NVIDIA") != std::string::npos;
}

std::string HeadlessContext::describe() const {
  return renderer_ + " | OpenGL " + version_ + " | " + platform_;
}

}  // namespace sortscope::gl
