// Render tests of whole frames (FrameRenderer): caption, info line, pseudo-code panel, progress
// strip and legend around the array view, drawn headless with Dear ImGui's OpenGL 3 backend.
#include <algorithm>

#include <gtest/gtest.h>

#include "code_rows.h"
#include "text_wrap.h"
#include "colormap.h"
#include "frame_renderer.h"
#include "gl/gl_check.h"
#include "render_test_util.h"

namespace sortscope::test {
namespace {

// Pixels of a rectangle that are much brighter than the dark panels: text.
int bright_pixels(const Image& img, const Rect& r) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x) {
      Rgb c = img.at(x, y);
      count += (c.r + c.g + c.b) > 3 * 150;
    }
  return count;
}

struct Fixture : ::testing::Test {
  void SetUp() override { headless_or_skip(); }
  FakeAlgorithm algo;
};

TEST_F(Fixture, FrameHasCaptionCodePanelProgressAndLegend) {
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, false), keys_of(n, true)},
                             {1, 631}, uint64_t(1) << 30,
                             {{}, {AuxData{ComparatorStage{64, 32, false}}, AuxData{BlockOwnership{16}}}, {}});
  FrameRenderer frames(t, algo);
  ASSERT_EQ(frames.step_count(), 3);
  const int W = 1280, H = 720;
  Image s1{W, H, frames.render_rgba(1, W, H)};
  ASSERT_EQ(s1.rgba.size(), size_t(W) * H * 4);
  const FrameLayout L = frames.layout();
  // Caption: a substantial amount of text in the header.
  EXPECT_GT(bright_pixels(s1, L.header), 1500);
  // The view sits between header and legend, the pseudo-code panel to its right.
  EXPECT_GE(L.view.y, L.header.bottom());
  ASSERT_FALSE(L.code.empty());
  EXPECT_GT(L.code.x, L.view.right());
  EXPECT_LT(L.view.bottom(), L.legend.y);
  EXPECT_EQ(frames.array_info().mode, ArrayMode::Bars);
  EXPECT_EQ(frames.array_info().comparator_pairs, 32u);
  // The highlighted pseudo-code line (step 1 -> line 2) is tinted with the highlight colour.
  const Rgb accent = rgb_of(palette::kHighlight);
  int accent_px = 0;
  for (int y = int(L.code.y); y < int(L.code.bottom()); ++y)
    for (int x = int(L.code.x); x < int(L.code.x + 40); ++x) accent_px += near(s1.at(x, y), accent, 8);
  EXPECT_GT(accent_px, 40);
  // Legend: the colour ramp runs from the low end to the high end of the map.
  bool low = false, high = false;
  const int ly = int(L.legend.y + L.legend.h / 2);
  for (int x = int(L.legend.x); x < int(L.legend.right()); ++x) {
    low |= near(s1.at(x, ly), rgb_of(colormap(0.02f)), 12);
    high |= near(s1.at(x, ly), rgb_of(colormap(0.98f)), 12);
  }
  EXPECT_TRUE(low);
  EXPECT_TRUE(high);
  EXPECT_GT(bright_pixels(s1, L.legend), 100);  // the range labels
  // A timeline of comparator layers: the whole network under the view (its label and the current
  // layer's white column), above the progress strip.
  ASSERT_FALSE(L.network.empty());
  EXPECT_GT(L.network.y, L.view.bottom());
  EXPECT_LT(L.network.bottom(), L.progress.y);
  EXPECT_GT(bright_pixels(s1, L.network), 300);

  // Another step: another caption, another picture.
  Image s2{W, H, frames.render_rgba(2, W, H)};
  EXPECT_GT(differing_pixels(s1, s2, L.header), 200);
  EXPECT_GT(differing_pixels(s1, s2, L.view), 1000);
  EXPECT_EQ(frames.array_info().comparator_pairs, 0u);
}

