// The two permutation views of a radix pass: the local ranks inside the highlighted block
// (Merrill & Grimshaw 2010 §4.2: each block ranks its keys by digit, stably, before the scatter)
// and, for small n, the scatter itself (every key's source and destination). Both draw the same
// picture: a strip of keys in one order on top, the other order at the bottom, coloured by digit,
// and a line from each key's place on top to its place below. The histogram and look-back views
// have files of their own in views/radix/.
#include "views/common/primitive_views.h"

#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"

namespace sortscope {
namespace {

using namespace radix_view;

struct Permutation {
  uint64_t count = 0;
  std::function<uint64_t(uint64_t)> dest;      // top position -> bottom position
  std::function<ImU32(uint64_t, float)> top;   // colour of the key at a top position (alpha)
  std::function<ImU32(uint64_t, float)> bottom;
  std::function<int64_t(uint64_t)> bottom_digit;  // digit at a bottom position, -1 unknown: band labels
  Alternatives top_label, bottom_label;  // longest first
  uint64_t top_base = 0, bottom_base = 0;     // numbering of the end labels
};

// Draws `p` into `plot`: label row, top strip, lines, bottom strip (digit numbers in its bands where
// they fit), label row. Lines are subsampled evenly to at most `max_lines`.
void draw_permutation(const AuxDrawContext& c, const Rect& plot, const Permutation& p, uint64_t max_lines) {
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, s = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim), text_col = to_u32(palette::kText);
  const float row_h = std::round(spx * 1.3f);
  const float strip_h = std::clamp(std::round(plot.h * 0.10f), std::round(6 * s), std::round(16 * s));
  const float band_h = std::max(strip_h, std::min(std::round(spx * 1.25f), std::round(plot.h * 0.16f)));
  const float top_y = plot.y + row_h, bottom_y = plot.bottom() - row_h - band_h;
  const float lines_y0 = top_y + strip_h, lines_y1 = bottom_y;
  if (p.count == 0 || lines_y1 - lines_y0 < 8 || plot.w < 16) return;
  const float w = plot.w;
  auto x_of = [&](uint64_t pos) { return plot.x + w * (float(pos) + 0.5f) / float(p.count); };

  // End labels: "0 ... count-1" on both rows, the row's name in the middle.
  auto label_row = [&](float y, const Alternatives& name, uint64_t base) {
    const std::string lo = format_count(base), hi = format_count(base + p.count - 1);
    const float lo_w = text_width(sf, spx, lo), hi_w = text_width(sf, spx, hi);
    text(c, sf, spx, plot.x, y, dim, lo);
    text(c, sf, spx, plot.right(), y, dim, hi, 1.0f);
    // The row's name centred between the end labels, or shortened to the room between them.
    const float room = w - lo_w - hi_w - 16 * s;
    const std::string fitted = first_fitting(sf, spx, name, room);
    const float nw = text_width(sf, spx, fitted);
    const float nx = std::max(plot.x + lo_w + 8 * s, std::min(plot.x + 0.5f * (w - nw), plot.right() - hi_w - 8 * s - nw));
    text(c, sf, spx, nx, y, text_col, fitted);
  };
  label_row(plot.y, p.top_label, p.top_base);
  label_row(plot.bottom() - row_h + std::round(2 * s), p.bottom_label, p.bottom_base);

  // Strips: one cell per key where keys are wider than a pixel, else one sample per pixel column.
  auto strip = [&](float y, float h, const std::function<ImU32(uint64_t, float)>& colour) {
    dl->AddRectFilled(ImVec2(plot.x, y), ImVec2(plot.right(), y + h), to_u32(palette::kPlotBackground));
    const uint64_t cells = std::min<uint64_t>(p.count, uint64_t(std::max(1.0f, w)));
    const bool gaps = w / float(p.count) >= 5;
    for (uint64_t i = 0; i < cells; ++i) {
      const uint64_t pos = cells == p.count ? i : i * p.count / cells;
      const float x0 = std::round(plot.x + w * float(i) / float(cells));
      const float x1 = std::round(plot.x + w * float(i + 1) / float(cells)) - (gaps ? 1 : 0);
      dl->AddRectFilled(ImVec2(x0, y), ImVec2(std::max(x0 + 1, x1), y + h), colour(pos, 1.0f));
    }
  };
  strip(top_y, strip_h, p.top);
  strip(bottom_y, band_h, p.bottom);

  // Digit numbers in the bottom strip's bands (keys of one digit are contiguous there).
  if (p.bottom_digit) {
    uint64_t start = 0;
    while (start < p.count) {
      const int64_t d = p.bottom_digit(start);
      uint64_t lo = start, hi = p.count;  // the band's end: first position with another digit
      while (lo + 1 < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (p.bottom_digit(mid) == d) lo = mid;
        else hi = mid;
      }
      const float x0 = plot.x + w * float(start) / float(p.count), x1 = plot.x + w * float(hi) / float(p.count);
      const std::string label = std::to_string(d);
      if (d >= 0 && x1 - x0 >= text_width(sf, spx, label) + 4 && band_h >= spx) {
        text(c, sf, spx, 0.5f * (x0 + x1), bottom_y + 0.5f * (band_h - spx), label_colour_on(p.bottom(start, 1.0f)),
             label, 0.5f);
      }
      if (x1 - x0 >= 2 && hi < p.count)
        dl->AddLine(ImVec2(x1, bottom_y), ImVec2(x1, bottom_y + band_h), to_u32(palette::kPanel), 1.0f);
      start = hi;
    }
  }

