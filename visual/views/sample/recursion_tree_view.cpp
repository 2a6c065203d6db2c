// SampleRecursionTree: the buckets of every pass, where they lie in the array, how big they came out
// against M, and what became of them (Leischner 2010 §6.2: larger than M, another pass; degenerate
// sample, a three-way split; constant, final; the rest sorted by one block each in level 2,
// "ordered by size", largest first).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/sample/digit_pass_k.h"
#include "views/sample/recursion_tree_ideal.h"
#include "views/sample/sample_views.h"

namespace sortscope {

using namespace radix_view;

namespace {

using Fate = SampleRecursionTree::Fate;

std::array<float, 4> fate_colour(Fate f) {
  switch (f) {
    case Fate::Split: return kBucketAnotherPass;
    case Fate::ThreeWay: return kBucketThreeWay;
    case Fate::Constant:
    case Fate::Equal: return palette::kBlockB;
    case Fate::Level2: break;
  }
  return kBucketLevelTwo;
}

// Level 2's first blocks get their place in the schedule written over them.
constexpr uint32_t kNumberedBlocks = 3;

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleRecursionTree& t) {
  const uint64_t n = t.nodes.empty() ? 0 : t.nodes[0].size;
  uint32_t depth = 0;
  uint64_t level2 = 0, finals = 0, largest = 0;
  for (const auto& node : t.nodes) {
    depth = std::max(depth, node.depth);
    if (node.fate == Fate::Level2) {
      ++level2;
      largest = std::max(largest, node.size);
    }
    finals += node.fate == Fate::Constant || node.fate == Fate::Equal;
  }
  // pass_k = by-size: some level-1 pass took a k other than the first's.
  const bool by_size = std::any_of(t.level_ks.begin(), t.level_ks.end(),
                                   [&](const SampleRecursionTree::LevelK& l) { return l.k != t.k; });
  const Alternatives titles{
      t.oversampling ? fmt::format("Recursion tree: the buckets of every pass, their sizes against M = {} (k = {}{}, a = {})",
                                   short_count(t.bucket_max), t.k, by_size ? " in pass 1, then by size" : "",
                                   t.oversampling)
                     : fmt::format("Recursion tree: the buckets of every pass, their sizes against M = {} (pass 1: {}{})",
                                   short_count(t.bucket_max), digit_pass_k(t.k), by_size ? "; then k by size" : ""),
      fmt::format("Recursion tree, sizes against M = {}", short_count(t.bucket_max)), "Recursion tree"};
  std::vector<std::string> facts{
      level2 ? fmt::format("{} for level 2, largest ({} keys) first", counted(level2, "bucket"), short_count(largest))
             : std::string("no bucket left for level 2 to sort"),
      fmt::format("{} final", finals)};
  if (t.truncated) facts.push_back("deepest buckets left out (too many to keep)");
  const Alternatives subtitles = dropping(facts);
  const Rect content = begin_panel(c, r, titles, subtitles);
  if (n == 0 || content.h < 30 || content.w < 80) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim), hi = to_u32(palette::kHighlight);

  const float legend_h = std::round(spx * 1.3f), gap = std::round(3 * sc);
  const float label_w = text_width(sf, spx, fmt::format("pass {}", depth)) + 8 * sc;
  const uint32_t rows = depth + 1;
  const float rows_h = content.h - legend_h - gap;
  const float row_h = std::floor((rows_h - gap * float(rows - 1)) / float(rows));
  if (row_h < 6) {
    end_panel(c);
    return;
  }
  const float x0 = content.x + label_w, w = content.w - label_w;
  // Each row keeps a line at its top for its note where it is tall enough; a deep recursion (a
  // quicksort's) gives the bars the whole row instead.
  const float note_h = row_h >= 2.6f * spx ? spx * 1.2f : 0.0f;
  const double M = double(std::max<uint64_t>(1, t.bucket_max));
  auto row_rect = [&](uint32_t d) { return Rect{x0, content.y + float(d) * (row_h + gap), w, row_h}; };
  auto x_of = [&](uint64_t pos) { return x0 + w * float(double(pos) / double(n)); };
  // A bucket's bar: the input fills its row; a bucket of a pass is as tall as its size against M on
  // a log scale (a pass divides sizes by about k, so a linear scale would flatten every row after
  // the first); full height and more: it was split again.
  auto height_of = [&](double size) { return std::min(1.0, std::log2(1 + size) / std::log2(1 + M)); };
  auto bar_top = [&](const SampleRecursionTree::Node& node, const Rect& row) {
    const double t_size = node.depth == 0 ? 1.0 : height_of(double(node.size));
    return row.bottom() - std::max(1.0f, float(t_size) * (row.h - note_h));
  };

