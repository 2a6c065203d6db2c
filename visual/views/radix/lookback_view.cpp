// Onesweep's decoupled look-back over one pass (Adinets & Merrill 2022 §3, after Merrill & Garland
// 2016): tiles along x, the pass's clock running down y. Each tile's column is dark until the
// tile publishes its digit counts (AGGREGATE, amber), then amber until it has summed the counts of
// the tiles before it up to an INCLUSIVE prefix and published its own (INCLUSIVE, teal). A step is
// a whole pass, so the whole schedule is drawn at once: the teal staircase is the chain of
// inclusive prefixes resolving from tile 0 rightwards, and the amber band under it is how long
// tiles waited. A strip below shows how many tiles each one looked back over.
#include <cmath>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/radix/radix_views.h"

namespace sortscope {
namespace {

using namespace radix_view;

constexpr std::array<float, 4> kInclusive{0.20f, 0.72f, 0.66f, 1.0f};  // teal, off the amber and grey

ImU32 flag_colour(LookbackState::Flag f) {
  switch (f) {
    case LookbackState::Aggregate: return to_u32(palette::kHighlight);
    case LookbackState::Inclusive: return to_u32(kInclusive);
    default: return to_u32(palette::kPaddingBack);
  }
}

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LookbackState& l) {
  const uint32_t tiles = l.tiles;
  const bool valid = tiles > 0 && l.aggregate_at.size() == tiles && l.inclusive_at.size() == tiles;
  const uint32_t ticks = std::max<uint32_t>(1, l.ticks);
  uint32_t deepest = 0;
  for (uint32_t d : l.depth) deepest = std::max(deepest, d);
  const DigitHistogram* h = step_histogram(c);
  const Alternatives subtitles =
      l.measured ? Alternatives{"measured on the GPU: one atomic clock over the pass", "measured on the GPU",
                                "GPU-measured"}
                 : Alternatives{"CPU model's schedule, not measured on a GPU", "CPU model's schedule (not measured)",
                                "model schedule (not measured)", "model, not measured"};
  Alternatives titles{"Decoupled look-back", "Look-back"};
  if (h) titles.insert(titles.begin(), "Decoupled look-back, " + pass_label(c, *h));
  const Rect content = begin_panel(c, r, titles, subtitles);
  if (!valid) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, s = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim);

  // Rows: clock plot, depth strip, tile ticks, legend (may take two lines).
  const float left = std::max(text_width(sf, spx, format_count(ticks - 1)), text_width(sf, spx, "depth")) + 6 * s;
  const float ticks_h = std::round(spx * 1.25f);
  const float legend_h = std::round(spx * 1.3f);
  struct Entry {
    ImU32 col;
    std::string label;
  };
  const float sw = std::round(spx * 1.1f);
  std::vector<Entry> legend = {
      {flag_colour(LookbackState::Invalid), "nothing published"},
      {flag_colour(LookbackState::Aggregate), "AGGREGATE: own counts"},
      {flag_colour(LookbackState::Inclusive), "INCLUSIVE: prefix of tiles 0..t"},
  };
  auto legend_width = [&] {
    float w = 0;
    for (const Entry& e : legend) w += sw + 4 * s + text_width(sf, spx, e.label) + 12 * s;
    return w - 12 * s;
  };
  if (deepest > 0)
    legend.push_back({to_u32(palette::kBlockB), fmt::format("look-back depth (max {})", counted(deepest, "tile"))});
  if (legend_width() > content.w) {
    legend[0].label = "none";
    legend[1].label = "AGGREGATE";
    legend[2].label = "INCLUSIVE";
    if (deepest > 0) legend[3].label = fmt::format("depth, max {}", deepest);
  }
  // Rows the legend flows onto (the same flow as it is drawn with below).
  int legend_rows = 1;
  {
    float x = 0;
    for (const Entry& e : legend) {
      const float ew = sw + 4 * s + text_width(sf, spx, e.label);
      if (x > 0 && x + ew > content.w) {
        x = 0;
        ++legend_rows;
      }
      x += ew + 12 * s;
    }
  }
  const float avail = content.h - ticks_h - legend_h * float(legend_rows);
  // The depth strip at least as tall as its "depth" label, which would otherwise reach the tiles' row.
  const float depth_min = std::max(std::round(10 * s), std::ceil(spx * 1.1f));
  const float depth_h = deepest > 0 ? std::clamp(std::round(avail * 0.2f), depth_min, std::max(std::round(40 * s), depth_min)) : 0;
  const float plot_h = avail - depth_h - (deepest > 0 ? 4 * s : 0);
  const Rect plot{content.x + left, content.y, content.w - left, plot_h};
  if (plot.w < 16 || plot.h < std::max(12.0f, spx * 2)) {  // the "tick" label and one tick at least
    const std::string note = first_fitting(sf, spx, {"no room for the schedule here", "no room here"}, content.w);
    if (content.h >= spx && text_width(sf, spx, note) <= content.w) text(c, sf, spx, content.x, content.y, dim, note);
    end_panel(c);
    return;
  }

