#include "plot_widget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace sortscope::ui {

namespace {

bool usable(const PlotAxis& axis, double v) { return std::isfinite(v) && (!axis.log_scale || v > 0); }

double to_axis(const PlotAxis& axis, double v) {
  return axis.log_scale ? std::log(v) / std::log(axis.log_base) : v;
}

std::string tick_label(const PlotAxis& axis, double v) { return axis.format ? axis.format(v) : format_si(v); }

std::string legend_text(const PlotSeries& s) {
  return s.absent_reason.empty() ? s.label : s.label + ": " + s.absent_reason;
}

// Dashed segment: ImDrawList has no stipple, so split the segment.
void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash = 6, float gap = 4) {
  float dx = b.x - a.x, dy = b.y - a.y;
  float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  float ux = dx / len, uy = dy / len;
  for (float t = 0; t < len; t += dash + gap) {
    float e = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + ux * t, a.y + uy * t), ImVec2(a.x + ux * e, a.y + uy * e), col, thickness);
  }
}

}  // namespace

AxisRange fit_axis(const PlotAxis& axis, const std::vector<double>& values) {
  if (!axis.auto_fit) return {axis.min, axis.max};
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : values)
    if (usable(axis, v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!(lo <= hi)) return axis.log_scale ? AxisRange{1, axis.log_base} : AxisRange{0, 1};
  if (axis.log_scale) {
    // Whole powers of the base around the data: the tick labels stay readable.
    double b = axis.log_base;
    double llo = std::floor(std::log(lo) / std::log(b) + 1e-9);
    double lhi = std::ceil(std::log(hi) / std::log(b) - 1e-9);
    if (lhi <= llo) lhi = llo + 1;
    return {std::pow(b, llo), std::pow(b, lhi)};
  }
  if (axis.include_zero) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
  if (hi == lo) {
    double d = axis.integer ? 1.0 : (lo == 0 ? 1 : std::abs(lo) * 0.5);
    return {lo - d, hi + d};
  }
  double margin = (hi - lo) * 0.08;
  if (axis.integer) margin = std::max(margin, 0.5);
  return {(axis.include_zero && lo == 0) ? 0 : lo - margin, hi + margin};
}

std::vector<double> axis_ticks(const PlotAxis& axis, AxisRange range, int max_ticks) {
  std::vector<double> ticks;
  max_ticks = std::max(max_ticks, 2);
  if (!(range.hi > range.lo)) return ticks;
  if (axis.log_scale) {
    double b = axis.log_base;
    int e0 = int(std::ceil(std::log(range.lo) / std::log(b) - 1e-9));
    int e1 = int(std::floor(std::log(range.hi) / std::log(b) + 1e-9));
    int count = e1 - e0 + 1;
    int every = std::max(1, (count + max_ticks - 1) / max_ticks);
    for (int e = e0; e <= e1; ++e)
      if ((e - e0) % every == 0) ticks.push_back(std::pow(b, e));
    return ticks;
  }
  double raw = (range.hi - range.lo) / max_ticks;
  double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * mag >= raw) { step = m * mag; break; }
  if (axis.integer) step = std::max(step, 1.0);
  double first = std::ceil(range.lo / step - 1e-9) * step;
  for (double t = first; t <= range.hi + step * 1e-9; t += step)
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
  return ticks;
}

double axis_fraction(const PlotAxis& axis, AxisRange range, double v) {
  double a = to_axis(axis, range.lo), b = to_axis(axis, range.hi);
  return b > a ? (to_axis(axis, v) - a) / (b - a) : 0.5;
}

