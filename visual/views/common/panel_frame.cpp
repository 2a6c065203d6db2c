#include "panel_frame.h"

#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "class_palette.h"
#include "views/legend.h"
#include "views/text_checks.h"
#include "views/view_text.h"

namespace sortscope::radix_view {

ImU32 to_u32(const std::array<float, 4>& c, float alpha) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

ImU32 to_u32(Rgb8 c, float alpha) { return IM_COL32(c.r, c.g, c.b, int(std::lround(255 * alpha))); }

ImU32 mix(const std::array<float, 4>& a, const std::array<float, 4>& b, float t, float alpha) {
  t = std::clamp(t, 0.0f, 1.0f);
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, alpha));
}

ImFont* font(const AuxDrawContext& c) { return c.font ? c.font : ImGui::GetFont(); }
ImFont* small(const AuxDrawContext& c) { return c.small ? c.small : font(c); }

float text_width(ImFont* f, float px, const std::string& s) {
  return f->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x;
}

void text(const AuxDrawContext& c, ImFont* f, float px, float x, float y, ImU32 col, const std::string& s,
          float align) {
  if (align != 0) x -= align * text_width(f, px, s);
  draw_view_text(c.dl, f, px, ImVec2(std::round(x), std::round(y)), col, s);
}

void text_centred(const AuxDrawContext& c, ImFont* f, float px, float x, float y, ImU32 col, const std::string& s,
                  float lo, float hi) {
  const float w = text_width(f, px, s);
  text(c, f, px, std::max(lo, std::min(x - 0.5f * w, hi - w)), y, col, s);
}

std::string fit_text(ImFont* f, float px, const std::string& s, float width) {
  if (text_width(f, px, s) <= width) return s;
  // Drop whole UTF-8 characters (continuation bytes are 10xxxxxx) until it fits with "...".
  std::string cut = s;
  while (!cut.empty()) {
    size_t i = cut.size() - 1;
    while (i > 0 && (uint8_t(cut[i]) & 0xC0) == 0x80) --i;
    cut.erase(i);
    std::string t = cut;
    while (!t.empty() && t.back() == ' ') t.pop_back();
    if (text_width(f, px, t + "...") <= width) return t + "...";
  }
  return "";
}

std::string short_count(uint64_t v) {
  if (v < 1000000) return format_count(v);
  if (v < 1000000000) return fmt::format("{:.3g}M", double(v) / 1e6);
  return fmt::format("{:.3g}G", double(v) / 1e9);
}

std::string first_fitting(ImFont* f, float px, const Alternatives& options, float width) {
  for (const std::string& o : options)
    if (text_width(f, px, o) <= width) return o;
  return options.empty() ? "" : fit_text(f, px, options.back(), width);
}

Alternatives dropping(const std::vector<std::string>& parts) {
  Alternatives out;
  for (size_t k = parts.size(); k > 0; --k) {
    std::string line;
    for (size_t i = 0; i < k; ++i) line += (i ? " \xC2\xB7 " : "") + parts[i];
    out.push_back(line);
  }
  return out;
}

Rect begin_panel(const AuxDrawContext& c, const Rect& r, const Alternatives& titles, const Alternatives& subtitles) {
  const float s = c.scale;
  c.dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), to_u32(palette::kPanel), 6 * s);
  c.dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
  const float pad = std::round(8 * s);
  float y = r.y + pad * 0.75f;
  text(c, font(c), c.font_px, r.x + pad, y, to_u32(palette::kText), first_fitting(font(c), c.font_px, titles, r.w - 2 * pad));
  y += c.font_px * 1.15f;
  if (!subtitles.empty()) {
    text(c, small(c), c.small_px, r.x + pad, y, to_u32(palette::kTextDim),
         first_fitting(small(c), c.small_px, subtitles, r.w - 2 * pad));
    y += c.small_px * 1.2f;
  }
  y += pad * 0.5f;
  return Rect{r.x + pad, y, r.w - 2 * pad, r.bottom() - pad * 0.75f - y};
}

