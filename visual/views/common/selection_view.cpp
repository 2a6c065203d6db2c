// One multi-sequence selection (Leischner 2010 §5.2): the split of k sorted sequences at global rank
// r, iteration by iteration. The k sequences are bars side by side across the top (width in
// proportion to their lengths), the selected prefix of each (its final split) filled; below each
// bar time runs down, one row per iteration, showing the window that must hold the split:
//   Osipov (§5.2.1, App. A): the window [lower, upper] shaded, the probe (tentative split) as a
//     line that jumps when its sequence is chosen; each iteration moves one sequence's window (the
//     chosen one, highlighted): up when the probes hold too few keys, down when too many.
//   Quickselect (§5.2.2, Alg. 3): the windows shrink in every sequence at once; each row marks the
//     keys below the pivot (probe) and those equal to it (up to probe_hi), the pivot's colour at
//     the row's left, its sequence highlighted.
// The column at the right sums over the sequences: the global window closing in on r (App. A's
// L <= r <= U) with the summed probe; the pink line is r.
#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "colormap.h"
#include "views/legend.h"
#include "views/common/merge_draw.h"
#include "views/common/merge_layouts.h"
#include "views/common/primitive_views.h"

namespace sortscope {

using namespace merge_view;

void draw_selection(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t, SelectionLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  const bool quick = t.method == SelectionTrace::QuickSelect;
  const uint32_t k = t.k;
  const size_t rows = size_t(t.iterations) + 1;
  const bool valid = k > 0 && t.seq_begin.size() == size_t(k) + 1 && t.lower.size() >= rows * k &&
                     t.upper.size() >= rows * k && t.probe.size() >= rows * k && t.splits.size() >= k &&
                     (!quick || t.probe_hi.size() >= rows * k);
  const uint64_t total = valid ? t.seq_begin[k] - t.seq_begin[0] : 0;
  const char* name = quick ? "Quickselect (§5.2.2)" : "Osipov's selection (§5.2.1)";
  const std::string its = fmt::format("{} iteration{}", t.iterations, t.iterations == 1 ? "" : "s");
  const Rect content = cv.frame(
      {fmt::format("{}: rank r = {} of {} in k = {} sequences, {}", name, format_count(t.rank), format_count(total), k,
                   its),
       fmt::format("{}: r = {} of {}, k = {}, {}", name, format_count(t.rank), format_count(total), k, its),
       fmt::format("{}: r = {}, {}", quick ? "Quickselect" : "Osipov", short_count(t.rank), its)},
      {quick ? "each row: a pivot from a random window, ranked in every sequence; windows shrink to the pivot's ranks"
             : "each row: one sequence's window halves - up if the probes hold < r keys (or are not a prefix), down if "
               "> r",
       quick ? "a row per pivot: every window shrinks to its ranks"
             : "a row per step: one window halves, up (too few keys) or down (too many)"});
  if (content.empty() || !valid) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);
  const ImU32 window = to_u32(kWindow), chosen = to_u32(palette::kHighlight, 0.85f), probe = to_u32(kPath);
  const ImU32 rank = to_u32(kRank), pivot = to_u32(palette::kSwapped), bar = to_u32(palette::kBlockA);