// A 256-key comparator network exported at 800x450 with the automatic text scale (1.6x, readable
// pseudo-code): beside the array the code would leave keys under kMinComparatorPx wide and lose
// the arcs, so it becomes a strip under the array, and the arcs and the network strip are drawn.
// At 1280x720 the code stays beside the array (its keys are wide enough there).
TEST_F(Fixture, SmallExportsOfANetworkKeepTheArcsAndMoveTheCodeUnder) {
  const int n = 256;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, false)}, {1, 2000}, uint64_t(1) << 30,
                             {{}, {AuxData{ComparatorStage{64, 2, false}}}});
  FrameStyle style;
  style.text_scale = 1.6f;
  FrameRenderer small(t, algo, style);
  Image img{800, 450, small.render_rgba(1, 800, 450)};
  const FrameLayout L = small.layout();
  EXPECT_TRUE(L.code_below);
  ASSERT_FALSE(L.code.empty());
  EXPECT_GE(L.code.y, L.view.bottom());  // under the array, across the frame
  EXPECT_GT(L.code.w, 700);
  EXPECT_GE(L.code_rows_shown, 1);
  EXPECT_LE(L.code_text_right, L.code.right());
  EXPECT_GE(small.array_layout().key_px, kMinComparatorPx);
  EXPECT_EQ(small.array_info().comparator_pairs, 128u);
  EXPECT_FALSE(L.network.empty());
  EXPECT_GT(L.view.h, 80);
  // The step's line is highlighted in the strip.
  const Rgb accent = rgb_of(palette::kHighlight);
  int accent_px = 0;
  for (int y = int(L.code.y); y < int(L.code.bottom()); ++y)
    for (int x = int(L.code.x); x < int(L.code.x + 40); ++x) accent_px += near(img.at(x, y), accent, 8);
  EXPECT_GT(accent_px, 20);
  FrameRenderer large(t, algo);
  large.render_rgba(1, 1280, 720);
  EXPECT_FALSE(large.layout().code_below);
  EXPECT_GT(large.layout().code.x, large.layout().view.right());
  EXPECT_EQ(large.array_info().comparator_pairs, 128u);
}

// The pseudo-code panel's title (the algorithm's) wraps at spaces where it is wider than the panel,
// as network-merge's is at 1024x768, and the code starts under its last row: never cut.
TEST_F(Fixture, ALongAlgorithmTitleWrapsInTheCodePanel) {
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631});
  FakeAlgorithm long_title;
  long_title.title_ = "Merge sort with bitonic merge networks (Satish et al.) and a title longer still";
  FrameRenderer frames(t, long_title);
  frames.render_rgba(1, 1024, 768);
  const FrameLayout L = frames.layout();
  ASSERT_FALSE(L.code.empty());
  EXPECT_FALSE(L.code_below);
  EXPECT_GT(L.code_title_right, L.code.x);
  EXPECT_LE(L.code_title_right, L.code.right());
  EXPECT_LE(L.code_text_right, L.code.right());
  EXPECT_GE(L.code_rows_shown, 1);
}

// Steps without comparator layers: no network strip; the view keeps the room.
TEST_F(Fixture, NoNetworkStripWithoutComparatorLayers) {
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631});
  FrameRenderer frames(t, algo);
  frames.render_rgba(1, 1280, 720);
  EXPECT_TRUE(frames.layout().network.empty());
}

// Pseudo-code rows (code_rows.h), measured in characters: every row fits, every word of every line
// is kept in order, comments go on rows of their own, continuation rows are indented.
TEST(CodeRows, WrapsLongLinesWithoutLosingText) {
  auto chars = [](std::string_view t) { return float(t.size()); };
  const std::vector<std::string> code = {
      "short line",
      "  partition: split[t] = merge_path(A, B, diagonal t*NT*VT) for every output tile t",
      "  merge pairs  // merge path + serial merge, one thread per VT keys of the output",
      "    averyveryveryveryveryverylongidentifierwithoutspaces(x)"};
  const std::vector<CodeRow> rows = layout_code_rows(code, 30, chars);
  std::vector<std::string> words_in, words_out;
  auto words = [](const std::string& t, std::vector<std::string>& out) {
    size_t i = 0;
    while ((i = t.find_first_not_of(' ', i)) != std::string::npos) {
      const size_t e = t.find(' ', i);
      out.push_back(t.substr(i, e == std::string::npos ? std::string::npos : e - i));
      i = e;
    }
  };
  for (const auto& l : code) words(l, words_in);
  std::string joined_long;
  for (const CodeRow& r : rows) {
    EXPECT_LE(r.text.size(), 30u) << r.text;
    if (r.source == 3) joined_long += r.text.substr(r.text.find_first_not_of(' '));
    else words(r.text, words_out);
  }
  words_in.pop_back();  // the unbreakable word comes back in pieces
  EXPECT_EQ(words_out, words_in);
  EXPECT_EQ(joined_long, "averyveryveryveryveryverylongidentifierwithoutspaces(x)");
  ASSERT_EQ(rows[0].text, "short line");
  EXPECT_FALSE(rows[0].continued);
  // Line 1: continuation rows hang four columns under the line's indent.
  int line1 = 0;
  for (const CodeRow& r : rows)
    if (r.source == 1) {
      EXPECT_EQ(r.text.find_first_not_of(' '), line1++ == 0 ? 2u : 6u) << r.text;
      EXPECT_EQ(r.continued, line1 > 1);
    }
  EXPECT_GE(line1, 3);
  // Line 2: the head on its own rows, the comment after it, marked.
  bool saw_comment = false;
  for (const CodeRow& r : rows)
    if (r.source == 2) {
      if (r.text.find("//") != std::string::npos) saw_comment = true;
      EXPECT_EQ(r.comment, saw_comment) << r.text;
    }
  EXPECT_TRUE(saw_comment);
  // Lines that fit are left alone.
  EXPECT_EQ(layout_code_rows(code, 200, chars).size(), code.size());
}

