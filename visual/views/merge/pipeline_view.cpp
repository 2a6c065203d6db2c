// Pipelined 4-way merging (Leischner 2010 §5.3.5, Fig. 8): one thread block's tree of three
// block-wise mergers. Above, the tree: the two leaf mergers (pieces 0+1, pieces 2+3), their
// buffers in shared memory with the fill at the highlighted round, the head merger and the output.
// Below, round by round: each buffer's fill (a column, out of 2b) with a mark where its leaf ran a
// step, and the output growing (b keys a round after the head's first load) over a strip in the
// colour of the buffer the head took its b-block from. The buffers' colours are those of the two inputs of the head (A, B).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "colormap.h"
#include "views/common/merge_draw.h"
#include "views/merge/merge_views.h"

namespace sortscope {

using namespace merge_view;

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const PipelineTrace& t) {
  Canvas cv(c, r);
  const bool valid = t.piece_keys.size() == 4 && t.leaves.size() >= t.rounds && t.fill.size() >= 2 * size_t(t.rounds) &&
                     t.head_from.size() >= t.rounds && t.output.size() >= t.rounds && t.capacity > 0;
  const Rect content = cv.frame(
      {fmt::format("Pipelined 4-way merge of block {}, level {}: b = {} threads, two buffers of {} keys, {} rounds",
                   t.block, t.level + 1, t.merge_threads, t.capacity, t.rounds),
       fmt::format("Pipelined 4-way merge, block {}, level {}: {} rounds", t.block, t.level + 1, t.rounds)},
      {"per round the leaves with room refill their buffers (b keys each), then the head merges b keys out",
       "leaves refill their buffers, the head merges b keys out"});
  if (content.empty() || !valid || t.rounds == 0) return;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText), grid = to_u32(kGrid);
  const ImU32 col[2] = {to_u32(kRunA), to_u32(kRunB)};
  const ImU32 frame = to_u32(palette::kTextDim, 0.8f), ground = to_u32(kGrid, 0.45f);
  const uint64_t total = t.piece_keys[0] + t.piece_keys[1] + t.piece_keys[2] + t.piece_keys[3];
  const uint32_t shown = t.rounds / 2;  // the round the tree shows
  auto fill = [&](uint32_t round, int i) { return t.fill[2 * size_t(round) + size_t(i)]; };

  // ---- The tree (upper part) ---------------------------------------------------------------------
  // The tree takes what the chart below leaves it: the chart wants a text line per row.
  const float tree_h = std::clamp(content.h - 8 * sp, 3.6f * sp, std::min(content.h * 0.42f, 9 * sp));
  const float box_h = std::max(sp * 1.45f, tree_h * 0.36f);
  const float x0 = content.x, w = content.w;
  const float leaf_w = w * 0.24f, buf_w = w * 0.24f, head_w = w * 0.16f;
  const float bx0 = x0 + leaf_w + w * 0.05f, hx0 = bx0 + buf_w + w * 0.05f, ox0 = hx0 + head_w + w * 0.04f;
  const float ox1 = content.right();
  const float ys[2] = {content.y, content.y + tree_h - box_h};
  const float hy = content.y + 0.5f * (tree_h - box_h);
  uint32_t leaf_steps[2] = {0, 0};
  for (uint32_t rr = 0; rr < t.rounds; ++rr)
    for (int i = 0; i < 2; ++i) leaf_steps[i] += (t.leaves[rr] >> i) & 1u;
  for (int i = 0; i < 2; ++i) {
    const float y = ys[i];
    const bool active = (t.leaves[shown] >> i) & 1u;
    cv.rect(x0, y, x0 + leaf_w, y + box_h, ground);
    cv.outline(x0, y, x0 + leaf_w, y + box_h, active ? col[i] : frame, active ? 2.5f * sc : 1.0f * sc);
    cv.text(x0 + 4 * sc, y + 2 * sc, fmt::format("leaf {}: pieces {}+{}", i, 2 * i, 2 * i + 1), text);
    if (box_h > 2.2f * sp)
      cv.text(x0 + 4 * sc, y + 2 * sc + sp * 1.1f,
              fmt::format("{} + {} keys, {} steps", short_count(t.piece_keys[size_t(2 * i)]),
                          short_count(t.piece_keys[size_t(2 * i + 1)]), leaf_steps[i]),
              dim);
    // Its buffer: capacity 2b, filled to the shown round's level.
    const float by0 = y, by1 = y + box_h;
    cv.line(x0 + leaf_w, 0.5f * (by0 + by1), bx0, 0.5f * (by0 + by1), frame, 1.5f * sc);
    cv.rect(bx0, by0, bx0 + buf_w, by1, ground);
    const float f = float(fill(shown, i)) / float(t.capacity);
    cv.rect(bx0, by0, bx0 + f * buf_w, by1, col[i]);
    cv.outline(bx0, by0, bx0 + buf_w, by1, frame, 1.0f * sc);
    cv.line(bx0 + 0.5f * buf_w, by0, bx0 + 0.5f * buf_w, by1, grid, 1.0f * sc);  // b
    cv.text(bx0 + 4 * sc, by0 + 0.5f * (box_h - sp), fmt::format("buffer {}: {} of {}", i, fill(shown, i), t.capacity),
            to_u32(palette::kBackground));
    cv.line(bx0 + buf_w, 0.5f * (by0 + by1), hx0, hy + 0.5f * box_h, frame, 1.5f * sc);
  }
  const uint8_t from = t.head_from[shown];
  cv.rect(hx0, hy, hx0 + head_w, hy + box_h, ground);
  cv.outline(hx0, hy, hx0 + head_w, hy + box_h, from < 2 ? col[from] : frame, 2.5f * sc);
  cv.text(hx0 + 4 * sc, hy + 2 * sc, "head", text);
  if (box_h > 2.2f * sp)
    cv.text(hx0 + 4 * sc, hy + 2 * sc + sp * 1.1f, from < 2 ? fmt::format("<- buffer {}", from) : "<- padding",
            from < 2 ? col[from] : dim);
  // The output: what the head has written by the shown round.
  const float oy0 = hy + 0.25f * box_h, oy1 = hy + 0.75f * box_h;
  cv.line(hx0 + head_w, 0.5f * (oy0 + oy1), ox0, 0.5f * (oy0 + oy1), frame, 1.5f * sc);
  cv.rect(ox0, oy0, ox1, oy1, ground);
  cv.rect(ox0, oy0, ox0 + float(double(t.output[shown]) / double(std::max<uint64_t>(total, 1))) * (ox1 - ox0), oy1, text);
  cv.outline(ox0, oy0, ox1, oy1, frame, 1.0f * sc);
  cv.text(ox0, oy1 + 1, fmt::format("output {} of {}", short_count(t.output[shown]), short_count(total)), dim);
  cv.text_right(ox1, content.y, fmt::format("the tree at round {}", shown + 1), dim);

  // ---- Round by round (lower part) ---------------------------------------------------------------
  // Three rows: each buffer's fill (a column per round, out of 2b; a mark on top where its leaf ran
  // a step) and the output (a strip under it: the buffer the head took its block from).
  const float label_w = cv.text_w("buffer 0") + 10 * sc;
  const float px0 = content.x + label_w, px1 = content.right();
  const float top = content.y + tree_h + sp * 1.8f, bottom = content.bottom() - sp * 1.4f;
  if (bottom - top < 3 * sp || px1 - px0 < 20) return;
  const float gap = 3 * sc, mark = std::clamp((bottom - top) * 0.05f, 2.0f, 4 * sc);
  const float row_h = ((bottom - top) - 2 * gap) / 3.0f;
  const float y_fill0 = top, y_fill1 = top + row_h + gap, y_out = top + 2 * (row_h + gap);
  const float fill_h = row_h - mark - 1, out_h = row_h - mark - 1;
  const float rw = (px1 - px0) / float(t.rounds);
  auto label = [&](float yy, const char* s) { cv.text(content.x, yy + 0.5f * (row_h - sp), s, dim); };
  label(y_fill0, "buffer 0");
  label(y_fill1, "buffer 1");
  label(y_out, "output");
  for (float yy : {y_fill0, y_fill1}) cv.rect(px0, yy + mark + 1, px1, yy + row_h, ground);
  cv.rect(px0, y_out, px1, y_out + out_h, ground);
  // Several rounds share a pixel column when there are more rounds than columns: the first is drawn.
  const uint32_t per = std::max<uint32_t>(1, uint32_t(std::ceil(1.0f / rw)));
  const float cw = std::max(1.0f, rw * float(per) - (rw * float(per) >= 4 ? 1.0f : 0.0f));
  for (uint32_t rr = 0; rr < t.rounds; rr += per) {
    const float xa = px0 + float(rr) * rw, xb = xa + cw;
    for (int i = 0; i < 2; ++i) {
      const float yy = i == 0 ? y_fill0 : y_fill1;
      if ((t.leaves[rr] >> i) & 1u) cv.rect(xa, yy, xb, yy + mark, col[i]);
      const float h = fill_h * float(fill(rr, i)) / float(t.capacity);
      cv.rect(xa, yy + row_h - h, xb, yy + row_h, col[i]);
    }
    const uint8_t hf = t.head_from[rr];
    if (hf < 2)
      cv.rect(xa, y_out + out_h + 1, xb, y_out + row_h, col[hf]);
    else
      cv.hatch(xa, y_out + out_h + 1, xb, y_out + row_h);
    const float oh = out_h * float(double(t.output[rr]) / double(std::max<uint64_t>(total, 1)));
    cv.rect(xa, y_out + out_h - oh, xb, y_out + out_h, text);
  }
  const float y_fill_base[2] = {y_fill0 + mark + 1, y_fill1 + mark + 1};
  for (float yy : y_fill_base)
    cv.line(px0, yy + 0.5f * fill_h, px1, yy + 0.5f * fill_h, to_u32(palette::kText, 0.5f), 1.0f);  // b of 2b
  const float sx = px0 + (float(shown) + 0.5f) * rw;
  cv.line(sx, top - 2, sx, bottom, to_u32(kRank), 1.5f * sc);
  const float ends = cv.text(px0, bottom + 2, "round 1", dim) + 12 * sc;
  const std::string last = fmt::format("round {}", t.rounds);
  cv.text_right(px1, bottom + 2, last, dim);
  const float room = px1 - px0 - 2 * std::max(ends, cv.text_w(last) + 12 * sc);
  for (const char* note : {"columns: fill out of 2b (line at b); marks: the leaf ran; strip: the head took from",
                           "fill out of 2b (line at b)"})
    if (cv.text_w(note) <= room) {
      cv.text_centre(0.5f * (px0 + px1), bottom + 2, note, dim);
      break;
    }
}

}  // namespace sortscope