  // Layout: iteration axis | k columns | the summed column; header bars on top, legend below.
  const float sum_w = std::round(std::clamp(content.w * 0.18f, 70 * sc, 200 * sc));
  const float head_h = sp * 1.3f + 10 * sc + 6 * sc;
  std::vector<LegendItem> items = {{window, quick ? "window [lower, upper)" : "window [lower, upper]"},
                                   {chosen, quick ? "pivot's sequence" : "chosen (moved)"}};
  if (quick) {
    items.push_back({to_u32(palette::kSwapped), "ranks of the pivot (< | <=)"});
    if (c.timeline && !t.pivot.empty())
      items.push_back({key_colour(*c.timeline, t.pivot.back()), "pivot (left: colour, value)"});
  } else {
    items.push_back({probe, "probe"});
  }
  items.push_back({rank, "final split / rank r"});
  if (t.iterations == 0) items.push_back({0, "r is 0 or every key: nothing to search", false});
  const float foot_h = sp * 1.6f + cv.legend_height(items, content.w);
  const float y0 = content.y + head_h;
  float plot_h = content.h - head_h - foot_h;
  // The axis: iteration numbers; for quickselect each row's pivot as a swatch of its colour and,
  // where rows have room for text, its value.
  const float iter_w = std::max(cv.text_w(std::to_string(t.iterations)), cv.text_w("it."));
  std::vector<std::string> pivot_text;
  float pivot_w = 0;
  if (quick && c.timeline && plot_h / float(rows) >= sp * 1.05f)
    for (size_t row = 1; row < rows && row < t.pivot.size(); ++row) {
      pivot_text.push_back(format_key_value(c.timeline->key_type, key_value(c.timeline->key_type, t.pivot[row])));
      pivot_w = std::max(pivot_w, cv.text_w(pivot_text.back()));
    }
  const float axis_w = iter_w + (quick ? sp + 8 * sc : 0) + (pivot_w > 0 ? pivot_w + 8 * sc : 0) + 10 * sc;
  const float xa = content.x + axis_w, xb = content.right() - sum_w - 14 * sc;
  if (plot_h < 8 || xb - xa < 8) return;
  const float col_gap = k <= 32 ? std::round(8 * sc) : (k <= 96 ? 2.0f : 0.0f);
  const float min_w = std::max(2.0f, 3 * sc);
  const float avail = xb - xa - col_gap * float(k - 1);
  std::vector<float> cx(k + 1), cw(k);
  std::vector<uint64_t> len(k);
  for (uint32_t i = 0; i < k; ++i) len[i] = t.seq_begin[i + 1] - t.seq_begin[i];
  const bool equal = avail < min_w * float(k) || total == 0;
  float x = xa;
  for (uint32_t i = 0; i < k; ++i) {
    cw[i] = equal ? avail / float(k) : min_w + (avail - min_w * float(k)) * float(double(len[i]) / double(total));
    cx[i] = x;
    x += cw[i] + col_gap;
  }
  auto X = [&](uint32_t i, uint64_t pos) {
    return cx[i] + (len[i] ? float(double(pos) / double(len[i])) * cw[i] : 0.0f);
  };
  const float sx0 = xb + 14 * sc, sx1 = content.right();
  auto SX = [&](uint64_t pos) { return sx0 + (total ? float(double(pos) / double(total)) * (sx1 - sx0) : 0.0f); };
  const float rh = std::min(plot_h / float(rows), sp * 2.2f);  // a few iterations do not become slabs
  plot_h = rh * float(rows);
  if (out) {
    for (uint32_t i = 0; i < k; ++i) out->columns.push_back({cx[i], y0, cw[i], plot_h});
    out->sums = {sx0, y0, sx1 - sx0, plot_h};
    out->row_h = rh;
  }
  auto Y = [&](size_t row) { return y0 + float(row) * rh; };
  auto at = [&](const std::vector<uint32_t>& v, size_t row, uint32_t i) { return uint64_t(v[row * k + i]); };