  // Lines from top to bottom, evenly subsampled; fainter the more there are.
  const uint64_t stride = std::max<uint64_t>(1, (p.count + max_lines - 1) / max_lines);
  const uint64_t lines = (p.count + stride - 1) / stride;
  const float alpha = std::clamp(60.0f / std::sqrt(float(lines)) * 0.25f + 0.15f, 0.22f, 0.9f);
  const float thick = std::max(1.0f, (lines <= 64 ? 1.5f : 1.0f) * s);
  for (uint64_t i = 0; i < p.count; i += stride) {
    const uint64_t d = p.dest(i);
    dl->AddLine(ImVec2(x_of(i), lines_y0), ImVec2(x_of(d), lines_y1), p.top(i, alpha), thick);
  }
}

// The digit of a key from its place in a digit-sorted order: starts[d] = first place of digit d.
std::function<ImU32(uint64_t, float)> by_digit_at(const AuxDrawContext& c, std::vector<uint64_t> starts,
                                                  uint32_t digits, std::function<uint64_t(uint64_t)> place) {
  return [&c, starts = std::move(starts), digits, place = std::move(place)](uint64_t i, float alpha) {
    return class_colour(c, ColorBy::Digit, digit_of(starts, place(i)), digits, alpha);
  };
}

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LocalRanks& l) {
  const uint64_t count = l.ranks.size();
  const DigitHistogram* h = step_histogram(c);
  const std::string noun = h && histogram_row_noun(*h) == "tile" ? "tile" : "block";
  const std::vector<uint64_t> starts = row_digit_starts(h, l.block);
  const bool digits_known = !starts.empty();
  std::vector<std::string> parts{fmt::format("its {} keys, positions {}..{}", format_count(count), format_count(l.begin),
                                             format_count(l.begin + (count ? count - 1 : 0)))};
  if (h) parts.push_back(pass_label(c, *h));
  Alternatives subtitles = dropping(parts);
  subtitles.push_back(fmt::format("{} keys", format_count(count)));
  const Rect content = begin_panel(c, r, {fmt::format("Local ranks in {} {}", noun, l.block), fmt::format("Ranks, {} {}", noun, l.block)},
                                   subtitles);
  if (count == 0) {
    end_panel(c);
    return;
  }
  Permutation p;
  p.count = count;
  p.dest = [&l](uint64_t i) { return uint64_t(l.ranks[i]); };
  if (digits_known) {
    p.top = by_digit_at(c, starts, h->cols, [&l](uint64_t i) { return uint64_t(l.ranks[i]); });
    p.bottom = by_digit_at(c, starts, h->cols, [](uint64_t i) { return i; });
    p.bottom_digit = [&starts](uint64_t i) { return int64_t(digit_of(starts, i)); };
  } else {
    // Rows of the histogram sum several blocks here: no per-block digit boundaries. Colour by rank,
    // which orders the keys the same way the digit does.
    p.top = [&l, count](uint64_t i, float a) { return to_u32(colormap_rgb8(float(l.ranks[i]) / float(count)), a); };
    p.bottom = [count](uint64_t i, float a) { return to_u32(colormap_rgb8(float(i) / float(count)), a); };
  }
  p.top_label = {"input order (place in the block)", "input order", "input"};
  p.bottom_label = digits_known ? Alternatives{"stable rank by digit (colour = digit)", "rank by digit", "rank"}
                                : Alternatives{"stable rank by digit (colour = rank)", "rank by digit", "rank"};
  // A few hundred lines at most: past that they merge into a grey web; the strips carry the rest.
  draw_permutation(c, content, p, uint64_t(std::clamp(content.w * 0.5f, 64.0f, 256.0f)));
  end_panel(c);
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const ScatterMap& m) {
  const uint64_t n = m.dest.size();
  const DigitHistogram* h = step_histogram(c);
  const std::vector<uint64_t> starts = global_digit_starts(h);
  const uint64_t max_lines = n <= 1024 ? 1024 : 512;  // every line up to 1024 keys
  std::vector<std::string> parts{format_count(n) + " keys"};
  if (n > max_lines) parts.push_back(fmt::format("a line for every {} key", ordinal((n + max_lines - 1) / max_lines)));
  if (h) parts.push_back(pass_label(c, *h));
  const Rect content = begin_panel(c, r, {"Scatter: where every key goes", "Scatter"}, dropping(parts));
  Permutation p;
  p.count = n;
  p.dest = [&m](uint64_t i) { return uint64_t(m.dest[i]); };
  if (!starts.empty()) {
    p.top = by_digit_at(c, starts, h->cols, [&m](uint64_t i) { return uint64_t(m.dest[i]); });
    p.bottom = by_digit_at(c, starts, h->cols, [](uint64_t i) { return i; });
    p.bottom_digit = [&starts](uint64_t i) { return int64_t(digit_of(starts, i)); };
  } else {
    p.top = [&m, n](uint64_t i, float a) { return to_u32(colormap_rgb8(float(m.dest[i]) / float(n)), a); };
    p.bottom = [n](uint64_t i, float a) { return to_u32(colormap_rgb8(float(i) / float(n)), a); };
  }
  p.top_label = {"pass input (position)", "input"};
  p.bottom_label = starts.empty() ? Alternatives{"pass output (position)", "output"}
                                  : Alternatives{"pass output: digit 0's keys, then digit 1's, ...", "pass output, by digit",
                                                 "output"};
  draw_permutation(c, content, p, max_lines);
  end_panel(c);
}

}  // namespace sortscope
