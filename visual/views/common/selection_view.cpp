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
#include "common/count_words.h"
#include "views/legend.h"
#include "views/common/merge_draw.h"
#include "views/common/merge_layouts.h"
#include "views/common/primitive_views.h"

namespace sortscope {

using namespace merge_view;

namespace {

// The colours of the view.
struct SelectionColours {
  ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);
  ImU32 window = to_u32(kWindow), chosen = to_u32(palette::kHighlight, 0.85f), probe = to_u32(kPath);
  ImU32 rank = to_u32(kRank), pivot = to_u32(palette::kSwapped), bar = to_u32(palette::kBlockA);
};

// Where everything goes: the k columns (x in proportion to the sequences' lengths), the summed
// column at the right, one row per iteration (the state before the first is row 0).
struct SelectionGeometry {
  explicit SelectionGeometry(const SelectionTrace& trace) : t(trace) {}
  const SelectionTrace& t;
  bool quick = false;
  uint32_t k = 0;
  size_t rows = 0;
  uint64_t total = 0;
  Rect content;
  float sc = 1, sp = 1;
  float iter_w = 0, xa = 0, xb = 0, sx0 = 0, sx1 = 0, y0 = 0, rh = 0, plot_h = 0, col_gap = 0;
  float bar_y = 0, bar_y1 = 0, min_px = 1, lw = 1;
  std::vector<float> cx, cw;
  std::vector<uint64_t> len;
  std::vector<uint32_t> all_columns;
  std::vector<std::string> pivot_text;  // quickselect: each row's pivot value, where rows have room

  float X(uint32_t i, uint64_t pos) const {
    return cx[i] + (len[i] ? float(double(pos) / double(len[i])) * cw[i] : 0.0f);
  }
  float SX(uint64_t pos) const { return sx0 + (total ? float(double(pos) / double(total)) * (sx1 - sx0) : 0.0f); }
  float Y(size_t row) const { return y0 + float(row) * rh; }
  uint64_t at(const std::vector<uint32_t>& v, size_t row, uint32_t i) const { return uint64_t(v[row * k + i]); }

