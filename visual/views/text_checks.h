#pragma once
// What a frame's registered text (view_text.h) shows badly (issue 29, "Layout checks that cover
// the views"), each finding one line naming the view and the text:
//   - cut: a label reaching past its clip rectangle or the view's own bounds by more than a pixel
//     (the reader loses its end, or it runs into the next view);
//   - overlap: two labels whose boxes share more than a sliver (both unreadable where they cross);
//   - low contrast: a label whose colour has a contrast ratio under 3:1 (WCAG 2.1 §1.4.11's floor
//     for large text and graphics) with most of what lies under it: the pixels of its box in the
//     finished frame are measured against its colour, and the glyphs themselves cover well under
//     half of a box, so more than `kLowContrastShare` of the box failing means the background does.
#include <cstdint>
#include <string>
#include <vector>

#include "view_text.h"

namespace sortscope {

inline constexpr double kMinLabelContrast = 3.0;
inline constexpr double kLowContrastShare = 0.6;

// WCAG 2.1 relative luminance of an sRGB colour (0..255 each), and the contrast ratio of two.
double relative_luminance(uint8_t r, uint8_t g, uint8_t b);
double contrast_ratio(double luminance_a, double luminance_b);

struct TextFindings {
  std::vector<std::string> cut;
  std::vector<std::string> overlaps;
  std::vector<std::string> low_contrast;
  bool empty() const { return cut.empty() && overlaps.empty() && low_contrast.empty(); }
};

// The cut and overlapping labels of `texts` (no pixels needed).
TextFindings check_text_layout(const std::vector<DrawnText>& texts);
// Adds the labels of `texts` with too little contrast in `rgba` (width x height, rows top-down; the
// texts' coordinates offset by (dx, dy) into it) to `out`.
void check_text_contrast(const std::vector<DrawnText>& texts, const uint8_t* rgba, int width, int height,
                         float dx, float dy, TextFindings& out);

}  // namespace sortscope
