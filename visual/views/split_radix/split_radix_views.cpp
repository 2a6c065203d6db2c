// Split radix sort's snapshot types (kernels/split_radix/split_radix_aux.h) as panel views
// (Satish et al. 2010 §4.2.2, §4.4): one one-bit split of the highlighted tile (the bit of every
// key, the scan of the negated bit, the lines to the two streams) and the sorted tile's digit runs
// becoming its row of the histogram. Drawn with ImGui's draw list (aux_panel.h), with the panel
// frame, text and colours of the radix views (views/radix/radix_view_util.h).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "split_radix/split_radix_aux.h"
#include "views/common/panel_frame.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

using namespace radix_view;

const std::array<float, 4> kZero{0.36f, 0.55f, 0.95f, 1.0f};  // the 0-stream
const std::array<float, 4> kOne{0.98f, 0.62f, 0.25f, 1.0f};   // the 1-stream

void draw_split(const AuxDrawContext& c, const Rect& r, const OneBitSplit& s) {
  const uint64_t count = s.bits.size();
  const Rect content = begin_panel(
      c, r,
      {fmt::format("Split {}/{} on bit {}, tile {}", s.split + 1, s.splits, s.bit, s.tile),
       fmt::format("Split on bit {}", s.bit)},
      dropping({fmt::format("pass {}", s.pass + 1), fmt::format("{} keys, positions {}..{}", format_count(count),
                                                                 format_count(s.begin),
                                                                 format_count(s.begin + (count ? count - 1 : 0))),
                fmt::format("{} zeros, {} ones", format_count(s.zeros), format_count(count - s.zeros))}));
  if (count == 0 || content.h < 40 || content.w < 16) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale, w = content.w;
  const ImU32 dim = to_u32(palette::kTextDim);
  const float row_h = std::round(spx * 1.3f);
  const float strip_h = std::clamp(std::round(content.h * 0.09f), std::round(6 * sc), std::round(14 * sc));
  const float scan_h = std::clamp(std::round(content.h * 0.22f), std::round(16 * sc), std::round(60 * sc));
  float y = content.y;
  auto x_of = [&](uint64_t pos) { return content.x + w * (float(pos) + 0.5f) / float(count); };
  auto strip = [&](float top, auto colour) {
    dl->AddRectFilled(ImVec2(content.x, top), ImVec2(content.right(), top + strip_h), to_u32(palette::kPlotBackground));
    const uint64_t cells = std::min<uint64_t>(count, uint64_t(std::max(1.0f, w)));
    for (uint64_t i = 0; i < cells; ++i) {
      const uint64_t pos = cells == count ? i : i * count / cells;
      const float x0 = std::round(content.x + w * float(i) / float(cells));
      const float x1 = std::round(content.x + w * float(i + 1) / float(cells));
      dl->AddRectFilled(ImVec2(x0, top), ImVec2(std::max(x0 + 1, x1), top + strip_h), colour(pos));
    }
  };
  // The bit of every key, in tile order.
  text(c, sf, spx, content.x, y, dim, first_fitting(sf, spx, {fmt::format("bit {} of each key (tile order)", s.bit), "bit"}, w));
  y += row_h;
  strip(y, [&](uint64_t i) { return to_u32(s.bits[i] ? kOne : kZero); });
  y += strip_h + 2 * sc;
  // f, the exclusive scan of the negated bit: a staircase rising by one at every 0-key.
  text(c, sf, spx, content.x, y, dim,
       first_fitting(sf, spx, {"f = exclusive scan of the negated bit (where each 0-key goes)", "f = scan of !bit", "f"}, w));
  y += row_h;
  dl->AddRectFilled(ImVec2(content.x, y), ImVec2(content.right(), y + scan_h), to_u32(palette::kPlotBackground));
  const float top_f = float(std::max<uint32_t>(1, s.zeros));
  const uint64_t samples = std::min<uint64_t>(count, uint64_t(std::max(2.0f, w)));
  std::vector<ImVec2> pts;
  for (uint64_t k = 0; k < samples; ++k) {
    const uint64_t i = k * count / samples;
    pts.emplace_back(x_of(i), y + scan_h - scan_h * float(s.zeros_before[i]) / top_f);
  }
  dl->AddPolyline(pts.data(), int(pts.size()), to_u32(kZero), 0, std::max(1.0f, 1.5f * sc));
  text(c, sf, spx, content.right() - 2 * sc, y + 1, dim, fmt::format("z = {}", format_count(s.zeros)), 1.0f);
  y += scan_h + 2 * sc;
  // Lines from each key to its destination, then the two streams.
  const float out_y = content.bottom() - row_h - strip_h;
  const uint64_t max_lines = uint64_t(std::clamp(w * 0.5f, 64.0f, 256.0f));
  const uint64_t stride = std::max<uint64_t>(1, (count + max_lines - 1) / max_lines);
  for (uint64_t i = 0; i < count; i += stride)
    dl->AddLine(ImVec2(x_of(i), y), ImVec2(x_of(s.dest(i)), out_y), to_u32(s.bits[i] ? kOne : kZero, 0.45f),
                std::max(1.0f, sc));
  strip(out_y, [&](uint64_t i) { return to_u32(i < s.zeros ? kZero : kOne); });
  const float zx = content.x + w * float(s.zeros) / float(count);
  dl->AddLine(ImVec2(zx, out_y - 3 * sc), ImVec2(zx, out_y + strip_h + 3 * sc), to_u32(palette::kText), 1.5f * sc);
  text(c, sf, spx, content.x, content.bottom() - row_h + 2 * sc, dim,
       first_fitting(sf, spx, {"0-stream: f[i]  |  1-stream: i - f[i] + z", "0s then 1s"}, w));
  end_panel(c);
}

