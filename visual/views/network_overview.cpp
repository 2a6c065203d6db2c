#include "views/network_overview.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include <imgui.h>

#include "common/timeline.h"
#include "views/view_text.h"

namespace sortscope {

namespace {

// A step's comparator layer as the strip shows it: a bitonic layer, or a layer (p, k) of Batcher's
// odd-even merge (runs of p merged into runs of 2p, comparators at distance k).
struct Layer {
  uint64_t merge_size = 0, stride = 0;
  bool mirrored = false;
};

std::optional<Layer> layer_of(const Step& st) {
  if (const ComparatorStage* c = find_aux<ComparatorStage>(st.aux)) return Layer{c->merge_size, c->stride, c->mirrored};
  if (const OddEvenStage* o = find_aux<OddEvenStage>(st.aux)) return Layer{2 * o->p, o->k, false};
  return std::nullopt;
}

}  // namespace

bool timeline_has_network(const Timeline& tl) {
  for (const Step& st : tl.steps)
    if (layer_of(st)) return true;
  return false;
}

void draw_network_overview(ImDrawList* dl, const Rect& r, const Timeline& tl, int step, ImFont* font, float font_px) {
  uint64_t max_stride = 1;
  for (const Step& st : tl.steps)
    if (const auto c = layer_of(st)) max_stride = std::max(max_stride, c->stride);
  const int steps = int(tl.steps.size());
  if (steps == 0 || r.w < 1 || r.h < 1) return;
  const int cur = std::clamp(step, 0, steps - 1);
  const std::optional<Layer> now = layer_of(tl.steps[size_t(cur)]);
  char label[128];
  if (now)
    std::snprintf(label, sizeof label, "network: merge size %llu, stride %llu%s",
                  static_cast<unsigned long long>(now->merge_size), static_cast<unsigned long long>(now->stride),
                  now->mirrored ? " (mirrored)" : "");
  else
    std::snprintf(label, sizeof label, "network: %s", cur == 0 ? "input" : "no comparator layer in this step");
  dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), IM_COL32(38, 42, 52, 255), 3.0f);
  const float cw = r.w / float(steps);
  const float lmax = std::log2(float(max_stride)) + 1;
  for (int k = 0; k < steps; ++k) {
    const Step& st = tl.steps[size_t(k)];
    const std::optional<Layer> c = layer_of(st);
    const float frac = c ? (std::log2(float(std::max<uint64_t>(c->stride, 1))) + 1) / lmax : 0.08f;
    const float x0 = r.x + cw * float(k), x1 = r.x + cw * float(k + 1) - (cw > 3 ? 1.0f : 0.0f);
    ImU32 col = st.launch < 0 ? IM_COL32(120, 120, 130, 255)
                              : (st.launch % 2 ? IM_COL32(95, 150, 200, 255) : IM_COL32(200, 150, 85, 255));
    if (k == cur) col = IM_COL32(250, 250, 250, 255);
    else if (k > cur) col = (col & 0x00FFFFFF) | (110u << IM_COL32_A_SHIFT);
    dl->AddRectFilled(ImVec2(x0, r.y + r.h * (1 - frac * 0.92f)), ImVec2(std::max(x1, x0 + 1), r.bottom()), col);
  }
  // The label in the strip's top-left corner, over a shade, so it costs no line of its own; left
  // out where the strip is too narrow for it.
  const float pad = font_px * 0.3f;
  const ImVec2 ts = font->CalcTextSizeA(font_px, FLT_MAX, 0, label);
  if (ts.x + 2 * pad > r.w || ts.y > r.h) return;
  set_text_view("network overview", r);
  dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.x + ts.x + 2 * pad, r.y + ts.y + pad), IM_COL32(20, 22, 28, 220), 3.0f);
  draw_view_text(dl, font, font_px, ImVec2(r.x + pad, r.y + pad * 0.5f), IM_COL32(220, 222, 228, 255), label);
}

}  // namespace sortscope
