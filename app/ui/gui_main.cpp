// The two window drivers of the app: a real window through GLFW (the Dear ImGui glfw + opengl3
// example loop), and headless through EGL (visual/'s HeadlessContext: NVIDIA's device platform or
// Mesa), where the same UI is drawn into an offscreen framebuffer and saved as a PNG.
#include "gui_main.h"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <thread>

#include "core/interrupt.h"
#include "gl/gl_check.h"
#include "gl/headless_context.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"
#include "gui_app.h"
#include "script.h"

namespace sortscope::ui {

namespace {

constexpr const char* kGlslVersion = "#version 330";

// Read back the bound framebuffer (bottom-up rows) as top-down RGBA.
std::vector<uint8_t> read_framebuffer(int w, int h) {
  std::vector<uint8_t> px(size_t(w) * size_t(h) * 4), out(px.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  GL_CHECK_AFTER("reading the window's pixels");
  const size_t row = size_t(w) * 4;
  for (int y = 0; y < h; ++y) std::copy_n(px.data() + size_t(h - 1 - y) * row, row, out.data() + size_t(y) * row);
  // The window is opaque whatever alpha ImGui left behind.
  for (size_t i = 3; i < out.size(); i += 4) out[i] = 255;
  return out;
}

void setup_imgui_io() {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // Sortscope keeps its own settings (settings.h); panels are placed by the layout
  io.ConfigWindowsMoveFromTitleBarOnly = true;
}

// Headless has no platform backend: ImGui's key map points at the same GLFW key codes the real
// backend uses, so shortcuts and scripted keys behave alike.
void headless_key_map(ImGuiIO& io) {
  io.KeyMap[ImGuiKey_Tab] = GLFW_KEY_TAB;
  io.KeyMap[ImGuiKey_LeftArrow] = GLFW_KEY_LEFT;
  io.KeyMap[ImGuiKey_RightArrow] = GLFW_KEY_RIGHT;
  io.KeyMap[ImGuiKey_UpArrow] = GLFW_KEY_UP;
  io.KeyMap[ImGuiKey_DownArrow] = GLFW_KEY_DOWN;
  io.KeyMap[ImGuiKey_Home] = GLFW_KEY_HOME;
  io.KeyMap[ImGuiKey_End] = GLFW_KEY_END;
  io.KeyMap[ImGuiKey_Delete] = GLFW_KEY_DELETE;
  io.KeyMap[ImGuiKey_Backspace] = GLFW_KEY_BACKSPACE;
  io.KeyMap[ImGuiKey_Space] = GLFW_KEY_SPACE;
  io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;
  io.KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;
  io.BackendPlatformName = "sortscope-headless";
}

HeadlessCapture capture_headless(const GuiOptions& options) {
  auto context = gl::HeadlessContext::create();
  HeadlessCapture cap;
  cap.renderer = context->describe();
  std::fprintf(stderr, "sortscope gui: headless on %s\n", cap.renderer.c_str());
  IMGUI_CHECKVERSION();
  ImGuiContext* imgui = ImGui::CreateContext();
  ImGui::SetCurrentContext(imgui);
  setup_imgui_io();
  ImGuiIO& io = ImGui::GetIO();
  headless_key_map(io);
  io.DisplaySize = ImVec2(float(options.width), float(options.height));
  if (!ImGui_ImplOpenGL3_Init(kGlslVersion)) throw std::runtime_error("Dear ImGui's OpenGL 3 backend failed to start");
  struct Cleanup {
    ImGuiContext* ctx;
    ~Cleanup() {
      ImGui::SetCurrentContext(ctx);
      ImGui_ImplOpenGL3_Shutdown();
      ImGui::DestroyContext(ctx);
    }
  } cleanup{imgui};
  {
    Settings settings = options.use_settings ? load_settings(settings_path()) : Settings{};
    GuiApp app(options, settings);
    std::unique_ptr<InputScript> script;
    if (!options.script.empty()) script = std::make_unique<InputScript>(options.script, options.report);
    if (script) script->allow_resize();
    gl::OffscreenTarget target;
    target.resize(options.width, options.height, 0);
    int width = options.width, height = options.height;  // a script's size: changes them

    auto one_frame = [&] {
      // SIGTERM, SIGINT, SIGHUP: unwind, so an export in progress removes its temporary and the
      // destination keeps what it held (core/interrupt.h).
      throw_if_interrupted();
      io.DeltaTime = 1.0f / 60.0f;  // fixed: scripted playback advances the same on every machine
      // The script first: a `size:` takes effect on this frame, the UI's scale (before_new_frame) too.
      if (script) script->before_frame(io, app);
      if (int(io.DisplaySize.x) != width || int(io.DisplaySize.y) != height) {
        width = int(io.DisplaySize.x), height = int(io.DisplaySize.y);
        target.resize(width, height, 0);
      }
      app.before_new_frame();
      ImGui_ImplOpenGL3_NewFrame();
      ImGui::NewFrame();
      app.frame();
      ImGui::Render();
      app.render_offscreen();
      target.bind();
      glClearColor(0.07f, 0.072f, 0.085f, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      GL_CHECK_AFTER("drawing the UI");
      // A script's report says what the views' text showed badly in the frame before it.
      if (script && script->report_due()) {
        const std::vector<uint8_t> px = target.read_rgba();
        app.check_view_text(px.data(), width, height);
      }
    };

    // The first results (measure, explain and the sweep) come from the worker: wait for them, a
    // frame every few milliseconds, so the picture shows a populated app.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(options.wait_seconds);
    cap.settled = true;
    while (!app.settled()) {
      one_frame();
      if (std::chrono::steady_clock::now() > deadline) {
        std::fprintf(stderr, "sortscope gui: no results after %.0f s; the picture shows the app as it is\n",
                     options.wait_seconds);
        cap.settled = false;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (script) {
      while (!script->done()) {
        one_frame();
        if (script->waiting()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (std::chrono::steady_clock::now() > deadline + std::chrono::duration<double>(options.wait_seconds))
          throw std::runtime_error("the script did not finish (a wait never ended)");
      }
      // An export the script started finishes before the verdict (bounded like the waits).
      while (app.state().export_job &&
             std::chrono::steady_clock::now() <= deadline + std::chrono::duration<double>(options.wait_seconds)) {
        one_frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (script->exported() && (app.state().export_job || app.state().last_export_failed))
        cap.script_error = "script: export failed: " + (app.state().export_job ? std::string("it did not finish in time")
                                                                              : app.state().last_export_message);
      script->commit_report();
    }
    // Two frames at least: windows that appeared in the first only size themselves in the second.
    int frames = options.frames < 0 ? 3 : std::max(options.frames, 2);
    double sum = 0, worst = 0;
    for (int i = 0; i < frames; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      one_frame();
      glFinish();  // the frame's GL work (and interop fills) counts too
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      sum += ms;
      worst = std::max(worst, ms);
    }
    cap.frame_ms_mean = sum / frames;
    cap.frame_ms_max = worst;
    cap.width = width;
    cap.height = height;
    cap.rgba = target.read_rgba();
    for (size_t i = 3; i < cap.rgba.size(); i += 4) cap.rgba[i] = 255;
    gl::OffscreenTarget::bind_default();
    const AppState& s = app.state();
    cap.rects = s.rects;
    cap.view_rect = s.view_rect;
    cap.details_rect = s.details_rect;
    cap.scrub_rect = s.scrub_rect;
    cap.speed_rect = s.speed_rect;
    cap.step = s.playback.step();
    cap.steps = s.playback.step_count();
    cap.cpu_model = s.cpu_model_mode();
    cap.ui_scale = s.ui_scale;
    cap.clipped = last_frame_clips();
    cap.view_text = app.check_view_text(cap.rgba.data(), cap.width, cap.height);
  }
  return cap;
}

int run_headless(const GuiOptions& options) {
  HeadlessCapture cap = capture_headless(options);
  if (!options.screenshot.empty()) {
    write_png(options.screenshot, cap.width, cap.height, cap.rgba);
    std::fprintf(stderr, "sortscope gui: wrote %s (%dx%d, step %d of %d)\n", options.screenshot.c_str(), cap.width,
                 cap.height, cap.step, cap.steps > 0 ? cap.steps - 1 : 0);
  }
  std::fprintf(stderr, "sortscope gui: frame time over the last %d frames: mean %.2f ms, max %.2f ms\n",
               options.frames < 0 ? 3 : std::max(options.frames, 2), cap.frame_ms_mean, cap.frame_ms_max);
  if (!cap.script_error.empty()) {
    std::fprintf(stderr, "sortscope gui: %s\n", cap.script_error.c_str());
    return 1;
  }
  return cap.settled ? 0 : 3;
}

// Every press and repeat goes to the app's key queue (GuiApp::queue_key), however many arrive
// between two frames; Dear ImGui's backend, installed after this, chains to it and keeps its own state.
void glfw_key(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  if (action == GLFW_RELEASE) return;
  if (auto* app = static_cast<GuiApp*>(glfwGetWindowUserPointer(window))) app->queue_key(key, mods);
}

// A file dropped on the window: its keys are sorted from the next frame on (the first of several).
void glfw_drop(GLFWwindow* window, int count, const char** paths) {
  if (count < 1) return;
  if (auto* app = static_cast<GuiApp*>(glfwGetWindowUserPointer(window))) app->state().want_open_file = paths[0];
}

void glfw_error(int code, const char* text) { std::fprintf(stderr, "sortscope gui: GLFW error %d: %s\n", code, text); }

struct GlfwWindow {
  GLFWwindow* window = nullptr;
  ~GlfwWindow() {
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
  }
};

int run_windowed(const GuiOptions& options) {
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit())
    throw std::runtime_error("cannot open a window: no display (set DISPLAY or WAYLAND_DISPLAY, or use --headless)");
  GlfwWindow holder;
  std::string settings_error;
  Settings settings = options.use_settings ? load_settings(settings_path(), &settings_error) : Settings{};
  if (!settings_error.empty()) std::fprintf(stderr, "sortscope gui: %s\n", settings_error.c_str());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_MAXIMIZED, settings.window.maximized ? GLFW_TRUE : GLFW_FALSE);
  // The saved size, once there is one; --size (or the default) on a first start.
  const bool have_saved = options.use_settings && std::filesystem::exists(settings_path());
  int w = have_saved ? settings.window.width : options.width;
  int h = have_saved ? settings.window.height : options.height;
  holder.window = glfwCreateWindow(w, h, "Sortscope", nullptr, nullptr);
  if (!holder.window) throw std::runtime_error("cannot create an OpenGL 3.3 core window (is a GL driver installed?)");
  GLFWwindow* window = holder.window;
  if (options.use_settings && settings.window.x >= 0 && settings.window.y >= 0 && !settings.window.maximized)
    glfwSetWindowPos(window, settings.window.x, settings.window.y);
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)))
    throw std::runtime_error("cannot load OpenGL functions for the window");

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  setup_imgui_io();
  glfwSetKeyCallback(window, glfw_key);  // before the backend's: it calls the callback it replaces
  glfwSetDropCallback(window, glfw_drop);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  if (!ImGui_ImplOpenGL3_Init(kGlslVersion)) throw std::runtime_error("Dear ImGui's OpenGL 3 backend failed to start");
  ImGuiIO& io = ImGui::GetIO();
  int rc = 0;
  {
    GuiApp app(options, settings);
    glfwSetWindowUserPointer(window, &app);
    struct Unhook {
      GLFWwindow* w;
      ~Unhook() { glfwSetWindowUserPointer(w, nullptr); }
    } unhook{window};
    std::unique_ptr<InputScript> script;
    if (!options.script.empty()) script = std::make_unique<InputScript>(options.script, options.report);
    bool fullscreen = false;
    int saved_x = 0, saved_y = 0, saved_w = w, saved_h = h;
    long frame = 0;
    long frames_after_script = 0;
    double last_input = glfwGetTime();
    while (!glfwWindowShouldClose(window) && !app.state().want_quit && !interrupted()) {
      // Idle: nothing moves and nothing runs, so wait for input instead of spinning.
      if (!script && options.frames < 0 && !app.animating() && glfwGetTime() - last_input > 1.0)
        glfwWaitEventsTimeout(0.25);
      else
        glfwPollEvents();
      if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0 || io.WantCaptureKeyboard || ImGui::IsAnyMouseDown())
        last_input = glfwGetTime();

      AppState& s = app.state();
      if (s.want_fullscreen_toggle) {
        s.want_fullscreen_toggle = false;
        if (!fullscreen) {
          glfwGetWindowPos(window, &saved_x, &saved_y);
          glfwGetWindowSize(window, &saved_w, &saved_h);
          GLFWmonitor* mon = glfwGetPrimaryMonitor();
          if (const GLFWvidmode* mode = mon ? glfwGetVideoMode(mon) : nullptr) {
            glfwSetWindowMonitor(window, mon, 0, 0, mode->width, mode->height, mode->refreshRate);
            fullscreen = true;
          }
        } else {
          glfwSetWindowMonitor(window, nullptr, saved_x, saved_y, saved_w, saved_h, 0);
          fullscreen = false;
        }
      }

      app.before_new_frame();
      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      if (script) script->before_frame(io, app);
      ImGui::NewFrame();
      app.frame();
      ImGui::Render();
      app.render_offscreen();
      int fw = 0, fh = 0;
      glfwGetFramebufferSize(window, &fw, &fh);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glViewport(0, 0, fw, fh);
      glClearColor(0.07f, 0.072f, 0.085f, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      ++frame;
      if (script && script->reports()) {  // as the headless driver does, from the back buffer
        glReadBuffer(GL_BACK);
        const std::vector<uint8_t> px = read_framebuffer(fw, fh);
        app.check_view_text(px.data(), fw, fh);
      }

      // --frames N: run N frames (after the script, if any), then leave (smoke tests).
      const bool script_done = !script || script->done();
      if (script_done && options.frames >= 0 && frames_after_script++ >= options.frames) {
        if (!options.screenshot.empty()) {
          glReadBuffer(GL_BACK);
          write_png(options.screenshot, fw, fh, read_framebuffer(fw, fh));
          std::fprintf(stderr, "sortscope gui: wrote %s (%dx%d)\n", options.screenshot.c_str(), fw, fh);
        }
        glfwSwapBuffers(window);
        break;
      }
      glfwSwapBuffers(window);
    }
    if (script && script->done()) script->commit_report();
    if (interrupted()) throw Interrupted(interrupt_signal(), "an export in progress was stopped and its file left as it was");

    if (options.use_settings) {
      Settings out = app.settings();
      out.window.maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) == GLFW_TRUE;
      if (fullscreen) {
        out.window.x = saved_x, out.window.y = saved_y, out.window.width = saved_w, out.window.height = saved_h;
      } else if (!out.window.maximized) {
        glfwGetWindowPos(window, &out.window.x, &out.window.y);
        glfwGetWindowSize(window, &out.window.width, &out.window.height);
      }
      if (auto e = save_settings(out, settings_path()); !e.empty()) std::fprintf(stderr, "sortscope gui: %s\n", e.c_str());
    }
    (void)frame;
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return rc;
}

}  // namespace

int run_gui(const GuiOptions& options) {
  install_interrupt_handlers();
  return options.headless ? run_headless(options) : run_windowed(options);
}

HeadlessCapture run_headless_capture(const GuiOptions& options) { return capture_headless(options); }

}  // namespace sortscope::ui