void draw_runs(const AuxDrawContext& c, const Rect& r, const TileDigitRuns& t) {
  const uint32_t digits = uint32_t(t.counts.size());
  const Rect content = begin_panel(
      c, r, {fmt::format("Digit runs of tile {} become its histogram row", t.tile), fmt::format("Runs, tile {}", t.tile)},
      dropping({fmt::format("pass {}", t.pass + 1), fmt::format("{} keys sorted on the digit", format_count(t.keys)),
                "a run starts where the digit changes"}));
  if (t.keys == 0 || digits == 0 || content.h < 40) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale, w = content.w;
  const ImU32 dim = to_u32(palette::kTextDim), txt = to_u32(palette::kText);
  const float row_h = std::round(spx * 1.3f);
  const float strip_h = std::clamp(std::round(content.h * 0.12f), std::round(8 * sc), std::round(20 * sc));
  float y = content.y;
  text(c, sf, spx, content.x, y, dim, first_fitting(sf, spx, {"the sorted tile: one run per digit, markers at the starts", "sorted tile"}, w));
  y += row_h;
  auto x_at = [&](uint64_t pos) { return content.x + w * float(pos) / float(t.keys); };
  for (uint32_t d = 0; d < digits; ++d) {
    if (!t.counts[d]) continue;
    const float x0 = x_at(t.starts[d]), x1 = x_at(t.starts[d] + t.counts[d]);
    dl->AddRectFilled(ImVec2(x0, y), ImVec2(std::max(x0 + 1, x1), y + strip_h), class_colour(c, ColorBy::Digit, d, digits));
    dl->AddLine(ImVec2(x0, y - 3 * sc), ImVec2(x0, y + strip_h + 3 * sc), txt, std::max(1.0f, sc));
  }
  const float bars_top = y + strip_h + row_h, bars_bottom = content.bottom() - row_h;
  const float bar_w = w / float(digits);
  uint32_t top = 1;
  for (uint32_t v : t.counts) top = std::max(top, v);
  // Each run's span joined to its digit's bar.
  for (uint32_t d = 0; d < digits; ++d) {
    const float bx0 = content.x + bar_w * float(d), bx1 = bx0 + bar_w;
    const float h = (bars_bottom - bars_top) * float(t.counts[d]) / float(top);
    if (t.counts[d]) {
      const float x0 = x_at(t.starts[d]), x1 = x_at(t.starts[d] + t.counts[d]);
      const ImU32 faint = (class_colour(c, ColorBy::Digit, d, digits) & 0x00FFFFFFu) | (70u << 24);
      dl->AddQuadFilled(ImVec2(x0, y + strip_h), ImVec2(x1, y + strip_h), ImVec2(bx1 - 1, bars_bottom - h),
                        ImVec2(bx0 + 1, bars_bottom - h), faint);
    }
    dl->AddRectFilled(ImVec2(bx0 + 1, bars_bottom - h), ImVec2(std::max(bx0 + 2, bx1 - 1), bars_bottom),
                      class_colour(c, ColorBy::Digit, d, digits));
    const std::string label = short_count(t.counts[d]);
    if (text_width(sf, spx, label) + 2 <= bar_w) text(c, sf, spx, 0.5f * (bx0 + bx1), bars_bottom - h - row_h, txt, label, 0.5f);
    const std::string dl_label = std::to_string(d);
    if (text_width(sf, spx, dl_label) + 2 <= bar_w) text(c, sf, spx, 0.5f * (bx0 + bx1), bars_bottom + 1, dim, dl_label, 0.5f);
  }
  end_panel(c);
}

}  // namespace

void register_split_radix_key_classes(ViewRegistry& registry);  // split_radix_key_classes.cpp

void register_split_radix_views(ViewRegistry& registry) {
  registry.add_panel<OneBitSplit>(draw_split, [](const OneBitSplit&) { return 1.6f; });
  registry.add_panel<TileDigitRuns>(draw_runs);
  register_split_radix_key_classes(registry);
}

}  // namespace sortscope
