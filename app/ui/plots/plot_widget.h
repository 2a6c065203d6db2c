#pragma once
// A small line/scatter plot drawn with ImDrawList (ImPlot is not available on Debian; Tracy's
// hand-drawn frame strip is the model): axes with "nice" ticks, linear or log scales, several
// series with a legend, a hover read-out of the nearest point, and a rolling buffer for live data.
// The tick and scale maths are plain functions so they can be tested without a GL context.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

namespace sortscope::ui {

// A fixed-capacity ring of samples; index 0 is the oldest kept sample.
template <class T>
class RollingBuffer {
 public:
  explicit RollingBuffer(size_t capacity = 256) : capacity_(capacity ? capacity : 1) {}
  void push(const T& v) {
    if (data_.size() < capacity_) {
      data_.push_back(v);
    } else {
      data_[head_] = v;
      head_ = (head_ + 1) % capacity_;
    }
  }
  size_t size() const { return data_.size(); }
  size_t capacity() const { return capacity_; }
  bool empty() const { return data_.empty(); }
  const T& operator[](size_t i) const { return data_[(head_ + i) % data_.size()]; }
  const T& back() const { return (*this)[size() - 1]; }
  void clear() { data_.clear(); head_ = 0; }

 private:
  size_t capacity_;
  size_t head_ = 0;  // position of the oldest sample once the ring is full
  std::vector<T> data_;
};

struct PlotAxis {
  std::string label;
  bool log_scale = false;
  double log_base = 10;          // 2 for sizes (ticks at powers of two), 10 for rates
  bool auto_fit = true;          // fit to the data (with a margin); else use [min, max]
  double min = 0, max = 1;
  bool include_zero = false;     // linear auto-fit: keep 0 in range (rates)
  bool integer = false;          // linear: ticks on whole numbers only (run numbers)
  // Tick label; default: SI-prefixed number ("1.5G", "256K").
  std::function<std::string(double)> format;
};

enum class SeriesStyle { Lines, Markers, LinesAndMarkers, HorizontalLine };

struct PlotSeries {
  std::string label;
  ImU32 color = IM_COL32(255, 255, 255, 255);
  SeriesStyle style = SeriesStyle::LinesAndMarkers;
  bool dashed = false;
  std::vector<double> x, y;      // HorizontalLine: y[0] only
  std::vector<double> y_lo, y_hi;  // optional spread per point (min..max), drawn as a vertical bar
  int highlight = -1;            // index of a point drawn larger (the current scenario), -1: none
  bool in_legend = true;         // false: drawn, not listed (a second part of a listed series)
  // Non-empty: the series cannot be drawn here; the legend lists it greyed with this reason
  // ("cub-radix: needs a GPU") so its absence is explained rather than silent.
  std::string absent_reason;
};

inline PlotSeries make_series(std::string label, ImU32 color, SeriesStyle style) {
  PlotSeries s;
  s.label = std::move(label);
  s.color = color;
  s.style = style;
  return s;
}

struct PlotConfig {
  PlotAxis x, y;
  bool legend = true;
  std::string empty_text = "no data yet";
};

// What the mouse is over, for callers that show more than the read-out.
struct PlotHover {
  bool active = false;
  int series = -1, index = -1;
  double x = 0, y = 0;
};

// Draws the plot filling `size` (a negative component means "the rest of the content region").
PlotHover plot_widget(const char* id, const PlotConfig& config, const std::vector<PlotSeries>& series,
                      ImVec2 size = ImVec2(-1, -1));

// ---- maths (tested in tests/gui/test_plot_math.cpp) ----

// Axis range after auto-fit: covers every finite (and, for log, positive) value with a margin.
struct AxisRange {
  double lo = 0, hi = 1;
};
AxisRange fit_axis(const PlotAxis& axis, const std::vector<double>& values);

// Ticks inside [lo, hi]: 1-2-5 steps on a linear axis (about `max_ticks` of them); powers of the
// base on a log axis (thinned to at most max_ticks).
std::vector<double> axis_ticks(const PlotAxis& axis, AxisRange range, int max_ticks);

// Position of v in [0, 1] along the axis (log scales map log(v)); clamps nothing.
double axis_fraction(const PlotAxis& axis, AxisRange range, double v);

// "0", "950", "1.5K", "2.3M", "4G", "1.2T"; exact for powers of 1000 of small integers.
std::string format_si(double v);
// "2^20" for powers of two, else format_si.
std::string format_pow2(double v);

}  // namespace sortscope::ui