std::string format_si(double v) {
  if (!std::isfinite(v)) return v != v ? "nan" : (v > 0 ? "inf" : "-inf");
  static const char* kPrefix[] = {"", "K", "M", "G", "T", "P", "E"};
  double a = std::abs(v);
  if (a < 1000) {
    char buf[32];
    if (a == std::floor(a)) std::snprintf(buf, sizeof buf, "%.0f", v);
    else if (a >= 10) std::snprintf(buf, sizeof buf, "%.1f", v);
    else std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
  }
  int p = 0;
  while (a >= 1000 && p < 6) a /= 1000, ++p;
  char buf[32];
  double s = v < 0 ? -a : a;
  if (std::abs(a - std::round(a)) < 1e-9) std::snprintf(buf, sizeof buf, "%.0f%s", s, kPrefix[p]);
  else std::snprintf(buf, sizeof buf, a >= 100 ? "%.0f%s" : "%.3g%s", s, kPrefix[p]);
  return buf;
}

std::string format_pow2(double v) {
  if (v > 0 && std::isfinite(v)) {
    double e = std::log2(v);
    if (std::abs(e - std::round(e)) < 1e-9) return "2^" + std::to_string(int(std::round(e)));
  }
  return format_si(v);
}

namespace {

struct DataRanges {
  AxisRange x, y;
  bool any = false;  // a series with points (a horizontal line alone is no data)
};

// The axes' ranges from the data (a horizontal line counts on y only).
DataRanges data_ranges(const PlotConfig& config, const std::vector<PlotSeries>& series) {
  std::vector<double> xs, ys;
  bool any = false;
  for (const PlotSeries& s : series) {
    if (s.style == SeriesStyle::HorizontalLine) {
      if (!s.y.empty()) ys.push_back(s.y[0]);
      continue;
    }
    xs.insert(xs.end(), s.x.begin(), s.x.end());
    ys.insert(ys.end(), s.y.begin(), s.y.end());
    ys.insert(ys.end(), s.y_lo.begin(), s.y_lo.end());
    ys.insert(ys.end(), s.y_hi.begin(), s.y_hi.end());
    any = any || !s.x.empty();
  }
  return {fit_axis(config.x, xs), fit_axis(config.y, ys), any};
}

struct LegendEntry {
  size_t series;
  float x, y, w;
};

// The legend in the top margin, right-aligned, wrapping to more rows when it must: it never covers
// data. A legend of several rows in a short plot would leave no room for the data, and one with a
// label longer than the plot is wide does not fit: it folds into a "legend" marker whose tooltip
// lists the series.
struct LegendLayout {
  std::vector<LegendEntry> entries;
  float rows = 0;
  bool folded = false;
  float line_h = 0, swatch_w = 0;
};

LegendLayout lay_out_legend(const PlotConfig& config, const std::vector<PlotSeries>& series, ImVec2 p0, ImVec2 p1,
                            float fh, float room_for_rows) {
  LegendLayout l;
  l.line_h = fh * 1.2f;
  l.swatch_w = fh * 1.4f;
  const float item_gap = fh * 1.0f;
  bool too_wide = false;  // a label longer than the plot is wide
  if (config.legend && !series.empty()) {
    const float left = p0.x + ImGui::CalcTextSize(config.y.label.c_str()).x + fh * 1.5f;
    const float right = p1.x - fh * 0.5f;
    std::vector<std::vector<LegendEntry>> rows(1);
    float used = 0;
    for (size_t i = 0; i < series.size(); ++i) {
      if (!series[i].in_legend) continue;
      float w = l.swatch_w + fh * 0.3f + ImGui::CalcTextSize(legend_text(series[i]).c_str()).x;
      if (!rows.back().empty() && used + item_gap + w > right - left) rows.emplace_back(), used = 0;
      used += (rows.back().empty() ? 0 : item_gap) + w;
      rows.back().push_back({i, 0, 0, w});
    }
    for (size_t r = 0; r < rows.size(); ++r) {
      float total = 0;
      for (auto& it : rows[r]) total += it.w;
      total += item_gap * float(rows[r].size() - 1);
      float x = std::max(left, right - total);
      for (auto& it : rows[r]) {
        it.x = x;
        it.y = p0.y + fh * 0.2f + l.line_h * float(r);
        x += it.w + item_gap;
        l.entries.push_back(it);
      }
    }
    l.rows = float(rows.size());
    for (const LegendEntry& it : l.entries) too_wide = too_wide || it.w > right - left;
  }
  if (too_wide || (l.rows > 1 && room_for_rows - l.line_h * l.rows < fh * 5)) {
    l.folded = true;
    l.entries.clear();
    l.rows = 1;
  }
  return l;
}

// The plotting area a0..a1 and the data's screen coordinates in it, inset from the frame so
// markers at the ends stay whole.
struct PlotArea {
  const PlotConfig& config;
  AxisRange xr, yr;
  ImVec2 a0, a1;
  float inset = 0;
  float sx(double v) const { return float(a0.x + inset + axis_fraction(config.x, xr, v) * (a1.x - a0.x - 2 * inset)); }
  float sy(double v) const { return float(a1.y - inset - axis_fraction(config.y, yr, v) * (a1.y - a0.y - 2 * inset)); }
};

// Grid, tick labels, frame and axis labels.
void draw_axes(ImDrawList* dl, const PlotArea& a, const std::vector<double>& yt, ImVec2 p0, ImVec2 p1, float fh,
               bool x_label) {
  const PlotConfig& config = a.config;
  ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border, 0.55f);
  ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (double t : yt) {
    float y = a.sy(t);
    dl->AddLine(ImVec2(a.a0.x, y), ImVec2(a.a1.x, y), grid);
    std::string s = tick_label(config.y, t);
    ImVec2 ts = ImGui::CalcTextSize(s.c_str());
    dl->AddText(ImVec2(a.a0.x - ts.x - fh * 0.3f, y - ts.y * 0.5f), dim, s.c_str());
  }
  std::vector<double> xt = axis_ticks(config.x, a.xr, std::max(2, int((a.a1.x - a.a0.x) / (fh * 4.5f))));
  for (double t : xt) {
    float x = a.sx(t);
    dl->AddLine(ImVec2(x, a.a0.y), ImVec2(x, a.a1.y), grid);
    std::string s = tick_label(config.x, t);
    ImVec2 ts = ImGui::CalcTextSize(s.c_str());
    dl->AddText(ImVec2(std::clamp(x - ts.x * 0.5f, p0.x, p1.x - ts.x), a.a1.y + fh * 0.15f), dim, s.c_str());
  }
  dl->AddRect(a.a0, a.a1, ImGui::GetColorU32(ImGuiCol_Border));
  if (!config.y.label.empty()) dl->AddText(ImVec2(p0.x + fh * 0.3f, p0.y + fh * 0.3f), text, config.y.label.c_str());
  if (x_label) {
    ImVec2 ts = ImGui::CalcTextSize(config.x.label.c_str());
    dl->AddText(ImVec2((a.a0.x + a.a1.x - ts.x) * 0.5f, p1.y - fh * 1.3f), text, config.x.label.c_str());
  }
}

