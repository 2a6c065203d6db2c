// Block-wise merging (Leischner 2010 §5.3.4, Alg. 4, after Inoue et al.'s AA-sort): the 2b merge
// buffer of one thread block of b threads, step by step. Each step, thread 0 compares the heads of
// the next b-blocks of both inputs; the block of the smaller head (ties: A) enters the buffer beside
// the b keys kept from the step before, the buffer is merged (bitonic network, or stable parallel
// ranking, §5.3.3) and its b smallest keys are written out. Invariant (App. B): the buffer always
// holds the next b smallest keys. Per step two rows of 2b cells coloured by key: before the merge
// (the new block outlined in its input's colour) and after it (the written half outlined).
// Exhausted inputs deliver padding blocks (hatched).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "colormap.h"
#include "views/legend.h"
#include "views/merge/merge_draw.h"
#include "views/merge_aux_views.h"

namespace sortscope {

using namespace merge_view;

namespace {

// One row of cells: runs of equal colour become one rect, and several cells share a pixel column
// when the buffer is wider than the row (the first cell of the column is shown).
void draw_cells(const Canvas& cv, const Timeline* t, const uint64_t* keys, uint32_t cells, float x0, float x1,
                float ya, float yb) {
  const float cell_w = (x1 - x0) / float(cells);
  const uint32_t per = std::max<uint32_t>(1, uint32_t(std::ceil(1.0f / cell_w)));
  uint32_t run_start = 0;
  ImU32 run_col = 0;
  bool run_pad = false;
  auto flush = [&](uint32_t end) {
    const float xa = x0 + float(run_start) * cell_w, xb = x0 + float(end) * cell_w;
    if (run_pad)
      cv.hatch(xa, ya, xb, yb);
    else
      cv.rect(xa, ya, xb, yb, run_col);
  };
  for (uint32_t i = 0; i < cells; i += per) {
    const bool pad = is_padding_word(keys[i]);
    const ImU32 col = pad || !t ? to_u32(palette::kComparator) : key_colour(*t, keys[i]);
    if (i == 0) {
      run_col = col, run_pad = pad;
    } else if (pad != run_pad || col != run_col) {
      flush(i);
      run_start = i, run_col = col, run_pad = pad;
    }
  }
  flush(cells);
  // Cell borders where cells are wide enough to count.
  if (cell_w >= 7)
    for (uint32_t i = 1; i < cells; ++i)
      cv.line(x0 + float(i) * cell_w, ya, x0 + float(i) * cell_w, yb, to_u32(palette::kPanel, 0.8f), 1);
}

const char* source_name(uint8_t from) { return from == 0 ? "A" : (from == 1 ? "B" : "pad"); }

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b) {
  Canvas cv(c, r);
  const uint32_t cells = b.buffer_keys, half = cells / 2;
  const bool valid = cells >= 2 && b.loaded_from.size() >= b.steps && b.out_begin.size() >= b.steps &&
                     b.before.size() >= size_t(b.steps) * cells && b.after.size() >= size_t(b.steps) * cells;
  const Rect content = cv.frame(
      fmt::format("Merge buffer of block {}, level {}: 2b = {} keys, b = {} threads, {} steps", b.block, b.level + 1,
                  cells, half, b.steps),
      b.stable ? "parallel ranking (stable): the kept keys move to buffer[0..b), the new block fills buffer[b..2b)"
               : "bitonic merge network (not stable): the new block fills buffer[0..b), buffer[b..2b) holds the kept keys");
  if (content.empty() || !valid || b.steps == 0) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);

