#pragma once
// The lesson box's texts (its slide caption, question and answer, and in projector mode the step's
// caption) laid out in the box's column, never cut (issue 29, "captions wrap or scale but are never
// cut"): broken into rows at spaces, at the largest of a few font scales at which they fit the
// column's height, down to a readable minimum; what does not fit even there is shown a page of
// whole rows at a time (the box says that more follows). Measuring is the caller's (a font at a
// size), so this is testable without a GL context.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope::ui {

struct ColumnText {
  std::string text;          // broken at spaces; its own line breaks are kept
  uint32_t colour = 0;       // the caller's (an ImU32)
  bool rule_before = false;  // a new part (the question, the step): a gap with a thin rule above it
};

// One row of the column, or the gap holding a rule (text empty).
struct ColumnLine {
  std::string text;
  uint32_t colour = 0;
  float y = 0, h = 0;  // px from the column's top, at the layout's scale
  bool rule = false;
};

struct TextColumnLayout {
  float scale = 1;                      // of the body font
  std::vector<ColumnLine> lines;
  float height = 0;                     // all lines, px
  bool pages = false;                   // taller than the room even at the smallest scale
  std::vector<std::string> wide_words;  // wider than the column at that scale: split between characters
};

// The scales of the body font a text may take to fit, largest first; the last is the readable
// minimum (4/5: 16 px in a 1024x600 projector window, the size of the app's normal text).
inline constexpr float kTextFitScales[] = {1.0f, 0.9f, 0.8f};

struct TextColumnMetrics {
  float width = 0;    // px of a row
  float room = 0;     // px of height
  float line_px = 0;  // a row's height at scale 1
  float gap_px = 0;   // the gap of a rule
  std::vector<float> scales{std::begin(kTextFitScales), std::end(kTextFitScales)};  // tried in order
};

// The width of a text in the body font at `scale` of its size.
using ScaledTextWidth = std::function<float(std::string_view text, float scale)>;

TextColumnLayout lay_out_text_column(const std::vector<ColumnText>& texts, const TextColumnMetrics& m,
                                     const ScaledTextWidth& width);

// The lines from `first` on that fit whole in `room` px: the end of [first, end) (`first` itself
// where not even its line fits).
size_t text_column_page_end(const TextColumnLayout& layout, size_t first, float room);

}  // namespace sortscope::ui