  // Header: each sequence as a bar, its final selected prefix filled; numbers where they fit.
  const float bar_y = content.y + sp * 1.3f, bar_y1 = bar_y + 10 * sc;
  if (out) {
    for (uint32_t i = 0; i < k; ++i) out->header.push_back({cx[i], bar_y, cw[i], bar_y1 - bar_y});
    out->sums_header = {sx0, bar_y, sx1 - sx0, bar_y1 - bar_y};
  }
  for (uint32_t i = 0; i < k; ++i) {
    if (len[i] == 0) {  // an empty sequence (a short last group): a dim outline, nothing to select
      cv.outline(cx[i], bar_y, cx[i] + std::max(cw[i], 1.0f), y0 + plot_h, to_u32(palette::kBlockA), 1);
      continue;
    }
    cv.rect(cx[i], bar_y, cx[i] + std::max(cw[i], 1.0f), bar_y1, bar);
    cv.rect(cx[i], bar_y, X(i, t.splits[i]), bar_y1, rank);
    cv.rect(cx[i], y0, cx[i] + cw[i], y0 + plot_h, to_u32(palette::kPlotBackground));
    // Numbers where they fit beside the previous one (always the first).
    const std::string num = std::to_string(i);
    if (i == 0 || cw[i] + col_gap >= cv.text_w(num) + 4) cv.text_centre(cx[i] + 0.5f * cw[i], content.y, num, dim);
  }
  cv.text(content.x, content.y, "seq", dim);
  cv.text(content.x, y0 - sp * 1.25f, "it.", dim);
  cv.rect(sx0, bar_y, sx1, bar_y1, bar);
  cv.rect(sx0, bar_y, SX(t.rank), bar_y1, rank);
  cv.rect(sx0, y0, sx1, y0 + plot_h, to_u32(palette::kPlotBackground));
  cv.text_centre(0.5f * (sx0 + sx1), content.y, "all k (sums)", dim);

  // Windows: one rect per run of rows where a sequence's window stays the same (Osipov moves one
  // window per iteration, so k + iterations rects in all); the chosen sequence's row highlighted.
  const float min_px = std::max(1.5f, 2 * sc);
  auto span = [&](float xl, float xr, float ya, float yb, ImU32 col) {
    if (xr - xl < min_px) xl = 0.5f * (xl + xr) - 0.5f * min_px, xr = xl + min_px;
    cv.rect(xl, ya, xr, yb, col);
  };
  // Thousands of iterations on a few hundred pixels: runs shorter than a pixel are merged into
  // one rect spanning all their windows (windows only shrink, so it is the first one's).
  // Osipov's iteration moves only its chosen sequence (aux_types.h: `chosen`), so only that
  // column is looked at per row: O(iterations), not O(k * iterations); quickselect's few rows move
  // every window. Row by row either way (the trace is iteration-major: memory order).
  std::vector<uint32_t> all_columns(k);
  for (uint32_t i = 0; i < k; ++i) all_columns[i] = i;
  auto moved = [&](size_t row, uint32_t& one) -> std::pair<const uint32_t*, size_t> {
    if (quick || row >= t.chosen.size()) return {all_columns.data(), k};
    if (t.chosen[row] < 0 || uint32_t(t.chosen[row]) >= k) return {nullptr, 0};
    one = uint32_t(t.chosen[row]);
    return {&one, 1};
  };
  // Per column, the stretches of rows over which `changed` stays false: flush(i, from, to) for each,
  // rows [from, to). Only the columns `moved` names are looked at in a row; `keep` skips columns.
  auto for_each_stretch = [&](auto keep, auto changed, auto flush) {
    std::vector<size_t> start(k, 0);
    for (size_t row = 1; row < rows; ++row) {
      uint32_t one = 0;
      const auto [cols, n] = moved(row, one);
      for (size_t j = 0; j < n; ++j) {
        const uint32_t i = cols[j];
        if (keep(i) && changed(i, start[i], row)) {
          flush(i, start[i], row);
          start[i] = row;
        }
      }
    }
    for (uint32_t i = 0; i < k; ++i)
      if (keep(i)) flush(i, start[i], rows);
  };
  for_each_stretch(
      [&](uint32_t i) { return len[i] != 0; },
      [&](uint32_t i, size_t s0, size_t row) {
        return (at(t.lower, row, i) != at(t.lower, s0, i) || at(t.upper, row, i) != at(t.upper, s0, i)) &&
               Y(row) - Y(s0) >= 1;
      },
      [&](uint32_t i, size_t s0, size_t row) {
        span(X(i, at(t.lower, s0, i)), X(i, at(t.upper, s0, i)), Y(s0), Y(row), window);
      });
  // The chosen sequence's window, at most once per pixel row and column (where rows are thinner
  // than a pixel, the marks at the columns' edges below say it alone).
  std::vector<int> last_px(k, -1);
  for (size_t row = 1; row < rows && row < t.chosen.size() && rh >= 1; ++row)
    if (t.chosen[row] >= 0 && uint32_t(t.chosen[row]) < k) {
      const uint32_t i = uint32_t(t.chosen[row]);
      if (int(Y(row)) == last_px[i] && rh < 1) continue;
      last_px[i] = int(Y(row));
      span(X(i, at(t.lower, row, i)), X(i, at(t.upper, row, i)), Y(row), std::max(Y(row + 1), Y(row) + 1), chosen);
    }

