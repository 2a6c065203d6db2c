#pragma once
// A heat map drawn with ImDrawList, as the plot widget is (plot_widget.h; ImPlot is not on
// Debian): a grid of cells coloured by value with Sortscope's colour map (visual/colormap.h: its
// lightness rises with the value, so the order reads in greyscale and for colour-blind viewers),
// the value written in each cell that has room, the axis labels, a colour bar with its range, an
// outline on the current cell and a pulsing one on the cell being measured. Cells without a value
// (not measured yet) stay empty. The widget reports the cell under the mouse and clicks; the caller
// shows what a cell means in its own tooltip. The maths are plain functions, tested without GL.
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

namespace sortscope::ui {

struct HeatMapData {
  std::string x_title, y_title;                 // the axes' names
  std::vector<std::string> x_labels, y_labels;  // one per column / row (row 0 at the top)
  std::vector<double> values;                   // row-major (row * cols + col); NaN: no value yet
  std::vector<std::string> cell_text;           // row-major, written in the cell when it fits ("" none; dimmed without a value)
  std::string value_label;                      // the colour bar's title: "keys/s", "x baseline"
  bool log_scale = false;                       // colour by log(value) (rates spanning decades)
  std::function<std::string(double)> format;   // colour bar labels; default format_si
  int current = -1;                             // cell outlined as the current one, -1: none
  int busy = -1;                                // cell being measured, -1: none
  std::string empty_text = "no cells yet";
  size_t cols() const { return x_labels.size(); }
  size_t rows() const { return y_labels.size(); }
};

struct HeatMapResult {
  int col = -1, row = -1;   // cell under the mouse, -1: none
  bool clicked = false;     // that cell was clicked this frame
  ImVec2 cells_min, cells_max;  // the cells' area on screen (scripted clicks aim here)
};

// Draws the heat map filling `size` (a negative component: the rest of the content region).
HeatMapResult heat_map_widget(const char* id, const HeatMapData& data, ImVec2 size = ImVec2(-1, -1));

// ---- maths (tested in tests/gui/test_gui_logic.cpp) ----

struct HeatRange {
  double lo = 0, hi = 0;
  bool empty() const { return !(lo <= hi); }
};
// The range of the finite values (positive ones on a log scale); lo > hi when there is none.
HeatRange heat_map_range(const std::vector<double>& values, bool log_scale);
// Where v lies in the range, 0..1 (clamped); 0.5 when the range is a single value.
float heat_map_fraction(double v, HeatRange range, bool log_scale);
// The cell index (0..count-1) at `pos` along an extent of `count` cells from `start` of `length`
// pixels, or -1 outside.
int heat_map_cell_at(float start, float length, int count, float pos);

}  // namespace sortscope::ui