void end_panel(const AuxDrawContext& c) { c.dl->PopClipRect(); }

ImU32 digit_colour(uint32_t digit, uint32_t digits, float alpha) {
  const float t = digits > 1 ? float(digit) / float(digits - 1) : 0.5f;
  return to_u32(colormap_rgb8(t), alpha);
}

ImU32 class_colour(const AuxDrawContext& c, ColorBy mode, uint32_t j, uint32_t count, float alpha) {
  if (mode != ColorBy::Key && c.classes_by == mode) return to_u32(class_color(j), alpha);
  return digit_colour(j, count, alpha);
}

ImU32 label_colour_on(ImU32 background) {
  const ImU32 dark = IM_COL32(20, 20, 28, 255), light = to_u32(palette::kText);
  auto lum = [](ImU32 u) {
    return relative_luminance(uint8_t(u >> IM_COL32_R_SHIFT), uint8_t(u >> IM_COL32_G_SHIFT), uint8_t(u >> IM_COL32_B_SHIFT));
  };
  const double lb = lum(background);
  return contrast_ratio(lb, lum(dark)) >= contrast_ratio(lb, lum(light)) ? dark : light;
}

ImU32 count_colour(float t) {
  if (!(t > 0)) return to_u32(palette::kPlotBackground);
  // Dark slate -> orange -> pale amber: brightness rises monotonically, so it reads in greyscale.
  static constexpr std::array<float, 4> kLow{0.22f, 0.20f, 0.30f, 1.0f};
  static constexpr std::array<float, 4> kMid{0.86f, 0.36f, 0.22f, 1.0f};
  static constexpr std::array<float, 4> kHigh{1.00f, 0.93f, 0.62f, 1.0f};
  t = std::min(t, 1.0f);
  return t < 0.55f ? mix(kLow, kMid, t / 0.55f) : mix(kMid, kHigh, (t - 0.55f) / 0.45f);
}

std::vector<uint64_t> axis_ticks(uint64_t last, float length_px, float label_px) {
  std::vector<uint64_t> ticks{0};
  if (last == 0) return ticks;
  const int room = std::max(1, int(length_px / std::max(1.0f, label_px * 1.8f)));
  if (room >= 2 && last > 1) {
    // A round step (1, 2, 5 x 10^k, or a power of two when last + 1 is one) giving <= room gaps.
    const uint64_t span = last + 1;
    const bool pow2 = (span & (span - 1)) == 0;
    uint64_t step = 1;
    auto next = [&](uint64_t st) {
      if (pow2) return st * 2;
      const uint64_t m = st;
      uint64_t p = 1;
      while (p * 10 <= m) p *= 10;
      const uint64_t lead = m / p;
      return lead == 1 ? 2 * p : lead == 2 ? 5 * p : 10 * p;
    };
    while (span / step > uint64_t(room)) step = next(step);
    for (uint64_t t = step; t < last; t += step)
      if (float(last - t) / float(span) * length_px > label_px * 1.6f) ticks.push_back(t);
  }
  ticks.push_back(last);
  return ticks;
}

std::string histogram_row_noun(const DigitHistogram& h) {
  switch (h.rows_are) {
    case DigitHistogram::Rows::Blocks: return "block";
    case DigitHistogram::Rows::Tiles: return "tile";
    case DigitHistogram::Rows::DigitPlaces: return "digit place";
    default: return "row";
  }
}

int pass_count(const AuxDrawContext& c) {
  // Every pass ends in a step with the local ranks of its highlighted block.
  if (!c.timeline) return 0;
  int passes = 0;
  for (const Step& s : c.timeline->steps)
    if (find_aux<LocalRanks>(s.aux))
      if (const DigitHistogram* h = find_aux<DigitHistogram>(s.aux)) passes = std::max(passes, int(h->pass) + 1);
  return passes;
}

std::string histogram_column_noun(const DigitHistogram& h) {
  return h.cols_are == DigitHistogram::Columns::Buckets ? "bucket" : "digit";
}