  // Probes. Osipov: a line per sequence, jumping where it moved. Quickselect: per row the keys
  // below the pivot end at probe, the keys equal to it run to probe_hi.
  const float lw = std::max(1.5f, 1.6f * sc);
  if (!quick) {
    std::vector<std::vector<ImVec2>> pts(k);
    for_each_stretch(
        [&](uint32_t i) { return len[i] != 0 && cw[i] >= 4 * sc; },  // narrow columns: the summed probe says it
        [&](uint32_t i, size_t s0, size_t row) { return at(t.probe, row, i) != at(t.probe, s0, i); },
        [&](uint32_t i, size_t s0, size_t row) {
          const float px = X(i, at(t.probe, s0, i));
          pts[i].push_back(ImVec2(px, Y(s0)));
          pts[i].push_back(ImVec2(px, Y(row)));
        });
    for (uint32_t i = 0; i < k; ++i)
      if (!pts[i].empty()) c.dl->AddPolyline(pts[i].data(), int(pts[i].size()), probe, 0, lw);
  } else {
    for (size_t row = 1; row < rows; ++row) {
      const float ya = Y(row) + rh * 0.15f, yb = Y(row + 1) - rh * 0.15f;
      for (uint32_t i = 0; i < k; ++i) {
        if (len[i] == 0) continue;
        const float xl = X(i, at(t.probe, row, i)), xr = X(i, at(t.probe_hi, row, i));
        if (xr > xl + 0.5f) cv.rect(xl, ya, xr, yb, to_u32(palette::kSwapped, 0.55f));
        cv.line(xl, ya, xl, yb, pivot, lw);
      }
      if (row < t.pivot.size() && c.timeline && rh >= 3)
        cv.rect(xa - sp * 0.9f - 4 * sc, ya, xa - 4 * sc, yb, key_colour(*c.timeline, t.pivot[row]));
      if (row - 1 < pivot_text.size())
        cv.text_right(xa - sp * 0.9f - 10 * sc, Y(row) + 0.5f * (rh - sp), pivot_text[row - 1], dim);
    }
  }