  // Level 3 (levels = 3, kernels/sample/README.md) splits buckets of at most M again, each with a k of
  // its own: a row holding such children has no single ideal size n / k^d.
  std::vector<uint64_t> per_row(rows, 0), row_largest(rows, 0), row_level3(rows, 0);
  for (const auto& node : t.nodes) {
    ++per_row[node.depth];
    row_largest[node.depth] = std::max(row_largest[node.depth], node.size);
    if (node.depth > 0 && t.nodes[node.parent].size <= t.bucket_max) ++row_level3[node.depth];
  }
  // Row labels where they fit: rows shorter than a line (a deep quicksort recursion in a short
  // panel) label every few rows, the input's always, the deepest's where it keeps a row's distance.
  const uint32_t label_every = std::max(1u, uint32_t(std::ceil(spx / std::max(row_h + gap, 1.0f))));
  std::vector<uint32_t> labelled;
  for (uint32_t d = 0; d < rows; d += label_every) labelled.push_back(d);
  if (labelled.back() != rows - 1) {
    if (rows - 1 - labelled.back() >= label_every) labelled.push_back(rows - 1);
    else if (labelled.back() != 0) labelled.back() = rows - 1;
  }
  for (uint32_t d = 0; d < rows; ++d) {
    const Rect row = row_rect(d);
    dl->AddRectFilled(ImVec2(row.x, row.y), ImVec2(row.right(), row.bottom()), to_u32(palette::kPlotBackground));
  }
  for (uint32_t d : labelled)
    text(c, sf, spx, content.x, row_rect(d).y + (row_h - spx) * 0.5f, dim, d == 0 ? "input" : fmt::format("pass {}", d));
  // Many buckets share a pixel column: each column shows its tallest bucket.
  struct Column {
    float top = 0;
    Fate fate = Fate::Level2;
    bool used = false;
  };
  const int columns = std::max(1, int(w));
  std::vector<std::vector<Column>> cols(rows, std::vector<Column>(size_t(columns)));
  for (const auto& node : t.nodes) {
    const Rect row = row_rect(node.depth);
    const float a = x_of(node.begin), b = x_of(node.begin + node.size);
    const float top = bar_top(node, row);
    if (b - a >= 3) {  // wide enough to draw on its own, with a pixel of gap to its neighbour
      dl->AddRectFilled(ImVec2(a, top), ImVec2(b - 1, row.bottom()), to_u32(fate_colour(node.fate)));
      continue;
    }
    const int first = std::clamp(int(a - x0), 0, columns - 1), last = std::clamp(int(b - x0), first, columns - 1);
    for (int px = first; px <= last; ++px) {
      Column& col = cols[node.depth][size_t(px)];
      if (!col.used || top < col.top) col = {top, node.fate, true};
    }
  }
  const std::vector<RowIdeal> ideals = row_ideals(t, rows);
  for (uint32_t d = 0; d < rows; ++d) {
    const Rect row = row_rect(d);
    for (int px = 0; px < columns; ++px)
      if (const Column& col = cols[d][size_t(px)]; col.used)
        dl->AddRectFilled(ImVec2(x0 + float(px), col.top), ImVec2(x0 + float(px) + 1, row.bottom()),
                          to_u32(fate_colour(col.fate)));
    if (d == 0) continue;
    // M is the top of the row's bars; the ideal size of a bucket of pass d is n over the product of
    // the ks of the passes above it (n / k^d with one k), where that product is one number.
    const RowIdeal& ri = ideals[d];
    const double ideal = ri.divisor ? double(n) / ri.divisor : 0.0;
    const float y_ideal = row.bottom() - float(height_of(ideal)) * (row.h - note_h);
    const bool level3 = row_level3[d] > 0;
    if (ri.divisor && ideal < M && !level3)
      dl->AddLine(ImVec2(row.x, y_ideal), ImVec2(row.right(), y_ideal), to_u32(palette::kText, 0.45f),
                  std::max(1.0f, sc));
    const std::string head = fmt::format("{} \xC2\xB7 largest {}", counted(per_row[d], "bucket"), short_count(row_largest[d]));
    // Where by-size rounds cut one depth by several ks there is no one ideal, and the note says why.
    const std::string why =
        level3        ? fmt::format("{} from level 3: buckets below M cut again", row_level3[d])
        : ri.divisor  ? fmt::format("line: ideal {} = {}", ri.formula, short_count(uint64_t(ideal)))
        : ri.mixed_depth == d ? fmt::format("no ideal line: k by size cut this row by k = {}", ri.mixed_ks)
        : ri.mixed_depth      ? fmt::format("no ideal line: k by size cut pass {} by k = {}", ri.mixed_depth, ri.mixed_ks)
                              : std::string();
    const std::string note =
        first_fitting(sf, spx, {why.empty() ? head : head + " \xC2\xB7 " + why, head, ""}, row.w - 6 * sc);
    if (!note.empty() && note_h > 0) {
      const float tw = text_width(sf, spx, note);
      dl->AddRectFilled(ImVec2(row.right() - tw - 5 * sc, row.y + sc), ImVec2(row.right() - sc, row.y + spx * 1.1f),
                        to_u32(palette::kPlotBackground, 0.85f));
      text(c, sf, spx, row.right() - 3 * sc, row.y + sc, dim, note, 1.0f);
    }
  }
  // Level 2's first blocks: outlined and numbered in the order they run. The numbers sit on a
  // backdrop at the foot of the row (its top holds the pass's note, and full-height bars leave no
  // room above them); buckets are often a few pixels wide, so a number that would overlap the one
  // left of it moves right, with a tick to its bucket.
  struct Label {
    float centre, y;
    uint32_t order;
  };
  std::vector<Label> labels;
  for (const auto& node : t.nodes) {
    if (node.fate != Fate::Level2 || node.order == 0 || node.order > kNumberedBlocks) continue;
    const Rect row = row_rect(node.depth);
    const float a = x_of(node.begin), b = std::max(x_of(node.begin + node.size), a + 2);
    const float top = bar_top(node, row);
    dl->AddRect(ImVec2(a - sc, top - sc), ImVec2(b + sc, row.bottom()), hi, 0, 0, std::max(1.0f, 1.5f * sc));
    labels.push_back({(a + b) * 0.5f, row.bottom() - spx * 1.15f, node.order});
  }
  std::sort(labels.begin(), labels.end(), [](const Label& l, const Label& r) { return l.centre < r.centre; });
  std::vector<std::pair<float, float>> placed;  // (y, right edge) of every number drawn
  for (const Label& l : labels) {
    const std::string num = std::to_string(l.order);
    const float w = text_width(sf, spx, num);
    float x = l.centre;
    for (const auto& [y, right] : placed)
      if (std::abs(y - l.y) < spx && x - w * 0.5f < right + 5 * sc) x = right + 5 * sc + w * 0.5f;
    if (x != l.centre)
      dl->AddLine(ImVec2(x - w * 0.5f - sc, l.y + spx * 0.5f), ImVec2(l.centre, l.y + spx * 0.5f), hi,
                  std::max(1.0f, sc));
    dl->AddRectFilled(ImVec2(x - w * 0.5f - 2 * sc, l.y - sc), ImVec2(x + w * 0.5f + 2 * sc, l.y + spx * 1.1f),
                      to_u32(palette::kPlotBackground, 0.9f));
    text(c, sf, spx, x, l.y, hi, num, 0.5f);
    placed.push_back({l.y, x + w * 0.5f});
  }

  float lx = content.x;
  const float ly = content.y + rows_h + gap;
  const bool any_level3 = std::any_of(row_level3.begin(), row_level3.end(), [](uint64_t x) { return x > 0; });
  lx = legend_line(c, lx, ly, content.right(),
                   {any_level3 ? LegendEntry{to_u32(kBucketAnotherPass), "> M, or level 3 (> a block): another pass",
                                             "another pass"}
                               : LegendEntry{to_u32(kBucketAnotherPass), "> M: another pass", "> M"},
                    {to_u32(kBucketThreeWay), "three-way: <, =, >", "<, =, >"},
                    {to_u32(palette::kBlockB), "final (= part, constant)", "final"},
                    {to_u32(kBucketLevelTwo), "level 2 (1, 2, 3: first to run)", "level 2 (1, 2, 3)"}});
  if (lx < content.right() - 10 * sc)
    text(c, sf, spx, content.right(), ly, dim,
         fit_text(sf, spx, "bar height: size against M, log scale", content.right() - lx - 10 * sc), 1.0f);
  end_panel(c);
}

}  // namespace sortscope
