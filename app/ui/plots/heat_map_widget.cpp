#include "heat_map_widget.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "colormap.h"
#include "plot_widget.h"  // format_si

namespace sortscope::ui {

namespace {

bool usable(double v, bool log_scale) { return std::isfinite(v) && (!log_scale || v > 0); }

ImU32 ramp_colour(float t) {
  const Rgb8 c = colormap_rgb8(t);
  return IM_COL32(c.r, c.g, c.b, 255);
}

// Text that reads on a cell of colour-map fraction t: the ramp's lightness rises with t.
ImU32 text_on(float t) { return t > 0.55f ? IM_COL32(20, 22, 28, 255) : IM_COL32(240, 242, 246, 255); }

}  // namespace

HeatRange heat_map_range(const std::vector<double>& values, bool log_scale) {
  HeatRange r{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  for (double v : values)
    if (usable(v, log_scale)) r.lo = std::min(r.lo, v), r.hi = std::max(r.hi, v);
  return r;
}

float heat_map_fraction(double v, HeatRange range, bool log_scale) {
  if (range.empty() || !usable(v, log_scale)) return 0;
  double a = range.lo, b = range.hi, x = v;
  if (log_scale) a = std::log(a), b = std::log(b), x = std::log(x);
  if (b <= a) return 0.5f;
  return float(std::clamp((x - a) / (b - a), 0.0, 1.0));
}

int heat_map_cell_at(float start, float length, int count, float pos) {
  if (count <= 0 || length <= 0 || pos < start || pos >= start + length) return -1;
  return std::clamp(int((pos - start) / length * float(count)), 0, count - 1);
}

HeatMapResult heat_map_widget(const char* id, const HeatMapData& d, ImVec2 size) {
  HeatMapResult res;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0) size.x = avail.x;
  if (size.y <= 0) size.y = avail.y;
  size.x = std::max(size.x, 40.0f);
  size.y = std::max(size.y, 40.0f);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float fs = ImGui::GetFontSize();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(27, 30, 37, 255), 3);
  const int cols = int(d.cols()), rows = int(d.rows());
  if (cols == 0 || rows == 0) {
    const ImVec2 ts = ImGui::CalcTextSize(d.empty_text.c_str());
    dl->AddText(ImVec2(p0.x + (size.x - ts.x) * 0.5f, p0.y + (size.y - ts.y) * 0.5f), dim_col, d.empty_text.c_str());
    return res;
  }

