// Panel views of the merge sorts' snapshots. First version: each view draws its frame, title and the
// snapshot's main structure; see merge_aux_views.h for what each shows.
#include "views/merge_aux_views.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "colormap.h"

namespace sortscope {
namespace {

ImU32 col(const std::array<float, 4>& c, float alpha = -1) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

// Panel frame and title; returns the rectangle left for the drawing.
Rect frame(const AuxDrawContext& c, const Rect& r, const std::string& title) {
  c.dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), col(palette::kPanel));
  const float pad = 6 * c.scale;
  if (c.font) c.dl->AddText(c.font, c.font_px, ImVec2(r.x + pad, r.y + pad), col(palette::kText), title.c_str());
  const float top = pad * 2 + c.font_px;
  return Rect{r.x + pad, r.y + top, r.w - 2 * pad, r.h - top - pad};
}

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergePathGrid& g) {
  const Rect p = frame(c, r, "Merge path, pass " + std::to_string(g.pass) + ", pair " + std::to_string(g.pair));
  if (p.empty() || g.a_len + g.b_len == 0) return;
  const float sx = p.w / float(std::max<uint64_t>(g.a_len, 1)), sy = p.h / float(std::max<uint64_t>(g.b_len, 1));
  for (size_t j = 0; j < g.diagonals.size() && j < g.a_splits.size(); ++j) {
    const float a = float(g.a_splits[j]), b = float(g.diagonals[j] - g.a_splits[j]);
    c.dl->AddCircleFilled(ImVec2(p.x + a * sx, p.y + b * sy), 3 * c.scale, col(palette::kHighlight));
  }
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBlockShares& s) {
  frame(c, r, "Block shares, pass " + std::to_string(s.pass));
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t) {
  frame(c, r, std::string(t.method == SelectionTrace::Osipov ? "Osipov selection" : "Quickselect") + ", rank " +
                  std::to_string(t.rank));
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SplitMatrix& m) {
  frame(c, r, "Split matrix, k = " + std::to_string(m.k) + ", " + std::to_string(m.parts) + " parts");
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b) {
  frame(c, r, "Merge buffer of block " + std::to_string(b.block) + ", level " + std::to_string(b.level));
}

}  // namespace sortscope
