#include "view_text.h"

#include <imgui.h>

namespace sortscope {

ViewTextLog::~ViewTextLog() { stop(); }

void ViewTextLog::start() {
  stop();
  context_ = ImGui::GetCurrentContext();
  if (!context_) return;
  ImGui::GetIO().UserData = this;
  collecting_ = true;
}

void ViewTextLog::stop() {
  if (!collecting_) return;
  collecting_ = false;
  ImGuiContext* now = ImGui::GetCurrentContext();
  // Detach from the context it collected for (made current for a moment when another is).
  ImGui::SetCurrentContext(static_cast<ImGuiContext*>(context_));
  if (ImGui::GetIO().UserData == this) ImGui::GetIO().UserData = nullptr;
  ImGui::SetCurrentContext(now);
  context_ = nullptr;
}

void ViewTextLog::set_view(std::string name, Rect bounds) {
  view_ = std::move(name);
  bounds_ = bounds;
}

void ViewTextLog::add(DrawnText t) { entries_.push_back(std::move(t)); }

ViewTextLog* current_text_log() {
  if (!ImGui::GetCurrentContext()) return nullptr;
  auto* log = static_cast<ViewTextLog*>(ImGui::GetIO().UserData);
  return log && log->collecting() ? log : nullptr;
}

void set_text_view(std::string name, Rect bounds) {
  if (ViewTextLog* log = current_text_log()) log->set_view(std::move(name), bounds);
}

void draw_view_text(ImDrawList* dl, ImFont* font, float font_px, const ImVec2& pos, uint32_t colour,
                    std::string_view text, float wrap_width) {
  if (!dl || text.empty()) return;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  dl->AddText(font, font_px, pos, colour, begin, end, wrap_width);
  ViewTextLog* log = current_text_log();
  if (!log) return;
  ImFont* f = font ? font : ImGui::GetFont();
  const ImVec2 size = f->CalcTextSizeA(font_px, FLT_MAX, wrap_width, begin, end);
  const ImVec2 cmin = dl->GetClipRectMin(), cmax = dl->GetClipRectMax();
  DrawnText t;
  t.text = std::string(text);
  t.view = log->view();
  t.rect = {pos.x, pos.y, size.x, size.y};
  t.clip = {cmin.x, cmin.y, cmax.x - cmin.x, cmax.y - cmin.y};
  t.bounds = log->bounds();
  t.colour = colour;
  log->add(std::move(t));
}

}  // namespace sortscope