  // Margins: the row labels at the left (the y title above them), the column labels and the x
  // title under the cells, the colour bar at the right.
  const float pad = fs * 0.5f;
  float label_w = ImGui::CalcTextSize(d.y_title.c_str()).x;
  for (const std::string& l : d.y_labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
  const float bar_w = fs * 0.9f;
  const HeatRange range = heat_map_range(d.values, d.log_scale);
  auto fmt = [&](double v) { return d.format ? d.format(v) : format_si(v); };
  float bar_label_w = ImGui::CalcTextSize(d.value_label.c_str()).x;
  if (!range.empty())
    bar_label_w = std::max({bar_label_w, ImGui::CalcTextSize(fmt(range.lo).c_str()).x,
                            ImGui::CalcTextSize(fmt(range.hi).c_str()).x});
  const float left = p0.x + pad + label_w + pad;
  const float top = p0.y + pad + fs * 1.3f;  // room for the y title and the colour bar's title
  const float right = p0.x + size.x - pad - bar_label_w - pad * 0.6f - bar_w - pad * 1.5f;
  const float bottom = p0.y + size.y - pad - fs * 2.5f;  // column labels and the x title
  const float gw = right - left, gh = bottom - top;
  if (gw < cols * 4.0f || gh < rows * 4.0f) {
    dl->AddText(ImVec2(p0.x + pad, p0.y + pad), dim_col, "too small for the heat map");
    return res;
  }
  res.cells_min = ImVec2(left, top);
  res.cells_max = ImVec2(right, bottom);
  const float cw = gw / float(cols), ch = gh / float(rows);
  const float gap = std::min({2.0f, cw * 0.08f, ch * 0.08f});

  dl->AddText(ImVec2(p0.x + pad, p0.y + pad * 0.5f), dim_col, d.y_title.c_str());
  for (int r = 0; r < rows; ++r) {
    const ImVec2 ts = ImGui::CalcTextSize(d.y_labels[size_t(r)].c_str());
    dl->AddText(ImVec2(left - pad - ts.x, top + ch * (float(r) + 0.5f) - ts.y * 0.5f), text_col, d.y_labels[size_t(r)].c_str());
  }
  // Column labels, thinned when they would overlap.
  float widest = 0;
  for (const std::string& l : d.x_labels) widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
  const int every = std::max(1, int(std::ceil((widest + pad) / cw)));
  for (int c = 0; c < cols; c += every) {
    const ImVec2 ts = ImGui::CalcTextSize(d.x_labels[size_t(c)].c_str());
    dl->AddText(ImVec2(left + cw * (float(c) + 0.5f) - ts.x * 0.5f, bottom + pad * 0.4f), text_col,
                d.x_labels[size_t(c)].c_str());
  }
  {
    const ImVec2 ts = ImGui::CalcTextSize(d.x_title.c_str());
    dl->AddText(ImVec2(left + (gw - ts.x) * 0.5f, bottom + pad * 0.4f + fs * 1.2f), dim_col, d.x_title.c_str());
  }

  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const size_t i = size_t(r) * size_t(cols) + size_t(c);
      const ImVec2 a(left + cw * float(c) + gap * 0.5f, top + ch * float(r) + gap * 0.5f);
      const ImVec2 b(left + cw * float(c + 1) - gap * 0.5f, top + ch * float(r + 1) - gap * 0.5f);
      const double v = i < d.values.size() ? d.values[i] : std::numeric_limits<double>::quiet_NaN();
      if (usable(v, d.log_scale)) {
        const float t = heat_map_fraction(v, range, d.log_scale);
        dl->AddRectFilled(a, b, ramp_colour(t), 2);
        if (i < d.cell_text.size() && !d.cell_text[i].empty()) {
          const ImVec2 ts = ImGui::CalcTextSize(d.cell_text[i].c_str());
          if (ts.x + 4 <= b.x - a.x && ts.y + 2 <= b.y - a.y)
            dl->AddText(ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f), text_on(t), d.cell_text[i].c_str());
        }
      } else {
        dl->AddRect(a, b, IM_COL32(70, 75, 88, 255), 2);
        // A cell with no value may still say why ("refused"), dimmed.
        if (i < d.cell_text.size() && !d.cell_text[i].empty()) {
          const ImVec2 ts = ImGui::CalcTextSize(d.cell_text[i].c_str());
          if (ts.x + 4 <= b.x - a.x && ts.y + 2 <= b.y - a.y)
            dl->AddText(ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f), dim_col, d.cell_text[i].c_str());
        }
      }
    }
  auto outline = [&](int i, ImU32 col, float thick) {
    if (i < 0 || i >= cols * rows) return;
    const int r = i / cols, c = i % cols;
    dl->AddRect(ImVec2(left + cw * float(c), top + ch * float(r)), ImVec2(left + cw * float(c + 1), top + ch * float(r + 1)),
                col, 2, 0, thick);
  };
  if (d.busy >= 0) {
    // A pulse on the cell being measured: the eye finds where the sweep is.
    const float a = 0.45f + 0.45f * std::sin(float(ImGui::GetTime()) * 6.0f);
    outline(d.busy, IM_COL32(235, 160, 52, int(255 * a)), 2.0f);
  }
  outline(d.current, IM_COL32(255, 255, 255, 255), 2.5f);

  // The colour bar: the ramp bottom (low) to top (high), the range at its ends.
  const float bx = right + pad * 1.5f;
  dl->AddText(ImVec2(bx, p0.y + pad * 0.5f), dim_col, d.value_label.c_str());
  const int steps = 32;
  for (int k = 0; k < steps; ++k) {
    const float y1 = bottom - gh * float(k) / steps, y0 = bottom - gh * float(k + 1) / steps;
    dl->AddRectFilled(ImVec2(bx, y0), ImVec2(bx + bar_w, y1), ramp_colour((float(k) + 0.5f) / steps));
  }
  if (!range.empty()) {
    dl->AddText(ImVec2(bx + bar_w + pad * 0.6f, top), text_col, fmt(range.hi).c_str());
    dl->AddText(ImVec2(bx + bar_w + pad * 0.6f, bottom - fs), text_col, fmt(range.lo).c_str());
  }

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int c = heat_map_cell_at(left, gw, cols, m.x), r = heat_map_cell_at(top, gh, rows, m.y);
    if (c >= 0 && r >= 0) {
      res.col = c;
      res.row = r;
      res.clicked = clicked;
      outline(r * cols + c, IM_COL32(86, 156, 214, 255), 1.5f);
    }
  }
  return res;
}

}  // namespace sortscope::ui
