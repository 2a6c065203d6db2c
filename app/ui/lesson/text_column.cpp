#include "text_column.h"

#include "text_wrap.h"

namespace sortscope::ui {

namespace {

TextColumnLayout lay_out_at(const std::vector<ColumnText>& texts, const TextColumnMetrics& m, float scale,
                            const ScaledTextWidth& width) {
  TextColumnLayout l;
  l.scale = scale;
  const TextWidth at_scale = [&](std::string_view t) { return width(t, scale); };
  float y = 0;
  for (const ColumnText& t : texts) {
    if (t.rule_before) {
      l.lines.push_back(ColumnLine{{}, t.colour, y, m.gap_px, true});
      y += m.gap_px;
    }
    // Rows of its own line breaks, each broken at spaces (text_wrap.h).
    size_t i = 0;
    while (i <= t.text.size()) {
      size_t end = t.text.find('\n', i);
      if (end == std::string::npos) end = t.text.size();
      const std::string_view para = std::string_view(t.text).substr(i, end - i);
      for (std::string& row : wrap_words({}, {}, para, m.width, at_scale)) {
        l.lines.push_back(ColumnLine{std::move(row), t.colour, y, m.line_px * scale, false});
        y += m.line_px * scale;
      }
      // A word wider than the whole row is the one thing wrapping cannot keep whole.
      size_t w = 0;
      while (w < para.size()) {
        size_t e = para.find(' ', w);
        if (e == std::string_view::npos) e = para.size();
        if (e > w && width(para.substr(w, e - w), scale) > m.width) l.wide_words.emplace_back(para.substr(w, e - w));
        w = e + 1;
      }
      i = end + 1;
    }
  }
  l.height = y;
  return l;
}

}  // namespace

TextColumnLayout lay_out_text_column(const std::vector<ColumnText>& texts, const TextColumnMetrics& m,
                                     const ScaledTextWidth& width) {
  const std::vector<float> scales = m.scales.empty() ? std::vector<float>{1.0f} : m.scales;
  TextColumnLayout l;
  for (float scale : scales) {
    l = lay_out_at(texts, m, scale, width);
    if (l.height <= m.room) return l;
  }
  l.pages = true;  // the smallest scale's rows, a page at a time
  return l;
}

size_t text_column_page_end(const TextColumnLayout& layout, size_t first, float room) {
  const size_t n = layout.lines.size();
  if (first >= n) return n;
  const float top = layout.lines[first].y;
  size_t end = first;
  while (end < n && layout.lines[end].y + layout.lines[end].h - top <= room + 0.01f) ++end;
  return end;
}

}  // namespace sortscope::ui
