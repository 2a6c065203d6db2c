// RecordPermutationCycles: the cycles cycle chasing walks (§III, table sort) and one of them
// rotated move by move.
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/records/record_panel.h"
#include "views/records/records_views.h"

namespace sortscope {

using namespace radix_view;

namespace {

std::string bucket_label(size_t b) {
  const uint64_t lo = uint64_t(1) << b, hi = (uint64_t(2) << b) - 1;
  return lo == hi ? short_count(lo) : fmt::format("{}-{}", short_count(lo), short_count(hi));
}

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordPermutationCycles& p) {
  const Alternatives titles{
      fmt::format("The permutation's cycles: {}, {} in place, the longest {}", counted(p.cycles, "cycle"),
                  counted(p.fixed_points, "record"), p.longest),
      fmt::format("{}, longest {}", counted(p.cycles, "cycle"), p.longest), "Cycles"};
  const std::string state = p.rest_done ? "every cycle rotated"
                            : p.cycle_length ? fmt::format("highlighted cycle: {}, {} of its moves done",
                                                           counted(p.cycle_length, "record"),
                                                           std::min<uint64_t>(p.rotated, p.cycle_length))
                                             : "nothing to move";
  const Alternatives subtitles{fmt::format("length histogram (powers of two) \xC2\xB7 {}", state), state};
  const std::optional<RecordPanel> panel = begin_record_panel(c, r, titles, subtitles, 100, 40);
  if (!panel) return;
  const auto& [content, dl, sf, spx, sc, dim, txt, hi] = *panel;

  const float hist_w = std::round(content.w * (p.cycle.empty() ? 1.0f : 0.5f));
  const Rect hist{content.x, content.y, hist_w - 6 * sc, content.h};
  const Rect ring{content.x + hist_w + 6 * sc, content.y, content.w - hist_w - 6 * sc, content.h};

  // The histogram: a bar per bucket, count on top, range below; the highlighted cycle's bucket marked.
  const size_t buckets = std::max<size_t>(1, p.length_log2_histogram.size());
  uint64_t most = 1;
  for (uint64_t v : p.length_log2_histogram) most = std::max(most, v);
  size_t cycle_bucket = SIZE_MAX;
  if (p.cycle_length) {
    cycle_bucket = 0;
    while ((uint64_t(2) << cycle_bucket) <= p.cycle_length) ++cycle_bucket;
  }
  const Rect plot{hist.x, hist.y + spx * 1.3f, hist.w, hist.h - spx * 4.0f};
  if (plot.h > 16) {
    dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), to_u32(palette::kPlotBackground));
    const float w = plot.w / float(buckets);
    for (size_t b = 0; b < p.length_log2_histogram.size(); ++b) {
      const uint64_t v = p.length_log2_histogram[b];
      const float x0 = plot.x + w * float(b) + w * 0.12f, x1 = plot.x + w * float(b + 1) - w * 0.12f;
      const float h = v ? std::max(2.0f, (plot.h - spx * 1.4f) * float(std::log1p(double(v)) / std::log1p(double(most)))) : 0;
      const ImU32 col = b == cycle_bucket ? hi : digit_colour(uint32_t(b), uint32_t(buckets) + 2);
      if (v) dl->AddRectFilled(ImVec2(x0, plot.bottom() - h), ImVec2(x1, plot.bottom()), col);
      if (w > text_width(sf, spx, short_count(v)) + 2)
        text(c, sf, spx, (x0 + x1) * 0.5f, plot.bottom() - h - spx * 1.15f, txt, short_count(v), 0.5f);
      const std::string lab = first_fitting(sf, spx, {bucket_label(b), short_count(uint64_t(1) << b)}, w - 2);
      if (w > text_width(sf, spx, lab) + 2) text(c, sf, spx, (x0 + x1) * 0.5f, plot.bottom() + 2 * sc, dim, lab, 0.5f);
    }
    text(c, sf, spx, hist.x, hist.y, dim,
         fit_text(sf, spx, "cycles by length (log scale) \xC2\xB7 1 = already in place", hist.w));
    text(c, sf, spx, hist.x, plot.bottom() + spx * 1.35f, dim,
         fit_text(sf, spx, "cycle length (a bucket from its first value to the next's)", hist.w));
  }

  // The ring: the shown places in chase order, an arc per move (record at cycle[k+1] to cycle[k],
  // the last from tmp), done moves bright.
  const size_t k = p.cycle.size();
  if (k >= 2 && ring.w > 60 && ring.h > 60) {
    const float cx = ring.x + ring.w * 0.5f, cy = ring.y + ring.h * 0.5f + spx * 0.4f;
    const float rad = std::max(10.0f, std::min(ring.w, ring.h - spx * 2.0f) * 0.5f - spx * 1.6f);
    auto at = [&](size_t i) {
      const float a = float(2 * M_PI * double(i) / double(k)) - float(M_PI / 2);
      return ImVec2(cx + rad * std::cos(a), cy + rad * std::sin(a));
    };
    const bool whole = k == p.cycle_length;
    const uint32_t done = p.rest_done ? uint32_t(k) : p.rotated;
    for (size_t i = 0; i < k; ++i) {
      if (i + 1 == k && !whole) break;  // the cycle goes on past the places shown
      const ImVec2 from = at((i + 1) % k), to = at(i);
      // A curved arc bowing towards the centre, with an arrow head at the place it fills.
      const ImVec2 mid((from.x + to.x) * 0.5f * 0.7f + cx * 0.3f, (from.y + to.y) * 0.5f * 0.7f + cy * 0.3f);
      const bool is_done = i < done;
      const ImU32 col = is_done ? hi : to_u32(palette::kText, 0.25f);
      dl->AddBezierQuadratic(from, mid, to, col, (is_done ? 2.2f : 1.2f) * sc);
      const float dx = to.x - mid.x, dy = to.y - mid.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
      const float ux = dx / len, uy = dy / len, ah = 6 * sc;
      dl->AddTriangleFilled(to, ImVec2(to.x - ux * ah - uy * ah * 0.5f, to.y - uy * ah + ux * ah * 0.5f),
                            ImVec2(to.x - ux * ah + uy * ah * 0.5f, to.y - uy * ah - ux * ah * 0.5f), col);
    }
    const float dot = std::max(3.0f, std::min(7.0f * sc, rad * 3.0f / float(k)));
    const bool labels = k <= 24;
    for (size_t i = 0; i < k; ++i) {
      const ImVec2 q = at(i);
      const bool filled = i < done;
      dl->AddCircleFilled(q, dot, filled ? hi : to_u32(palette::kBlockB));
      if (labels) {
        const float a = float(2 * M_PI * double(i) / double(k)) - float(M_PI / 2);
        const ImVec2 lp(cx + (rad + dot + spx * 0.9f) * std::cos(a), cy + (rad + dot + spx * 0.9f) * std::sin(a));
        text(c, sf, spx, lp.x, lp.y - spx * 0.55f, i == 0 ? txt : dim, short_count(p.cycle[i]), 0.5f);
      }
    }
    text(c, sf, spx, ring.x, ring.y, dim,
         fit_text(sf, spx,
                  whole ? fmt::format("place {}: tmp holds its record; each arc: the record at the next place moves in",
                                      p.cycle[0])
                        : fmt::format("the first {} of {} places in chase order", k, p.cycle_length),
                  ring.w));
  }
  end_panel(c);
}

}  // namespace sortscope