// Captions break at spaces only: "0..15" stays whole where ImGui's own wrapping would break it
// after "0.", and the text's own line breaks are kept.
TEST(TextWrap, BreakLinesBreaksAtSpacesOnly) {
  auto chars = [](std::string_view s) { return float(s.size()); };
  EXPECT_EQ(break_lines("sort the keys 0..15 of every tile", 16, chars), "sort the keys\n0..15 of every\ntile");
  EXPECT_EQ(break_lines("one\ntwo three", 5, chars), "one\ntwo\nthree");
  EXPECT_EQ(break_lines("", 5, chars), "");
  EXPECT_EQ(break_lines("abcdefgh", 3, chars), "abc\ndef\ngh");
  for (const std::string& row : {std::string("a b c d e f g h i j k l m n o p")})
    for (float w : {1.f, 2.f, 3.f, 7.f}) {
      const std::string out = break_lines(row, w, chars);
      size_t start = 0;
      while (start <= out.size()) {
        size_t end = out.find('\n', start);
        if (end == std::string::npos) end = out.size();
        EXPECT_LE(float(end - start), std::max(w, 1.f)) << out;
        start = end + 1;
      }
    }
}

// A pseudo-code line wider than the panel is wrapped, not cut: no text reaches the panel's right
// margin, all of it is drawn (more rows than lines), and the highlighted line's rows are all tinted.
TEST_F(Fixture, LongPseudoCodeLinesWrapInsideThePanel) {
  FakeAlgorithm wide({"keys <- input", "for every pass:",
                      "  merge: block t loads A[split[t]..split[t+1]] and its B share, each thread merges VT keys "
                      "of the output tile and writes them back to global memory END",
                      "  // a comment that is long enough to need a row or two of its own when the panel is narrow",
                      "return keys"});
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631});
  t.steps[1].pseudo_line = 2;
  FrameRenderer frames(t, wide);
  for (auto [w, h] : {std::pair{1920, 1080}, {1280, 720}, {800, 450}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    Image img{w, h, frames.render_rgba(1, w, h)};
    const FrameLayout& L = frames.layout();
    ASSERT_FALSE(L.code.empty());
    EXPECT_GT(L.code_rows, int(wide.pseudo_code().size()));
    EXPECT_EQ(L.code_rows_shown, L.code_rows);
    EXPECT_LE(L.code_text_right, L.code.right() - 8);
    // Nothing drawn in the panel's right margin (a cut line would run into it up to the clip).
    const Rect margin{L.code.right() - 10, L.code.y + 2, 6, L.code.h - 4};
    EXPECT_EQ(bright_pixels(img, margin), 0);
    // The tail of the long line is on screen: bright (highlighted) text below the line's first row.
    EXPECT_GT(bright_pixels(img, Rect{L.code.x, L.code.y + L.code.h * 0.25f, L.code.w, L.code.h * 0.5f}), 50);
  }
}

