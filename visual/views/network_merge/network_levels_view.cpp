// One call of the bitonic merge network of network-merge (Satish et al. 2010 §5.3, Fig. 2 and
// Fig. 4; kernels/network_merge/network_merge_aux.h): the 2S-slot shared buffer as the network
// finds it (the retained vector, then the loaded S keys reversed: a bitonic sequence) and after
// each of its log2(2S) levels, a row of cells coloured by key. Between two rows the level's
// comparators as brackets from slot i to i + stride (the min goes to i), drawn in the swap colour
// where the pair was exchanged. Under the last row: the half written out and the half retained.
// At the bottom, when the panel is tall enough, Fig. 4's bank overlay: one level as the paper's
// GTX 280 ran it through shared memory (kernels/network_merge/network_merge_banks.h), the bank
// each of a half-warp's 16 threads hits in each read and write, interleaved offsets beside the
// skewed ones, conflicts marked.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>

#include <fmt/format.h>

#include "colormap.h"
#include "network_merge/network_merge_aux.h"
#include "network_merge/network_merge_banks.h"
#include "views/common/merge_draw.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

using namespace merge_view;

// Fig. 4's overlay in `band`: for the interleaved and the skewed offsets, a row per access of the
// half-warp's 16 threads, each cell the bank the thread hits, red where another thread hits the
// same bank at another word (serialised), and the access's ways at the right.
void draw_fig4_banks(const Canvas& cv, const Rect& band, uint32_t width) {
  using namespace network_merge;
  const float sc = cv.s(), sp = cv.small_px();
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);
  const std::string long_title = fmt::format(
      "Fig. 4 on the paper's GTX 280: one level through shared memory, cell = bank ({} banks) of thread 0..15 of a "
      "half-warp, S = {}", kFig4Banks, width);
  cv.text(band.x, band.y,
          cv.text_w(long_title) <= band.w ? long_title
                                          : fmt::format("Fig. 4: a level's shared-memory banks, half-warp, S = {}", width),
          text);
  const float top = band.y + sp * 1.5f, row_h = (band.bottom() - top) / 5.0f;
  float label_w = 0;
  for (Fig4Access a : kFig4Accesses) label_w = std::max(label_w, cv.text_w(std::string(fig4_access_name(a))));
  label_w += 6 * sc;
  const float ways_w = cv.text_w("16-way") + 6 * sc;
  const float block_w = (band.w - 8 * sc) / 2;
  for (int b = 0; b < 2; ++b) {
    const bool skewed = b == 1;
    const float bx = band.x + float(b) * (block_w + 8 * sc);
    const float cx0 = bx + label_w, cell_w = (block_w - label_w - ways_w) / float(kFig4HalfWarp);
    cv.text(bx, top, skewed ? "skewed: word a at a + a/16" : "interleaved (Fig. 2): word a at a", dim);
    if (cell_w < 3) continue;
    for (size_t k = 0; k < kFig4Accesses.size(); ++k) {
      const Fig4BankRow row = fig4_bank_row(width, kFig4Accesses[k], skewed);
      const float y = top + row_h * float(k + 1), h = std::max(2.0f, row_h - 2 * sc);
      cv.text(bx, y + 0.5f * (h - sp), std::string(fig4_access_name(kFig4Accesses[k])), dim);
      for (uint32_t t = 0; t < kFig4HalfWarp; ++t) {
        bool shared = false;
        for (uint32_t u = 0; u < kFig4HalfWarp; ++u)
          shared |= u != t && row.bank[u] == row.bank[t] && row.word[u] != row.word[t];
        const float x = cx0 + float(t) * cell_w;
        cv.rect(x, y, x + cell_w - 1, y + h, to_u32(shared ? palette::kSwapped : palette::kComparator, 0.55f));
        if (cell_w >= cv.text_w("15") && h >= sp) cv.text_centre(x + 0.5f * cell_w, y + 0.5f * (h - sp), fmt::format("{}", row.bank[t]), text);
      }
      cv.text(cx0 + 16 * cell_w + 4 * sc, y + 0.5f * (h - sp), row.ways == 1 ? "free" : fmt::format("{}-way", row.ways),
              row.ways == 1 ? dim : text);
    }
  }
}

