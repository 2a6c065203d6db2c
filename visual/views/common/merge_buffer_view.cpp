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
#include "views/common/merge_draw.h"
#include "views/common/merge_layouts.h"
#include "views/common/primitive_views.h"

namespace sortscope {

using namespace merge_view;

namespace {

// One row of cells: runs of equal colour become one rect, and several cells share a pixel column
// when the buffer is wider than the row (the first cell of the column is shown).
void draw_cells(const Canvas& cv, const Timeline* t, DisplayRange range, const uint64_t* keys, uint32_t cells, float x0,
                float x1, float ya, float yb) {
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
    const ImU32 col = pad || !t ? to_u32(palette::kComparator) : key_colour(*t, keys[i], range);
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

void draw_merge_buffer(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b, MergeBufferLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  const uint32_t cells = b.buffer_keys, half = cells / 2;
  // network-merge (Satish et al. 2010 §5.3) records the retained vector of one chunk of a pass in
  // this trace; the multiway sort one block of a tree level (kernels/network_merge/README.md).
  const bool chunks = c.timeline && c.timeline->algorithm == "network-merge";
  const char* unit = chunks ? "chunk" : "block";
  const char* round = chunks ? "pass" : "level";
  const bool valid = cells >= 2 && b.loaded_from.size() >= b.steps && b.out_begin.size() >= b.steps &&
                     b.before.size() >= size_t(b.steps) * cells && b.after.size() >= size_t(b.steps) * cells;
  const Rect content = cv.frame(
      {fmt::format("Merge buffer of {} {}, {} {}: 2b = {} keys, b = {} threads, {} steps", unit, b.block, round,
                   b.level + 1, cells, half, b.steps),
       fmt::format("Merge buffer, {} {}, {} {}: 2b = {}, {} steps", unit, b.block, round, b.level + 1, cells, b.steps)},
      {b.stable
           ? "parallel ranking (stable): the kept keys move to buffer[0..b), the new block fills buffer[b..2b)"
           : "bitonic merge network (not stable): the new block fills buffer[0..b), buffer[b..2b) holds the kept keys",
       b.stable ? "stable (parallel ranking): kept keys in [0, b), new block in [b, 2b)"
                : "bitonic network: new block in [0, b), kept keys in [b, 2b)"});
  if (content.empty() || !valid || b.steps == 0) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);

  // Colours: the block's keys are a narrow slice of the input's range, so the colour map is
  // stretched over the keys this trace holds (the legend says from what to what).
  DisplayRange range = c.timeline ? c.timeline->range : DisplayRange{};
  const KeyType type = c.timeline ? c.timeline->key_type : KeyType::U32;
  // The buffer holds the next 2b smallest keys (App. B): the smallest key is in the first step's
  // buffer and the largest in the last step's, so those two steps give the range.
  DisplayRange last{};
  const bool stretched =
      c.timeline && local_range(type, b.before.data(), cells, range) &&
      local_range(type, &b.before[size_t(b.steps - 1) * cells], cells, last) &&
      (range.lo = std::min(range.lo, last.lo), range.hi = std::max(range.hi, last.hi), range.hi > range.lo);
  if (!stretched && c.timeline) range = c.timeline->range;

  const std::vector<LegendItem> items = {{to_u32(kRunA), "band: new block from A"},
                                         {to_u32(kRunB), "from B"},
                                         {to_u32(palette::kPadding), "padding"},
                                         {text, "band: the b smallest, written out"}};
  const float ramp_h = sp * 1.3f;
  const float head_h = sp * 1.4f, foot_h = sp * 0.5f + ramp_h + cv.legend_height(items, content.w);
  const float y0 = content.y + head_h, plot_h = content.h - head_h - foot_h;
  if (plot_h < 8) return;

  // A step: a band in the new block's colour over the half it went into, the buffer before the
  // merge, the buffer after it, a white band under the half written out. Rows stay tall enough to
  // read a key's colour. Two layouts: a list (labels left and right of each step) or, when a wide
  // short panel holds more that way, a grid of steps (labels above each). Past what fits: the
  // first steps, a slot saying how many are left out, and the last step (where padding comes in).
  const float min_row = std::max(sp * 0.9f, 6 * sc);
  const float label_h = sp * 1.2f;
  auto band_of = [&](float rh) { return std::clamp(rh * 0.3f, 2.0f, 4 * sc); };
  auto list_step = [&](float rh) { return 2 * rh + 2 * band_of(rh) + rh * 0.5f; };
  auto grid_step = [&](float rh) { return label_h + 2 * rh + 2 * band_of(rh) + rh * 0.4f; };
  const float left_w = std::max(cv.text_w("step " + std::to_string(b.steps)), cv.text_w("merged")) + 12 * sc;
  const float right_w =
      std::max(cv.text_w(fmt::format("-> out {}", short_count(b.out_begin[b.steps - 1]))), cv.text_w("<- pad")) +
      12 * sc;
  const uint32_t list_fit = std::max<uint32_t>(1, uint32_t(plot_h / list_step(min_row)));
  const float col_gap = std::round(18 * sc);
  const uint32_t cols_max = std::max<uint32_t>(1, uint32_t((content.w + col_gap) / (200 * sc + col_gap)));
  const uint32_t grid_rows = std::max<uint32_t>(1, uint32_t(plot_h / grid_step(min_row)));
  const bool grid = b.steps > list_fit && cols_max >= 2 && cols_max * grid_rows > list_fit;
  const uint32_t capacity = std::max<uint32_t>(3, grid ? cols_max * grid_rows : list_fit);
  std::vector<int64_t> order;  // step index, or -1 for the slot of steps left out
  if (b.steps <= capacity) {
    for (uint32_t st = 0; st < b.steps; ++st) order.push_back(st);
  } else {
    for (uint32_t st = 0; st + 2 < capacity; ++st) order.push_back(st);
    order.push_back(-1);
    order.push_back(int64_t(b.steps) - 1);
  }
  uint32_t cols = 1, rows = 1;
  float rh = sp * 1.6f;
  auto lay_out = [&] {
    cols = grid ? std::min<uint32_t>(cols_max, uint32_t(order.size())) : 1;
    rows = uint32_t((order.size() + cols - 1) / cols);
    rh = sp * 1.6f;
    while (rh > 3 && (grid ? grid_step(rh) : list_step(rh)) * float(rows) > plot_h) rh -= 0.25f;
  };
  lay_out();
  // A panel too short for the left-out slot's row (a projector's 1024 x 600: it ran over the
  // legend): the first and last steps only, the note in the head row.
  std::string left_out_note;
  if (order.size() > 2 && order[order.size() - 2] < 0 && (grid ? grid_step(rh) : list_step(rh)) * float(rows) > plot_h) {
    left_out_note = fmt::format("steps {} to {} left out", order.size() - 1, b.steps - 1);
    order.erase(order.end() - 2);
    lay_out();
  }
  const float band = band_of(rh), step_h = grid ? grid_step(rh) : list_step(rh);
  const float cell_w = grid ? (content.w - col_gap * float(cols - 1)) / float(cols) : content.w - left_w - right_w;
  if (cell_w < 16) return;
  if (!left_out_note.empty()) {
    cv.text_centre(content.x + 0.5f * content.w, content.y, left_out_note, dim);
  } else if (!grid) {
    const float x0 = content.x + left_w, xm = x0 + 0.5f * cell_w;
    cv.text_centre(0.5f * (x0 + xm), content.y, "buffer[0..b)", dim);
    cv.text_centre(xm + 0.5f * (xm - x0), content.y, "buffer[b..2b)", dim);
  }

  if (out) out->grid = grid;
  const uint32_t fresh_lo = b.stable ? half : 0;
  const bool row_labels = rh >= sp * 0.95f;
  for (size_t slot = 0; slot < order.size(); ++slot) {
    const uint32_t col = uint32_t(slot / rows), row = uint32_t(slot % rows);  // grid: down, then across
    const float cx0 = grid ? content.x + float(col) * (cell_w + col_gap) : content.x + left_w;
    const float cx1 = cx0 + cell_w, xm = 0.5f * (cx0 + cx1);
    const float top = y0 + float(row) * step_h;
    const float yt = grid ? top + label_h : top, yb0 = yt + band, ya0 = yb0 + rh, yo = ya0 + rh;
    if (out) {
      out->steps.push_back(order[slot]);
      out->before.push_back(order[slot] < 0 ? Rect{} : Rect{cx0, yb0, cell_w, rh - 1});
      out->after.push_back(order[slot] < 0 ? Rect{} : Rect{cx0, ya0, cell_w, rh});
    }
    if (order[slot] < 0) {
      cv.text_centre(xm, top + 0.5f * (step_h - sp),
                     fmt::format("... steps {} to {} left out ...", slot + 1, b.steps - 1), dim);
      continue;
    }
    const uint32_t st = uint32_t(order[slot]);
    const uint8_t from = b.loaded_from[st];
    const ImU32 src = from == 0 ? to_u32(kRunA) : (from == 1 ? to_u32(kRunB) : to_u32(palette::kPadding));
    // The padding's grey is under 3:1 on the panel: its label says "pad" in the dim text colour.
    const ImU32 src_text = from > 1 ? dim : src;
    const float fx0 = cx0 + float(fresh_lo) / float(cells) * cell_w, fx1 = fx0 + 0.5f * cell_w;
    cv.rect(fx0, yt, fx1, yb0 - 1, src);
    draw_cells(cv, c.timeline, range, &b.before[size_t(st) * cells], cells, cx0, cx1, yb0, ya0 - 1);
    draw_cells(cv, c.timeline, range, &b.after[size_t(st) * cells], cells, cx0, cx1, ya0, yo);
    cv.rect(cx0, yo + 1, xm, yo + band, text);
    cv.line(xm, yb0, xm, yo, to_u32(palette::kPanel), std::max(1.0f, sc));
    const std::string out = fmt::format("-> out {}", short_count(b.out_begin[st]));
    if (grid) {
      const float w = cv.text(cx0, top, "step " + std::to_string(st + 1), text);
      cv.text(cx0 + w + 8 * sc, top, std::string("<- ") + source_name(from), src_text);
      cv.text_right(cx1, top, out, dim);
      continue;
    }
    const float ty = row_labels ? yb0 + 0.5f * (rh - sp) : ya0 - 0.5f * sp;
    cv.text(content.x, ty, "step " + std::to_string(st + 1), text);
    cv.text(cx1 + 8 * sc, ty, std::string("<- ") + source_name(from), src_text);
    if (row_labels) {
      cv.text(content.x, ya0 + 0.5f * (rh - sp), "merged", dim);
      cv.text(cx1 + 8 * sc, ya0 + 0.5f * (rh - sp), out, text);
    }
  }

  // Legend: the bands, then the colour ramp with the keys at its ends.
  cv.legend(items, content.x, content.bottom() - ramp_h, content.w);
  float lx = content.x;
  const float ly = content.bottom() - sp * 1.1f;
  if (c.timeline) {
    lx += cv.text(lx, ly, format_key_value(type, range.lo), dim) + 4 * sc;
    const float rw = std::round(70 * sc), rh2 = std::round(sp * 0.8f), ry = ly + 0.5f * (sp - rh2);
    for (int i = 0; i < 32; ++i) {
      const Rgb8 a = colormap_rgb8(float(i) / 32), z = colormap_rgb8(float(i + 1) / 32);
      c.dl->AddRectFilledMultiColor(ImVec2(lx + rw * float(i) / 32, ry), ImVec2(lx + rw * float(i + 1) / 32, ry + rh2),
                                    IM_COL32(a.r, a.g, a.b, 255), IM_COL32(z.r, z.g, z.b, 255),
                                    IM_COL32(z.r, z.g, z.b, 255), IM_COL32(a.r, a.g, a.b, 255));
    }
    lx += rw + 4 * sc;
    // The longest note that fits the panel's width, rather than one cut at its edge.
    const std::string hi = format_key_value(type, range.hi);
    std::string line = hi;
    for (const std::string& note : {stretched ? fmt::format("  colour = key (over this {}'s keys)", unit) : std::string(),
                                    std::string("  colour = key")})
      if (!note.empty() && lx + cv.text_w(hi + note) <= content.right()) {
        line = hi + note;
        break;
      }
    cv.text(lx, ly, line, dim);
  }
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b) {
  draw_merge_buffer(c, r, b, nullptr);
}

}  // namespace sortscope
