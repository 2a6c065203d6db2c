// The checks over the text views draw (visual/views/text_checks.h, issue 29 "Layout checks that
// cover the views"): a label cut by its clip rectangle or running out of its view, two labels over
// one another, and a label whose colour has under 3:1 contrast with what lies behind it (measured
// in the frame's pixels) are each found and named; labels side by side, inside their view, on a
// plain dark background are not.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "views/text_checks.h"

namespace sortscope::test {
namespace {

constexpr uint32_t rgba32(uint8_t r, uint8_t g, uint8_t b) { return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | 0xffu << 24; }

DrawnText label(const char* text, Rect rect, uint32_t colour = rgba32(235, 238, 245)) {
  DrawnText t;
  t.text = text;
  t.view = "test view";
  t.rect = rect;
  t.clip = {0, 0, 400, 200};
  t.bounds = {0, 0, 400, 200};
  t.colour = colour;
  return t;
}

TEST(TextChecks, CutAndSpilledLabelsAreNamed) {
  std::vector<DrawnText> texts = {label("fits", {10, 10, 40, 14}), label("past the clip", {380, 10, 60, 14}),
                                  label("edge to edge", {0, 100, 400, 14})};
  texts.push_back(label("out of its view", {10, 40, 60, 14}));
  texts.back().bounds = {0, 0, 50, 100};
  texts.push_back(label("wholly clipped away", {500, 10, 60, 14}));  // not drawn, so not cut
  const TextFindings f = check_text_layout(texts);
  ASSERT_EQ(f.cut.size(), 2u);
  EXPECT_NE(f.cut[0].find("past the clip"), std::string::npos) << f.cut[0];
  EXPECT_NE(f.cut[1].find("out of its view"), std::string::npos) << f.cut[1];
  EXPECT_TRUE(f.overlaps.empty());
}

TEST(TextChecks, OverlappingLabelsAreFoundAndTouchingOnesAreNot) {
  const std::vector<DrawnText> texts = {
      label("tile 3", {10, 10, 40, 16}),  label("tile 4", {30, 12, 40, 16}),   // over one another
      label("left", {100, 10, 40, 16}),   label("right", {141, 10, 40, 16}),   // side by side
      label("line 1", {200, 10, 60, 16}), label("line 2", {200, 25, 60, 16}),  // leading shared
  };
  const TextFindings f = check_text_layout(texts);
  ASSERT_EQ(f.overlaps.size(), 1u);
  EXPECT_NE(f.overlaps[0].find("tile 3"), std::string::npos);
  EXPECT_NE(f.overlaps[0].find("tile 4"), std::string::npos);
}

TEST(TextChecks, ContrastIsMeasuredAgainstWhatLiesBehindTheLabel) {
  EXPECT_NEAR(contrast_ratio(relative_luminance(255, 255, 255), relative_luminance(0, 0, 0)), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio(relative_luminance(118, 118, 118), relative_luminance(255, 255, 255)), 4.54, 0.01);
  // A 200 x 100 frame: dark at the left, orange bars at the right.
  const int w = 200, h = 100;
  std::vector<uint8_t> px(size_t(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * w + x) * 4];
      const bool orange = x >= 100;
      p[0] = orange ? 235 : 18, p[1] = orange ? 160 : 20, p[2] = orange ? 52 : 26, p[3] = 255;
    }
  // Glyphs of the label's own colour cover part of each box, as drawn text does.
  auto draw = [&](const Rect& r, uint32_t c) {
    for (int y = int(r.y) + 3; y < int(r.bottom()) - 3; y += 2)
      for (int x = int(r.x); x < int(r.right()); x += 3) {
        uint8_t* p = &px[(size_t(y) * w + x) * 4];
        p[0] = c & 0xff, p[1] = (c >> 8) & 0xff, p[2] = (c >> 16) & 0xff;
      }
  };
  const uint32_t orange = rgba32(240, 150, 40), white = rgba32(235, 238, 245);
  std::vector<DrawnText> texts = {label("white on dark", {10, 10, 60, 16}, white),
                                  label("orange on dark", {10, 40, 60, 16}, orange),
                                  label("orange on orange", {120, 10, 60, 16}, orange),
                                  label("white on orange", {120, 40, 60, 16}, white)};
  for (const DrawnText& t : texts) draw(t.rect, t.colour);
  TextFindings f;
  check_text_contrast(texts, px.data(), w, h, 0, 0, f);
  ASSERT_EQ(f.low_contrast.size(), 2u);
  EXPECT_NE(f.low_contrast[0].find("orange on orange"), std::string::npos) << f.low_contrast[0];
  EXPECT_NE(f.low_contrast[1].find("white on orange"), std::string::npos) << f.low_contrast[1];
  // The same labels placed elsewhere in a larger picture: the offset moves them.
  TextFindings none;
  check_text_contrast({texts[0]}, px.data(), w, h, 0, 0, none);
  EXPECT_TRUE(none.low_contrast.empty());
}

}  // namespace
}  // namespace sortscope::test
