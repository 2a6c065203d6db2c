// The digit histogram matrix of one radix pass as a heat map (Merrill & Grimshaw 2010 §4.1: the
// upsweep's per-block digit counts; Adinets & Merrill 2022 §3: onesweep's per-tile counts and its
// one histogram of every digit place), and once scanned, the offsets beside it: the same matrix
// after the exclusive scan, i.e. where each row's first key of each digit is written. Side by side
// a student sees counts turn into offsets: the scan runs down digit 0's column (every block), then
// digit 1's, so the offsets ramp up column by column.
//
// Large matrices (256 digits x thousands of blocks) are averaged into cells of at least two
// pixels, so the view draws a few tens of thousands of rectangles at most; small ones (16 digits x
// 4 blocks) get their numbers written in the cells.
#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/common/primitive_views.h"

namespace sortscope {
namespace {

using namespace radix_view;

// The matrix averaged onto a gx x gy grid (gx <= cols, gy <= rows).
struct Grid {
  uint32_t gx = 0, gy = 0;
  std::vector<double> mean;  // gy * gx
  double max = 0;
};

// The counts averaged onto the grid (integer sums: 2^20 cells cost about a millisecond).
Grid average(const std::vector<uint32_t>& counts, uint32_t rows, uint32_t cols, uint32_t gx, uint32_t gy) {
  Grid g;
  g.gx = gx;
  g.gy = gy;
  g.mean.assign(size_t(gx) * gy, 0.0);
  // Grid column of every matrix column, computed once (the inner loop runs over every cell).
  std::vector<uint32_t> column_of(cols), column_width(gx, 0);
  for (uint32_t col = 0; col < cols; ++col) {
    column_of[col] = uint32_t(uint64_t(col) * gx / cols);
    ++column_width[column_of[col]];
  }
  std::vector<uint64_t> row_sum(gx);
  for (uint32_t j = 0; j < gy; ++j) {
    const uint32_t r0 = uint32_t(uint64_t(j) * rows / gy), r1 = uint32_t(uint64_t(j + 1) * rows / gy);
    std::fill(row_sum.begin(), row_sum.end(), 0);
    for (uint32_t r = r0; r < r1; ++r) {
      const uint32_t* row = counts.data() + size_t(r) * cols;
      if (gx == cols)  // every digit its own column: a straight row add
        for (uint32_t col = 0; col < cols; ++col) row_sum[col] += row[col];
      else
        for (uint32_t col = 0; col < cols; ++col) row_sum[column_of[col]] += row[col];
    }
    for (uint32_t i = 0; i < gx; ++i) {
      const double m = double(row_sum[i]) / double(uint64_t(r1 - r0) * std::max<uint32_t>(1, column_width[i]));
      g.mean[size_t(j) * gx + i] = m;
      g.max = std::max(g.max, m);
    }
  }
  return g;
}

// The matrix sampled at the middle of each grid cell: for the offsets, a ramp that averaging
// would only smooth, at a fraction of the cost.
template <class Value>
Grid sample(uint32_t rows, uint32_t cols, uint32_t gx, uint32_t gy, Value value) {
  Grid g;
  g.gx = gx;
  g.gy = gy;
  g.mean.resize(size_t(gx) * gy);
  for (uint32_t j = 0; j < gy; ++j) {
    const uint32_t r = uint32_t((2 * uint64_t(j) + 1) * rows / (2 * uint64_t(gy)));
    for (uint32_t i = 0; i < gx; ++i) {
      const double v = double(value(r, uint32_t((2 * uint64_t(i) + 1) * cols / (2 * uint64_t(gx)))));
      g.mean[size_t(j) * gx + i] = v;
      g.max = std::max(g.max, v);
    }
  }
  return g;
}

struct MapStyle {
  Alternatives label;                 // over the map, longest first
  std::function<ImU32(float)> ramp;   // t in [0, 1]
  std::function<float(double)> to_t;  // cell value -> t
  std::string bar_lo{"0"}, bar_hi;
  Alternatives bar_note;  // after the bar, longest first; dropped when even the last does not fit
  bool bar_ticks = false;  // ticks on the bar at 10, 100, ... (log scale)
};

struct MapGeometry {
  Rect plot;
  uint32_t rows = 0, cols = 0;
  float cell_x(uint32_t col) const { return plot.x + plot.w * float(col) / float(cols); }
  float cell_y(uint32_t row) const { return plot.y + plot.h * float(row) / float(rows); }
};

// Draws one heat map of `value(row, col)` into `plot`, with numbers in the cells where they fit.
template <class Value>
void draw_map(const AuxDrawContext& c, const MapGeometry& m, uint32_t gx, uint32_t gy, const Grid& g,
              const MapStyle& style, Value value) {
  ImDrawList* dl = c.dl;
  const Rect& p = m.plot;
  dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(p.right(), p.bottom()), to_u32(palette::kPlotBackground));
  std::vector<float> xs(gx + 1);
  for (uint32_t i = 0; i <= gx; ++i) xs[i] = std::round(p.x + p.w * float(i) / float(gx));
  for (uint32_t j = 0; j < gy; ++j) {
    const float y0 = std::round(p.y + p.h * float(j) / float(gy)), y1 = std::round(p.y + p.h * float(j + 1) / float(gy));
    // One reservation per row of cells (its vertices stay within one 16-bit index range).
    dl->PrimReserve(int(gx) * 6, int(gx) * 4);
    for (uint32_t i = 0; i < gx; ++i)
      dl->PrimRect(ImVec2(xs[i], y0), ImVec2(xs[i + 1], y1), style.ramp(style.to_t(g.mean[size_t(j) * gx + i])));
  }
  // Exact grid: thin separators and, where they fit, the numbers.
  if (gx == m.cols && gy == m.rows) {
    const float cw = p.w / float(m.cols), ch = p.h / float(m.rows);
    if (cw >= 6 && ch >= 6) {
      const ImU32 sep = to_u32(palette::kPanel, 0.9f);
      for (uint32_t i = 1; i < m.cols; ++i) dl->AddLine(ImVec2(m.cell_x(i), p.y), ImVec2(m.cell_x(i), p.bottom()), sep);
      for (uint32_t j = 1; j < m.rows; ++j) dl->AddLine(ImVec2(p.x, m.cell_y(j)), ImVec2(p.right(), m.cell_y(j)), sep);
    }
    ImFont* f = small(c);
    float px = c.small_px;
    double widest = 0;
    for (uint32_t r = 0; r < m.rows; ++r)
      for (uint32_t col = 0; col < m.cols; ++col) widest = std::max(widest, double(value(r, col)));
    // Plain digits (no separators: narrower) below a million.
    auto cell_text = [](double v) { return v < 1e6 ? std::to_string(uint64_t(v)) : short_count(uint64_t(v)); };
    float need = text_width(f, px, cell_text(widest)) + 4;
    if (need > cw && need * 0.75f <= cw) {  // a little smaller still reads
      px *= cw / need;
      need = cw;
    }
    if (need <= cw && px + 2 <= ch && px >= 8)
      for (uint32_t r = 0; r < m.rows; ++r)
        for (uint32_t col = 0; col < m.cols; ++col) {
          const double v = double(value(r, col));
          const ImU32 tc = label_colour_on(style.ramp(style.to_t(v)));
          text(c, f, px, m.cell_x(col) + cw * 0.5f, m.cell_y(r) + 0.5f * (ch - px), tc, cell_text(v), 0.5f);
        }
  }
  dl->AddRect(ImVec2(p.x - 0.5f, p.y - 0.5f), ImVec2(p.right() + 0.5f, p.bottom() + 0.5f),
              to_u32(palette::kTextDim, 0.5f));
}

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const DigitHistogram& h) {
  if (h.rows == 0 || h.cols == 0 || h.counts.size() != size_t(h.rows) * h.cols) return;
  const std::string noun = histogram_row_noun(h);
  const std::string col = histogram_column_noun(h);  // "digit" or "bucket"
  const std::string Col = capitalised(col);
  const bool places = h.rows_are == DigitHistogram::Rows::DigitPlaces;
  const bool scanned = h.scanned.size() == h.counts.size();
  const uint64_t total_rows = places ? h.rows : uint64_t(h.rows) * h.blocks_per_row;  // at most
  uint64_t total = 0;
  for (uint32_t v : h.counts) total += v;
  if (places && h.rows) total /= h.rows;  // every place counts every key

  const LocalRanks* hl = places ? nullptr : pass_local_ranks(c, h.pass);
  const Alternatives titles =
      places ? Alternatives{"Digit histogram of every digit place", "Digit histogram of every place", "Digit histogram"}
             : Alternatives{fmt::format("{} counts per {}", Col, noun), Col + " counts"};
  std::vector<std::string> parts;
  if (places) {
    parts.push_back(fmt::format("{} places \xC3\x97 {} digits of {} bits", h.rows, h.cols, h.digit_bits));
    parts.push_back("from one read of the keys");
  } else {
    parts.push_back(pass_label(c, h));
    if (h.blocks_per_row > 1)
      parts.push_back(fmt::format("{} {} of {} {}s \xC3\x97 {} {}s", format_count(h.rows), noun_for(h.rows, "row"),
                                  h.blocks_per_row, noun, h.cols, col));
    else
      parts.push_back(fmt::format("{} {} \xC3\x97 {} {}s", format_count(h.rows), noun_for(h.rows, noun), h.cols, col));
    if (hl) parts.push_back(fmt::format("marked: {} {}", noun, hl->block));
  }
  const Rect content = begin_panel(c, r, titles, dropping(parts));
  ImFont* sf = small(c);
  const float spx = c.small_px, s = c.scale;
  const ImU32 text_col = to_u32(palette::kText), dim = to_u32(palette::kTextDim);

  // Columns: [y tick labels] [counts map] gap [offsets map]; rows: label, plot, x ticks, colour bar.
  const std::string row_word = places ? "place" : noun;
  // Left margin: row labels, then the marker of the highlighted row.
  const float marker = std::round(std::max(4.0f, 4 * s));
  const float label_right = 3.2f * marker + 2 * s;  // labels end this far left of the map
  // Room for the widest of the row labels, the rows' name over them and the columns' name under them.
  const float left = std::max({text_width(sf, spx, format_count(total_rows - 1)) + label_right,
                               text_width(sf, spx, row_word) + 4 * s, text_width(sf, spx, col) + 4 * s});
  const float gap = std::round((scanned ? 14 : 0) * s);
  const float map_w = std::floor((content.w - left - gap) / (scanned ? 2.0f : 1.0f));
  const float label_h = std::round(spx * 1.3f), ticks_h = std::round(spx * 1.25f), bar_h = std::round(spx * 1.35f);
  const float plot_h = content.h - label_h - ticks_h - bar_h;
  if (map_w < 24 || plot_h < 12) {
    end_panel(c);
    return;
  }
  // Cells of at least a pixel across (every digit keeps its column where it can) and, where rows
  // must be averaged anyway, two pixels down: 256 digits x ~100 rows of cells per map at most.
  const uint32_t gx = std::min<uint32_t>(h.cols, uint32_t(std::max(1.0f, map_w)));
  const uint32_t gy = h.rows <= uint32_t(plot_h) ? h.rows : uint32_t(std::max(1.0f, plot_h / 2));

  auto count_at = [&](uint32_t row, uint32_t col) { return h.counts[size_t(row) * h.cols + col]; };
  auto offset_at = [&](uint32_t row, uint32_t col) { return h.scanned[size_t(row) * h.cols + col]; };
  const Grid counts = average(h.counts, h.rows, h.cols, gx, gy);
  const bool averaged = gx < h.cols || gy < h.rows;

  MapStyle cs;
  cs.label = places ? Alternatives{"counts per place and digit", "counts"}
                    : Alternatives{fmt::format("counts: keys of each {} per {}", col, noun), "counts per " + col, "counts"};
  cs.ramp = count_colour;
  const double cmax = std::max(1.0, counts.max);
  // sqrt brightness, or log where a few cells dwarf the rest (skewed keys, high digit places of
  // small keys), so the ordinary cells still show.
  double nonzero_sum = 0, nonzero = 0;
  for (double v : counts.mean)
    if (v > 0) nonzero_sum += v, nonzero += 1;
  const bool log_scale = nonzero > 0 && cmax > 64 * nonzero_sum / nonzero;
  if (log_scale)
    cs.to_t = [cmax](double v) { return v > 0 ? float(std::log1p(v) / std::log1p(cmax)) : 0.0f; };
  else
    cs.to_t = [cmax](double v) { return v > 0 ? float(std::sqrt(v / cmax)) : 0.0f; };
  cs.bar_hi = short_count(uint64_t(std::ceil(cmax)));
  const std::string scale = log_scale ? "log" : "sqrt";
  if (averaged)
    cs.bar_note = {"keys, " + scale + " scale, cells averaged", scale + ", cells averaged", scale + ", averaged",
                   "averaged"};
  else
    cs.bar_note = {"keys, " + scale + " scale", scale + " scale", scale};
  cs.bar_ticks = log_scale;

  MapStyle os;
  os.label = places ? Alternatives{"offsets: exclusive scan along each place's row", "offsets: scan of each row", "offsets"}
                    : Alternatives{fmt::format("offsets: exclusive scan, {0}-major (down {0} 0, then {0} 1, ...)", col),
                                   fmt::format("offsets: {}-major exclusive scan", col), "offsets: scan", "offsets"};
  const double omax = std::max<double>(1.0, double(total));
  os.ramp = [](float t) { return to_u32(colormap_rgb8(t)); };
  os.to_t = [omax](double v) { return float(v / omax); };
  os.bar_hi = short_count(total);
  os.bar_note = {"output position", "position"};

  const float x0 = content.x + left;
  const float plot_y = content.y + label_h;
  std::vector<std::pair<MapGeometry, const MapStyle*>> maps;
  maps.push_back({MapGeometry{Rect{x0, plot_y, map_w, plot_h}, h.rows, h.cols}, &cs});
  if (scanned) maps.push_back({MapGeometry{Rect{x0 + map_w + gap, plot_y, map_w, plot_h}, h.rows, h.cols}, &os});

  for (size_t k = 0; k < maps.size(); ++k) {
    const MapGeometry& m = maps[k].first;
    const MapStyle& st = *maps[k].second;
    if (k == 0) draw_map(c, m, gx, gy, counts, st, count_at);
    else draw_map(c, m, gx, gy, sample(h.rows, h.cols, gx, gy, offset_at), st, offset_at);
    // Label over the map, shortened to its width.
    text(c, sf, spx, m.plot.x, content.y, text_col, first_fitting(sf, spx, st.label, m.plot.w));
    // Digit ticks under the map.
    const float ty = m.plot.bottom() + 2 * s;
    for (uint64_t d : axis_ticks(h.cols - 1, m.plot.w, text_width(sf, spx, std::to_string(h.cols - 1)))) {
      const float cx = m.plot.x + m.plot.w * (float(d) + 0.5f) / float(h.cols);
      c.dl->AddLine(ImVec2(cx, m.plot.bottom()), ImVec2(cx, ty + 1), dim);
      text_centred(c, sf, spx, cx, ty, dim, std::to_string(d), m.plot.x, m.plot.right());
    }
    // Colour bar: "0 [ramp] max  note"; the note goes first when room is short.
    const float by = ty + ticks_h, bh = std::round(spx * 0.8f);
    float bx = m.plot.x;
    text(c, sf, spx, bx, by, dim, st.bar_lo);
    bx += text_width(sf, spx, st.bar_lo) + 4 * s;
    const float hi_w = text_width(sf, spx, st.bar_hi);
    const float room = m.plot.right() - bx - hi_w - 4 * s;
    std::string note;  // the longest form that leaves the bar 60 px
    for (const std::string& n : st.bar_note)
      if (room - text_width(sf, spx, n) - 8 * s >= 60 * s) {
        note = n;
        break;
      }
    const bool with_note = !note.empty();
    const float note_w = text_width(sf, spx, note);
    const float bw = std::min(with_note ? room - note_w - 8 * s : room, std::max(60 * s, m.plot.w * 0.4f));
    if (bw >= 16) {
      colour_bar(c, bx, by + 0.5f * (spx - bh) + 1, bw, bh, [&](float t) { return st.ramp(t > 0 ? t : 1e-3f); });
      if (st.bar_ticks)  // decades on the log bar
        for (double v = 10; v < cmax; v *= 10) {
          const float tx = bx + bw * float(std::log1p(v) / std::log1p(cmax));
          c.dl->AddLine(ImVec2(tx, by + 0.5f * (spx - bh) + 1), ImVec2(tx, by + 0.5f * (spx + bh) + 1),
                        IM_COL32(20, 20, 28, 200), 1.0f);
        }
      bx += bw + 4 * s;
      text(c, sf, spx, bx, by, dim, st.bar_hi);
      bx += hi_w + 8 * s;
      if (with_note) text(c, sf, spx, bx, by, dim, note);
    }
  }

  // Row ticks at the left, with the axis name over them; "digit" under them.
  const MapGeometry& m0 = maps[0].first;
  text(c, sf, spx, x0 - 4 * s, content.y, dim, row_word, 1.0f);
  text(c, sf, spx, x0 - 4 * s, m0.plot.bottom() + 2 * s, dim, col, 1.0f);
  const float row_h = plot_h / float(h.rows);
  float below_last = -1e9f;  // where the last label drawn ends: a short plot keeps the labels that fit
  for (uint64_t row : axis_ticks(h.rows - 1, plot_h, spx)) {
    const float cy = plot_y + row_h * (float(row) + 0.5f);
    const uint64_t label = places ? row : row * h.blocks_per_row;
    float ly = cy - spx * 0.5f;
    ly = std::max(plot_y - 2, std::min(ly, plot_y + plot_h - spx + 2));  // short plots: the top wins
    if (ly < below_last) continue;  // it would sit on the previous label
    text(c, sf, spx, x0 - label_right, ly, dim, format_count(label), 1.0f);
    below_last = ly + spx * 1.2f;
  }
  // The highlighted block's row: outlined on both maps, with a marker in the margin.
  if (hl) {
    const uint32_t row = hl->block / std::max<uint32_t>(1, h.blocks_per_row);
    if (row < h.rows) {
      const float y0 = plot_y + row_h * float(row), y1 = plot_y + row_h * float(row + 1);
      const float yc = 0.5f * (y0 + y1), th = marker;
      for (const auto& mp : maps) {
        const Rect& p = mp.first.plot;
        c.dl->AddRect(ImVec2(p.x - 1, std::min(y0, yc - 1.5f) - 1), ImVec2(p.right() + 1, std::max(y1, yc + 1.5f) + 1),
                      to_u32(palette::kHighlight), 0, 0, std::max(1.5f, 1.5f * s));
      }
      c.dl->AddTriangleFilled(ImVec2(x0 - 2 - 1.6f * th, yc - th), ImVec2(x0 - 2, yc), ImVec2(x0 - 2 - 1.6f * th, yc + th),
                              to_u32(palette::kHighlight));
    }
  }
  end_panel(c);
}

}  // namespace sortscope
