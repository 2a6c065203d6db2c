// The lesson box's text column (app/ui/lesson/text_column.h) and the script's size: command:
// logic without a window (widths measured as characters, 10 px each at scale 1).
#include <gtest/gtest.h>

#include <stdexcept>

#include "ui/lesson/text_column.h"
#include "ui/script.h"

using namespace sortscope::ui;

namespace {

float chars(std::string_view t, float scale) { return float(t.size()) * 10 * scale; }

TextColumnMetrics metrics(float width, float room) {
  TextColumnMetrics m;
  m.width = width;
  m.room = room;
  m.line_px = 20;
  m.gap_px = 9;
  return m;
}

}  // namespace

TEST(TextColumn, FitsAtFullSizeWhereItCan) {
  const TextColumnLayout l = lay_out_text_column({{"one two three four", 1, false}}, metrics(100, 100), chars);
  EXPECT_EQ(l.scale, 1.0f);
  EXPECT_FALSE(l.pages);
  ASSERT_EQ(l.lines.size(), 2u);  // "one two" (70 px), "three four" (100 px)
  EXPECT_EQ(l.lines[0].text, "one two");
  EXPECT_EQ(l.lines[1].text, "three four");
  EXPECT_FLOAT_EQ(l.height, 40);
  EXPECT_TRUE(l.wide_words.empty());
}

TEST(TextColumn, ScalesDownToItsMinimumThenTakesPages) {
  // 8 words of 9 characters: one a row at full size (90 px), two a row at 0.8 (72 + 8 + 72 > 100,
  // so still one: 8 rows of 16 px = 128 px).
  const std::string text = "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh";
  TextColumnLayout l = lay_out_text_column({{text, 1, false}}, metrics(100, 144), chars);
  EXPECT_EQ(l.scale, 0.9f);  // 8 rows of 18 px
  EXPECT_FALSE(l.pages);
  l = lay_out_text_column({{text, 1, false}}, metrics(100, 100), chars);
  EXPECT_EQ(l.scale, 0.8f);
  EXPECT_TRUE(l.pages);
  // Pages of whole rows: 6 rows of 16 px in 100 px, then the last 2.
  EXPECT_EQ(text_column_page_end(l, 0, 100), 6u);
  EXPECT_EQ(text_column_page_end(l, 6, 100), 8u);
  EXPECT_EQ(text_column_page_end(l, 0, 10), 0u);  // not even a row: nothing drawn, the caller says so
}

TEST(TextColumn, RulesAndWideWords) {
  const TextColumnLayout l =
      lay_out_text_column({{"caption", 1, false}, {"a_very_long_identifier_here", 2, true}}, metrics(100, 1000), chars);
  ASSERT_GE(l.lines.size(), 3u);
  EXPECT_TRUE(l.lines[1].rule);
  EXPECT_FLOAT_EQ(l.lines[1].y, 20);
  EXPECT_FLOAT_EQ(l.lines[2].y, 29);
  EXPECT_EQ(l.lines[2].colour, 2u);
  ASSERT_EQ(l.wide_words.size(), 1u);  // split between characters: the one cut the layout reports
  EXPECT_EQ(l.wide_words[0], "a_very_long_identifier_here");
}

TEST(ScriptSize, NeedsWidthAndHeight) {
  EXPECT_NO_THROW(InputScript("size:1024x600 report", ""));
  EXPECT_THROW(InputScript("size:1024", ""), std::runtime_error);
  EXPECT_THROW(InputScript("size:10x10", ""), std::runtime_error);
  EXPECT_THROW(InputScript("size:1024x600x2", ""), std::runtime_error);
}
