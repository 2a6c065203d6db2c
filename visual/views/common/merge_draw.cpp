#include "merge_draw.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "colormap.h"
#include "common/density.h"
#include "views/legend.h"
#include "views/view_text.h"

namespace sortscope::merge_view {

ImU32 to_u32(const std::array<float, 4>& c, float alpha) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

Canvas::Canvas(const AuxDrawContext& c, const Rect& r) : c_(c), r_(r) {
  font_ = c.font ? c.font : ImGui::GetFont();
  small_ = c.small ? c.small : font_;
  c_.dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
}

Canvas::~Canvas() { c_.dl->PopClipRect(); }

Rect Canvas::frame(const std::vector<std::string>& titles, const std::vector<std::string>& subtitles) {
  const float pad = std::round(8 * s());
  c_.dl->AddRectFilled(ImVec2(r_.x, r_.y), ImVec2(r_.right(), r_.bottom()), to_u32(palette::kPanel), 6 * s());
  // Headings never clip: the longest variant that fits on one line, else the title wraps and the
  // subtitle wraps (tall panels) or goes (short ones, where the drawing needs the room).
  const float wrap = std::max(1.0f, r_.w - 2 * pad);
  auto pick = [&](const std::vector<std::string>& v, bool small, bool keep_last) -> std::string {
    for (const std::string& t : v)
      if (text_w(t, small) <= wrap) return t;
    return keep_last && !v.empty() ? v.back() : std::string();
  };
  const std::string title = pick(titles, false, true);
  const std::string subtitle = pick(subtitles, true, r_.h >= 300 * s());
  float y = r_.y + pad;
  draw_view_text(c_.dl, font_, c_.font_px, ImVec2(r_.x + pad, y), to_u32(palette::kText), title, wrap);
  y += font_->CalcTextSizeA(c_.font_px, FLT_MAX, wrap, title.c_str()).y + 2 * s();
  if (!subtitle.empty()) {
    draw_view_text(c_.dl, small_, c_.small_px, ImVec2(r_.x + pad, y), to_u32(palette::kTextDim), subtitle, wrap);
    y += small_->CalcTextSizeA(c_.small_px, FLT_MAX, wrap, subtitle.c_str()).y;
  }
  y += std::round(6 * s());
  return Rect{r_.x + pad, y, r_.w - 2 * pad, r_.bottom() - pad - y};
}

float Canvas::text_w(const std::string& t, bool small) const {
  ImFont* f = small ? small_ : font_;
  return f->CalcTextSizeA(small ? c_.small_px : c_.font_px, FLT_MAX, 0, t.c_str()).x;
}

float Canvas::text(float x, float y, const std::string& t, ImU32 col, bool small) const {
  draw_view_text(c_.dl, small ? small_ : font_, small ? c_.small_px : c_.font_px, ImVec2(x, y), col, t);
  return text_w(t, small);
}

void Canvas::text_right(float x, float y, const std::string& t, ImU32 col, bool small) const {
  text(x - text_w(t, small), y, t, col, small);
}

void Canvas::text_centre(float x, float y, const std::string& t, ImU32 col, bool small) const {
  text(x - 0.5f * text_w(t, small), y, t, col, small);
}

void Canvas::rect(float x0, float y0, float x1, float y1, ImU32 col) const {
  c_.dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), col);
}

void Canvas::outline(float x0, float y0, float x1, float y1, ImU32 col, float thickness) const {
  c_.dl->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), col, 0, 0, thickness);
}

void Canvas::line(float x0, float y0, float x1, float y1, ImU32 col, float thickness) const {
  c_.dl->AddLine(ImVec2(x0, y0), ImVec2(x1, y1), col, thickness);
}

void Canvas::hatch(float x0, float y0, float x1, float y1) const {
  if (x1 <= x0 || y1 <= y0) return;
  rect(x0, y0, x1, y1, to_u32(palette::kPaddingBack));
  c_.dl->PushClipRect(ImVec2(x0, y0), ImVec2(x1, y1), true);
  const float h = y1 - y0, step = std::max(6.0f, 6 * s());
  for (float d = -h; d < x1 - x0; d += step)
    c_.dl->AddLine(ImVec2(x0 + d, y1), ImVec2(x0 + d + h, y0), to_u32(palette::kPadding), std::max(1.5f, 1.5f * s()));
  c_.dl->PopClipRect();
}

float Canvas::swatch(float x, float y, ImU32 col, const std::string& label) const {
  const float h = std::round(small_px() * 0.8f), w = std::round(small_px() * 1.3f);
  const float yy = y + 0.5f * (small_px() - h);
  rect(x, yy, x + w, yy + h, col);
  x += w + 4 * s();
  x += text(x, y, label, to_u32(palette::kTextDim));
  return x + 12 * s();
}

namespace {

// Lines of a flowed legend: index of the first item of every line.
std::vector<size_t> legend_lines(const Canvas& cv, const std::vector<LegendItem>& items, float width) {
  std::vector<size_t> starts;
  float x = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const float w =
        (items[i].swatch ? std::round(cv.small_px() * 1.3f) + 4 * cv.s() : 0) + cv.text_w(items[i].label) + 12 * cv.s();
    if (starts.empty() || (x + w > width && x > 0)) starts.push_back(i), x = 0;
    x += w;
  }
  return starts;
}

}  // namespace

