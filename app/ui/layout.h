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
//
// Each of scenario, step and throughput can be shown, folded (the side panels to a narrow strip
// that unfolds them on a click, the throughput to its one summary line) or hidden, and the
// transport hidden: the View menu sets this per mode, so projector mode keeps a presentation
// layout of its own in which the picture has the room.
#include <string>

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

// How a panel takes part in the layout. Auto: shown while the main view keeps at least
// LayoutMetrics::min_view_share of the display, folded otherwise (the step column folds first).
enum class PanelMode { Auto, Shown, Folded, Hidden };
const char* panel_mode_name(PanelMode m);
bool panel_mode_from_name(const std::string& name, PanelMode& out);

struct PanelModes {
  PanelMode scenario = PanelMode::Auto;
  PanelMode step = PanelMode::Auto;
  PanelMode throughput = PanelMode::Auto;
  bool transport = true;
  bool operator==(const PanelModes& o) const {
    return scenario == o.scenario && step == o.step && throughput == o.throughput && transport == o.transport;
  }
};
// Projector mode's defaults: the scenario folded, the throughput one line, the step panel while
// the picture keeps half the screen.
inline PanelModes projector_panel_defaults() {
  PanelModes p;
  p.scenario = PanelMode::Folded;
  p.throughput = PanelMode::Folded;
  return p;
}

struct LayoutMetrics {
  float menu_h = 20, status_h = 24, transport_h = 90;
  float splitter = 6;        // gap between panels, the grab area of a splitter
  float min_panel = 120;     // no panel is squeezed below this (when the display allows)
  float min_view = 240;      // the main view's panel is at least this tall (when the display allows)
  float fold_w = 28;         // width of a folded side panel's strip
  float line_h = 32;         // height of the folded (one-line) throughput panel
  float min_view_share = 0;  // Auto panels fold while the view's area is below this share of the display
  float min_step_w = 0;      // an Auto step column folds where it would be narrower than this (a
                             // readable measure: ~35 characters a line; the view then shows the
                             // step's pseudo-code under the picture)
  // Projector mode, where every row the picture gives up counts: the transport (one row, then)
  // and the folded throughput line share the status bar's row rather than taking rows of their
  // own: the status on the left (status_share of the width), the transport in the middle, the
  // throughput line on the right (throughput_share).
  bool bottom_row = false;
  float status_share = 0.13f, throughput_share = 0.34f;
};

struct PanelRects {
  Rect menu, scenario, view, transport, step, throughput, status;
  // Splitter grab areas: left column edge, right column edge, view/throughput edge.
  Rect split_left, split_right, split_top;
  // What each panel became (Auto resolved to Shown or Folded); hidden panels have empty rectangles.
  PanelModes modes;
};

// Clamps `f` to keep every panel at least min_panel wide/high where the display allows.
LayoutFractions clamp_fractions(LayoutFractions f, ImVec2 display, const LayoutMetrics& m);
PanelRects compute_layout(const LayoutFractions& f, ImVec2 display, const LayoutMetrics& m,
                          const PanelModes& modes = {});

// Draws the splitters (invisible grab areas over the gaps, highlighted on hover; each a small
// window of its own) and updates `f` while one is dragged. Returns true when a fraction changed.
bool layout_splitters(LayoutFractions& f, const PanelRects& rects, ImVec2 display, const LayoutMetrics& m);

}  // namespace sortscope::ui
