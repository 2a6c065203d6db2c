// Render tests of whole frames (FrameRenderer): caption, info line, pseudo-code panel, progress
// strip and legend around the array view, drawn headless with Dear ImGui's OpenGL 3 backend.
#include <algorithm>

#include <gtest/gtest.h>

#include "colormap.h"
#include "frame_renderer.h"
#include "gl/gl_check.h"
#include "render_test_util.h"

namespace sortscope::test {
namespace {

std::vector<uint32_t> keys_of(int n, bool sorted) {
  std::vector<uint32_t> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[size_t(i)] = uint32_t((i * 37) % n) * 10u + 1u;
  if (sorted) std::sort(v.begin(), v.end());
  return v;
}

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

int differing_pixels(const Image& a, const Image& b, const Rect& r) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x) count += !near(a.at(x, y), b.at(x, y), 0);
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

  // Another step: another caption, another picture.
  Image s2{W, H, frames.render_rgba(2, W, H)};
  EXPECT_GT(differing_pixels(s1, s2, L.header), 200);
  EXPECT_GT(differing_pixels(s1, s2, L.view), 1000);
  EXPECT_EQ(frames.array_info().comparator_pairs, 0u);
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