  // Columns: one per tile where tiles are at least a pixel wide, else tiles averaged per pixel.
  const uint32_t cols = std::min<uint32_t>(tiles, uint32_t(std::max(1.0f, plot.w)));
  const bool gaps = plot.w / float(tiles) >= 6;
  auto y_of = [&](double tick) { return plot.y + plot.h * float(tick / double(ticks)); };
  dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), to_u32(palette::kPlotBackground));
  std::vector<ImVec2> chain;  // the inclusive staircase
  for (uint32_t i = 0; i < cols; ++i) {
    const uint32_t t0 = uint32_t(uint64_t(i) * tiles / cols), t1 = uint32_t(uint64_t(i + 1) * tiles / cols);
    double agg = 0, inc = 0;
    for (uint32_t t = t0; t < t1; ++t) {
      agg += l.aggregate_at[t];
      inc += l.inclusive_at[t];
    }
    agg /= double(t1 - t0);
    inc /= double(t1 - t0);
    const float x0 = std::round(plot.x + plot.w * float(i) / float(cols));
    const float x1 = std::max(x0 + 1, std::round(plot.x + plot.w * float(i + 1) / float(cols)) - (gaps ? 1 : 0));
    const float ya = y_of(agg), yi = y_of(std::max(inc, agg));
    dl->AddRectFilled(ImVec2(x0, plot.y), ImVec2(x1, ya), flag_colour(LookbackState::Invalid));
    dl->AddRectFilled(ImVec2(x0, ya), ImVec2(x1, yi), flag_colour(LookbackState::Aggregate));
    dl->AddRectFilled(ImVec2(x0, yi), ImVec2(x1, plot.bottom()), flag_colour(LookbackState::Inclusive));
    // The staircase: along the column at its inclusive time, then down or up to the next column's.
    if (!chain.empty()) chain.push_back(ImVec2(x0, chain.back().y));
    chain.push_back(ImVec2(x0, yi));
    chain.push_back(ImVec2(x1 + (gaps ? 1 : 0), yi));
  }
  if (chain.size() > 2)
    dl->AddPolyline(chain.data(), int(chain.size()), to_u32(palette::kText, 0.85f), 0, std::max(1.0f, 1.25f * s));
  dl->AddRect(ImVec2(plot.x - 0.5f, plot.y - 0.5f), ImVec2(plot.right() + 0.5f, plot.bottom() + 0.5f),
              to_u32(palette::kTextDim, 0.5f));

  // Clock ticks at the left ("tick" over them), time running down.
  text(c, sf, spx, plot.x - 4 * s, plot.y - 1, dim, "tick", 1.0f);
  for (uint64_t t : axis_ticks(ticks - 1, plot.h, spx)) {
    if (t == 0) continue;  // "tick" sits there
    const float y = std::max(plot.y + spx, std::min(y_of(double(t) + 0.5) - spx * 0.5f, plot.bottom() - spx));
    text(c, sf, spx, plot.x - 4 * s, y, dim, format_count(t), 1.0f);
  }

  // Look-back depth: bars per column (deepest tile of the column), scale at the left.
  float y = plot.bottom() + 4 * s;
  if (deepest > 0) {
    const Rect d{plot.x, y, plot.w, depth_h};
    dl->AddRectFilled(ImVec2(d.x, d.y), ImVec2(d.right(), d.bottom()), to_u32(palette::kPlotBackground));
    for (uint32_t i = 0; i < cols; ++i) {
      const uint32_t t0 = uint32_t(uint64_t(i) * tiles / cols), t1 = uint32_t(uint64_t(i + 1) * tiles / cols);
      uint32_t most = 0;
      for (uint32_t t = t0; t < t1 && t < l.depth.size(); ++t) most = std::max(most, l.depth[t]);
      if (!most) continue;
      const float x0 = std::round(d.x + d.w * float(i) / float(cols));
      const float x1 = std::max(x0 + 1, std::round(d.x + d.w * float(i + 1) / float(cols)) - (gaps ? 1 : 0));
      dl->AddRectFilled(ImVec2(x0, d.bottom() - d.h * float(most) / float(deepest)), ImVec2(x1, d.bottom()),
                        to_u32(palette::kBlockB));
    }
    text(c, sf, spx, plot.x - 4 * s, d.y + 0.5f * (d.h - spx), dim, "depth", 1.0f);
    y = d.bottom();
  }

  // Tile numbers under the plot.
  text(c, sf, spx, plot.x - 4 * s, y + 1, dim, "tile", 1.0f);
  for (uint64_t t : axis_ticks(tiles - 1, plot.w, text_width(sf, spx, format_count(tiles - 1))))
    text_centred(c, sf, spx, plot.x + plot.w * (float(t) + 0.5f) / float(tiles), y + 1, dim, format_count(t), plot.x,
                 plot.right());
  y += ticks_h;

  // Legend, flowing onto a second line when narrow.
  float x = content.x;
  for (const Entry& e : legend) {
    const float ew = sw + 4 * s + text_width(sf, spx, e.label);
    if (x > content.x && x + ew > content.right()) {
      x = content.x;
      y += legend_h;
    }
    dl->AddRectFilled(ImVec2(x, y + 0.5f * (legend_h - sw)), ImVec2(x + sw, y + 0.5f * (legend_h + sw)), e.col, 2 * s);
    text(c, sf, spx, x + sw + 4 * s, y + 0.5f * (legend_h - spx), dim, e.label);
    x += ew + 12 * s;
  }
  end_panel(c);
}

}  // namespace sortscope