std::string capitalised(std::string word) {
  if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = char(word[0] - 'a' + 'A');
  return word;
}

float legend_swatch(const AuxDrawContext& c, float x, float y, ImU32 col, const std::string& label) {
  ImFont* f = small(c);
  const float px = c.small_px;
  c.dl->AddRectFilled(ImVec2(x, y + px * 0.2f), ImVec2(x + px * 0.8f, y + px), col);
  text(c, f, px, x + px, y, to_u32(palette::kTextDim), label);
  return x + px + text_width(f, px, label) + 10 * c.scale;
}

float legend_line(const AuxDrawContext& c, float x, float y, float right, const std::vector<LegendEntry>& entries) {
  // legend_swatch's widths: the swatch, the label and the gap after it (not needed after the last).
  auto width = [&](const std::string& label) { return c.small_px + text_width(small(c), c.small_px, label) + 10 * c.scale; };
  float long_w = -10 * c.scale;
  for (const LegendEntry& e : entries) long_w += width(e.label);
  const bool long_form = x + long_w <= right;
  for (const LegendEntry& e : entries) {
    const std::string& label = long_form ? e.label : e.brief;
    if (x + width(label) - 10 * c.scale > right) break;
    x = legend_swatch(c, x, y, e.col, label);
  }
  return x;
}

std::string pass_label(const AuxDrawContext& c, const DigitHistogram& h) {
  const int passes = pass_count(c);
  // A bucket table has no digit bits: its pass is a distribution pass (sample sort).
  if (h.cols_are == DigitHistogram::Columns::Buckets) return fmt::format("pass {}", h.pass + 1);
  const std::string bits = h.digit_bits == 1 ? fmt::format("bit {}", h.digit_shift)
                                             : fmt::format("bits {}..{}", h.digit_shift, h.digit_shift + h.digit_bits - 1);
  return passes > 0 ? fmt::format("pass {}/{} \xC2\xB7 {}", h.pass + 1, passes, bits)
                    : fmt::format("pass {} \xC2\xB7 {}", h.pass + 1, bits);
}

const DigitHistogram* step_histogram(const AuxDrawContext& c) { return find_aux<DigitHistogram>(c.current().aux); }

const LocalRanks* pass_local_ranks(const AuxDrawContext& c, uint32_t pass) {
  if (const LocalRanks* l = find_aux<LocalRanks>(c.current().aux)) return l;
  if (!c.timeline) return nullptr;
  for (size_t s = size_t(c.step) + 1; s < c.timeline->steps.size(); ++s) {
    const Step& st = c.timeline->steps[s];
    const DigitHistogram* h = find_aux<DigitHistogram>(st.aux);
    if (!h || h->pass != pass) return nullptr;  // the pass is over
    if (const LocalRanks* l = find_aux<LocalRanks>(st.aux)) return l;
  }
  return nullptr;
}

std::vector<uint64_t> global_digit_starts(const DigitHistogram* h) {
  if (!h || h->scanned.empty() || h->cols == 0) return {};
  // Digit-major scan: row 0's offset of digit d = keys of all smaller digits = digit d's start.
  std::vector<uint64_t> starts(h->scanned.begin(), h->scanned.begin() + h->cols);
  return starts;
}

std::vector<uint64_t> row_digit_starts(const DigitHistogram* h, uint32_t block) {
  if (!h || h->blocks_per_row != 1 || block >= h->rows) return {};
  std::vector<uint64_t> starts(h->cols);
  uint64_t run = 0;
  for (uint32_t d = 0; d < h->cols; ++d) {
    starts[d] = run;
    run += h->counts[size_t(block) * h->cols + d];
  }
  return starts;
}

uint32_t digit_of(const std::vector<uint64_t>& starts, uint64_t p) {
  const auto it = std::upper_bound(starts.begin(), starts.end(), p);
  return it == starts.begin() ? 0 : uint32_t(it - starts.begin() - 1);
}

}  // namespace sortscope::radix_view
