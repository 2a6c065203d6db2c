// SampleSearchTree: the splitters as the complete binary search tree in shared memory and a few keys
// followed down it (Leischner 2010 §6.2, Alg. 6: j := 2j + (e > bt[j]), log2 k times, no branches),
// with the shared-memory bank of every read: the top levels are read by every thread of a warp at
// the same address (a broadcast), the deep levels at up to 32 different ones.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/sample/sample_views.h"

namespace sortscope {

using namespace radix_view;

namespace {

// Levels drawn as a tree (31 nodes); deeper levels are listed in the rows of reads below it.
constexpr int kDrawnLevels = 5;

uint32_t bank_of(uint32_t node, uint32_t word_bytes) { return (node * word_bytes / 4) % 32; }

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleSearchTree& t) {
  int log_k = 0;
  while ((1u << log_k) < t.k) ++log_k;
  const size_t keys = t.keys.size();
  const bool valid = t.k >= 2 && t.tree.size() == t.k && t.path.size() == keys * size_t(log_k) &&
                     t.bucket.size() == keys;
  const Alternatives titles{
      fmt::format("Search tree in shared memory: {} per key, no branches", counted(uint64_t(log_k), "read")),
      fmt::format("Search tree: {} per key", counted(uint64_t(log_k), "read")), "Search tree"};
  Alternatives subtitles = dropping({fmt::format("bt[1] = s_{}, children of bt[j] at 2j, 2j+1", t.k / 2),
                                     fmt::format("j <- 2j + (e > bt[j]); bucket = j - {}", t.k),
                                     "bank = word index mod 32"});
  subtitles.push_back(fmt::format("bt[1] = s_{}", t.k / 2));  // a narrow panel: the root, uncut
  const Rect content = begin_panel(c, r, titles, subtitles);
  if (!valid || content.h < 40 || content.w < 80) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim), faint = to_u32(palette::kText, 0.25f);

  // Rows of reads under the tree, one per key; the tree takes what is left.
  const int levels = std::min(log_k, kDrawnLevels);
  const float row_h = std::round(spx * 1.25f);
  // A short panel lists fewer keys' reads (at least one), so the tree keeps a line a level.
  const float extra_row = log_k > levels ? 1.0f : 0.0f;
  size_t listed = keys;
  while (listed > 1 && content.h - row_h * (float(listed) + extra_row) - 4 * sc < float(levels) * spx * 1.2f) --listed;
  const float rows_h = row_h * (float(listed) + extra_row);
  // The level notes take a column at the right; the tree the rest.
  // At least the short notes' width ("broadcast", "<= 4 words"), at most the long ones'.
  const float short_w = std::max(text_width(sf, spx, "broadcast"),
                                 text_width(sf, spx, fmt::format("<= {} words", 1u << (levels - 1)))) + 6 * sc;
  const float notes_w =
      std::min(std::max(content.w * 0.3f, short_w), text_width(sf, spx, "all read bt[1]: broadcast") + 6 * sc);
  const Rect tree{content.x, content.y, content.w - notes_w, content.h - rows_h - 4 * sc};
  const float level_h = tree.h / float(levels);
  const float radius = std::clamp(std::min(level_h * 0.22f, tree.w / float(1u << levels) * 0.35f), 2.0f, 9.0f * sc);
  auto node_pos = [&](uint32_t j) {
    int d = 0;
    while ((2u << d) <= j) ++d;
    const uint32_t i = j - (1u << d);
    const float slot = tree.w / float(1u << d);
    return ImVec2(tree.x + slot * (float(i) + 0.5f), tree.y + level_h * (float(d) + 0.5f));
  };
  // Edges and nodes of the drawn levels.
  for (uint32_t j = 2; j < (1u << levels) && j < t.k; ++j)
    dl->AddLine(node_pos(j / 2), node_pos(j), faint, std::max(1.0f, sc));
  for (uint32_t j = 1; j < (1u << levels) && j < t.k; ++j) {
    const ImVec2 p = node_pos(j);
    dl->AddCircleFilled(p, radius, to_u32(palette::kBlockA));
  }
  // Each key's descent in the colour of the bucket it ends in (the key colour map, as in the array).
  for (size_t q = 0; q < keys; ++q) {
    const ImU32 col = class_colour(c, ColorBy::Bucket, t.bucket[q], t.k);
    const uint32_t* path = t.path.data() + q * size_t(log_k);
    for (int l = 0; l < levels; ++l) {
      const ImVec2 p = node_pos(path[l]);
      if (l + 1 < levels) dl->AddLine(p, node_pos(path[l + 1]), col, std::max(1.5f, 2.5f * sc));
      dl->AddCircle(p, radius + 2 * sc * float(q + 1), col, 0, std::max(1.0f, 1.5f * sc));
    }
  }
  // Level notes at the right: how many distinct words a warp reads at that level at most.
  for (int l = 0; l < levels; ++l) {
    // A narrow column keeps the words that matter ("broadcast", "<= 4 words") rather than "level 3: <...".
    const Alternatives note = l == 0 ? Alternatives{"all read bt[1]: broadcast", "broadcast"}
                                     : Alternatives{fmt::format("level {}: <= {} words", l + 1, 1u << l),
                                                    fmt::format("<= {} words", 1u << l)};
    const float y = tree.y + level_h * (float(l) + 0.5f) - spx * 0.5f;
    if (level_h > spx * 1.2f || (l == 0 && y + spx <= tree.bottom()))
      text(c, sf, spx, content.right(), y, dim, first_fitting(sf, spx, note, notes_w), 1.0f);
  }
  float rows_y = tree.bottom() + 4 * sc;
  if (log_k > levels) {
    text(c, sf, spx, content.x, rows_y, dim,
         fmt::format("+ {} down to {} buckets (a warp reads up to 32 words there)", counted(log_k - levels, "more level"),
                     t.k));
    rows_y += row_h;
  }

  // The reads of each key listed: node and bank per level.
  for (size_t q = 0; q < listed; ++q) {
    const float y = rows_y + row_h * float(q);
    const ImU32 col = class_colour(c, ColorBy::Bucket, t.bucket[q], t.k);
    const uint32_t* path = t.path.data() + q * size_t(log_k);
    std::string nodes = "nodes", banks = " \xC2\xB7 banks";
    for (int l = 0; l < log_k; ++l) {
      nodes += fmt::format(" {}", path[l]);
      banks += fmt::format(" {}", bank_of(path[l], t.word_bytes));
    }
    const Alternatives reads{nodes + banks, nodes};  // the banks go first, whole
    const std::string head = fmt::format("key {}: bucket {} \xC2\xB7 ", q + 1, t.bucket[q]);
    dl->AddRectFilled(ImVec2(content.x, y + spx * 0.2f), ImVec2(content.x + spx * 0.8f, y + spx), col);
    const float hx = content.x + spx;
    text(c, sf, spx, hx, y, to_u32(palette::kText), head);
    const float rx = hx + text_width(sf, spx, head);
    text(c, sf, spx, rx, y, dim, first_fitting(sf, spx, reads, content.right() - rx));
  }
  end_panel(c);
}

}  // namespace sortscope
