// The split matrix of one group of k sorted runs (Leischner 2010 §5.1, Fig. 2 and §5.2): row j holds
// the split of every run at global rank j * P, found by one multi-sequence selection. The runs are
// columns (position down, height in proportion to length); row j is a staircase across them, and
// part j - the keys between staircases j and j + 1 in every run - is what one thread block merges.
// The parts' pieces differ from run to run, their sums do not: every part has exactly P keys (only
// the last may be shorter), the perfect balance of §5.1, shown as the bar strip at the right beside
// the selection iterations each split took.
#include <algorithm>
#include <cmath>

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

// Parts alternate among muted categorical tones (Okabe & Ito), none of them a key colour's
// neighbour at the same lightness; many parts alternate between two (six would only be noise).
ImU32 part_colour(uint64_t j, uint64_t parts) {
  if (parts > 12) j %= 2;
  static constexpr std::array<float, 4> kTones[] = {{0.90f, 0.62f, 0.00f, 0.80f}, {0.34f, 0.71f, 0.91f, 0.80f},
                                                    {0.00f, 0.62f, 0.45f, 0.80f}, {0.80f, 0.47f, 0.65f, 0.80f},
                                                    {0.94f, 0.89f, 0.26f, 0.80f}, {0.84f, 0.37f, 0.00f, 0.80f}};
  return to_u32(kTones[j % std::size(kTones)]);
}

}  // namespace

