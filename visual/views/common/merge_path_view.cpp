// The merge-path grid (Odeh et al. 2012; Satish et al. 2010 §5.3's partitioning of long merges):
// A's keys along x, B's along y; merging A and B walks from the top-left corner to the bottom-right
// one, a step right for each key taken from A, a step down for each key from B. Cross-diagonal d
// holds the cells with d outputs before them; the partition kernel finds where the path crosses every
// tile_keys-th diagonal by a binary search along it, and thread block t merges the stretch of the
// path between diagonals t and t + 1: exactly tile_keys outputs, however the keys are distributed.
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

// Largest merge whose path is walked key by key each frame (it is redrawn at display rate).
constexpr uint64_t kExactPathKeys = uint64_t(1) << 17;

// The path's points, in (a, b) key coordinates: corners only when walked key by key; every
// `stride`-th output when the merge has more outputs than the grid has pixels.
std::vector<ImVec2> exact_path(const StepKeys& keys, const MergePathGrid& g, uint64_t stride) {
  std::vector<ImVec2> pts;
  uint64_t a = 0, b = 0;
  int dir = -1;  // 0 right (A), 1 down (B)
  pts.push_back(ImVec2(0, 0));
  const uint64_t total = g.a_len + g.b_len;
  for (uint64_t d = 0; d < total; ++d) {
    // Ties go to A (the stable rule of merge_path.h): take B only when its key is strictly smaller.
    const bool take_a = a < g.a_len && (b >= g.b_len || !(keys[g.b_begin + b] < keys[g.a_begin + a]));
    const int now = take_a ? 0 : 1;
    if (stride == 1 && now != dir && d > 0) pts.push_back(ImVec2(float(a), float(b)));
    dir = now;
    take_a ? ++a : ++b;
    if (stride > 1 && (d + 1) % stride == 0) pts.push_back(ImVec2(float(a), float(b)));
  }
  pts.push_back(ImVec2(float(a), float(b)));
  return pts;
}

// Where the grid goes: key coordinates (a, b) map to X(a), Y(b); x0..x1, y0..y1 is the grid.
struct PathGeometry {
  float s = 1, sp = 1, strip = 0, left = 0, top = 0, side_w = 0;
  bool strips_in_legend = true;  // the legend's "edge strips" entry: the first left out in a short panel
  bool brief = false;            // the legend's short labels ("merge path", "splits"): a short panel's
  bool legend = true;            // false: no legend at all (the smallest panels keep the grid)
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double sx = 1, sy = 1;
  float X(double a) const { return float(x0 + a * sx); }
  float Y(double b) const { return float(y0 + b * sy); }
};

Rect merge_path_frame(Canvas& cv, const MergePathGrid& g) {
  return cv.frame(
      {fmt::format("Merge path: pass {}, pair {} of runs", g.pass + 1, g.pair),
       fmt::format("Merge path: pass {}", g.pass + 1)},
      {fmt::format("A = {} keys (across), B = {} keys (down); a cross-diagonal every {} outputs, one thread block "
                   "between two",
                   format_count(g.a_len), format_count(g.b_len), format_count(g.tile_keys)),
       fmt::format("A = {} across, B = {} down; a diagonal every {} outputs = one block", short_count(g.a_len),
                   short_count(g.b_len), format_count(g.tile_keys)),
       fmt::format("a diagonal every {} outputs = one block", format_count(g.tile_keys))});
}

// The legend's entries with their full or brief labels (brief: a short panel's side column).
std::vector<LegendItem> path_legend(bool exact, size_t shown, size_t nd, bool strips, bool brief) {
  const std::string diagonals =
      brief ? "diagonals"
      : shown == nd ? "cross-diagonals"
                    : "every " + ordinal((nd + std::max<size_t>(shown, 1) - 1) / std::max<size_t>(shown, 1)) +
                          " diagonal shown";
  std::vector<LegendItem> items = {
      {to_u32(kPath), brief ? "merge path" : exact ? "merge path (key by key)" : "merge path through the splits"},
      {to_u32(palette::kComparator), diagonals},
      {to_u32(palette::kHighlight), brief ? "splits" : "split (merge-path search)"}};
  if (strips && !brief) items.push_back({to_u32(palette::kTextDim), "edge strips: the keys (colour = value)", false});
  return items;
}

