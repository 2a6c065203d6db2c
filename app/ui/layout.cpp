#include "layout.h"

#include <algorithm>
#include <cmath>
#include <utility>

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

const char* panel_mode_name(PanelMode m) {
  switch (m) {
    case PanelMode::Auto: return "auto";
    case PanelMode::Shown: return "shown";
    case PanelMode::Folded: return "folded";
    case PanelMode::Hidden: return "hidden";
  }
  return "auto";
}

bool panel_mode_from_name(const std::string& name, PanelMode& out) {
  for (PanelMode m : {PanelMode::Auto, PanelMode::Shown, PanelMode::Folded, PanelMode::Hidden})
    if (name == panel_mode_name(m)) {
      out = m;
      return true;
    }
  return false;
}

namespace {

// The tiles for modes without Auto.
PanelRects tile(const LayoutFractions& f, ImVec2 display, const LayoutMetrics& m, const PanelModes& md) {
  PanelRects r;
  r.modes = md;
  const float w = display.x, g = m.splitter;
  const float top = m.menu_h, h = std::max(display.y - m.menu_h - m.status_h, 0.0f);
  r.menu = {0, 0, w, m.menu_h};
  r.status = {0, display.y - m.status_h, w, m.status_h};
  auto column = [&](PanelMode mode, float fraction) {
    if (mode == PanelMode::Hidden) return 0.0f;
    if (mode == PanelMode::Folded) return std::min(m.fold_w, std::round(w * 0.1f));
    return std::round(fraction * w);
  };
  const float lw = column(md.scenario, f.left), rw = column(md.step, f.right);
  const float lg = lw > 0 ? g : 0, rg = rw > 0 ? g : 0;
  // Height of the rows above the throughput panel (view + transport, and the step column).
  float th = h;
  const bool line_in_status = md.throughput == PanelMode::Folded && m.bottom_row;
  const bool transport_in_status = md.transport && m.bottom_row;
  if (md.throughput == PanelMode::Shown) th = std::round(f.top * h);
  else if (md.throughput == PanelMode::Folded && !line_in_status) th = std::max(h - m.line_h - g, 0.0f);
  const float bg = md.throughput == PanelMode::Hidden || line_in_status ? 0 : g;
  const float cx = lw + lg, cw = std::max(w - lw - rw - lg - rg, 0.0f);
  r.scenario = {0, top, lw, h};
  r.split_left = {lw, top, lg, h};
  const float transport_h = md.transport && !transport_in_status ? std::min(m.transport_h, th) : 0;
  const float view_h = md.transport && !transport_in_status ? std::max(th - transport_h - g, 0.0f) : th;
  r.view = {cx, top, cw, view_h};
  r.transport = md.transport ? Rect{cx, top + view_h + g, cw, th - view_h - g} : Rect{cx, top + th, cw, 0};
  r.split_right = {cx + cw, top, rg, th};
  r.step = {cx + cw + rg, top, rw, th};
  r.split_top = {cx, top + th, w - cx, bg};
  r.throughput = {cx, top + th + bg, w - cx, std::max(h - th - bg, 0.0f)};
  if (m.bottom_row && (line_in_status || transport_in_status)) {
    const float sw = std::round(w * std::clamp(m.status_share, 0.0f, 1.0f));
    const float lw_ = line_in_status ? std::round(w * std::clamp(m.throughput_share, 0.0f, 1.0f - m.status_share)) : 0;
    const float tw = transport_in_status ? w - sw - lw_ : 0;
    r.status.w = transport_in_status || line_in_status ? (tw > 0 ? sw : w - lw_) : w;
    if (transport_in_status) r.transport = {sw, r.status.y, tw, m.status_h};
    if (line_in_status) r.throughput = {w - lw_, r.status.y, lw_, m.status_h};
  }
  return r;
}

}  // namespace

PanelRects compute_layout(const LayoutFractions& fin, ImVec2 display, const LayoutMetrics& m, const PanelModes& modes) {
  LayoutFractions f = clamp_fractions(fin, display, m);
  PanelModes md = modes;
  for (PanelMode* p : {&md.scenario, &md.step, &md.throughput})
    if (*p == PanelMode::Auto) *p = PanelMode::Shown;
  PanelRects r = tile(f, display, m, md);
  if (modes.step == PanelMode::Auto && r.step.w < m.min_step_w) {
    md.step = PanelMode::Folded;
    r = tile(f, display, m, md);
  }
  // The picture is what a room looks at: Auto panels fold, the step column first, until it has its share.
  const double want = double(m.min_view_share) * display.x * display.y;
  for (auto [asked, resolved] : {std::pair{modes.step, &md.step}, std::pair{modes.scenario, &md.scenario},
                                 std::pair{modes.throughput, &md.throughput}}) {
    if (double(r.view.w) * r.view.h >= want) break;
    if (asked != PanelMode::Auto) continue;
    *resolved = PanelMode::Folded;
    r = tile(f, display, m, md);
  }
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
  // Only a shown panel has an edge to drag: folded strips and the one-line throughput keep their size.
  if (r.modes.scenario == PanelMode::Shown)
    splitter("##split_left", r.split_left, true, [&](ImVec2 d) { f.left += d.x / w; });
  if (r.modes.step == PanelMode::Shown)
    splitter("##split_right", r.split_right, true, [&](ImVec2 d) { f.right -= d.x / w; });
  if (r.modes.throughput == PanelMode::Shown)
    splitter("##split_top", r.split_top, false, [&](ImVec2 d) { f.top += d.y / h; });
  if (changed) f = clamp_fractions(f, display, m);
  return changed;
}

}  // namespace sortscope::ui
