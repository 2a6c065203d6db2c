#include "frame_text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include "colormap.h"
#include "font_files.h"
#include "gl/gl_check.h"

namespace sortscope {
namespace {

// Latin-1 plus the punctuation captions use: dashes, bullets, arrows, math signs, the marker.
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2193, 0x2212, 0x2212,
                                0x2260, 0x2265, 0x25B6, 0x25B6, 0};

}  // namespace

FrameText::Scope::Scope(FrameText& text) : previous_(ImGui::GetCurrentContext()) {
  ImGui::SetCurrentContext(text.imgui_);
}
FrameText::Scope::~Scope() { ImGui::SetCurrentContext(previous_); }

FrameText::FrameText() {
  imgui_ = ImGui::CreateContext();
  Scope scope(*this);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // a renderer has no window layout to remember
  io.LogFilename = nullptr;
  if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
    ImGui::DestroyContext(imgui_);
    imgui_ = nullptr;
    throw std::runtime_error("frame renderer: Dear ImGui's OpenGL 3 backend could not start (its loader "
                             "needs libGL.so.1; install libgl1)");
  }
  ensure_fonts(1.0f);
  log_.start();
}

FrameText::~FrameText() {
  if (!imgui_) return;
  log_.stop();
  ImGuiContext* previous = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(imgui_);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext(imgui_);
  ImGui::SetCurrentContext(previous == imgui_ ? nullptr : previous);
}

void FrameText::ensure_fonts(float scale) {
  scale = std::clamp(std::round(scale * 4.0f) / 4.0f, 0.5f, 4.0f);
  if (scale == fonts_.scale) return;
  const bool first = fonts_.scale == 0;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::string sans = find_font_file("DejaVuSans.ttf"), bold = find_font_file("DejaVuSans-Bold.ttf"),
                    mono = find_font_file("DejaVuSansMono.ttf");
  auto load = [&](const std::string& path, float px) -> ImFont* {
    if (!path.empty()) {
      ImFontConfig cfg;
      cfg.OversampleH = 2;
      if (ImFont* f = io.Fonts->AddFontFromFileTTF(path.c_str(), px, &cfg, kGlyphRanges)) return f;
    }
    // ImGui's own pixel font, at a whole multiple of its 13 px design size so it stays crisp.
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * std::max(1.0f, std::round(px / 13.0f));
    return io.Fonts->AddFontDefault(&cfg);
  };
  fonts_.caption_px = std::round(30 * scale);
  fonts_.body_px = std::round(19 * scale);
  fonts_.small_px = std::max(11.0f, std::round(15 * scale));
  fonts_.mono_px = std::round(17 * scale);
  fonts_.body = load(sans, fonts_.body_px);  // first font: ImGui's default
  fonts_.caption = load(bold.empty() ? sans : bold, fonts_.caption_px);
  fonts_.small = load(sans, fonts_.small_px);
  fonts_.mono = load(mono.empty() ? sans : mono, fonts_.mono_px);
  if (!io.Fonts->Build()) throw std::runtime_error("frame renderer: the font atlas could not be built");
  // Sizes as rasterised (ImGui's fallback font rounds to multiples of 13).
  fonts_.caption_px = fonts_.caption->FontSize;
  fonts_.body_px = fonts_.body->FontSize;
  fonts_.small_px = fonts_.small->FontSize;
  fonts_.mono_px = fonts_.mono->FontSize;
  if (first) {
    ImGui_ImplOpenGL3_CreateDeviceObjects();  // shaders, buffers and the font texture
  } else {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  fonts_.scale = scale;
}

void FrameText::fit_fonts(float text_scale, int width, int height) {
  ensure_fonts(std::clamp(text_scale, 0.5f, 3.0f) * std::min(width / 1280.0f, height / 720.0f));
}

FrameFooter layout_frame_footer(const FrameFonts& fonts, int width, int height, bool progress) {
  const float s = fonts.scale;
  const float m = std::round(16 * s);
  FrameFooter f;
  const float legend_h = std::round(fonts.small_px * 1.25f);
  f.legend = {m, float(height) - m * 0.75f - legend_h, float(width) - 2 * m, legend_h};
  f.top = f.legend.y - std::round(10 * s);
  if (progress) {
    const float ph = std::round(std::max(5.0f, 8 * s));
    f.progress = {m, f.top - ph, float(width) - 2 * m, ph};
    f.top = f.progress.y - std::round(12 * s);
  }
  return f;
}

void clear_frame(const char* what) {
  glDisable(GL_SCISSOR_TEST);
  const auto& bg = palette::kBackground;
  glClearColor(bg[0], bg[1], bg[2], 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GL_CHECK_AFTER(what);
}

ImDrawList* FrameText::new_frame(int width, int height) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(width), float(height));
  io.DeltaTime = 1.0f / 30.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  log_.clear();
  return ImGui::GetBackgroundDrawList();
}

void FrameText::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  GL_CHECK_AFTER("drawing text and panels with ImGui");
}

}  // namespace sortscope