// Room for B's tick labels at the left, A's above, and a legend. The layouts tried, richest first:
// a side column at the right of the grid with the blocks' shares and the legend one entry a line;
// the legend below (with, then without its edge-strips entry); a narrow side column of the
// legend's brief labels; the brief legend below; the grid alone only where no legend leaves it
// room. The one taken is the first whose grid is nearly as large (85%) as the largest any of them
// allows, so a short panel (a projector's details, a 1024x600 window) trades legend words for a
// grid rather than losing the grid. The
// legend's room is reserved with its longest labels (the real ones are known after the layout).
// False where even the grid alone has no room.
bool lay_out_merge_path(const Canvas& cv, const Rect& content, const MergePathGrid& g, PathGeometry& p) {
  p.s = cv.s();
  p.sp = cv.small_px();
  const float s = p.s, sp = p.sp;
  p.strip = std::round(7 * s);
  p.left = cv.text_w(short_count(g.b_len)) + sp * 1.6f + p.strip;
  p.top = sp * 1.4f + p.strip;
  const float avail_w = content.w - p.left - 4 * s;
  const float full_h = content.h - p.top;
  const double a_len = double(std::max<uint64_t>(g.a_len, 1)), b_len = double(std::max<uint64_t>(g.b_len, 1));
  // The widest labels each legend may get: 10,000 is wider than any ordinal a panel shows.
  const std::vector<LegendItem> full = path_legend(false, 1, 10000, true, false);
  const std::vector<LegendItem> no_strips = path_legend(false, 1, 10000, false, false);
  const std::vector<LegendItem> brief = path_legend(false, 1, 10000, false, true);
  const auto side_need = [&](const std::vector<LegendItem>& items, float least) {
    float need = least;
    for (const LegendItem& it : items)
      need = std::max(need, 16 * s + (it.swatch ? std::round(sp * 1.3f) + 4 * s : 0) + cv.text_w(it.label) + 4 * s);
    return need;
  };
  struct Option {
    float side_w = 0, legend_h = 0;
    bool strips = true, brief = false, legend = true;
  };
  std::vector<Option> options;
  // A wide side column only where the grid keeps its full height beside it.
  const float wide_need = side_need(full, 190 * s);
  const float wide = std::min(avail_w - full_h * 1.05f, std::max(340 * s, wide_need));
  if (wide >= wide_need) options.push_back({wide, 0, true, false, true});
  options.push_back({0, cv.legend_height(full, content.w) + sp * 0.5f, true, false, true});
  options.push_back({0, cv.legend_height(no_strips, content.w) + sp * 0.5f, false, false, true});
  options.push_back({side_need(brief, 0), 0, false, true, true});
  options.push_back({0, cv.legend_height(brief, content.w) + sp * 0.5f, false, true, true});
  // The grid's scale (pixels a key, square cells) under each; B's first and last tick labels one
  // above the other with a line between need 2.5 lines: a shorter grid would draw them over each
  // other (and over A's name).
  const auto scale_of = [&](const Option& o) {
    const float w = avail_w - o.side_w, h = full_h - o.legend_h;
    if (w < 8 || h < sp * 2.5f) return 0.0;
    return std::min(double(w) / a_len, double(h) / b_len);
  };
  double best = 0;
  for (const Option& o : options) best = std::max(best, scale_of(o));
  if (best <= 0) options.push_back({0, 0, false, true, false});  // the grid alone, where it fits alone
  for (const Option& o : options) best = std::max(best, scale_of(o));
  if (best <= 0) return false;
  const Option* pick = &options.back();
  for (const Option& o : options)
    if (scale_of(o) >= 0.85 * best) {
      pick = &o;
      break;
    }
  p.side_w = pick->side_w;
  p.strips_in_legend = pick->strips;
  p.brief = pick->brief;
  p.legend = pick->legend;
  const float grid_w = avail_w - pick->side_w, grid_h = full_h - pick->legend_h;
  p.sx = grid_w / a_len;
  p.sy = grid_h / b_len;
  // Square cells keep the diagonals at 45 degrees; only unequal runs (the last pair) get separate
  // scales, so that the grid still fills the panel.
  if (p.sx / p.sy > 0.5 && p.sx / p.sy < 2) p.sx = p.sy = std::min(p.sx, p.sy);
  p.x0 = content.x + p.left;
  p.y0 = content.y + p.top;
  p.x1 = p.X(a_len);
  p.y1 = p.Y(b_len);
  return true;
}