// The series, clipped to the area; the nearest point to the mouse within reach (when hovered)
// becomes `hover`, its screen position `best_pos`.
void draw_series(ImDrawList* dl, const PlotArea& a, const std::vector<PlotSeries>& series, float fh, bool hovered,
                 PlotHover& hover, ImVec2& best_pos) {
  const PlotConfig& config = a.config;
  dl->PushClipRect(a.a0, a.a1, true);
  ImVec2 mouse = ImGui::GetIO().MousePos;
  float best = (fh * 0.9f) * (fh * 0.9f);
  for (size_t si = 0; si < series.size(); ++si) {
    const PlotSeries& s = series[si];
    if (s.style == SeriesStyle::HorizontalLine) {
      if (s.y.empty() || !usable(config.y, s.y[0])) continue;
      float y = a.sy(s.y[0]);
      dashed_line(dl, ImVec2(a.a0.x, y), ImVec2(a.a1.x, y), s.color, 1.5f);
      continue;
    }
    size_t n = std::min(s.x.size(), s.y.size());
    bool lines = s.style != SeriesStyle::Markers;
    bool markers = s.style != SeriesStyle::Lines;
    ImVec2 prev;
    bool have_prev = false;
    for (size_t i = 0; i < n; ++i) {
      if (!usable(config.x, s.x[i]) || !usable(config.y, s.y[i])) {
        have_prev = false;
        continue;
      }
      ImVec2 p(a.sx(s.x[i]), a.sy(s.y[i]));
      if (lines && have_prev) {
        if (s.dashed) dashed_line(dl, prev, p, s.color, 2.0f);
        else dl->AddLine(prev, p, s.color, 2.0f);
      }
      if (i < s.y_lo.size() && i < s.y_hi.size() && usable(config.y, s.y_lo[i]) && usable(config.y, s.y_hi[i])) {
        // The spread of the repetitions: a bar from the slowest to the fastest, with caps.
        const float lo = a.sy(s.y_lo[i]), hi = a.sy(s.y_hi[i]), cap = fh * 0.2f;
        dl->AddLine(ImVec2(p.x, lo), ImVec2(p.x, hi), s.color, 1.5f);
        dl->AddLine(ImVec2(p.x - cap, lo), ImVec2(p.x + cap, lo), s.color, 1.5f);
        dl->AddLine(ImVec2(p.x - cap, hi), ImVec2(p.x + cap, hi), s.color, 1.5f);
      }
      float r = markers ? fh * 0.18f + 1.5f : 0;
      if (int(i) == s.highlight) {
        dl->AddCircle(p, fh * 0.45f, s.color, 0, 2.0f);
        r = std::max(r, fh * 0.22f);
      }
      if (r > 0) dl->AddCircleFilled(p, r, s.color);
      float dx = mouse.x - p.x, dy = mouse.y - p.y;
      if (hovered && dx * dx + dy * dy < best) {
        best = dx * dx + dy * dy;
        hover = {true, int(si), int(i), s.x[i], s.y[i]};
        best_pos = p;
      }
      prev = p;
      have_prev = true;
    }
  }
  dl->PopClipRect();
}

