// Panel views of Locicero's binary-search merge sort (kernels/search_merge/search_merge_aux.h;
// 002 §2.3-§3): the rank counts of a tile, the transposition sort's swaps per phase, the binary
// searches of a merge (probes narrowing on the sibling run), and the merging tree's work per
// work-item, where the half version's stall at the top shows. Drawn with ImGui's draw list
// (aux_panel.h) in the radix views' panel frame (views/radix/radix_view_util.h).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "search_merge/search_merge_aux.h"
#include "views/common/panel_frame.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

using namespace radix_view;

const std::array<float, 4> kLeft{0.36f, 0.55f, 0.95f, 1.0f};
const std::array<float, 4> kRight{0.98f, 0.62f, 0.25f, 1.0f};

// Bars of `values` across `r` (one per entry, or max-pooled per pixel column) on a shared scale.
template <class Get>
void bars(const AuxDrawContext& c, const Rect& r, size_t count, double top, Get get, ImU32 col) {
  c.dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), to_u32(palette::kPlotBackground));
  if (count == 0 || top <= 0) return;
  const size_t cols = std::min<size_t>(count, size_t(std::max(1.0f, r.w)));
  for (size_t k = 0; k < cols; ++k) {
    double v = 0;
    for (size_t i = k * count / cols; i < (k + 1) * count / cols; ++i) v = std::max(v, double(get(i)));
    const float x0 = std::round(r.x + r.w * float(k) / float(cols)), x1 = std::round(r.x + r.w * float(k + 1) / float(cols));
    const float h = r.h * float(v / top);
    c.dl->AddRectFilled(ImVec2(x0, r.bottom() - h), ImVec2(std::max(x0 + 1, x1 - (cols < 64 ? 1 : 0)), r.bottom()), col);
  }
}

void draw_rank(const AuxDrawContext& c, const Rect& r, const RankTile& t) {
  const size_t count = t.dest.size();
  const Rect content = begin_panel(c, r, {fmt::format("Rank sort of tile {}", t.tile), "Rank sort"},
                                   dropping({fmt::format("{} keys", count), "place = keys smaller (+ equal before: stable)",
                                             t.stable ? "stable" : "unstable: equal keys reversed"}));
  ImFont* sf = small(c);
  const float spx = c.small_px, row_h = std::round(spx * 1.3f);
  if (count && content.h > 3 * row_h) {
    const float half = (content.h - 2 * row_h) / 2;
    text(c, sf, spx, content.x, content.y, to_u32(palette::kTextDim), "keys smaller than each key (tile order)");
    const Rect top{content.x, content.y + row_h, content.w, half - 2};
    bars(c, top, count, double(count), [&](size_t i) { return t.less[i]; }, to_u32(kLeft));
    text(c, sf, spx, content.x, top.bottom() + 2, to_u32(palette::kTextDim),
         t.stable ? "equal keys before it" : "equal keys (the run each duplicate writes)");
    const Rect bottom{content.x, top.bottom() + 2 + row_h, content.w, half - 2};
    uint32_t most = 1;
    for (uint32_t e : t.equal) most = std::max(most, e);
    bars(c, bottom, count, double(most), [&](size_t i) { return t.equal[i]; }, to_u32(kRight));
  }
  end_panel(c);
}

void draw_transposition(const AuxDrawContext& c, const Rect& r, const TranspositionTrace& t) {
  uint32_t most = 1;
  for (uint32_t s : t.swaps) most = std::max(most, s);
  const Rect content = begin_panel(c, r, {fmt::format("Odd-even transposition, tile {}", t.tile), "Transposition"},
                                   dropping({fmt::format("{} phases", t.swaps.size()), fmt::format("at most {} swaps", most),
                                             "swaps per phase"}));
  bars(c, content, t.swaps.size(), double(most), [&](size_t i) { return t.swaps[i]; }, to_u32(kRight));
  end_panel(c);
}

void draw_searches(const AuxDrawContext& c, const Rect& r, const SiblingSearches& s) {
  const uint64_t len = s.left_len + s.right_len;
  const Rect content = begin_panel(
      c, r,
      {fmt::format("Binary searches, {} merge of runs of {}", s.local ? "local" : "global", s.run), "Binary searches"},
      dropping({fmt::format("{} sampled keys", s.key.size()), "each row: one key's probes in the other run, narrowing",
                "blue: left run, orange: right run"}));
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const size_t keys = s.key.size();
  if (keys && len && content.h > 20) {
    // The pair as a strip (left run | right run), then one row per sampled key: its probes from
    // first (faint) to last (bright) at their positions in the sibling run, and its rank.
    const float strip_h = std::round(8 * sc);
    const float lx = content.x + content.w * float(s.left_len) / float(len);
    c.dl->AddRectFilled(ImVec2(content.x, content.y), ImVec2(lx, content.y + strip_h), to_u32(kLeft));
    c.dl->AddRectFilled(ImVec2(lx, content.y), ImVec2(content.right(), content.y + strip_h), to_u32(kRight));
    // Rows at least 14 px (scaled): where the sampled keys would be thinner, every m-th is drawn.
    const size_t fit = std::max<size_t>(1, size_t((content.h - strip_h - 4) / (14 * sc)));
    const size_t every = (keys + fit - 1) / fit, rows = (keys + every - 1) / every;
    const float row = (content.h - strip_h - 4) / float(rows);
    for (size_t k = 0; k < keys; k += every) {
      const bool right = s.key[k] >= s.left_len;
      const float y = content.y + strip_h + 4 + row * (float(k / every) + 0.5f);
      const uint64_t sib0 = right ? 0 : s.left_len, sib_len = right ? s.left_len : s.right_len;
      auto x_of = [&](double p) { return content.x + content.w * float(p) / float(len); };
      c.dl->AddLine(ImVec2(x_of(double(sib0)), y), ImVec2(x_of(double(sib0 + sib_len)), y), to_u32(palette::kPanel),
                    std::max(1.0f, row * 0.6f));
      c.dl->AddCircleFilled(ImVec2(x_of(s.key[k] + 0.5), y), std::max(3.0f, std::min(6 * sc, row * 0.4f)),
                            to_u32(right ? kRight : kLeft));
      const uint32_t b = s.probe_begin[k], e = s.probe_begin[k + 1];
      for (uint32_t q = b; q < e; ++q) {
        const float a = 0.35f + 0.65f * float(q - b + 1) / float(std::max<uint32_t>(1, e - b));
        const float x = x_of(double(sib0 + s.probes[q]) + 0.5);
        c.dl->AddLine(ImVec2(x, y - row * 0.4f), ImVec2(x, y + row * 0.4f), to_u32(palette::kText, a), std::max(2.0f, 2 * sc));
      }
      const float rx = x_of(double(sib0 + s.rank[k]));
      c.dl->AddTriangleFilled(ImVec2(rx, y - row * 0.45f), ImVec2(rx - 5 * sc, y + row * 0.45f), ImVec2(rx + 5 * sc, y + row * 0.45f),
                              to_u32(palette::kHighlight));
    }
    (void)sf;
    (void)spx;
  }
  end_panel(c);
}