// Grid: every key when cells are large enough, else lines at a round step with its numbers.
void draw_path_grid(const Canvas& cv, const Rect& content, const MergePathGrid& g, const PathGeometry& p) {
  const float s = p.s, sp = p.sp;
  const ImU32 dim = to_u32(palette::kTextDim);
  cv.rect(p.x0, p.y0, p.x1, p.y1, to_u32(palette::kPlotBackground));
  const ImU32 grid = to_u32(kGrid);
  const bool cells = p.sx >= 6 && p.sy >= 6;
  const uint64_t step_a = cells ? 1 : nice_step(p.sx, 56 * s), step_b = cells ? 1 : nice_step(p.sy, 40 * s);
  for (uint64_t a = step_a; a < g.a_len; a += step_a) cv.line(p.X(double(a)), p.y0, p.X(double(a)), p.y1, grid, 1);
  for (uint64_t b = step_b; b < g.b_len; b += step_b) cv.line(p.x0, p.Y(double(b)), p.x1, p.Y(double(b)), grid, 1);
  const uint64_t label_a = cells ? nice_step(p.sx, 40 * s) : step_a,
                 label_b = cells ? nice_step(p.sy, sp * 1.6) : step_b;
  const float ty = content.y;
  for (uint64_t a = 0; a <= g.a_len; a += label_a)
    if (a == 0 || p.X(double(a)) + cv.text_w(short_count(a)) * 0.5f < p.x1 - cv.text_w(short_count(g.a_len)) - 8 * s)
      cv.text_centre(p.X(double(a)), ty, short_count(a), dim);
  cv.text_right(p.x1, ty, short_count(g.a_len), dim);
  for (uint64_t b = 0; b <= g.b_len; b += label_b)
    if (b == 0 || p.Y(double(b)) < p.y1 - sp * 1.5f)
      cv.text_right(p.x0 - p.strip - 4 * s, p.Y(double(b)) - sp * 0.5f, short_count(b), dim);
  cv.text_right(p.x0 - p.strip - 4 * s, p.y1 - sp * 0.5f, short_count(g.b_len), dim);
  const double b_len = double(std::max<uint64_t>(g.b_len, 1));
  cv.text(p.x0 - p.left, p.Y(b_len * 0.5) - sp * 0.5f, "B", to_u32(kRunB), false);
  cv.text_right(p.x0 - p.strip - 4 * s, ty - (cv.body_px() - sp) * 0.5f, "A", to_u32(kRunA), false);
}

// The runs' keys as colour strips along their axes (one rect per key or per pixel), or plain
// strips of the runs' colours where the keys are not at hand.
void draw_key_strips(const Canvas& cv, const AuxDrawContext& c, const MergePathGrid& g, const PathGeometry& p,
                     const StepKeys& keys, bool have_keys) {
  if (have_keys && c.timeline) {
    const uint64_t per_a = std::max<uint64_t>(1, uint64_t(std::ceil(1.0 / p.sx)));
    for (uint64_t a = 0; a < g.a_len; a += per_a)
      cv.rect(p.X(double(a)), p.y0 - p.strip, std::max(p.X(double(std::min(a + per_a, g.a_len))), p.X(double(a)) + 1),
              p.y0 - 1, key_colour(*c.timeline, keys[g.a_begin + a]));
    const uint64_t per_b = std::max<uint64_t>(1, uint64_t(std::ceil(1.0 / p.sy)));
    for (uint64_t b = 0; b < g.b_len; b += per_b)
      cv.rect(p.x0 - p.strip, p.Y(double(b)), p.x0 - 1,
              std::max(p.Y(double(std::min(b + per_b, g.b_len))), p.Y(double(b)) + 1),
              key_colour(*c.timeline, keys[g.b_begin + b]));
  } else {
    cv.rect(p.x0, p.y0 - p.strip, p.x1, p.y0 - 1, to_u32(kRunA, 0.7f));
    cv.rect(p.x0 - p.strip, p.y0, p.x0 - 1, p.y1, to_u32(kRunB, 0.7f));
  }
  cv.outline(p.x0 - 0.5f, p.y0 - 0.5f, p.x1 + 0.5f, p.y1 + 0.5f, to_u32(palette::kTextDim, 0.6f), 1);
}