  // The sums: global window [sum lower, sum upper], summed probe(s), and r (sums once per row).
  {
    std::vector<uint64_t> lo(rows), hi(rows), pr(rows), ph(rows);
    for (uint32_t i = 0; i < k; ++i)
      lo[0] += at(t.lower, 0, i), hi[0] += at(t.upper, 0, i), pr[0] += at(t.probe, 0, i),
          ph[0] += quick ? at(t.probe_hi, 0, i) : 0;
    for (size_t row = 1; row < rows; ++row) {  // the sums change by what moved
      lo[row] = lo[row - 1], hi[row] = hi[row - 1], pr[row] = pr[row - 1], ph[row] = ph[row - 1];
      uint32_t one = 0;
      const auto [cols, n] = moved(row, one);
      for (size_t j = 0; j < n; ++j) {
        const uint32_t i = cols[j];
        lo[row] += at(t.lower, row, i) - at(t.lower, row - 1, i);
        hi[row] += at(t.upper, row, i) - at(t.upper, row - 1, i);
        pr[row] += at(t.probe, row, i) - at(t.probe, row - 1, i);
        if (quick) ph[row] += at(t.probe_hi, row, i) - at(t.probe_hi, row - 1, i);
      }
    }
    size_t start = 0;
    std::vector<ImVec2> pts;
    for (size_t row = 0; row < rows; ++row) {
      if (row + 1 == rows || lo[row + 1] != lo[start] || hi[row + 1] != hi[start]) {
        span(SX(lo[start]), SX(hi[start]), Y(start), Y(row + 1), window);
        start = row + 1;
      }
      const float pa = SX(pr[row]);
      if (pts.empty() || pts.back().x != pa) {  // the summed probe as a staircase
        if (!pts.empty()) pts.push_back(ImVec2(pts.back().x, Y(row)));
        pts.push_back(ImVec2(pa, Y(row)));
      }
      if (quick && row > 0)
        cv.rect(pa, Y(row) + rh * 0.15f, std::max(pa + 1, SX(ph[row])), Y(row + 1) - rh * 0.15f,
                to_u32(palette::kSwapped, 0.55f));
    }
    pts.push_back(ImVec2(pts.back().x, Y(rows)));
    if (!quick) c.dl->AddPolyline(pts.data(), int(pts.size()), probe, 0, lw);
    cv.line(SX(t.rank), bar_y, SX(t.rank), y0 + plot_h, rank, std::max(1.5f, 2 * sc));
    cv.text(std::min(SX(t.rank) + 4 * sc, sx1 - cv.text_w("r")), y0 + plot_h + 2 * sc, "r", rank);
  }

  // Iteration numbers down the axis.
  const uint64_t every = nice_step(rh, sp * 1.3f);
  for (uint64_t row = 0; row < rows; row += every)
    cv.text_right(content.x + iter_w, Y(row) + 0.5f * rh - sp * 0.5f, std::to_string(row), dim);

  // Final splits: a tick under every column (and the numbers when they fit).
  const float fy = y0 + plot_h;
  for (uint32_t i = 0; i < k; ++i) {
    if (len[i] == 0) continue;
    const float sxp = X(i, t.splits[i]);
    // Down the whole column where columns are wide enough to keep it apart from the windows;
    // narrow columns get the tick below only.
    cv.line(sxp, cw[i] >= 12 * sc ? y0 : fy, sxp, fy + 5 * sc, to_u32(kRank, cw[i] >= 12 * sc ? 0.55f : 1.0f),
            std::max(1.0f, sc));
    const std::string num = short_count(t.splits[i]);
    if (cw[i] >= cv.text_w(num) + 4) cv.text_centre(cx[i] + 0.5f * cw[i], fy + 4 * sc, num, text);
  }

  // The chosen sequence again as a mark at its column's left edge, on top of everything: a window
  // narrowed to a pixel or two hides under its probe.
  const float mark_w = std::max(3.0f, 3 * sc);
  std::fill(last_px.begin(), last_px.end(), -1);
  for (size_t row = 1; row < rows && row < t.chosen.size(); ++row)
    if (t.chosen[row] >= 0 && uint32_t(t.chosen[row]) < k) {
      const uint32_t i = uint32_t(t.chosen[row]);
      if (int(Y(row)) == last_px[i] && rh < 1) continue;
      last_px[i] = int(Y(row));
      cv.rect(cx[i], Y(row), cx[i] + std::min(mark_w, std::max(cw[i], 1.0f)), Y(row + 1), to_u32(palette::kHighlight));
    }

  cv.legend(items, content.x, content.bottom(), content.w);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t) {
  draw_selection(c, r, t, nullptr);
}

}  // namespace sortscope