// The merging tree as a tree (002 §2.1): a row per global pass, first pass at the bottom, each
// merge of two runs a node (colour: its busiest work-item's work against the busiest so far).
// Passes still to come are outlined, so the first pass already shows the whole tree.
void draw_tree(const AuxDrawContext& c, const Rect& r, const MergeTreeWork& t) {
  const Rect content = begin_panel(c, r, {"The merging tree: work per work-item", "Merge tree"},
                                   dropping({t.half ? "half: one item per left-run key" : "full: one item per key",
                                             "node: one merge, shade: its busiest item's work"}));
  ImFont* sf = small(c);
  const float spx = c.small_px, row_h = std::round(spx * 1.3f), sc = c.scale;
  const uint64_t n = c.timeline ? c.timeline->n : 0;
  if (t.levels.empty() || content.h < 3 * row_h) {
    end_panel(c);
    return;
  }
  // Every pass of the tree: the recorded ones, then the runs doubling until one run holds n keys.
  std::vector<MergeTreeWork::Level> rows = t.levels;
  for (uint64_t run = rows.back().run * 2; n && run < n && rows.size() < 40; run *= 2) {
    MergeTreeWork::Level l;
    l.run = run;
    l.pairs = (n + 2 * run - 1) / (2 * run);
    rows.push_back(l);
  }
  uint64_t most = 1;
  for (const auto& l : t.levels) most = std::max(most, l.max_work);
  const float label_w = std::min(content.w * 0.3f, text_width(sf, spx, "runs of 00000 -> 000 probes") + 8 * sc);
  const float tree_x = content.x + label_w, tree_w = content.w - label_w;
  const float gap = std::max(1.0f, std::round(2 * sc));
  const float rh = std::min(std::max(row_h, (content.h - gap * float(rows.size())) / float(rows.size())), 3 * row_h);
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& l = rows[i];
    const bool done = i < t.levels.size();
    const float y1 = content.bottom() - float(i) * (rh + gap), y0 = y1 - rh;
    if (y0 < content.y) break;
    const uint64_t pairs = std::max<uint64_t>(1, l.pairs);
    const float node_w = tree_w / float(pairs);
    const ImU32 fill = done ? mix(palette::kPlotBackground, kRight, 0.25f + 0.75f * float(double(l.max_work) / double(most)))
                            : to_u32(palette::kPlotBackground);
    if (node_w >= 3) {
      for (uint64_t p = 0; p < pairs; ++p) {
        const float x0 = tree_x + node_w * float(p), x1 = x0 + node_w - (node_w >= 6 ? gap : 0);
        c.dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), fill);
        if (!done) c.dl->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), to_u32(palette::kTextDim, 0.6f));
      }
    } else {  // too many merges to draw apart: one band, the count in the label
      c.dl->AddRectFilled(ImVec2(tree_x, y0), ImVec2(tree_x + tree_w, y1), fill);
    }
    // Shorter forms before a cut one: a narrow column keeps the run length whole ("2,048: 12").
    const std::string run = short_count(l.run), work = short_count(l.max_work);
    const Alternatives label =
        done ? Alternatives{"runs of " + run + " -> " + work + " probes", run + " -> " + work + " probes",
                            run + ": " + work, run}
             : Alternatives{"runs of " + run + " (to come)", run + " (to come)", run};
    text(c, sf, spx, content.x, y0 + 0.5f * (rh - spx), to_u32(done ? palette::kText : palette::kTextDim),
         first_fitting(sf, spx, label, label_w - 4 * sc));
  }
  end_panel(c);
}

}  // namespace

void register_search_merge_views(ViewRegistry& registry) {
  registry.add_panel<RankTile>(draw_rank);
  registry.add_panel<TranspositionTrace>(draw_transposition);
  registry.add_panel<SiblingSearches>(draw_searches, [](const SiblingSearches&) { return 1.4f; });
  registry.add_panel<MergeTreeWork>(draw_tree);
}

}  // namespace sortscope