// The cross-diagonals drawn: thousands of blocks, only those a few pixels apart (the last always).
std::vector<size_t> shown_diagonals(const MergePathGrid& g, const PathGeometry& p, size_t nd) {
  const double diag_px = std::min(p.sx, p.sy);
  std::vector<size_t> shown;
  for (size_t j = 0; j < nd; ++j)
    if (shown.empty() || j + 1 == nd || double(g.diagonals[j] - g.diagonals[shown.back()]) * diag_px >= 5 * p.s) {
      if (j + 1 == nd && !shown.empty() && double(g.diagonals[j] - g.diagonals[shown.back()]) * diag_px < 5 * p.s)
        shown.back() = j;
      else
        shown.push_back(j);
    }
  return shown;
}

// Cross-diagonals: d outputs before them.
void draw_diagonals(const Canvas& cv, const MergePathGrid& g, const PathGeometry& p, const std::vector<size_t>& shown) {
  const ImU32 diag_col = to_u32(palette::kComparator, 0.75f);
  for (size_t j : shown) {
    const double d = double(g.diagonals[j]);
    const double a_hi = std::min(d, double(g.a_len)), a_lo = std::max(0.0, d - double(g.b_len));
    cv.line(p.X(a_hi), p.Y(d - a_hi), p.X(a_lo), p.Y(d - a_lo), diag_col, std::max(1.0f, 1.2f * p.s));
  }
}

// The path: key by key where the keys are at hand and few enough (`exact`), else through the split
// points; in pixels, keeping a point only where it moved a pixel from the last kept one: tens of
// thousands of splits of a long merge become a few hundred points.
std::vector<ImVec2> draw_path(const AuxDrawContext& c, const MergePathGrid& g, const PathGeometry& p,
                              const StepKeys& keys, bool exact, size_t nd) {
  std::vector<ImVec2> pts;
  if (exact) {
    const double px = double(p.x1 - p.x0) + double(p.y1 - p.y0);
    const uint64_t stride = double(g.a_len + g.b_len) > 2 * px ? uint64_t(double(g.a_len + g.b_len) / px) : 1;
    pts = exact_path(keys, g, std::max<uint64_t>(stride, 1));
  } else {
    for (size_t j = 0; j < nd; ++j) pts.push_back(ImVec2(float(g.a_splits[j]), float(g.diagonals[j] - g.a_splits[j])));
  }
  std::vector<ImVec2> px;
  for (size_t i = 0; i < pts.size(); ++i) {
    const ImVec2 q(p.X(pts[i].x), p.Y(pts[i].y));
    if (px.empty() || i + 1 == pts.size() || std::abs(q.x - px.back().x) + std::abs(q.y - px.back().y) >= 1.0f)
      px.push_back(q);
  }
  c.dl->AddPolyline(px.data(), int(px.size()), to_u32(kPath), 0, std::max(2.0f, 2.5f * p.s));
  return px;
}

// Whether the polyline (pixels) passes through the box [x0, x1] x [y0, y1] (a segment's sampled
// points, a pixel apart, inside it).
bool path_crosses(const std::vector<ImVec2>& path, float x0, float y0, float x1, float y1) {
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    const ImVec2 a = path[i], b = path[i + 1];
    const int n = 1 + int(std::abs(b.x - a.x) + std::abs(b.y - a.y));
    for (int k = 0; k <= n; ++k) {
      const float t = float(k) / float(n), x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) return true;
    }
  }
  return false;
}

