// Every thread block's share of a two-way merge pass (Satish et al. 2010 §5.3; ModernGPU's merge
// partitions): block t writes outputs [t * tile, (t + 1) * tile) of its pair's merged run and reads
// the stretch of A and the stretch of B that the merge path puts between its two cross-diagonals.
// One row per block, both runs of its pair side by side along x: the A stretches and the B stretches
// walk right as t grows, at rates set by the keys, while every row's two lengths add up to the same
// tile (the bar at the right): an even split of the work whatever the input.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "colormap.h"
#include "views/legend.h"
#include "views/common/merge_draw.h"
#include "views/common/merge_layouts.h"
#include "views/common/primitive_views.h"

namespace sortscope {

using namespace merge_view;

void draw_block_shares(const AuxDrawContext& c, const Rect& r, const MergeBlockShares& s, BlockSharesLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  const uint64_t blocks = std::min({s.a_begin.size(), s.a_end.size(), s.b_begin.size(), s.b_end.size()});
  const uint64_t run = std::max<uint64_t>(s.run_keys_in, 1), pair_keys = 2 * run;
  const Rect content = cv.frame(
      {fmt::format("Block shares: pass {}, {} blocks of {} outputs", s.pass + 1, format_count(blocks),
                   format_count(s.tile_keys)),
       fmt::format("Block shares: pass {}, {} blocks", s.pass + 1, format_count(blocks))},
      {fmt::format("each block merges {} outputs: a stretch of A plus a stretch of B of its pair of runs of {}",
                   format_count(s.tile_keys), format_count(s.run_keys_in)),
       fmt::format("a stretch of A + a stretch of B = {} outputs per block", format_count(s.tile_keys))});
  if (content.empty() || blocks == 0) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim);

  // Rows: all blocks when they fit; else the first whole pairs of runs that fit (the pattern repeats
  // per pair); else, when one pair alone has too many blocks, every step-th block of the first pair.
  const ImU32 ca = to_u32(kRunA), cb = to_u32(kRunB);
  // A legend line wider than the panel (a projector's 1024 px) takes its short form whole rather
  // than being cut at the panel's edge.
  auto fitting = [&](std::string whole, std::string short_form) {
    return cv.text_w(whole) <= content.w ? whole : short_form;
  };
  std::vector<LegendItem> items = {
      {ca, "keys from A"},
      {cb, "keys from B"},
      {0, fitting(fmt::format("one row per block; bar = its {} outputs", format_count(s.tile_keys)),
                  fmt::format("bar: {} outputs", format_count(s.tile_keys))),
       false}};
  // (which rows are shown is appended below; its longest form is reserved for here)
  std::vector<LegendItem> widest = items;
  widest.push_back({0, fitting("every 1,000th block of the first pair (1,000 of 100,000 blocks)", "1,000 of 100,000 blocks"),
                    false});
  const float legend_h = sp * 1.4f + cv.legend_height(widest, content.w), head_h = sp * 1.5f;
  const float plot_h = content.h - legend_h - head_h;
  if (plot_h < 8) return;
  // Whole pairs get rows tall enough to tell apart; within one pair a staircase of thin rows
  // still reads as one shape.
  const uint64_t max_rows = std::max<uint64_t>(1, uint64_t(plot_h / std::max(3.0f, sp * 0.55f)));
  const uint64_t max_thin_rows = std::max<uint64_t>(1, uint64_t(plot_h / std::max(2.0f, 2 * sc)));
  const uint64_t per_pair = std::max<uint64_t>(1, (pair_keys + s.tile_keys - 1) / std::max<uint64_t>(s.tile_keys, 1));
  std::vector<uint64_t> rows;
  std::string which;
  if (blocks <= max_rows) {
    for (uint64_t t = 0; t < blocks; ++t) rows.push_back(t);
  } else if (per_pair <= max_rows) {
    const uint64_t pairs = max_rows / per_pair;
    for (uint64_t t = 0; t < pairs * per_pair; ++t) rows.push_back(t);
    which = fmt::format(
        "blocks 0-{} of {} ({})", format_count(rows.size() - 1), format_count(blocks),
        pairs == 1 ? std::string("the first pair of runs") : fmt::format("the first {} pairs of runs", pairs));
  } else {
    const uint64_t step = (per_pair + max_thin_rows - 1) / max_thin_rows;
    for (uint64_t t = 0; t < std::min(per_pair, blocks); t += step) rows.push_back(t);
    which = fitting(fmt::format("every {} block of the first pair ({} of {} blocks)", ordinal(step), rows.size(),
                                format_count(blocks)),
                    fmt::format("{} of {} blocks", rows.size(), format_count(blocks)));
  }