  // Layout: step labels | 2b cells | where the outputs went. Rows: before and after per step.
  const float left_w = cv.text_w("step " + std::to_string(b.steps)) + cv.text_w("pad") + 18 * sc;
  const std::string widest_out = fmt::format("-> out {}", short_count(b.out_begin[b.steps - 1] + half));
  const float right_w = cv.text_w(widest_out) + 12 * sc;
  const float head_h = sp * 1.4f, foot_h = sp * 1.6f;
  const float x0 = content.x + left_w, x1 = content.right() - right_w;
  const float y0 = content.y + head_h, plot_h = content.h - head_h - foot_h;
  if (plot_h < 8 || x1 - x0 < 16) return;
  const float min_row = std::max(4.0f, 5 * sc), gap_frac = 0.6f;
  const uint32_t fit = std::max<uint32_t>(1, uint32_t(plot_h / (min_row * (2 + gap_frac))));
  const uint32_t shown = std::min(fit, b.steps);
  const float rh = std::min(sp * 1.15f, plot_h / (float(shown) * (2 + gap_frac)));
  const float step_h = rh * (2 + gap_frac);
  const float xm = x0 + (x1 - x0) * 0.5f;
  cv.text_centre(0.5f * (x0 + xm), content.y, "buffer[0..b)", dim);
  cv.text_centre(0.5f * (xm + x1), content.y, "buffer[b..2b)", dim);

  const float thick = std::max(2.0f, 2 * sc);
  const uint32_t fresh_lo = b.stable ? half : 0;
  for (uint32_t st = 0; st < shown; ++st) {
    const float yb0 = y0 + float(st) * step_h, ya0 = yb0 + rh;
    const uint8_t from = b.loaded_from[st];
    draw_cells(cv, c.timeline, &b.before[size_t(st) * cells], cells, x0, x1, yb0, yb0 + rh - 1);
    draw_cells(cv, c.timeline, &b.after[size_t(st) * cells], cells, x0, x1, ya0, ya0 + rh - 1);
    // The new block, outlined in its input's colour; the written half of the merged buffer.
    const ImU32 src = from == 0 ? to_u32(kRunA) : (from == 1 ? to_u32(kRunB) : to_u32(palette::kPadding));
    const float fx0 = x0 + float(fresh_lo) / float(cells) * (x1 - x0), fx1 = fx0 + 0.5f * (x1 - x0);
    cv.outline(fx0 + 0.5f * thick, yb0 + 0.5f * thick, fx1 - 0.5f * thick, yb0 + rh - 1 - 0.5f * thick, src, thick);
    cv.outline(x0 + 0.5f * thick, ya0 + 0.5f * thick, xm - 0.5f * thick, ya0 + rh - 1 - 0.5f * thick, text, thick);
    cv.line(xm, yb0, xm, ya0 + rh - 1, to_u32(palette::kBackground), std::max(1.0f, sc));
    // Labels where the rows are tall enough for text, else every few steps.
    const uint32_t every = std::max<uint32_t>(1, uint32_t(std::ceil(sp * 1.1f / step_h)));
    if (st % every == 0 || st + 1 == shown) {
      const float ty = yb0 + 0.5f * (2 * rh) - 0.5f * sp;
      const float w = cv.text(content.x, ty, "step " + std::to_string(st + 1), dim);
      cv.text(content.x + w + 6 * sc, ty, source_name(from), src, true);
      cv.text(x1 + 8 * sc, ya0 + 0.5f * rh - 0.5f * sp,
              fmt::format("-> out {}", short_count(b.out_begin[st])), text);
    }
  }
  float lx = content.x, ly = content.bottom() - sp * 1.15f;
  if (shown < b.steps) lx += cv.text(lx, ly, fmt::format("first {} of {} steps;", shown, b.steps), dim) + 10 * sc;
  lx = cv.swatch(lx, ly, to_u32(kRunA), "new block from A");
  lx = cv.swatch(lx, ly, to_u32(kRunB), "from B");
  lx = cv.swatch(lx, ly, to_u32(palette::kText), "b smallest written out");
  lx += cv.text(lx, ly, "rows: before / after merging; colour = key", dim) + 12 * sc;
  (void)lx;
}

}  // namespace sortscope