// A caption "What happens. How it is done" shows its first sentence as the headline and the rest
// under it in the smaller body font; a caption of one sentence has no detail row.
TEST_F(Fixture, CaptionDetailGoesUnderTheHeadline) {
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631});
  t.steps[0].caption = "Keys move to their places";
  t.steps[1].caption = "Keys move to their places. Each block scatters its keys to the offsets the scan gave";
  FrameRenderer frames(t, algo);
  for (auto [w, h] : {std::pair{1920, 1080}, {1280, 720}, {640, 360}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    frames.render_rgba(0, w, h);
    const FrameLayout one = frames.layout();
    EXPECT_TRUE(one.caption_detail.empty());
    Image img{w, h, frames.render_rgba(1, w, h)};
    const FrameLayout& L = frames.layout();
    ASSERT_FALSE(L.caption_detail.empty());
    EXPECT_GT(L.header.h, one.header.h);  // one more row: the headline did not grow
    EXPECT_LT(L.header.h - one.header.h, one.header.h);
    EXPECT_LE(L.caption_detail.bottom(), L.header.bottom());
    EXPECT_GT(bright_pixels(img, L.caption_detail), 20);
    EXPECT_GT(L.caption_px, L.caption_detail.h * 0.8f);  // the headline is the larger text
  }
}

TEST_F(Fixture, SmallFramesDropThePanelAndRestoreTheCallersFramebuffer) {
  const int n = 16;
  Timeline t = host_timeline(n, 32, {[] { auto k = keys_of(16, false); k.resize(32, ~0u); return k; }()}, {1, 151});
  FrameRenderer frames(t, algo);
  // The caller's framebuffer and viewport survive a render.
  gl::Framebuffer fbo = gl::make_framebuffer();
  gl::Texture tex = gl::make_texture();
  glBindTexture(GL_TEXTURE_2D, tex.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex.id(), 0);
  glViewport(1, 2, 3, 4);
  Image img{400, 240, frames.render_rgba(0, 400, 240)};
  GLint bound = 0, viewport[4];
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(GLuint(bound), fbo.id());
  EXPECT_EQ(viewport[0], 1);
  EXPECT_EQ(viewport[3], 4);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  gl::check_gl("test", __FILE__, __LINE__);
  EXPECT_TRUE(frames.layout().code.empty());
  EXPECT_GT(bright_pixels(img, frames.layout().header), 100);
  EXPECT_EQ(frames.array_info().padded_n, 32u);
}

// FrameStyle::text_scale (the app's projector scale in exports): the same frame with larger text
// has a taller header and legend and more text pixels in the header.
TEST_F(Fixture, TextScaleEnlargesTheFramesText) {
  const int n = 64;
  Timeline t = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631}, uint64_t(1) << 30);
  const int W = 1280, H = 720;
  FrameRenderer plain(t, algo);
  Image a{W, H, plain.render_rgba(1, W, H)};
  const FrameLayout la = plain.layout();
  FrameStyle style;
  style.text_scale = 1.75f;
  FrameRenderer large(t, algo, style);
  Image b{W, H, large.render_rgba(1, W, H)};
  const FrameLayout lb = large.layout();
  EXPECT_GT(lb.header.h, la.header.h * 1.5f);
  EXPECT_GT(lb.legend.h, la.legend.h * 1.5f);
  EXPECT_GT(bright_pixels(b, lb.header), bright_pixels(a, la.header));
  EXPECT_GT(lb.view.h, 100);  // the picture keeps room
}

TEST_F(Fixture, SummaryStepsShowAsHeatMap) {
  const int n = 1 << 14;
  std::vector<uint32_t> keys(n);
  for (int i = 0; i < n; ++i) keys[size_t(i)] = uint32_t(i);
  Timeline t = host_timeline(n, n, {keys}, {0, double(n - 1)}, /*budget_bytes=*/0);
  FrameRenderer frames(t, algo);
  frames.render_rgba(0, 960, 540);
  EXPECT_EQ(frames.array_info().mode, ArrayMode::Heatmap);
  EXPECT_EQ(frames.array_info().source, ArrayViewInfo::Source::Summary);
}

TEST_F(Fixture, BadStepOrSizeThrows) {
  std::vector<uint32_t> keys = keys_of(8, false);
  Timeline t = host_timeline(8, 8, {keys}, {1, 71});
  FrameRenderer frames(t, algo);
  EXPECT_THROW(frames.render_rgba(1, 640, 360), std::out_of_range);
  EXPECT_THROW(frames.render_rgba(0, 0, 360), std::runtime_error);
  EXPECT_NO_THROW(frames.render_rgba(0, 640, 360));
}

}  // namespace
}  // namespace sortscope::test
