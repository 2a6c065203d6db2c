#include "views/aux_panel.h"

#include <cxxabi.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <imgui.h>

#include "colormap.h"
#include "views/view_registry.h"
#include "views/view_text.h"

namespace sortscope {

namespace {

bool is_panel(const AuxData& a) { return view_registry().is_panel(a); }

// Relative width the snapshot's view wants (view_registry.h).
float weight(const AuxData& a) { return view_registry().find(a)->weight(a); }

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

// The snapshot's type as the text checks name its view ("RadixLookback"): what a reader of a
// failed check looks up.
std::string snapshot_name(const AuxData& a) {
  int status = 0;
  char* d = abi::__cxa_demangle(a.type().name(), nullptr, nullptr, &status);
  std::string name = status == 0 && d ? d : a.type().name();
  std::free(d);
  const size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

}  // namespace

bool has_aux_panel(const Step& step) {
  for (const AuxData& a : step.aux)
    if (is_panel(a)) return true;
  return false;
}

bool timeline_has_aux_panel(const Timeline& timeline) {
  for (const Step& s : timeline.steps)
    if (has_aux_panel(s)) return true;
  return false;
}

bool draw_aux_panel(const AuxDrawContext& c, std::vector<Rect>* view_rects) {
  if (view_rects) view_rects->clear();
  if (!c.dl || !c.timeline || c.step < 0 || size_t(c.step) >= c.timeline->steps.size()) return false;
  std::vector<const AuxData*> views;
  for (const AuxData& a : c.current().aux)
    if (is_panel(a)) views.push_back(&a);
  if (views.empty() || c.area.empty()) return false;
  // Gaps shrink in tiny areas so they never eat the views (which get at least a pixel each).
  const float gap = std::min(std::round(8 * c.scale), std::floor(std::min(c.area.w, c.area.h) / float(4 * views.size())));
  const int n = int(views.size());
  // Rows: the count whose narrowest view (per unit of weight) is widest, with the height a view
  // gets counting for up to 1.8 times its width (views are wider than tall). The height counted is
  // what a view draws in below its title and subtitle (Canvas::frame: two lines and the paddings),
  // so a short panel keeps its views in one row rather than stacking rows that hold only titles.
  const float heading = c.font_px + c.small_px + 24 * c.scale;
  auto rows_of = [&](int rows) {
    std::vector<std::vector<int>> out(static_cast<size_t>(rows));
    const int per_row = (n + rows - 1) / rows;
    for (int i = 0; i < n; ++i) out[size_t(i / per_row)].push_back(i);
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
  };
  auto score = [&](int rows) {
    const auto layout = rows_of(rows);
    const float h = (c.area.h - gap * float(layout.size() - 1)) / float(layout.size());
    float worst = 1e30f;
    for (const auto& row : layout) {
      float total = 0;
      for (int i : row) total += weight(*views[size_t(i)]);
      const float unit = (c.area.w - gap * float(row.size() - 1)) / total;
      worst = std::min(worst, std::min(unit, std::max(h - heading, 0.0f) * 1.8f));
    }
    return worst;
  };
  int best = 1;
  for (int rows = 2; rows <= std::min(n, 3); ++rows)
    if (score(rows) > score(best) * 1.05f) best = rows;
  const auto layout = rows_of(best);
  const float h = (c.area.h - gap * float(layout.size() - 1)) / float(layout.size());
  for (size_t row = 0; row < layout.size(); ++row) {
    float total = 0;
    for (int i : layout[row]) total += weight(*views[size_t(i)]);
    const float unit = (c.area.w - gap * float(layout[row].size() - 1)) / total;
    float x = c.area.x;
    const float y = c.area.y + float(row) * (h + gap);
    for (int i : layout[row]) {
      const float w = std::max(1.0f, std::floor(unit * weight(*views[size_t(i)])));
      const Rect r{x, y, std::min(w, c.area.right() - x), std::max(1.0f, h)};
      if (r.w < 1) break;  // no room left in this row
      if (view_rects) view_rects->push_back(r);
      set_text_view(snapshot_name(*views[size_t(i)]), r);
      view_registry().find(*views[size_t(i)])->draw(c, r, *views[size_t(i)]);
      x += w + gap;
    }
  }
  return true;
}

void draw_aux_placeholder(const AuxDrawContext& c, const char* message) {
  if (!c.dl || c.area.empty()) return;
  const Rect& a = c.area;
  c.dl->AddRectFilled(ImVec2(a.x, a.y), ImVec2(a.right(), a.bottom()), to_u32(palette::kPanel, 0.45f), 6 * c.scale);
  ImFont* f = c.font ? c.font : ImGui::GetFont();
  const ImVec2 size = f->CalcTextSizeA(c.font_px, FLT_MAX, 0, message);
  c.dl->PushClipRect(ImVec2(a.x, a.y), ImVec2(a.right(), a.bottom()), true);
  set_text_view("details", a);
  draw_view_text(c.dl, f, c.font_px, ImVec2(std::round(a.x + 0.5f * (a.w - size.x)), std::round(a.y + 0.5f * (a.h - size.y))),
                 to_u32(palette::kTextDim), message);
  c.dl->PopClipRect();
}

}  // namespace sortscope