float Canvas::legend_height(const std::vector<LegendItem>& items, float width) const {
  return float(legend_lines(*this, items, width).size()) * small_px() * 1.25f;
}

void Canvas::legend(const std::vector<LegendItem>& items, float x, float bottom, float width) const {
  const std::vector<size_t> starts = legend_lines(*this, items, width);
  float y = bottom - float(starts.size()) * small_px() * 1.25f + small_px() * 0.15f;
  for (size_t l = 0; l < starts.size(); ++l, y += small_px() * 1.25f) {
    float cx = x;
    const size_t end = l + 1 < starts.size() ? starts[l + 1] : items.size();
    for (size_t i = starts[l]; i < end; ++i)
      cx = items[i].swatch
               ? swatch(cx, y, items[i].colour, items[i].label)
               : cx + text(cx, y, items[i].label, items[i].colour ? items[i].colour : to_u32(palette::kTextDim)) +
                     12 * s();
  }
}

ImU32 key_colour(const Timeline& t, uint64_t ordered_bits) { return key_colour(t, ordered_bits, t.range); }

ImU32 key_colour(const Timeline& t, uint64_t ordered_bits, DisplayRange range) {
  const Rgb8 c = colormap_rgb8(display_fraction(t.key_type, ordered_bits, range));
  return IM_COL32(c.r, c.g, c.b, 255);
}

double key_value(KeyType type, uint64_t ordered_bits) {
  uint64_t raw = 0;
  switch (type) {
    case KeyType::U32:
      raw = KeyTraits<KeyType::U32>::from_ordered(uint32_t(ordered_bits));
      break;
    case KeyType::I32:
      raw = KeyTraits<KeyType::I32>::from_ordered(uint32_t(ordered_bits));
      break;
    case KeyType::F32:
      raw = KeyTraits<KeyType::F32>::from_ordered(uint32_t(ordered_bits));
      break;
    case KeyType::U64:
      raw = ordered_bits;
      break;
    case KeyType::I64:
      raw = KeyTraits<KeyType::I64>::from_ordered(ordered_bits);
      break;
    case KeyType::F64:
      raw = KeyTraits<KeyType::F64>::from_ordered(ordered_bits);
      break;
  }
  return key_display_value(type, raw);
}

bool local_range(KeyType type, const uint64_t* keys, size_t n, DisplayRange& out) {
  bool any = false;
  for (size_t i = 0; i < n; ++i) {
    if (is_padding_word(keys[i])) continue;
    const double v = key_value(type, keys[i]);
    if (!std::isfinite(v)) continue;
    if (!any) out.lo = out.hi = v, any = true;
    out.lo = std::min(out.lo, v), out.hi = std::max(out.hi, v);
  }
  return any;
}

StepKeys::StepKeys(const AuxDrawContext& c, uint64_t first, uint64_t count, uint64_t max_device_bytes)
    : first_(first) {
  if (!c.timeline || !c.timeline->store) return;
  const Step& st = c.current();
  if (!st.keys.valid()) return;
  const ArraySnapshot& snap = c.timeline->store->get(st.keys);
  if (!snap.full || first > snap.padded_n || count > snap.padded_n - first || count == 0) return;
  word_ = snap.word_bytes;
  if (!snap.on_device) {
    data_ = snap.host.data() + first * uint64_t(word_);
  } else if (count * uint64_t(word_) <= max_device_bytes) {
    owned_ = c.timeline->store->read_host(st.keys, first, count);
    if (owned_.size() == count * uint64_t(word_)) data_ = owned_.data();
  }
}

uint64_t StepKeys::operator[](uint64_t i) const {
  const uint8_t* p = data_ + (i - first_) * uint64_t(word_);
  if (word_ == 8) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

uint64_t nice_step(double px_per_unit, double min_px) {
  if (px_per_unit <= 0) return 1;
  const double want = min_px / px_per_unit;
  uint64_t step = 1;
  for (;;) {
    for (uint64_t m : {1, 2, 5})
      if (double(step * m) >= want) return step * m;
    if (step > (uint64_t(1) << 60)) return step;
    step *= 10;
  }
}

std::string ordinal(uint64_t v) {
  const uint64_t tens = v % 100, ones = v % 10;
  const char* suffix =
      tens >= 11 && tens <= 13 ? "th" : (ones == 1 ? "st" : (ones == 2 ? "nd" : (ones == 3 ? "rd" : "th")));
  return format_count(v) + suffix;
}

std::string short_count(uint64_t v) {
  char buf[32];
  if (v >= 10'000'000'000ull) {
    std::snprintf(buf, sizeof buf, "%.0fG", double(v) / 1e9);
    return buf;
  }
  if (v >= 10'000'000ull) {
    std::snprintf(buf, sizeof buf, "%.0fM", double(v) / 1e6);
    return buf;
  }
  if (v >= 1'000'000ull) {
    std::snprintf(buf, sizeof buf, "%.1fM", double(v) / 1e6);
    return buf;
  }
  return format_count(v);
}

}  // namespace sortscope::merge_view