  // Columns: block numbers, the pair's A and B side by side, the share bar.
  const float label_w = cv.text_w(format_count(rows.back())) + 8 * sc;
  const float bar_w = std::round(std::min(content.w * 0.16f, 140 * sc));
  const float x0 = content.x + label_w, x1 = content.right() - bar_w - 12 * sc;
  const float bx0 = x1 + 12 * sc, bx1 = content.right();
  const float y0 = content.y + head_h;
  // Rows no taller than a line of text: a few blocks do not become slabs.
  const float row_h = std::min(plot_h / float(rows.size()), sp * 2.2f);
  if (x1 - x0 < 16) return;
  auto X = [&](uint64_t pos_in_pair) { return x0 + float(double(pos_in_pair) / double(pair_keys)) * (x1 - x0); };
  const float mid = X(run);
  if (out) {
    out->plot = {x0, y0, x1 - x0, row_h * float(rows.size())};
    out->bar = {bx0, y0, bx1 - bx0, row_h * float(rows.size())};
    out->row_h = row_h;
    out->rows = rows;
  }
  cv.rect(x0, y0, x1, y0 + row_h * float(rows.size()), to_u32(palette::kPlotBackground));
  cv.text_centre(0.5f * (x0 + mid), content.y, "run A", to_u32(kRunA));
  cv.text_centre(0.5f * (mid + x1), content.y, "run B", to_u32(kRunB));
  // Positions along the pair below the rows.
  const float used_h = row_h * float(rows.size());
  cv.text(x0, y0 + used_h + 2 * sc, "0", dim);
  cv.text_centre(mid, y0 + used_h + 2 * sc, short_count(run), dim);
  cv.text_right(x1, y0 + used_h + 2 * sc, short_count(pair_keys), dim);
  cv.text_centre(0.5f * (bx0 + bx1), content.y, "outputs", dim);

  const float gap = row_h >= 5 ? std::max(1.0f, row_h * 0.18f) : 0;
  const uint64_t label_every = std::max<uint64_t>(1, uint64_t(std::ceil(sp * 1.1f / row_h)));
  for (size_t i = 0; i < rows.size(); ++i) {
    const uint64_t t = rows[i];
    const uint64_t pair_begin = t * s.tile_keys / pair_keys * pair_keys;
    const float ya = y0 + float(i) * row_h + gap * 0.5f, yb = y0 + float(i + 1) * row_h - gap * 0.5f;
    // A stretch and B stretch, each at least a pixel wide when not empty.
    const uint64_t a0 = s.a_begin[t] - pair_begin, a1 = s.a_end[t] - pair_begin;
    const uint64_t b0 = s.b_begin[t] - pair_begin, b1 = s.b_end[t] - pair_begin;
    if (a1 > a0) cv.rect(X(a0), ya, std::max(X(a1), X(a0) + 1), yb, ca);
    if (b1 > b0) cv.rect(X(b0), ya, std::max(X(b1), X(b0) + 1), yb, cb);
    // The share bar: A's count then B's, out of a full tile.
    const double full = double(std::max<uint64_t>(s.tile_keys, 1));
    const float wa = float(double(a1 - a0) / full) * (bx1 - bx0), wb = float(double(b1 - b0) / full) * (bx1 - bx0);
    cv.rect(bx0, ya, bx0 + wa, yb, ca);
    cv.rect(bx0 + wa, ya, std::min(bx1, bx0 + wa + wb), yb, cb);
    if (i % label_every == 0 && row_h * label_every >= sp * 1.05f)
      cv.text_right(x0 - 6 * sc, 0.5f * (ya + yb) - sp * 0.5f, format_count(t), dim);
    // A line between pairs of runs.
    if (i > 0 && t * s.tile_keys % pair_keys == 0 && row_h >= 4)
      cv.line(x0, y0 + float(i) * row_h, x1, y0 + float(i) * row_h, to_u32(palette::kTextDim, 0.7f), 1);
  }
  cv.line(mid, y0, mid, y0 + used_h, to_u32(palette::kTextDim, 0.8f), std::max(1.0f, sc));
  cv.outline(bx0 - 0.5f, y0 - 0.5f, bx1 + 0.5f, y0 + used_h + 0.5f, to_u32(palette::kTextDim, 0.6f), 1);

  if (!which.empty()) items.push_back({0, which, false});
  cv.legend(items, content.x, content.bottom(), content.w);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBlockShares& s) {
  draw_block_shares(c, r, s, nullptr);
}

}  // namespace sortscope
