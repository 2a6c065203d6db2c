// Sizes and step selections as people type them on the command line (app/parse/size_parse.h,
// step_range.h). K, M, G, T are powers of two.
#include <gtest/gtest.h>

#include <stdexcept>

#include "parse/size_parse.h"
#include "parse/step_range.h"

namespace sortscope {
namespace {

uint64_t ok(const char* text) {
  SizeParse p = parse_size(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error;
  return p.value;
}

std::string err(const char* text) {
  SizeParse p = parse_size(text);
  EXPECT_FALSE(p.ok()) << text << " parsed as " << p.value;
  return p.error;
}

TEST(SizeParse, PlainNumbers) {
  EXPECT_EQ(ok("0"), 0u);
  EXPECT_EQ(ok("1"), 1u);
  EXPECT_EQ(ok("1048576"), 1048576u);
  EXPECT_EQ(ok(" 1000 "), 1000u);
  EXPECT_EQ(ok("1_048_576"), 1048576u);
  EXPECT_EQ(ok("+7"), 7u);
  EXPECT_EQ(ok("18446744073709551615"), UINT64_MAX);
}

TEST(SizeParse, SuffixesArePowersOfTwo) {
  EXPECT_EQ(ok("16K"), 16384u);
  EXPECT_EQ(ok("16k"), 16384u);
  EXPECT_EQ(ok("1M"), 1u << 20);
  EXPECT_EQ(ok("1Mi"), 1u << 20);
  EXPECT_EQ(ok("1mi"), 1u << 20);
  EXPECT_EQ(ok("2G"), 2ull << 30);
  EXPECT_EQ(ok("1T"), 1ull << 40);
  EXPECT_EQ(ok("1.5K"), 1536u);
  EXPECT_EQ(ok("0.5M"), 1u << 19);
}

TEST(SizeParse, PowersAndProducts) {
  EXPECT_EQ(ok("2^20"), 1u << 20);
  EXPECT_EQ(ok("2^0"), 1u);
  EXPECT_EQ(ok("2^63"), 1ull << 63);
  EXPECT_EQ(ok("3*2^20"), 3u << 20);
  EXPECT_EQ(ok("10^6"), 1000000u);
  EXPECT_EQ(ok("2^10 * 2^10"), 1u << 20);
  EXPECT_EQ(ok("4*1K"), 4096u);
}

TEST(SizeParse, Errors) {
  EXPECT_NE(err("").find("empty"), std::string::npos);
  EXPECT_NE(err("-5").find("negative"), std::string::npos);
  EXPECT_NE(err("-1M").find("negative"), std::string::npos);
  EXPECT_NE(err("abc").find("not a size"), std::string::npos);
  EXPECT_NE(err("1X").find("not a size"), std::string::npos);
  EXPECT_NE(err("1MB").find("not a size"), std::string::npos);
  EXPECT_NE(err("1.3K").find("whole"), std::string::npos);
  EXPECT_NE(err("2^64").find("too large"), std::string::npos);
  EXPECT_NE(err("18446744073709551616").find("too large"), std::string::npos);
  EXPECT_NE(err("16T*2^30").find("too large"), std::string::npos);
  err("2^");
  err("^3");
  err("1e6");
  err("1*");
  err("1,,000");
}

TEST(SizeParse, FormatsShortestExactForm) {
  EXPECT_EQ(format_size(0), "0");
  EXPECT_EQ(format_size(1000), "1000");
  EXPECT_EQ(format_size(1024), "2^10");
  EXPECT_EQ(format_size(1u << 20), "2^20");
  EXPECT_EQ(format_size(3u << 20), "3*2^20");
  EXPECT_EQ(format_size((1u << 20) + 7), "1048583");
}

TEST(FrameSize, Parses) {
  FrameSize f = parse_frame_size("1280x720");
  ASSERT_TRUE(f.ok()) << f.error;
  EXPECT_EQ(f.width, 1280);
  EXPECT_EQ(f.height, 720);
  EXPECT_TRUE(parse_frame_size("64X64").ok());
  EXPECT_FALSE(parse_frame_size("1280").ok());
  EXPECT_FALSE(parse_frame_size("0x10").ok());
  EXPECT_FALSE(parse_frame_size("20000x10").ok());
  EXPECT_FALSE(parse_frame_size("axb").ok());
}

TEST(StepRange, ParsesEveryForm) {
  EXPECT_EQ(parse_step_selection("all").kind, StepSelection::Kind::All);
  EXPECT_EQ(parse_step_selection("last").kind, StepSelection::Kind::Last);
  StepSelection one = parse_step_selection("12");
  EXPECT_EQ(one.kind, StepSelection::Kind::Single);
  EXPECT_EQ(one.first, 12);
  StepSpan s = resolve_steps(parse_step_selection("3:5"), 37);
  EXPECT_EQ(s.first, 3);
  EXPECT_EQ(s.last, 5);
  EXPECT_EQ(s.count(), 3);
  s = resolve_steps(parse_step_selection("30:"), 37);
  EXPECT_EQ(s.first, 30);
  EXPECT_EQ(s.last, 36);
  s = resolve_steps(parse_step_selection(":2"), 37);
  EXPECT_EQ(s.first, 0);
  EXPECT_EQ(s.last, 2);
  s = resolve_steps(parse_step_selection("all"), 37);
  EXPECT_EQ(s.count(), 37);
  s = resolve_steps(parse_step_selection("last"), 37);
  EXPECT_EQ(s.first, 36);
}

TEST(StepRange, RejectsBadText) {
  for (const char* bad : {"", "x", "-1", "5:3", "1:2:3", "a:b", "1.5"})
    EXPECT_THROW(parse_step_selection(bad), std::runtime_error) << bad;
}

TEST(StepRange, OutOfRangeNamesTheSteps) {
  try {
    resolve_steps(parse_step_selection("40"), 37);
    FAIL() << "step 40 of 37 accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("37 steps (0..36)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(resolve_steps(parse_step_selection("10:99"), 37), std::runtime_error);
}

}  // namespace
}  // namespace sortscope