void draw_network_levels(const AuxDrawContext& c, const Rect& r, const NetworkLevels& l) {
  Canvas cv(c, r);
  const uint32_t s = l.width, slots = 2 * s;
  int levels = 0;
  while ((uint32_t(1) << levels) < slots) ++levels;
  Rect content = cv.frame(
      {fmt::format("Bitonic merge network, pass {}, chunk {}, call {}: S = {}, {} levels of {} comparators", l.pass + 1,
                   l.unit, l.call + 1, s, levels, s),
       fmt::format("Merge network, pass {}: S = {}, {} levels", l.pass + 1, s, levels)},
      {fmt::format("retained vector in [0, S), the S keys loaded from {} reversed in [S, 2S): a bitonic sequence; "
                   "level by level min to the left, max to the right",
                   l.loaded_from == 0 ? "A" : "B"),
       "retained | loaded (reversed); each level: min left, max right"});
  if (content.empty() || s == 0 || l.rows.size() != size_t(levels + 1) * slots) return;
  const float sc = cv.s(), sp = cv.small_px();
  // Fig. 4's banks take the bottom when the levels keep at least 2.5 small lines a row (a row of
  // cells and its comparators' gap stay readable there; 4, the rule before, hid the overlay at
  // S = 16 in a 1500 x 1700 frame, where the levels had room to spare).
  const float band_h = sp * 1.5f + 5 * sp * 1.3f;
  if (content.h - band_h - 6 * sc >= float(levels + 1) * sp * 2.5f && content.w >= 360 * sc) {
    draw_fig4_banks(cv, Rect{content.x, content.bottom() - band_h, content.w, band_h}, s);
    content.h -= band_h + 6 * sc;
  }
  const ImU32 dim = to_u32(palette::kTextDim), text = to_u32(palette::kText);

  // Colours stretched over the keys of this call (a narrow slice of the input's range).
  DisplayRange range = c.timeline ? c.timeline->range : DisplayRange{};
  const KeyType type = c.timeline ? c.timeline->key_type : KeyType::U32;
  const bool stretched = c.timeline && local_range(type, l.rows.data(), slots, range) && range.hi > range.lo;
  if (!stretched && c.timeline) range = c.timeline->range;

  const std::vector<LegendItem> items = {{to_u32(palette::kComparator), "comparator, kept"},
                                         {to_u32(palette::kSwapped), "comparator, swapped"},
                                         {to_u32(palette::kPadding), "padding (greater than every key)"}};
  const float label_w = cv.text_w("level 7  s=64") + 10 * sc;
  const float head_h = sp * 1.4f, foot_h = sp * 1.5f + cv.legend_height(items, content.w);
  const float x0 = content.x + label_w, x1 = content.right(), cell_w = (x1 - x0) / float(slots);
  const float plot_h = content.h - head_h - foot_h;
  if (cell_w < 1.5f || plot_h < float(levels + 1) * 4) return;
  // Rows of cells with a gap for the comparators between them: gap = 1.6 rows.
  const float row_h = std::min(sp * 1.6f, plot_h / (float(levels + 1) + 1.6f * float(levels)));
  const float gap = (plot_h - row_h * float(levels + 1)) / float(std::max(1, levels));
  const float ytop = content.y + head_h;
  auto cell_x = [&](uint32_t i) { return x0 + float(i) * cell_w; };
  auto row_y = [&](int row) { return ytop + float(row) * (row_h + gap); };

  // A half's label: the longest form that fits over the half (a projector's narrow panel cut them).
  auto half_label = [&](float xa, float xb, float y, std::initializer_list<std::string> forms, ImU32 col) {
    for (const std::string& f : forms)
      if (cv.text_w(f) <= xb - xa) {
        cv.text_centre(0.5f * (xa + xb), y, f, col);
        return;
      }
  };
  const std::string from = l.loaded_from == 0 ? "A" : "B";
  half_label(cell_x(0), cell_x(s), content.y, {"retained vector", "retained"}, dim);
  half_label(cell_x(s), cell_x(slots), content.y, {"loaded from " + from + ", reversed", "from " + from}, dim);
  // Rows closer than a line apart: the input's and the last level's labels only.
  const bool label_every_row = row_h + gap >= sp * 1.05f;

  for (int row = 0; row <= levels; ++row) {
    const uint64_t* keys = &l.rows[size_t(row) * slots];
    const float y = row_y(row);
    for (uint32_t i = 0; i < slots; ++i) {
      const float xa = cell_x(i), xb = cell_x(i + 1) - (cell_w >= 4 ? 1 : 0);
      if (is_padding_word(keys[i]))
        cv.hatch(xa, y, xb, y + row_h);
      else
        cv.rect(xa, y, xb, y + row_h, c.timeline ? key_colour(*c.timeline, keys[i], range) : text);
    }
    const std::string label = row == 0 ? "input" : fmt::format("level {}  s={}", row, s >> (row - 1));
    if (label_every_row || row == 0 || (row == levels && float(levels) * (row_h + gap) >= sp * 1.05f))
      cv.text(content.x, y + 0.5f * (row_h - sp), label, row == 0 ? text : dim);
    if (row == 0) continue;
    // The level's comparators, nested brackets in the gap above the row.
    const uint32_t stride = s >> (row - 1);
    const uint64_t* prev = &l.rows[size_t(row - 1) * slots];
    const float gy0 = row_y(row - 1) + row_h + 1, gh = gap - 2;
    for (uint32_t i = 0; i < slots; ++i) {
      if ((i & stride) != 0) continue;
      const uint32_t j = i + stride;
      const bool swapped = prev[i] != keys[i];
      const float depth = gy0 + gh * (0.2f + 0.65f * float(i % stride + 1) / float(stride));
      const float xi = 0.5f * (cell_x(i) + cell_x(i + 1)), xj = 0.5f * (cell_x(j) + cell_x(j + 1));
      const ImU32 col = to_u32(swapped ? palette::kSwapped : palette::kComparator);
      const float th = std::max(1.0f, (swapped ? 1.6f : 1.0f) * sc);
      cv.line(xi, gy0, xi, depth, col, th);
      cv.line(xi, depth, xj, depth, col, th);
      cv.line(xj, depth, xj, gy0 + gh, col, th);
    }
  }
  // Under the last row: what the call writes and what it keeps.
  const float yb = row_y(levels) + row_h + 2;
  cv.rect(cell_x(0), yb, cell_x(s) - 1, yb + 3 * sc, text);
  half_label(cell_x(0), cell_x(s), yb + 4 * sc, {"written out", "out"}, text);
  half_label(cell_x(s), cell_x(slots), yb + 4 * sc, {"kept: the next retained vector", "kept"}, dim);
  cv.legend(items, content.x, content.bottom(), content.w);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const NetworkLevels& l) { draw_network_levels(c, r, l); }

}  // namespace

void register_network_merge_views(ViewRegistry& registry) { registry.add_panel<NetworkLevels>(draw_aux_view); }

}  // namespace sortscope
