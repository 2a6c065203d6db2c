#include "layout.h"

#include <algorithm>
#include <cmath>

namespace sortscope::ui {

namespace {
float clampf(float v, float lo, float hi) { return hi < lo ? (lo + hi) * 0.5f : std::clamp(v, lo, hi); }
}  // namespace

LayoutFractions clamp_fractions(LayoutFractions f, ImVec2 display, const LayoutMetrics& m) {
  float w = std::max(display.x, 1.0f);
  float h = std::max(display.y - m.menu_h - m.status_h, 1.0f);
  // Columns: scenario and step at least min_panel each, the centre at least 2 * min_panel.
  float min_col = std::min(m.min_panel, w * 0.2f) / w;
  float min_centre = std::min(2 * m.min_panel, w * 0.4f) / w;
  f.left = clampf(f.left, min_col, 1 - min_centre - min_col);
  f.right = clampf(f.right, min_col, 1 - min_centre - f.left);
  // Rows: the view above the transport at least min_panel, the throughput plot at least min_panel.
  float min_top = std::min(std::max(m.min_panel, m.min_view) + m.transport_h + m.splitter, h * 0.8f) / h;
  float min_bottom = std::min(m.min_panel, h * 0.2f) / h;
  f.top = clampf(f.top, min_top, 1 - min_bottom);
  return f;
}

PanelRects compute_layout(const LayoutFractions& fin, ImVec2 display, const LayoutMetrics& m) {
  LayoutFractions f = clamp_fractions(fin, display, m);
  PanelRects r;
  const float w = display.x, g = m.splitter;
  const float top = m.menu_h, h = std::max(display.y - m.menu_h - m.status_h, 0.0f);
  r.menu = {0, 0, w, m.menu_h};
  r.status = {0, display.y - m.status_h, w, m.status_h};

  float lw = std::round(f.left * w), rw = std::round(f.right * w);
  float th = std::round(f.top * h);
  float cx = lw + g, cw = std::max(w - lw - rw - 2 * g, 0.0f);
  r.scenario = {0, top, lw, h};
  r.split_left = {lw, top, g, h};
  float view_h = std::max(th - m.transport_h - g, 0.0f);
  r.view = {cx, top, cw, view_h};
  r.transport = {cx, top + view_h + g, cw, th - view_h - g};
  r.split_right = {cx + cw, top, g, th};
  r.step = {cx + cw + g, top, rw, th};
  r.split_top = {cx, top + th, w - cx, g};
  r.throughput = {cx, top + th + g, w - cx, std::max(h - th - g, 0.0f)};
  return r;
}

bool layout_splitters(LayoutFractions& f, const PanelRects& r, ImVec2 display, const LayoutMetrics& m) {
  bool changed = false;
  float w = std::max(display.x, 1.0f), h = std::max(display.y - m.menu_h - m.status_h, 1.0f);
  // Each splitter is a small window of its own over its gap: it never overlaps a panel, so the
  // panels' stacking order and hover stay untouched.
  auto splitter = [&](const char* id, const Rect& rect, bool vertical, auto&& apply) {
    if (rect.w < 1 || rect.h < 1) return;
    ImGui::SetNextWindowPos(rect.pos());
    ImGui::SetNextWindowSize(rect.size());
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin(id, nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::PopStyleVar(3);
    ImGui::InvisibleButton("##grab", rect.size());
    bool active = ImGui::IsItemActive(), hovered = ImGui::IsItemHovered();
    if (active || hovered) {
      ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
      ImGui::GetWindowDrawList()->AddRectFilled(
          rect.pos(), ImVec2(rect.x + rect.w, rect.y + rect.h),
          ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered));
    }
    if (active) {
      ImVec2 d = ImGui::GetIO().MouseDelta;
      if (d.x != 0 || d.y != 0) {
        apply(d);
        changed = true;
      }
    }
    ImGui::End();
  };
  splitter("##split_left", r.split_left, true, [&](ImVec2 d) { f.left += d.x / w; });
  splitter("##split_right", r.split_right, true, [&](ImVec2 d) { f.right -= d.x / w; });
  splitter("##split_top", r.split_top, false, [&](ImVec2 d) { f.top += d.y / h; });
  if (changed) f = clamp_fractions(f, display, m);
  return changed;
}

}  // namespace sortscope::ui
