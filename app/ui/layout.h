#pragma once
// The window's fixed tiled layout (Dear ImGui 1.86 has no docking): every panel gets a rectangle
// computed from a few fractions that the user changes by dragging splitters. The rectangles always
// tile the whole display, never overlap and respect minimum sizes, so any window size works.
//
//   +--------------------------------------------------------------+
//   | menu bar                                                      |
//   +------------+-----------------------------------+-------------+
//   | scenario   | main view                          | step        |
//   |            |                                    |             |
//   |            +-----------------------------------+             |
//   |            | transport                          |             |
//   |            +-----------------------------------+-------------+
//   |            | throughput                                       |
//   +------------+--------------------------------------------------+
//   | status bar                                                     |
//   +----------------------------------------------------------------+
#include <imgui.h>

namespace sortscope::ui {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  ImVec2 pos() const { return {x, y}; }
  ImVec2 size() const { return {w, h}; }
  bool contains(ImVec2 p) const { return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h; }
};

// What the splitters move; persisted in the settings.
struct LayoutFractions {
  float left = 0.22f;        // scenario column width / display width
  float right = 0.24f;       // step column width / display width
  float top = 0.66f;         // (main view + transport) height / height below the menu bar
};

struct LayoutMetrics {
  float menu_h = 20, status_h = 24, transport_h = 90;
  float splitter = 6;        // gap between panels, the grab area of a splitter
  float min_panel = 120;     // no panel is squeezed below this (when the display allows)
  float min_view = 240;      // the main view's panel is at least this tall (when the display allows)
};

struct PanelRects {
  Rect menu, scenario, view, transport, step, throughput, status;
  // Splitter grab areas: left column edge, right column edge, view/throughput edge.
  Rect split_left, split_right, split_top;
};

// Clamps `f` to keep every panel at least min_panel wide/high where the display allows.
LayoutFractions clamp_fractions(LayoutFractions f, ImVec2 display, const LayoutMetrics& m);
PanelRects compute_layout(const LayoutFractions& f, ImVec2 display, const LayoutMetrics& m);

// Draws the splitters (invisible grab areas over the gaps, highlighted on hover; each a small
// window of its own) and updates `f` while one is dragged. Returns true when a fraction changed.
bool layout_splitters(LayoutFractions& f, const PanelRects& rects, ImVec2 display, const LayoutMetrics& m);

}  // namespace sortscope::ui