// Split points on the shown diagonals, and the block numbers between them when there is room.
// Dots shrink where the shown diagonals crowd, so the path between them stays visible.
void draw_splits(const Canvas& cv, const AuxDrawContext& c, const MergePathGrid& g, const PathGeometry& p,
                 const std::vector<size_t>& shown, size_t nd, const std::vector<ImVec2>& path) {
  const float s = p.s, sp = p.sp;
  const double diag_px = std::min(p.sx, p.sy);
  float spacing = 1e9f;
  for (size_t i = 1; i < shown.size(); ++i)
    spacing = std::min(spacing, float(double(g.diagonals[shown[i]] - g.diagonals[shown[i - 1]]) * diag_px));
  const float rad = std::clamp(spacing * 0.22f, 1.5f, 4.5f * s);
  for (size_t j : shown) {
    const float px = p.X(double(g.a_splits[j])), py = p.Y(double(g.diagonals[j] - g.a_splits[j]));
    c.dl->AddCircleFilled(ImVec2(px, py), rad + std::min(1.5f * s, rad * 0.4f), to_u32(palette::kBackground));
    c.dl->AddCircleFilled(ImVec2(px, py), rad, to_u32(palette::kHighlight));
  }
  if (shown.size() != nd || nd < 2 || nd > 24) return;
  float last_right = -1e9f, last_bottom = -1e9f;  // the last label drawn: the next may not sit on it
  for (size_t j = 0; j + 1 < nd; ++j) {
    const double d = 0.5 * double(g.diagonals[j] + g.diagonals[j + 1]);
    const double a = 0.5 * double(g.a_splits[j] + g.a_splits[j + 1]);
    const std::string label = j == 0 && nd <= 8 ? "block 0" : std::to_string(j);
    // Below-left of the path's middle in this stretch: on B's side, clear of the path; else
    // above-right of it, on A's side (a small grid's steep stretches). Inside the grid: the last
    // stretches end at its bottom edge. Not drawn where both would lie on the path.
    const float w = cv.text_w(label);
    float lx = std::max(p.x0 + 2 * s, p.X(a) - w - 6 * s), ly = std::min(p.Y(d - a) + 3 * s, p.y1 - sp - s);
    if (path_crosses(path, lx, ly, lx + w, ly + sp)) {
      lx = std::min(p.x1 - w - 2 * s, p.X(a) + 6 * s);
      ly = std::max(p.y0 + s, p.Y(d - a) - sp - 3 * s);
      if (path_crosses(path, lx, ly, lx + w, ly + sp)) continue;
    }
    const bool clear = lx >= last_right || ly >= last_bottom;
    if (clear && (p.Y(double(g.diagonals[j + 1] - g.a_splits[j + 1])) - p.Y(double(g.diagonals[j] - g.a_splits[j])) > sp * 0.6f ||
                  p.X(double(g.a_splits[j + 1])) - p.X(double(g.a_splits[j])) > cv.text_w(label))) {
      cv.text(lx, ly, label, to_u32(palette::kText));
      last_right = lx + cv.text_w(label) + 2 * s;
      last_bottom = ly + sp;
    }
  }
}

// The side column's table of shares, above its legend (legend_top): block t merges A[a_t, a_t+1)
// and B[d_t - a_t, d_t+1 - a_t+1): how many keys of each (the two always add up to the tile; where
// they start is on the grid). Returns the rows listed.
size_t draw_share_table(const Canvas& cv, const Rect& content, const MergePathGrid& g, const PathGeometry& p,
                        float tx, float legend_top, size_t nd) {
  const float s = p.s, row = p.sp * 1.25f;
  const ImU32 text = to_u32(palette::kText), dim = to_u32(palette::kTextDim);
  float y = content.y;
  const size_t blocks = nd - 1;
  // Lines between the header (1.1 lines) and the total (1.2 lines, dropped first when short) for
  // rows; one of them says how many are left out when they do not all fit.
  const float lines = (legend_top - row * 0.3f - y) / row;
  const bool total_line = lines - 2.3f >= 1;
  const size_t fit = size_t(std::max(0.0f, lines - 1.1f - (total_line ? 1.2f : 0.0f)));
  if (fit == 0) return 0;
  const size_t listed = blocks > fit ? fit - 1 : blocks;
  std::vector<std::string> sa, sb;
  float wa = cv.text_w("keys of A"), wi = cv.text_w("block");
  for (size_t j = 0; j < listed; ++j) {
    const uint64_t a0 = g.a_splits[j], a1 = g.a_splits[j + 1];
    sa.push_back(format_count(a1 - a0));
    sb.push_back(format_count((g.diagonals[j + 1] - a1) - (g.diagonals[j] - a0)));
    wa = std::max(wa, cv.text_w(sa.back()));
    wi = std::max(wi, cv.text_w(std::to_string(j)));
  }
  const float ca = tx + wi + 12 * s, cb = ca + wa + 12 * s;
  if (cb + cv.text_w("keys of B") > content.right()) return 0;  // a narrow side column: the legend alone
  cv.text(tx, y, "block", dim);
  cv.text(ca, y, "keys of A", to_u32(kRunA));
  cv.text(cb, y, "keys of B", to_u32(kRunB));
  y += row * 1.1f;
  for (size_t j = 0; j < listed; ++j, y += row) {
    cv.text(tx, y, std::to_string(j), text);
    cv.text_right(ca + cv.text_w("keys of A"), y, sa[j], text);
    cv.text_right(cb + cv.text_w("keys of B"), y, sb[j], text);
  }
  if (listed < blocks) {
    cv.text(tx, y, fmt::format("... {} more blocks", format_count(blocks - listed)), dim);
    y += row;
  }
  if (total_line) cv.text(tx, y + row * 0.2f, fmt::format("each block: {} keys in all", format_count(g.tile_keys)), dim);
  return listed;
}

