#include "views/legend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include <imgui.h>

#include "class_palette.h"
#include "colormap.h"
#include "views/view_text.h"

namespace sortscope {
namespace {

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

}  // namespace

std::string format_count(unsigned long long value) {
  std::string digits = std::to_string(value), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_key_value(KeyType type, double value) {
  char buf[64];
  if (!std::isfinite(value)) return value != value ? "NaN" : (value < 0 ? "-inf" : "+inf");
  if (!is_float_key(type) && std::fabs(value) < 1e12) {
    const std::string s = format_count((unsigned long long)std::llround(std::fabs(value)));
    return value < 0 ? "-" + s : s;
  }
  std::snprintf(buf, sizeof buf, is_float_key(type) ? "%.4g" : "%.3g", value);
  return buf;
}

float draw_legend(ImDrawList* dl, float x, float y, float max_width, const LegendSpec& spec, ImFont* font,
                  float font_size) {
  const float h = std::round(font_size * 1.25f);
  set_text_view("legend", {x, y, max_width, h});
  const float gap = std::round(font_size * 0.6f);
  const float right = x + max_width;
  const ImU32 text = to_u32(palette::kText);
  const ImU32 dim = to_u32(palette::kTextDim);
  auto label = [&](float at, const std::string& s, ImU32 col) {
    draw_view_text(dl, font, font_size, ImVec2(at, y + 0.5f * (h - font_size)), col, s);
    return font->CalcTextSizeA(font_size, FLT_MAX, 0, s.c_str()).x;
  };
  auto width_of = [&](const std::string& s) { return font->CalcTextSizeA(font_size, FLT_MAX, 0, s.c_str()).x; };

  // key value: lo [ramp] hi
  auto draw_ramp = [&](float cx) {
    cx += label(cx, spec.heat ? "key value (colour)" : "key value", dim) + gap;
    cx += label(cx, format_key_value(spec.key_type, spec.range.lo), text) + gap * 0.5f;
    const float ramp_w = std::max(60.0f, std::min(std::round(font_size * 14), max_width * 0.3f));
    const float ramp_h = std::round(h * 0.7f);
    const float ry = y + 0.5f * (h - ramp_h);
    const int pieces = 64;
    for (int i = 0; i < pieces; ++i) {
      Rgb8 a = colormap_rgb8(float(i) / pieces), b = colormap_rgb8(float(i + 1) / pieces);
      dl->AddRectFilledMultiColor(ImVec2(cx + ramp_w * i / pieces, ry), ImVec2(cx + ramp_w * (i + 1) / pieces, ry + ramp_h),
                                  IM_COL32(a.r, a.g, a.b, 255), IM_COL32(b.r, b.g, b.b, 255),
                                  IM_COL32(b.r, b.g, b.b, 255), IM_COL32(a.r, a.g, a.b, 255));
    }
    cx += ramp_w + gap * 0.5f;
    cx += label(cx, format_key_value(spec.key_type, spec.range.hi), text) + gap * 2;
    return cx;
  };

  float cx = x;
  const ClassLegend& classes = spec.classes;
  // A class mode that could not be shown says so first, in the highlight colour, never silently.
  if (!classes.note.empty()) cx += label(cx, classes.note, to_u32(palette::kHighlight)) + gap * 2;
  if (!classes.what.empty()) {
    // what: [0] [1] ... [7], colours repeat
    cx += label(cx, classes.what, dim) + gap;
    const float sw = std::round(font_size * 1.1f), sh = std::round(h * 0.7f), sy = y + 0.5f * (h - sh);
    const uint64_t shown = std::min<uint64_t>(classes.classes, kClassColors);
    for (uint64_t c = 0; c < shown; ++c) {
      const std::string text_of = c < classes.labels.size() ? classes.labels[c] : std::to_string(c);
      if (cx + sw + gap * 0.3f + width_of(text_of) > right) break;
      const Rgb8 col = class_color(c);
      dl->AddRectFilled(ImVec2(cx, sy), ImVec2(cx + sw, sy + sh), IM_COL32(col.r, col.g, col.b, 255));
      cx += sw + gap * 0.3f;
      cx += label(cx, text_of, text) + gap * 0.8f;
    }
    const std::string more = classes.classes > uint64_t(kClassColors)
                                 ? "... " + format_count(classes.classes) + " in all, colours repeat"
                                 : std::string();
    if (!more.empty() && cx + width_of(more) <= right) cx += label(cx, more, dim);
    cx += gap * 2;
  } else {
    cx = draw_ramp(cx);
  }
  auto fits = [&](float w) { return cx + w <= right; };
  const float sw = std::round(font_size * 1.6f);  // swatch width
  const float sh = std::round(h * 0.7f);
  const float sy = y + 0.5f * (h - sh);
  if (spec.heat) {
    const std::string s = "brighter = more keys per cell (full at " +
                          format_count((unsigned long long)std::ceil(spec.heat_reference)) + ")";
    if (fits(width_of(s))) cx += label(cx, s, dim) + gap * 2;
  }
  if (spec.heat && is_float_key(spec.key_type)) {
    // Infinities and NaNs have no place on the ramp: they take its ends by sign (IEEE total
    // order: -NaN below -inf, +NaN above +inf; common/density.h), and get swatches of their own.
    for (auto [at, text_of] : {std::pair{0.0f, "-NaN, -inf"}, std::pair{1.0f, "+inf, +NaN"}}) {
      if (!fits(sw + gap * 0.5f + width_of(text_of))) break;
      const Rgb8 c = colormap_rgb8(at);
      dl->AddRectFilled(ImVec2(cx, sy), ImVec2(cx + sw, sy + sh), IM_COL32(c.r, c.g, c.b, 255));
      dl->AddRect(ImVec2(cx, sy), ImVec2(cx + sw, sy + sh), dim);
      cx += sw + gap * 0.5f;
      cx += label(cx, text_of, dim) + gap * 2;
    }
  }
  if (spec.padding && fits(sw + gap * 0.5f + width_of("padding"))) {
    dl->AddRectFilled(ImVec2(cx, sy), ImVec2(cx + sw, sy + sh), to_u32(palette::kPaddingBack));
    dl->PushClipRect(ImVec2(cx, sy), ImVec2(cx + sw, sy + sh), true);
    for (float d = -sh; d < sw; d += 6) dl->AddLine(ImVec2(cx + d, sy + sh), ImVec2(cx + d + sh, sy), to_u32(palette::kPadding), 2);
    dl->PopClipRect();
    cx += sw + gap * 0.5f;
    cx += label(cx, "padding", dim) + gap * 2;
  }
  auto arc = [&](const std::array<float, 4>& c) {
    dl->AddBezierCubic(ImVec2(cx, sy), ImVec2(cx, sy + sh * 1.2f), ImVec2(cx + sw, sy + sh * 1.2f), ImVec2(cx + sw, sy),
                       to_u32(c, 1.0f), 2.0f);
  };
  if (spec.comparators && fits(sw + gap * 0.5f + width_of("compared"))) {
    arc(palette::kComparator);
    cx += sw + gap * 0.5f;
    cx += label(cx, "compared", dim) + gap * 2;
  }
  if (spec.comparators && spec.swapped && fits(sw + gap * 0.5f + width_of("swapped"))) {
    arc(palette::kSwapped);
    cx += sw + gap * 0.5f;
    cx += label(cx, "swapped", dim) + gap * 2;
  }
  if (spec.comparators && fits(width_of("(arrow: smaller key goes here)"))) label(cx, "(arrow: smaller key goes here)", dim);
  return h;
}

}  // namespace sortscope