// The legend's entries, or its folded marker with the series in a tooltip.
void draw_legend(ImDrawList* dl, const LegendLayout& l, const std::vector<PlotSeries>& series, ImVec2 p0, ImVec2 p1,
                 float fh, bool hovered) {
  ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (l.folded) {
    const char* t = "legend";
    ImVec2 ts = ImGui::CalcTextSize(t);
    ImVec2 at(p1.x - ts.x - fh * 0.5f, p0.y + fh * 0.2f);
    dl->AddText(at, dim, t);
    const ImVec2 mp = ImGui::GetIO().MousePos;
    if (hovered && mp.x >= at.x && mp.x < at.x + ts.x && mp.y >= at.y && mp.y < at.y + ts.y) {
      ImGui::BeginTooltip();
      for (const PlotSeries& ps : series)
        if (ps.in_legend)
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ps.absent_reason.empty() ? ps.color : dim), "%s",
                             legend_text(ps).c_str());
      ImGui::EndTooltip();
    }
  }
  for (const LegendEntry& it : l.entries) {
    const PlotSeries& ps = series[it.series];
    float y = it.y + l.line_h * 0.5f;
    ImVec2 s0(it.x, y), s1(it.x + l.swatch_w, y);
    if (!ps.absent_reason.empty()) {  // greyed: what is missing here, and why
      dashed_line(dl, s0, s1, dim, 1.5f, 3, 3);
      dl->AddText(ImVec2(it.x + l.swatch_w + fh * 0.3f, y - fh * 0.5f), dim, legend_text(ps).c_str());
      continue;
    }
    if (ps.dashed || ps.style == SeriesStyle::HorizontalLine) dashed_line(dl, s0, s1, ps.color, 2.0f, 4, 3);
    else dl->AddLine(s0, s1, ps.color, 2.0f);
    if (ps.style == SeriesStyle::LinesAndMarkers || ps.style == SeriesStyle::Markers)
      dl->AddCircleFilled(ImVec2((s0.x + s1.x) * 0.5f, y), fh * 0.18f + 1.5f, ps.color);
    dl->AddText(ImVec2(it.x + l.swatch_w + fh * 0.3f, y - fh * 0.5f), text, ps.label.c_str());
  }
}