  // The columns a row moved: Osipov's iteration moves only its chosen sequence (aux_types.h:
  // `chosen`), so only that column is looked at per row: O(iterations), not O(k * iterations);
  // quickselect's few rows move every window.
  std::pair<const uint32_t*, size_t> moved(size_t row, uint32_t& one) const {
    if (quick || row >= t.chosen.size()) return {all_columns.data(), k};
    if (t.chosen[row] < 0 || uint32_t(t.chosen[row]) >= k) return {nullptr, 0};
    one = uint32_t(t.chosen[row]);
    return {&one, 1};
  }
  // Per column, the stretches of rows over which `changed` stays false: flush(i, from, to) for each,
  // rows [from, to). Only the columns `moved` names are looked at in a row (row by row: the trace
  // is iteration-major, memory order); `keep` skips columns.
  template <class Keep, class Changed, class Flush>
  void for_each_stretch(Keep keep, Changed changed, Flush flush) const {
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
  }
};

// A span at least a couple of pixels wide, so a window narrowed to nothing stays seen.
void span(const Canvas& cv, const SelectionGeometry& g, float xl, float xr, float ya, float yb, ImU32 col) {
  if (xr - xl < g.min_px) xl = 0.5f * (xl + xr) - 0.5f * g.min_px, xr = xl + g.min_px;
  cv.rect(xl, ya, xr, yb, col);
}

// The title lines and the legend's items.
Rect selection_frame(Canvas& cv, const SelectionTrace& t, uint64_t total) {
  const bool quick = t.method == SelectionTrace::QuickSelect;
  const char* name = quick ? "Quickselect (§5.2.2)" : "Osipov's selection (§5.2.1)";
  const std::string its = counted(t.iterations, "iteration");
  return cv.frame(
      {fmt::format("{}: rank r = {} of {} in k = {} sequences, {}", name, format_count(t.rank), format_count(total), t.k,
                   its),
       fmt::format("{}: r = {} of {}, k = {}, {}", name, format_count(t.rank), format_count(total), t.k, its),
       fmt::format("{}: r = {}, {}", quick ? "Quickselect" : "Osipov", short_count(t.rank), its)},
      {quick ? "each row: a pivot from a random window, ranked in every sequence; windows shrink to the pivot's ranks"
             : "each row: one sequence's window halves - up if the probes hold < r keys (or are not a prefix), down if "
               "> r",
       quick ? "a row per pivot: every window shrinks to its ranks"
             : "a row per step: one window halves, up (too few keys) or down (too many)"});
}

std::vector<LegendItem> selection_legend(const AuxDrawContext& c, const SelectionTrace& t, const SelectionColours& col) {
  const bool quick = t.method == SelectionTrace::QuickSelect;
  std::vector<LegendItem> items = {{col.window, quick ? "window [lower, upper)" : "window [lower, upper]"},
                                   {col.chosen, quick ? "pivot's sequence" : "chosen (moved)"}};
  if (quick) {
    items.push_back({to_u32(palette::kSwapped), "ranks of the pivot (< | <=)"});
    if (c.timeline && !t.pivot.empty())
      items.push_back({key_colour(*c.timeline, t.pivot.back()), "pivot (left: colour, value)"});
  } else {
    items.push_back({col.probe, "probe"});
  }
  items.push_back({col.rank, "final split / rank r"});
  if (t.iterations == 0) items.push_back({0, "r is 0 or every key: nothing to search", false});
  return items;
}

// Layout: iteration axis | k columns | the summed column; header bars on top, legend (foot_h)
// below. False where there is no room.
bool lay_out_selection(const Canvas& cv, const AuxDrawContext& c, float foot_h, SelectionGeometry& g) {
  const SelectionTrace& t = g.t;
  const uint32_t k = g.k;
  g.sc = cv.s();
  g.sp = cv.small_px();
  const float sc = g.sc, sp = g.sp;
  const Rect& content = g.content;
  const float sum_w = std::round(std::clamp(content.w * 0.18f, 70 * sc, 200 * sc));
  const float head_h = sp * 1.3f + 10 * sc + 6 * sc;
  g.y0 = content.y + head_h;
  g.plot_h = content.h - head_h - foot_h;
  // The axis: iteration numbers; for quickselect each row's pivot as a swatch of its colour and,
  // where rows have room for text, its value.
  g.iter_w = std::max(cv.text_w(std::to_string(t.iterations)), cv.text_w("it."));
  float pivot_w = 0;
  if (g.quick && c.timeline && g.plot_h / float(g.rows) >= sp * 1.05f)
    for (size_t row = 1; row < g.rows && row < t.pivot.size(); ++row) {
      g.pivot_text.push_back(format_key_value(c.timeline->key_type, key_value(c.timeline->key_type, t.pivot[row])));
      pivot_w = std::max(pivot_w, cv.text_w(g.pivot_text.back()));
    }
  const float axis_w = g.iter_w + (g.quick ? sp + 8 * sc : 0) + (pivot_w > 0 ? pivot_w + 8 * sc : 0) + 10 * sc;
  g.xa = content.x + axis_w;
  g.xb = content.right() - sum_w - 14 * sc;
  if (g.plot_h < 8 || g.xb - g.xa < 8) return false;
  g.col_gap = k <= 32 ? std::round(8 * sc) : (k <= 96 ? 2.0f : 0.0f);
  const float min_w = std::max(2.0f, 3 * sc);
  const float avail = g.xb - g.xa - g.col_gap * float(k - 1);
  g.cx.assign(k + 1, 0);
  g.cw.assign(k, 0);
  g.len.assign(k, 0);
  for (uint32_t i = 0; i < k; ++i) g.len[i] = t.seq_begin[i + 1] - t.seq_begin[i];
  const bool equal = avail < min_w * float(k) || g.total == 0;
  float x = g.xa;
  for (uint32_t i = 0; i < k; ++i) {
    g.cw[i] = equal ? avail / float(k) : min_w + (avail - min_w * float(k)) * float(double(g.len[i]) / double(g.total));
    g.cx[i] = x;
    x += g.cw[i] + g.col_gap;
  }
  g.sx0 = g.xb + 14 * sc;
  g.sx1 = content.right();
  g.rh = std::min(g.plot_h / float(g.rows), sp * 2.2f);  // a few iterations do not become slabs
  g.plot_h = g.rh * float(g.rows);
  g.bar_y = content.y + sp * 1.3f;
  g.bar_y1 = g.bar_y + 10 * sc;
  g.min_px = std::max(1.5f, 2 * sc);
  g.lw = std::max(1.5f, 1.6f * sc);
  g.all_columns.resize(k);
  for (uint32_t i = 0; i < k; ++i) g.all_columns[i] = i;
  return true;
}

void record_selection_layout(const SelectionGeometry& g, SelectionLayout& out) {
  for (uint32_t i = 0; i < g.k; ++i) out.columns.push_back({g.cx[i], g.y0, g.cw[i], g.plot_h});
  out.sums = {g.sx0, g.y0, g.sx1 - g.sx0, g.plot_h};
  out.row_h = g.rh;
  for (uint32_t i = 0; i < g.k; ++i) out.header.push_back({g.cx[i], g.bar_y, g.cw[i], g.bar_y1 - g.bar_y});
  out.sums_header = {g.sx0, g.bar_y, g.sx1 - g.sx0, g.bar_y1 - g.bar_y};
}

// Header: each sequence as a bar, its final selected prefix filled; numbers where they fit.
void draw_selection_header(const Canvas& cv, const SelectionGeometry& g, const SelectionColours& col) {
  const SelectionTrace& t = g.t;
  const Rect& content = g.content;
  for (uint32_t i = 0; i < g.k; ++i) {
    if (g.len[i] == 0) {  // an empty sequence (a short last group): a dim outline, nothing to select
      cv.outline(g.cx[i], g.bar_y, g.cx[i] + std::max(g.cw[i], 1.0f), g.y0 + g.plot_h, to_u32(palette::kBlockA), 1);
      continue;
    }
    cv.rect(g.cx[i], g.bar_y, g.cx[i] + std::max(g.cw[i], 1.0f), g.bar_y1, col.bar);
    cv.rect(g.cx[i], g.bar_y, g.X(i, t.splits[i]), g.bar_y1, col.rank);
    cv.rect(g.cx[i], g.y0, g.cx[i] + g.cw[i], g.y0 + g.plot_h, to_u32(palette::kPlotBackground));
    // Numbers where they fit beside the previous one (always the first).
    const std::string num = std::to_string(i);
    if (i == 0 || g.cw[i] + g.col_gap >= cv.text_w(num) + 4)
      cv.text_centre(g.cx[i] + 0.5f * g.cw[i], content.y, num, col.dim);
  }
  cv.text(content.x, content.y, "seq", col.dim);
  cv.text(content.x, g.y0 - g.sp * 1.25f, "it.", col.dim);
  cv.rect(g.sx0, g.bar_y, g.sx1, g.bar_y1, col.bar);
  cv.rect(g.sx0, g.bar_y, g.SX(t.rank), g.bar_y1, col.rank);
  cv.rect(g.sx0, g.y0, g.sx1, g.y0 + g.plot_h, to_u32(palette::kPlotBackground));
  cv.text_centre(0.5f * (g.sx0 + g.sx1), content.y, "all k (sums)", col.dim);
}

// Windows: one rect per run of rows where a sequence's window stays the same (Osipov moves one
// window per iteration, so k + iterations rects in all). Thousands of iterations on a few hundred
// pixels: runs shorter than a pixel are merged into one rect spanning all their windows (windows
// only shrink, so it is the first one's). Then the chosen sequence's window, at most once per
// pixel row and column (where rows are thinner than a pixel, the marks at the columns' edges say
// it alone).
void draw_selection_windows(const Canvas& cv, const SelectionGeometry& g, const SelectionColours& col) {
  const SelectionTrace& t = g.t;
  g.for_each_stretch(
      [&](uint32_t i) { return g.len[i] != 0; },
      [&](uint32_t i, size_t s0, size_t row) {
        return (g.at(t.lower, row, i) != g.at(t.lower, s0, i) || g.at(t.upper, row, i) != g.at(t.upper, s0, i)) &&
               g.Y(row) - g.Y(s0) >= 1;
      },
      [&](uint32_t i, size_t s0, size_t row) {
        span(cv, g, g.X(i, g.at(t.lower, s0, i)), g.X(i, g.at(t.upper, s0, i)), g.Y(s0), g.Y(row), col.window);
      });
  std::vector<int> last_px(g.k, -1);
  for (size_t row = 1; row < g.rows && row < t.chosen.size() && g.rh >= 1; ++row)
    if (t.chosen[row] >= 0 && uint32_t(t.chosen[row]) < g.k) {
      const uint32_t i = uint32_t(t.chosen[row]);
      if (int(g.Y(row)) == last_px[i] && g.rh < 1) continue;
      last_px[i] = int(g.Y(row));
      span(cv, g, g.X(i, g.at(t.lower, row, i)), g.X(i, g.at(t.upper, row, i)), g.Y(row),
           std::max(g.Y(row + 1), g.Y(row) + 1), col.chosen);
    }
}

// Probes. Osipov: a line per sequence, jumping where it moved. Quickselect: per row the keys
// below the pivot end at probe, the keys equal to it run to probe_hi.
void draw_selection_probes(const Canvas& cv, const AuxDrawContext& c, const SelectionGeometry& g,
                           const SelectionColours& col) {
  const SelectionTrace& t = g.t;
  const float sc = g.sc, sp = g.sp;
  if (!g.quick) {
    std::vector<std::vector<ImVec2>> pts(g.k);
    g.for_each_stretch(
        [&](uint32_t i) { return g.len[i] != 0 && g.cw[i] >= 4 * sc; },  // narrow columns: the summed probe says it
        [&](uint32_t i, size_t s0, size_t row) { return g.at(t.probe, row, i) != g.at(t.probe, s0, i); },
        [&](uint32_t i, size_t s0, size_t row) {
          const float px = g.X(i, g.at(t.probe, s0, i));
          pts[i].push_back(ImVec2(px, g.Y(s0)));
          pts[i].push_back(ImVec2(px, g.Y(row)));
        });
    for (uint32_t i = 0; i < g.k; ++i)
      if (!pts[i].empty()) c.dl->AddPolyline(pts[i].data(), int(pts[i].size()), col.probe, 0, g.lw);
    return;
  }
  for (size_t row = 1; row < g.rows; ++row) {
    const float ya = g.Y(row) + g.rh * 0.15f, yb = g.Y(row + 1) - g.rh * 0.15f;
    for (uint32_t i = 0; i < g.k; ++i) {
      if (g.len[i] == 0) continue;
      const float xl = g.X(i, g.at(t.probe, row, i)), xr = g.X(i, g.at(t.probe_hi, row, i));
      if (xr > xl + 0.5f) cv.rect(xl, ya, xr, yb, to_u32(palette::kSwapped, 0.55f));
      cv.line(xl, ya, xl, yb, col.pivot, g.lw);
    }
    if (row < t.pivot.size() && c.timeline && g.rh >= 3)
      cv.rect(g.xa - sp * 0.9f - 4 * sc, ya, g.xa - 4 * sc, yb, key_colour(*c.timeline, t.pivot[row]));
    if (row - 1 < g.pivot_text.size())
      cv.text_right(g.xa - sp * 0.9f - 10 * sc, g.Y(row) + 0.5f * (g.rh - sp), g.pivot_text[row - 1], col.dim);
  }
}

// The sums: global window [sum lower, sum upper], summed probe(s), and r (sums once per row).
void draw_selection_sums(const Canvas& cv, const AuxDrawContext& c, const SelectionGeometry& g,
                         const SelectionColours& col) {
  const SelectionTrace& t = g.t;
  const bool quick = g.quick;
  const size_t rows = g.rows;
  const float sc = g.sc, rh = g.rh;
  std::vector<uint64_t> lo(rows), hi(rows), pr(rows), ph(rows);
  for (uint32_t i = 0; i < g.k; ++i)
    lo[0] += g.at(t.lower, 0, i), hi[0] += g.at(t.upper, 0, i), pr[0] += g.at(t.probe, 0, i),
        ph[0] += quick ? g.at(t.probe_hi, 0, i) : 0;
  for (size_t row = 1; row < rows; ++row) {  // the sums change by what moved
    lo[row] = lo[row - 1], hi[row] = hi[row - 1], pr[row] = pr[row - 1], ph[row] = ph[row - 1];
    uint32_t one = 0;
    const auto [cols, n] = g.moved(row, one);
    for (size_t j = 0; j < n; ++j) {
      const uint32_t i = cols[j];
      lo[row] += g.at(t.lower, row, i) - g.at(t.lower, row - 1, i);
      hi[row] += g.at(t.upper, row, i) - g.at(t.upper, row - 1, i);
      pr[row] += g.at(t.probe, row, i) - g.at(t.probe, row - 1, i);
      if (quick) ph[row] += g.at(t.probe_hi, row, i) - g.at(t.probe_hi, row - 1, i);
    }
  }
  size_t start = 0;
  std::vector<ImVec2> pts;
  for (size_t row = 0; row < rows; ++row) {
    if (row + 1 == rows || lo[row + 1] != lo[start] || hi[row + 1] != hi[start]) {
      span(cv, g, g.SX(lo[start]), g.SX(hi[start]), g.Y(start), g.Y(row + 1), col.window);
      start = row + 1;
    }
    const float pa = g.SX(pr[row]);
    if (pts.empty() || pts.back().x != pa) {  // the summed probe as a staircase
      if (!pts.empty()) pts.push_back(ImVec2(pts.back().x, g.Y(row)));
      pts.push_back(ImVec2(pa, g.Y(row)));
    }
    if (quick && row > 0)
      cv.rect(pa, g.Y(row) + rh * 0.15f, std::max(pa + 1, g.SX(ph[row])), g.Y(row + 1) - rh * 0.15f,
              to_u32(palette::kSwapped, 0.55f));
  }
  pts.push_back(ImVec2(pts.back().x, g.Y(rows)));
  if (!quick) c.dl->AddPolyline(pts.data(), int(pts.size()), col.probe, 0, g.lw);
  cv.line(g.SX(t.rank), g.bar_y, g.SX(t.rank), g.y0 + g.plot_h, col.rank, std::max(1.5f, 2 * sc));
  cv.text(std::min(g.SX(t.rank) + 4 * sc, g.sx1 - cv.text_w("r")), g.y0 + g.plot_h + 2 * sc, "r", col.rank);
}

// Iteration numbers down the axis; the final splits as a tick under every column (and the numbers
// when they fit); the chosen sequence again as a mark at its column's left edge, on top of
// everything: a window narrowed to a pixel or two hides under its probe.
void draw_selection_marks(const Canvas& cv, const SelectionGeometry& g, const SelectionColours& col) {
  const SelectionTrace& t = g.t;
  const float sc = g.sc, sp = g.sp, rh = g.rh;
  const uint64_t every = nice_step(rh, sp * 1.3f);
  for (uint64_t row = 0; row < g.rows; row += every) {
    // Rows thinner than a line: row 0's number would reach up into the "it." heading; it goes.
    const float y = g.Y(row) + 0.5f * rh - sp * 0.5f;
    if (y >= g.y0 - 1) cv.text_right(g.content.x + g.iter_w, y, std::to_string(row), col.dim);
  }

  const float fy = g.y0 + g.plot_h;
  for (uint32_t i = 0; i < g.k; ++i) {
    if (g.len[i] == 0) continue;
    const float sxp = g.X(i, t.splits[i]);
    // Down the whole column where columns are wide enough to keep it apart from the windows;
    // narrow columns get the tick below only.
    cv.line(sxp, g.cw[i] >= 12 * sc ? g.y0 : fy, sxp, fy + 5 * sc, to_u32(kRank, g.cw[i] >= 12 * sc ? 0.55f : 1.0f),
            std::max(1.0f, sc));
    const std::string num = short_count(t.splits[i]);
    if (g.cw[i] >= cv.text_w(num) + 4) cv.text_centre(g.cx[i] + 0.5f * g.cw[i], fy + 4 * sc, num, col.text);
  }

  const float mark_w = std::max(3.0f, 3 * sc);
  std::vector<int> last_px(g.k, -1);
  for (size_t row = 1; row < g.rows && row < t.chosen.size(); ++row)
    if (t.chosen[row] >= 0 && uint32_t(t.chosen[row]) < g.k) {
      const uint32_t i = uint32_t(t.chosen[row]);
      if (int(g.Y(row)) == last_px[i] && rh < 1) continue;
      last_px[i] = int(g.Y(row));
      cv.rect(g.cx[i], g.Y(row), g.cx[i] + std::min(mark_w, std::max(g.cw[i], 1.0f)), g.Y(row + 1),
              to_u32(palette::kHighlight));
    }
}

}  // namespace

