#include "text_checks.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace sortscope {

namespace {

// A pixel of slack: labels placed edge to edge, and sub-pixel font metrics, are fine.
constexpr float kSlack = 1.0f;

std::string name(const DrawnText& t) {
  std::string s = t.text.size() > 60 ? t.text.substr(0, 57) + "..." : t.text;
  return fmt::format("{}: \"{}\"", t.view.empty() ? "view" : t.view, s);
}

Rect intersect(const Rect& a, const Rect& b) {
  const float x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const float x1 = std::min(a.right(), b.right()), y1 = std::min(a.bottom(), b.bottom());
  return {x0, y0, std::max(0.0f, x1 - x0), std::max(0.0f, y1 - y0)};
}

bool reaches_past(const Rect& inner, const Rect& outer) {
  return inner.x < outer.x - kSlack || inner.y < outer.y - kSlack || inner.right() > outer.right() + kSlack ||
         inner.bottom() > outer.bottom() + kSlack;
}

double srgb_to_linear(uint8_t c) {
  const double v = c / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

}  // namespace

double relative_luminance(uint8_t r, uint8_t g, uint8_t b) {
  return 0.2126 * srgb_to_linear(r) + 0.7152 * srgb_to_linear(g) + 0.0722 * srgb_to_linear(b);
}

double contrast_ratio(double a, double b) { return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05); }

TextFindings check_text_layout(const std::vector<DrawnText>& texts) {
  TextFindings f;
  for (const DrawnText& t : texts) {
    if (t.rect.empty()) continue;
    // Wholly clipped away (a label past a scrolled edge, a lane too short for its band): not drawn,
    // so not cut either; a label the clip rectangle crosses loses part of itself.
    const Rect visible = intersect(t.rect, t.clip);
    if (visible.empty()) continue;
    if (reaches_past(t.rect, t.clip)) f.cut.push_back(name(t) + " is cut by its clip rectangle");
    else if (!t.bounds.empty() && reaches_past(t.rect, t.bounds)) f.cut.push_back(name(t) + " runs out of its view");
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    const Rect a = intersect(texts[i].rect, texts[i].clip);
    if (a.empty()) continue;
    for (size_t j = i + 1; j < texts.size(); ++j) {
      const Rect b = intersect(texts[j].rect, texts[j].clip);
      const Rect both = intersect(a, b);
      // Line boxes include leading: a box sharing under 2 px (or under a fifth of the smaller
      // label's height) with another is only touching.
      const float min_h = std::min(a.h, b.h);
      if (both.w <= 2 || both.h <= std::max(2.0f, 0.2f * min_h)) continue;
      f.overlaps.push_back(name(texts[i]) + " overlaps " + name(texts[j]));
    }
  }
  return f;
}

void check_text_contrast(const std::vector<DrawnText>& texts, const uint8_t* rgba, int width, int height,
                         float dx, float dy, TextFindings& out) {
  if (!rgba || width <= 0 || height <= 0) return;
  for (const DrawnText& t : texts) {
    const Rect box = intersect(intersect(t.rect, t.clip), Rect{-dx, -dy, float(width), float(height)});
    if (box.w < 2 || box.h < 2) continue;
    const uint8_t r = t.colour & 0xff, g = (t.colour >> 8) & 0xff, b = (t.colour >> 16) & 0xff;
    const double lt = relative_luminance(r, g, b);
    const int x0 = int(std::floor(box.x + dx)), y0 = int(std::floor(box.y + dy));
    const int x1 = std::min(width, int(std::ceil(box.right() + dx))), y1 = std::min(height, int(std::ceil(box.bottom() + dy)));
    size_t low = 0, all = 0;
    for (int y = std::max(0, y0); y < y1; ++y)
      for (int x = std::max(0, x0); x < x1; ++x) {
        const uint8_t* p = rgba + (size_t(y) * size_t(width) + size_t(x)) * 4;
        ++all;
        low += contrast_ratio(lt, relative_luminance(p[0], p[1], p[2])) < kMinLabelContrast;
      }
    if (all && double(low) / double(all) > kLowContrastShare)
      out.low_contrast.push_back(fmt::format("{} has contrast under {:.0f}:1 with {:.0f}% of what lies behind it",
                                             name(t), kMinLabelContrast, 100.0 * double(low) / double(all)));
  }
}

}  // namespace sortscope
