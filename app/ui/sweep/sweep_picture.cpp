#include "sweep_picture.h"

#include <filesystem>

#include <backends/imgui_impl_opengl3.h>
#include <fmt/format.h>
#include <glad/gl.h>

#include "ui/app_state.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"
#include "ui/panels/panels.h"
#include "parse/size_parse.h"
#include "registry.h"

namespace sortscope::ui {

namespace {

// What the picture says of itself, so a slide needs no caption to be read right.
std::string title_of(const AppState& s) {
  const SweepView& v = s.sweep;
  if (v.winners) {  // the winner map: the edited scenario's input, every sort over n
    const InputSpec& in = s.scenario.input;
    return fmt::format("winner map: the fastest sort at each n and its speed over CUB, {}{} {}", key_type_name(in.key),
                       in.with_values ? " + values" : "", distribution_name(in.dist));
  }
  const Scenario& b = v.grid->base();
  std::string t = fmt::format("{}: {} x {}", b.algorithm, v.grid->x_name(), v.grid->y_name());
  if (!v.grid->has_n_axis()) t += fmt::format(", n = {}", format_size(b.input.n));
  t += fmt::format(", {}{} {}", key_type_name(b.input.key), b.input.with_values ? " + values" : "",
                   distribution_name(b.input.dist));
  return t;
}

std::string detail_of(const AppState& s) {
  const SweepView& v = s.sweep;
  if (!v.report) return "no cell measured yet";
  const BenchReport& r = *v.report;
  // The CPU model's device line already says "CPU model"; say what that means for the numbers.
  std::string d = fmt::format("{}{}; each cell: median of at least {} runs, until noise <= {:.2f}% or {:.2g} s; every run "
                              "verified; {}",
                              r.device, r.backend == "cpu-model" ? ": CPU timings, not GPU timings" : "",
                              r.settings.rule.min_samples, 100 * r.settings.rule.max_noise, r.settings.rule.timeout_s,
                              r.started);
  if (!r.complete()) d += fmt::format("; {} of {} cells", r.records.size(), r.planned_states);
  return d;
}

}  // namespace

void draw_sweep_picture_window(AppState& s) {
  SweepView& v = s.sweep;
  v.picture_list = nullptr;
  if (v.want_png.empty()) return;
  if (v.winners ? !v.report : !v.grid) {
    v.message = "nothing to save yet: no sweep";
    v.message_error = true;
    v.want_png.clear();
    return;
  }
  const ImVec2 size(kSweepPictureWidth, kSweepPictureHeight);
  // Beyond the display's right edge: drawn, never seen, never hovered.
  const ImVec2 pos(ImGui::GetIO().DisplaySize.x + 64, 0);
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(24, 18));
  ImGui::Begin("##sweep-picture", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The window's clip rectangle is cut to the display (where this window is not): draw under one
  // of the picture's own, or text below the display's height would be culled.
  dl->PushClipRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), false);
  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), ImGui::GetColorU32(ImGuiCol_WindowBg));
  const float fs = ImGui::GetFontSize();
  const ImVec2 c0 = ImGui::GetCursorScreenPos();
  // Text drawn straight into the list: ImGui::Text skips items outside the display.
  dl->AddText(c0, ImGui::GetColorU32(ImGuiCol_Text), title_of(s).c_str());
  dl->AddText(ImVec2(c0.x, c0.y + fs * 1.35f), ImGui::GetColorU32(ImGuiCol_TextDisabled), detail_of(s).c_str());
  ImGui::Dummy(ImVec2(1, fs * 2.9f));
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  draw_sweep_figure(s, avail, false);
  dl->PopClipRect();
  ImGui::End();
  v.picture_list = dl;
  v.picture_pos = pos;
  v.picture_path = v.want_png;
  v.want_png.clear();
}

void write_sweep_picture(AppState& s) {
  SweepView& v = s.sweep;
  if (!v.picture_list) return;
  ImDrawList* list = v.picture_list->CloneOutput();
  v.picture_list = nullptr;
  const ImVec2 size(kSweepPictureWidth, kSweepPictureHeight);
  const ImVec4 clip(v.picture_pos.x, v.picture_pos.y, v.picture_pos.x + size.x, v.picture_pos.y + size.y);
  for (ImDrawCmd& cmd : list->CmdBuffer) cmd.ClipRect = clip;
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = &list;
  data.CmdListsCount = 1;
  data.TotalVtxCount = list->VtxBuffer.Size;
  data.TotalIdxCount = list->IdxBuffer.Size;
  data.DisplayPos = v.picture_pos;
  data.DisplaySize = size;
  data.FramebufferScale = ImVec2(1, 1);
  GLint fbo = 0, viewport[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
  glGetIntegerv(GL_VIEWPORT, viewport);
  try {
    gl::OffscreenTarget target;
    target.resize(kSweepPictureWidth, kSweepPictureHeight, 1);
    target.bind();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    std::vector<uint8_t> rgba = target.read_rgba();
    for (size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;  // opaque whatever alpha ImGui left
    write_png(v.picture_path, kSweepPictureWidth, kSweepPictureHeight, rgba);
    v.message = "saved " + std::filesystem::absolute(v.picture_path).string();
    v.message_error = false;
  } catch (const std::exception& e) {
    v.message = e.what();
    v.message_error = true;
  }
  IM_DELETE(list);
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(fbo));
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  s.notify(v.message, v.message_error);
}

}  // namespace sortscope::ui