void draw_split_matrix(const AuxDrawContext& c, const Rect& r, const SplitMatrix& m, SplitMatrixLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  const uint32_t k = m.k, parts = m.parts;
  const bool valid =
      k > 0 && parts > 0 && m.seq_begin.size() == size_t(k) + 1 && m.splits.size() >= size_t(parts + 1) * k;
  uint64_t max_it = 0, sum_it = 0;
  for (uint32_t v : m.iterations) max_it = std::max<uint64_t>(max_it, v), sum_it += v;
  const Rect content =
      cv.frame({fmt::format("Split matrix: k = {} runs cut into {} of P = {} keys", k, counted(parts, "part"),
                            format_count(m.part_keys)),
                fmt::format("Split matrix: k = {}, {} of {}", k, counted(parts, "part"), format_count(m.part_keys))},
               {"staircase j = the split of every run at rank j*P (one selection each); part j lies between staircases "
                "j and j+1",
                "staircase j: every run split at rank j*P; part j between j and j+1"});
  if (content.empty() || !valid) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText), rank = to_u32(kRank);

  // The traced selection of the same step (SelectionTrace beside this matrix): its row is marked.
  int64_t traced_row = -1;
  if (c.timeline && c.step >= 0 && size_t(c.step) < c.timeline->steps.size())
    if (const auto* tr = find_aux<SelectionTrace>(c.current().aux); tr && m.part_keys && tr->rank % m.part_keys == 0)
      traced_row = int64_t(tr->rank / m.part_keys);

  // Layout: run columns | part sizes | iterations; column numbers on top, a summary line below.
  // Summary below: the balance and the selection cost.
  bool equal = true;
  for (size_t j = 0; j + 1 < m.part_sizes.size(); ++j) equal = equal && m.part_sizes[j] == m.part_keys;
  std::string balance = equal ? fmt::format("every part {} keys", format_count(m.part_keys)) : "parts of unequal size";
  if (equal && m.part_sizes.size() > 1 && m.part_sizes.back() != m.part_keys)
    balance += fmt::format(" but the last ({})", format_count(m.part_sizes.back()));
  std::vector<LegendItem> items = {{text, balance + ";", false}};
  // The selection cost in three items, so that the legend flows them onto lines of the panel's width
  // rather than cutting one long label in a narrow panel (a 1024-px projector beside a lesson box).
  if (!m.iterations.empty()) {
    items.push_back({dim, fmt::format("{} selections:", m.iterations.size()), false});
    items.push_back({dim, fmt::format("{:.1f} iterations on average,", double(sum_it) / double(m.iterations.size())), false});
    items.push_back({dim, fmt::format("at most {};", max_it), false});
  }
  if (traced_row > 0) items.push_back({rank, fmt::format("row {}: the selection traced", traced_row)});
  std::vector<LegendItem> widest = items;
  widest.push_back({0, "bands of 1000 parts", false});
  const float head_h = sp * 1.4f, foot_h = sp * 0.6f + cv.legend_height(widest, content.w);
  const float strip_w = std::round(std::clamp(content.w * 0.15f, 60 * sc, 170 * sc));
  const float has_it = m.iterations.empty() ? 0.0f : 1.0f;
  const float cols_x1 = content.right() - (1 + has_it) * (strip_w + 14 * sc);
  const float y0 = content.y + head_h, plot_h = content.h - head_h - foot_h;
  const float part_label_w = parts <= 64 ? cv.text_w(std::to_string(parts - 1)) + 8 * sc : 0;
  const float x0 = content.x + part_label_w;
  if (plot_h < 8 || cols_x1 - x0 < 8) return;
  const float gap =
      k <= 32 ? std::round(std::min(10 * sc, (cols_x1 - x0) / float(k) * 0.25f)) : (k <= 128 ? 1.0f : 0.0f);
  const float cw = (cols_x1 - x0 - gap * float(k - 1)) / float(k);
  uint64_t max_len = 1;
  for (uint32_t i = 0; i < k; ++i) max_len = std::max(max_len, m.seq_begin[i + 1] - m.seq_begin[i]);
  auto CX = [&](uint32_t i) { return x0 + float(i) * (cw + gap); };
  auto Y = [&](uint64_t pos) { return y0 + float(double(pos) / double(max_len)) * plot_h; };
  auto split = [&](uint64_t row, uint32_t i) { return uint64_t(m.splits[row * k + i]); };

  // Thousands of parts: bands of `group` parts, staircases every group-th row.
  // Bands at least 3 px tall, and at most ~20,000 band rectangles in all (k columns each).
  const uint64_t max_bands = std::max<uint64_t>(1, std::min<uint64_t>(uint64_t(plot_h / (3 * sc)), 20000 / k));
  const uint64_t group = std::max<uint64_t>(1, (parts + max_bands - 1) / max_bands);
  const uint64_t bands = (parts + group - 1) / group;
  if (out) {
    for (uint32_t i = 0; i < k; ++i)
      out->columns.push_back({CX(i), y0, cw, Y(m.seq_begin[i + 1] - m.seq_begin[i]) - y0});
    out->plot_y = y0, out->plot_h = plot_h, out->max_len = max_len, out->group = group;
  }
  for (uint32_t i = 0; i < k; ++i) {
    const uint64_t len = m.seq_begin[i + 1] - m.seq_begin[i];
    cv.rect(CX(i), y0, CX(i) + cw, Y(len), to_u32(palette::kPlotBackground));
    if (len == 0) cv.outline(CX(i), y0, CX(i) + cw, y0 + plot_h, to_u32(palette::kBlockA), 1);  // an empty run
    for (uint64_t j = 0; j < parts; j += group) {
      const uint64_t j1 = std::min<uint64_t>(parts, j + group);
      if (split(j1, i) > split(j, i))
        cv.rect(CX(i), Y(split(j, i)), CX(i) + cw, Y(split(j1, i)), part_colour(j / group, bands));
    }
    if (cw + gap >= cv.text_w(std::to_string(i)) + 4 || i == 0)
      cv.text_centre(CX(i) + 0.5f * cw, content.y, std::to_string(i), dim);
    if (len == 0 && cw >= cv.text_w("empty") + 2) cv.text_centre(CX(i) + 0.5f * cw, y0 + 4 * sc, "empty", dim);
  }
  const float lw = std::max(1.5f, 1.5f * sc);
  // A staircase runs across the runs that have keys (an empty run holds no split worth a jump).
  auto staircase = [&](uint64_t row, ImU32 col, float w) {
    std::vector<ImVec2> pts;
    for (uint32_t i = 0; i < k; ++i) {
      if (m.seq_begin[i + 1] == m.seq_begin[i]) continue;
      const float y = Y(split(row, i));
      // A run of columns split at the same height is one segment.
      if (pts.size() >= 2 && pts.back().y == y && pts[pts.size() - 2].y == y) {
        pts.back().x = CX(i) + cw;
        continue;
      }
      pts.push_back(ImVec2(CX(i), y));
      pts.push_back(ImVec2(CX(i) + cw, y));
    }
    c.dl->AddPolyline(pts.data(), int(pts.size()), col, 0, w);
  };
  // Staircases at least 8 px apart (every band's edge shows anyway as a change of colour).
  const bool dense = plot_h / float(bands) < 12;
  const uint64_t stair = group * std::max<uint64_t>(1, uint64_t(std::ceil(8 / (plot_h / float(bands)))));
  for (uint64_t j = stair; j < parts; j += stair)
    staircase(j, to_u32(palette::kText, dense ? 0.45f : 0.9f), dense ? 1.0f : lw);
  if (traced_row > 0 && uint64_t(traced_row) < parts) staircase(uint64_t(traced_row), rank, 2.5f * lw);
  // Part numbers at the left, at the middle of their stretch of run 0.
  if (part_label_w > 0) {
    const uint64_t every = std::max<uint64_t>(group, nice_step(plot_h / float(parts), sp * 1.2f));
    for (uint64_t j = 0; j < parts; j += every) {
      const float ym = 0.5f * (Y(split(j, 0)) + Y(split(j + 1, 0)));
      cv.text_right(x0 - 6 * sc, ym - 0.5f * sp, std::to_string(j), dim);
    }
  }

  // Strips: part sizes (one row per part, in part order) and iterations per selection (at the
  // boundary between two parts, where that selection cut).
  const float px0 = cols_x1 + 14 * sc, px1 = px0 + strip_w;
  cv.text(px0, content.y, "part size", dim);
  const float ph = plot_h / float(parts);
  if (out) out->sizes = {px0, y0, strip_w, plot_h};
  uint64_t max_size = 1;
  for (uint64_t v : m.part_sizes) max_size = std::max(max_size, v);
  const uint64_t size_rows = std::min<uint64_t>(parts, m.part_sizes.size());
  for (uint64_t j = 0; j < size_rows; j += group) {
    const float ya = y0 + float(j) * ph, yb = y0 + float(std::min<uint64_t>(parts, j + group)) * ph;
    const float g = yb - ya >= 5 ? std::max(1.0f, (yb - ya) * 0.15f) : 0;
    cv.rect(px0, ya + g * 0.5f, px0 + float(double(m.part_sizes[j]) / double(max_size)) * strip_w, yb - g * 0.5f,
            part_colour(j / group, bands));
    if (yb - ya >= sp * 1.05f)
      cv.text(px0 + 4 * sc, 0.5f * (ya + yb) - 0.5f * sp, format_count(m.part_sizes[j]), to_u32(palette::kBackground));
  }
  if (has_it > 0) {
    const float ix0 = px1 + 14 * sc, ix1 = ix0 + strip_w;
    if (out) out->iterations = {ix0, y0, strip_w, plot_h};
    cv.text(ix0, content.y, "iterations", dim);
    cv.rect(ix0, y0, ix1, y0 + plot_h, to_u32(palette::kPlotBackground));
    // Where the numbers show, a bar is their height: one inside its bar is dark on the bar, never
    // half on the plot's dark background (as the part sizes' are).
    const bool numbers = ph >= sp * 1.05f;
    const float bh = numbers ? sp : std::clamp(ph * 0.5f, 1.5f, sp);
    for (size_t j = 0; j < m.iterations.size(); ++j) {  // selection of row j + 1
      if ((j + 1) % group) continue;
      const float yc = y0 + float(j + 1) * ph;
      const bool traced = int64_t(j + 1) == traced_row;
      const float end = ix0 + float(double(m.iterations[j]) / double(std::max<uint64_t>(max_it, 1))) * strip_w;
      cv.rect(ix0, yc - 0.5f * bh, end, yc + 0.5f * bh, traced ? rank : to_u32(palette::kComparator));
      if (numbers) {  // the number after the bar, or inside it where it does not fit after
        const std::string num = std::to_string(m.iterations[j]);
        if (end + 4 * sc + cv.text_w(num) <= ix1)
          cv.text(end + 4 * sc, yc - 0.5f * sp, num, text);
        else
          cv.text_right(end - 4 * sc, yc - 0.5f * sp, num, to_u32(palette::kBackground));
      }
    }
  }

  if (group > 1) items.push_back({dim, fmt::format("bands of {} parts", group), false});
  cv.legend(items, content.x, content.bottom(), content.w);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SplitMatrix& m) {
  draw_split_matrix(c, r, m, nullptr);
}

}  // namespace sortscope