// Hover read-out of the nearest point.
void draw_hover(ImDrawList* dl, const PlotConfig& config, const std::vector<PlotSeries>& series,
                const PlotHover& hover, ImVec2 best_pos, float fh) {
  dl->AddCircle(best_pos, fh * 0.5f, ImGui::GetColorU32(ImGuiCol_Text), 0, 1.5f);
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(series[hover.series].label.c_str());
  ImGui::Text("%s: %s", config.x.label.empty() ? "x" : config.x.label.c_str(), tick_label(config.x, hover.x).c_str());
  ImGui::Text("%s: %s", config.y.label.empty() ? "y" : config.y.label.c_str(), format_si(hover.y).c_str());
  ImGui::EndTooltip();
}

}  // namespace

PlotHover plot_widget(const char* id, const PlotConfig& config, const std::vector<PlotSeries>& series,
                      ImVec2 size) {
  PlotHover hover;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0) size.x = std::max(avail.x, 50.0f);
  if (size.y <= 0) size.y = std::max(avail.y, 50.0f);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float fh = ImGui::GetFontSize();
  ImVec2 p1(p0.x + size.x, p0.y + size.y);
  dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg), style.FrameRounding);

  const DataRanges ranges = data_ranges(config, series);
  // A short plot drops its x label (the ticks and the tooltip still say what x is).
  const bool x_label = !config.x.label.empty() && size.y >= fh * 8;
  const float bottom_margin = fh * (x_label ? 2.8f : 1.6f);
  const LegendLayout legend = lay_out_legend(config, series, p0, p1, fh, size.y - bottom_margin);
  // Margins from the widest y tick label and the legend rows; ticks at least 1.6 lines apart.
  const float top_margin = fh * 0.2f + legend.line_h * std::max(legend.rows, 1.0f) + fh * 0.5f;
  std::vector<double> yt =
      axis_ticks(config.y, ranges.y, std::max(2, int((size.y - top_margin - bottom_margin) / (fh * 1.6f))));
  float label_w = 0;
  for (double t : yt) label_w = std::max(label_w, ImGui::CalcTextSize(tick_label(config.y, t).c_str()).x);
  const PlotArea area{config, ranges.x, ranges.y, ImVec2(p0.x + label_w + fh * 0.8f, p0.y + top_margin),
                      ImVec2(p1.x - fh * 0.8f, p1.y - bottom_margin), fh * 0.5f};
  if (area.a1.x - area.a0.x < fh * 3 || area.a1.y - area.a0.y < fh * 1.5f) {
    // No room for axes: say so only where the words fit.
    const char* t = "(plot: no room)";
    ImVec2 ts = ImGui::CalcTextSize(t);
    if (ts.x <= size.x && ts.y <= size.y)
      dl->AddText(ImVec2(p0.x + (size.x - ts.x) * 0.5f, p0.y + (size.y - ts.y) * 0.5f),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), t);
    return hover;
  }
  draw_axes(dl, area, yt, p0, p1, fh, x_label);
  ImVec2 best_pos;
  draw_series(dl, area, series, fh, hovered, hover, best_pos);
  if (!ranges.any) {
    ImVec2 ts = ImGui::CalcTextSize(config.empty_text.c_str());
    dl->AddText(ImVec2((area.a0.x + area.a1.x - ts.x) * 0.5f, (area.a0.y + area.a1.y - ts.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), config.empty_text.c_str());
  }
  draw_legend(dl, legend, series, p0, p1, fh, hovered);
  if (hover.active) draw_hover(dl, config, series, hover, best_pos, fh);
  return hover;
}

}  // namespace sortscope::ui
