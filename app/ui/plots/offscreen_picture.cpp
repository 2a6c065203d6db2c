#include "offscreen_picture.h"

#include <memory>
#include <stdexcept>

#include <glad/gl.h>

#include "gl/headless_context.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"

namespace sortscope {

void write_offscreen_picture(const std::string& path, int width, int height, const std::string& option,
                             const char* what, const std::function<void(const FrameFonts&, ImDrawList*)>& draw) {
  std::unique_ptr<gl::HeadlessContext> context;
  try {
    context = gl::HeadlessContext::create();
  } catch (const std::exception& e) {
    throw std::runtime_error(option + ": no offscreen OpenGL context: " + e.what());
  }
  gl::OffscreenTarget target;
  target.resize(width, height, 4);
  target.bind();
  FrameText text;
  {
    FrameText::Scope scope(text);
    text.ensure_fonts(1.0f);
    glViewport(0, 0, width, height);
    clear_frame(what);
    ImDrawList* bg = text.new_frame(width, height);
    // One undecorated window over the whole picture, in the small font, for the ImGui widgets.
    const FrameFonts& fonts = text.fonts();
    ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(width), float(height)), ImGuiCond_Always);
    ImGui::Begin("##picture", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBackground);
    ImGui::PushFont(fonts.small);
    draw(fonts, bg);
    ImGui::PopFont();
    ImGui::End();
    text.render();
  }
  std::vector<uint8_t> rgba = target.read_rgba();
  for (size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;  // opaque whatever alpha ImGui left
  write_png(path, width, height, rgba);
}

}  // namespace sortscope