void draw_selection(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t, SelectionLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  SelectionGeometry g(t);
  g.quick = t.method == SelectionTrace::QuickSelect;
  g.k = t.k;
  g.rows = size_t(t.iterations) + 1;
  const uint32_t k = g.k;
  const size_t rows = g.rows;
  const bool valid = k > 0 && t.seq_begin.size() == size_t(k) + 1 && t.lower.size() >= rows * k &&
                     t.upper.size() >= rows * k && t.probe.size() >= rows * k && t.splits.size() >= k &&
                     (!g.quick || t.probe_hi.size() >= rows * k);
  g.total = valid ? t.seq_begin[k] - t.seq_begin[0] : 0;
  g.content = selection_frame(cv, t, g.total);
  if (g.content.empty() || !valid) return;
  const SelectionColours col{};
  const std::vector<LegendItem> items = selection_legend(c, t, col);
  const float foot_h = cv.small_px() * 1.6f + cv.legend_height(items, g.content.w);
  if (!lay_out_selection(cv, c, foot_h, g)) return;
  if (out) record_selection_layout(g, *out);
  draw_selection_header(cv, g, col);
  draw_selection_windows(cv, g, col);
  draw_selection_probes(cv, c, g, col);
  draw_selection_sums(cv, c, g, col);
  draw_selection_marks(cv, g, col);
  cv.legend(items, g.content.x, g.content.bottom(), g.content.w);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t) {
  draw_selection(c, r, t, nullptr);
}

}  // namespace sortscope