// The legend below the grid, or in a wide panel the side column: the legend at its foot, one entry
// a line, the table of shares above it.
void draw_path_legend(const Canvas& cv, const Rect& content, const MergePathGrid& g, const PathGeometry& p,
                      const std::vector<LegendItem>& items, size_t nd, MergePathLayout* out) {
  if (p.side_w == 0) {
    cv.legend(items, content.x, content.bottom(), content.w);
    return;
  }
  const float tx = content.right() - p.side_w + 16 * p.s;
  const float row = p.sp * 1.25f;
  const float legend_top = content.bottom() - float(items.size()) * row;
  for (size_t i = 0; i < items.size(); ++i) {
    const float y = legend_top + float(i) * row;
    if (items[i].swatch)
      cv.swatch(tx, y, items[i].colour, items[i].label);
    else
      cv.text(tx, y, items[i].label, items[i].colour);
  }
  if (nd < 2) return;
  const size_t listed = draw_share_table(cv, content, g, p, tx, legend_top, nd);
  if (out && listed > 0) out->table_rows = listed;
}

}  // namespace

void draw_merge_path(const AuxDrawContext& c, const Rect& r, const MergePathGrid& g, MergePathLayout* out) {
  if (out) *out = {};
  Canvas cv(c, r);
  const Rect content = merge_path_frame(cv, g);
  if (content.empty()) return;
  PathGeometry p;
  if (!lay_out_merge_path(cv, content, g, p)) {
    for (const char* note : {"no room for the grid here", "no room here"})
      if (content.h >= cv.small_px() && cv.text_w(note) <= content.w) {
        cv.text(content.x, content.y, note, to_u32(palette::kTextDim));
        break;
      }
    return;
  }
  if (out) out->grid = {p.x0, p.y0, p.x1 - p.x0, p.y1 - p.y0};
  draw_path_grid(cv, content, g, p);
  // B follows A in the pass input: one stretch holds both runs.
  const StepKeys keys(c, g.a_begin, g.b_begin + g.b_len - g.a_begin);
  const bool have_keys = keys.available() && g.b_begin == g.a_begin + g.a_len;
  draw_key_strips(cv, c, g, p, keys, have_keys);
  const size_t nd = std::min(g.diagonals.size(), g.a_splits.size());
  const std::vector<size_t> shown = shown_diagonals(g, p, nd);
  draw_diagonals(cv, g, p, shown);
  const bool exact = have_keys && g.a_len + g.b_len <= kExactPathKeys;
  const std::vector<ImVec2> path = draw_path(c, g, p, keys, exact, nd);
  if (out) out->exact = exact, out->diagonals_shown = shown.size();
  draw_splits(cv, c, g, p, shown, nd, path);

  if (!p.legend) return;
  draw_path_legend(cv, content, g, p, path_legend(exact, shown.size(), nd, have_keys && p.strips_in_legend, p.brief),
                   nd, out);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergePathGrid& g) {
  draw_merge_path(c, r, g, nullptr);
}

}  // namespace sortscope
