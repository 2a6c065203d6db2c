// Render tests of the array view and its GL plumbing, headless (Mesa llvmpipe without a GPU):
// hand-made snapshot timelines are drawn offscreen and their pixels checked.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>

#include <unistd.h>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "colormap.h"
#include "common/density.h"
#include "gl/gl_check.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"
#include "render_test_util.h"
#include "views/array_view.h"

namespace sortscope::test {
namespace {

// 64 distinct keys in a scrambled order, and the same keys sorted.
std::vector<uint32_t> scrambled(int n) {
  std::vector<uint32_t> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[size_t(i)] = uint32_t((i * 37) % n) * 1000u + 5u;
  return v;
}

DisplayRange range_of(const std::vector<uint32_t>& v, uint64_t n) {
  return display_range_host(v.data(), n, KeyType::U32);
}

// Height in pixels of the non-background run standing on the bottom row of column x.
int column_height(const Image& img, int x, int bottom, Rgb background) {
  int h = 0;
  for (int y = bottom; y >= 0 && !near(img.at(x, y), background, 2); --y) ++h;
  return h;
}

TEST(HeadlessContext, GivesCoreProfile33OrNewer) {
  gl::HeadlessContext& ctx = headless_or_skip();
  EXPECT_FALSE(ctx.renderer().empty());
  EXPECT_GE(ctx.gl_major() * 10 + ctx.gl_minor(), 33) << ctx.describe();
  EXPECT_NE(ctx.describe().find(ctx.renderer()), std::string::npos);
}

TEST(OffscreenTarget, ReadsBackTopDown) {
  headless_or_skip();
  gl::OffscreenTarget target;
  target.resize(64, 32, 1);
  target.bind();
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 32 - 8, 8, 8);  // GL's origin is bottom-left: this is the image's top-left corner
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  Image img{64, 32, target.read_rgba()};
  ASSERT_EQ(img.rgba.size(), size_t(64 * 32 * 4));
  EXPECT_TRUE(near(img.at(2, 2), {255, 0, 0}, 0)) << str(img.at(2, 2));
  EXPECT_TRUE(near(img.at(2, 30), {0, 0, 0}, 0)) << str(img.at(2, 30));
  EXPECT_TRUE(near(img.at(40, 2), {0, 0, 0}, 0));
  gl::OffscreenTarget::bind_default();
  gl::check_gl("test", __FILE__, __LINE__);
}

TEST(ArrayView, BarsRiseLeftToRightAfterASort) {
  headless_or_skip();
  const int n = 64;
  std::vector<uint32_t> input = scrambled(n), sorted = input;
  std::sort(sorted.begin(), sorted.end());
  Timeline t = host_timeline(n, n, {input, sorted}, range_of(input, n));
  ArrayView view;
  const int W = 640, H = 400;
  const Rgb plot_bg = rgb_of(palette::kPlotBackground);
  for (int step : {0, 1}) {
    Image img = draw_view(view, t, step, W, H, {0, 0, float(W), float(H)});
    EXPECT_EQ(view.info().mode, ArrayMode::Bars);
    EXPECT_EQ(view.info().source, ArrayViewInfo::Source::HostSnapshot);
    EXPECT_EQ(view.info().fill, ArrayViewInfo::Fill::Upload);
    const auto& keys = step == 0 ? input : sorted;
    int previous = -1;
    for (int i = 0; i < n; ++i) {
      const int x = i * 10 + 4;  // 10 px per key, the last one a gap
      const float f = display_fraction(KeyType::U32, keys[size_t(i)], t.range);
      const int h = column_height(img, x, H - 1, plot_bg);
      EXPECT_NEAR(h, 2 + f * (H - 2), 1.01) << "step " << step << " key " << i;
      EXPECT_TRUE(near(img.at(x, H - 1), rgb_of(colormap(f)), 3))
          << "key " << i << " colour " << str(img.at(x, H - 1)) << " want " << str(rgb_of(colormap(f)));
      EXPECT_TRUE(near(img.at(i * 10 + 9, H - 1), plot_bg, 2)) << "gap right of bar " << i;
      if (step == 1) {
        EXPECT_GT(h, previous) << "sorted bars must rise: bar " << i;
        previous = h;
      }
    }
  }
  // Drawing the same step again reuses the buffer.
  draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
  EXPECT_EQ(view.info().fill, ArrayViewInfo::Fill::Cached);
}

TEST(ArrayView, PaddingIsHatchedNotDrawnAsKeys) {
  headless_or_skip();
  const int n = 50, padded = 64;
  std::vector<uint32_t> keys = scrambled(n);
  keys.resize(padded, 0xFFFFFFFFu);  // the sentinels a padded sort uses
  Timeline t = host_timeline(n, padded, {keys}, range_of(keys, n));
  ArrayView view;
  const int W = 640, H = 300;
  Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  EXPECT_EQ(view.info().n, uint64_t(n));
  EXPECT_EQ(view.info().padded_n, uint64_t(padded));
  EXPECT_NEAR(view.layout().keys.w, 500.0f, 0.01f);
  const Rgb stripe = rgb_of(palette::kPadding), back = rgb_of(palette::kPaddingBack);
  int stripes = 0, backs = 0;
  for (int x = 501; x < W; ++x)
    for (int y = 0; y < H; ++y) {
      Rgb c = img.at(x, y);
      ASSERT_TRUE(near(c, stripe, 2) || near(c, back, 2)) << "padding pixel " << x << "," << y << " is " << str(c);
      (near(c, stripe, 2) ? stripes : backs)++;
    }
  EXPECT_GT(stripes, (W - 501) * H / 5);  // a 3-in-8 hatch over the full height
  EXPECT_GT(backs, (W - 501) * H / 3);
  // Above the key bars there is plain plot background, never hatch.
  EXPECT_TRUE(near(img.at(4, 0), rgb_of(palette::kPlotBackground), 2)) << str(img.at(4, 0));
}

TEST(ArrayView, HeatMapCellsHoldTheSummaryCounts) {
  headless_or_skip();
  // 512 x 128 cells (the capture store's summary grid); a zero budget forces a summary.
  const uint32_t C = CaptureStore::kDensityColumns, B = CaptureStore::kDensityBins;
  const uint64_t n = uint64_t(C) * 512;
  std::vector<uint32_t> keys(n);
  std::mt19937 rng(7);
  for (uint64_t i = 0; i < n; ++i) {
    // Each column clusters around its own value, so cells range from empty to crowded.
    const uint32_t column = uint32_t(i * C / n);
    const int centre = int((column * 97) % 1000);
    const int spread = int(rng() % 120) - 60 + int(rng() % 40);
    keys[i] = uint32_t(std::clamp(centre + spread, 0, 1000));
  }
  const DisplayRange range{0, 1000};
  Timeline t = host_timeline(n, n, {keys}, range, /*budget_bytes=*/0);
  ASSERT_FALSE(t.store->get(t.steps[0].keys).full);
  const DensitySummary want = density_summary_host(keys.data(), n, KeyType::U32, range, C, B);
  ASSERT_EQ(t.store->get(t.steps[0].keys).density.counts, want.counts);

  ArrayView view;
  const int W = int(C), H = int(B) * 2;  // one pixel column per summary column, two rows per bin
  Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  ASSERT_EQ(view.info().mode, ArrayMode::Heatmap);
  ASSERT_EQ(view.info().source, ArrayViewInfo::Source::Summary);
  ASSERT_EQ(view.info().heat_columns, C);
  ASSERT_EQ(view.info().heat_bins, B);
  const double ref = heat_reference(n, C, B);
  EXPECT_DOUBLE_EQ(view.info().heat_reference, ref);
  const auto& bg = palette::kPlotBackground;
  int bad = 0, partial = 0, empty = 0, full = 0;
  for (uint32_t c = 0; c < C; ++c)
    for (uint32_t b = 0; b < B; ++b) {
      const uint32_t count = want.counts[size_t(c) * B + b];
      const float k = heat_intensity(count, ref);
      const auto v = colormap((float(b) + 0.5f) / float(B));
      const Rgb expect{int((bg[0] + (v[0] - bg[0]) * k) * 255 + 0.5f), int((bg[1] + (v[1] - bg[1]) * k) * 255 + 0.5f),
                       int((bg[2] + (v[2] - bg[2]) * k) * 255 + 0.5f)};
      for (int row : {0, 1}) {
        const int y = H - 1 - int(b) * 2 - row;
        if (!near(img.at(int(c), y), expect, 3) && bad++ < 10)
          ADD_FAILURE() << "cell (" << c << "," << b << ") count " << count << ": " << str(img.at(int(c), y))
                        << " want " << str(expect);
      }
      (count == 0 ? empty : (k >= 0.999f ? full : partial))++;
    }
  EXPECT_EQ(bad, 0);
  // The data exercise all three regimes of the brightness law.
  EXPECT_GT(empty, 1000);
  EXPECT_GT(partial, 1000);
  EXPECT_GT(full, 100);
}

TEST(ArrayView, HeatMapOfAFullSnapshotFollowsTheSortedDiagonal) {
  headless_or_skip();
  const uint64_t n = 1 << 15;
  std::vector<uint32_t> sorted(n);
  for (uint64_t i = 0; i < n; ++i) sorted[i] = uint32_t(i * 3);
  Timeline t = host_timeline(n, n, {sorted}, range_of(sorted, n));
  ArrayView view;
  const int W = 400, H = 256;
  Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  ASSERT_EQ(view.info().mode, ArrayMode::Heatmap);  // 82 keys per pixel column
  EXPECT_EQ(view.info().source, ArrayViewInfo::Source::HostSnapshot);
  const uint32_t C = view.info().heat_columns, B = view.info().heat_bins;
  EXPECT_EQ(C, uint32_t(W));
  EXPECT_EQ(B, uint32_t(H / 2));
  const DensitySummary want = density_summary_host(sorted.data(), n, KeyType::U32, t.range, C, B);
  const double ref = heat_reference(n, C, B);
  const Rgb plot_bg = rgb_of(palette::kPlotBackground);
  int lowest_lit_previous = -1;
  for (uint32_t c = 0; c < C; ++c) {
    // The lit cells of each column are exactly the non-empty bins, and they climb with c.
    int lowest_lit = -1;
    for (uint32_t b = 0; b < B; ++b) {
      const Rgb px = img.at(int(c), H - 1 - int(b) * 2);
      const uint32_t count = want.counts[size_t(c) * B + b];
      EXPECT_EQ(count == 0, near(px, plot_bg, 1)) << "cell " << c << "," << b;
      if (count && lowest_lit < 0) lowest_lit = int(b);
      if (count) {
        const float k = heat_intensity(count, ref);
        const auto v = colormap((float(b) + 0.5f) / float(B));
        const auto& bg = palette::kPlotBackground;
        const Rgb expect{int((bg[0] + (v[0] - bg[0]) * k) * 255 + 0.5f), int((bg[1] + (v[1] - bg[1]) * k) * 255 + 0.5f),
                         int((bg[2] + (v[2] - bg[2]) * k) * 255 + 0.5f)};
        EXPECT_TRUE(near(px, expect, 3)) << "cell " << c << "," << b << ": " << str(px) << " want " << str(expect);
      }
    }
    ASSERT_GE(lowest_lit, 0) << "column " << c << " is empty";
    EXPECT_GE(lowest_lit, lowest_lit_previous);
    lowest_lit_previous = lowest_lit;
  }
  EXPECT_GT(lowest_lit_previous, int(B) - 3);  // reaches the top
}

TEST(ArrayView, DotsBetweenBarsAndHeatMap) {
  headless_or_skip();
  const uint64_t n = 1500;
  std::vector<uint32_t> sorted(n);
  for (uint64_t i = 0; i < n; ++i) sorted[i] = uint32_t(i);
  Timeline t = host_timeline(n, n, {sorted}, range_of(sorted, n));
  ArrayView view;
  const int W = 600, H = 300;
  Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  ASSERT_EQ(view.info().mode, ArrayMode::Dots);  // 2.5 keys per pixel
  const Rgb plot_bg = rgb_of(palette::kPlotBackground);
  // Dots of a sorted array lie on the rising diagonal: in every tenth column, the lit pixels sit
  // around the height the key values give.
  for (int x = 30; x < W - 30; x += 60) {
    double sum = 0;
    int lit = 0;
    for (int y = 0; y < H; ++y)
      if (!near(img.at(x, y), plot_bg, 2)) {
        sum += y;
        ++lit;
      }
    ASSERT_GT(lit, 0) << "column " << x;
    const double want_y = H - (x + 0.5) / W * H;
    EXPECT_NEAR(sum / lit, want_y, 6.0) << "column " << x;
  }
  // Overriding the mode is honoured.
  view.options().mode = ArrayMode::Heatmap;
  draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  EXPECT_EQ(view.info().mode, ArrayMode::Heatmap);
  view.options().mode = ArrayMode::Bars;
  draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  EXPECT_EQ(view.info().mode, ArrayMode::Bars);
}

TEST(ArrayView, ComparatorArcsAndSwappedPairs) {
  headless_or_skip();
  const int n = 64;
  std::vector<uint32_t> before = scrambled(n), after = before;
  const ComparatorStage stage{64, 32, false};
  int swaps = 0;
  for (int i = 0; i < 32; ++i)
    if (after[size_t(i)] > after[size_t(i + 32)]) {
      std::swap(after[size_t(i)], after[size_t(i + 32)]);
      ++swaps;
    }
  ASSERT_GT(swaps, 0);
  ASSERT_LT(swaps, 32);
  Timeline t = host_timeline(n, n, {before, after}, range_of(before, n), uint64_t(1) << 30,
                             {{}, {AuxData{stage}}});
  ArrayView view;
  const int W = 1280, H = 600;
  Image img = draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
  const Rect band = view.layout().comparators;
  ASSERT_FALSE(band.empty());
  EXPECT_EQ(view.info().comparator_pairs, 32u);
  EXPECT_EQ(view.info().swapped_pairs, size_t(swaps));
  // The arrowhead of pair (i, i+32) sits right under key i, in the pair's colour.
  const float key_px = view.layout().key_px;
  for (int i = 0; i < 32; ++i) {
    const bool swapped = before[size_t(i)] != after[size_t(i)];
    const int x = int((i + 0.5f) * key_px);
    const int y = int(band.y + 5);
    const Rgb want = swapped ? rgb_of(palette::kSwapped) : Rgb{};
    if (swapped)
      EXPECT_TRUE(near(img.at(x, y), want, 40)) << "pair " << i << " at " << x << "," << y << ": " << str(img.at(x, y));
    else
      EXPECT_FALSE(near(img.at(x, y), rgb_of(palette::kSwapped), 40)) << "kept pair " << i;
  }
  int swapped_px = 0, kept_px = 0;
  for (int y = int(band.y); y < int(band.bottom()); ++y)
    for (int x = 0; x < W; ++x) {
      swapped_px += near(img.at(x, y), rgb_of(palette::kSwapped), 30);
      kept_px += !near(img.at(x, y), rgb_of(palette::kSwapped), 30) && !near(img.at(x, y), rgb_of(palette::kBackground), 6);
    }
  EXPECT_GT(swapped_px, 200);
  EXPECT_GT(kept_px, 200);
  // Step 0 has no comparator stage: no band. With the overlay off, none either.
  draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  EXPECT_TRUE(view.layout().comparators.empty());
  view.options().comparators = false;
  draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
  EXPECT_TRUE(view.layout().comparators.empty());
  EXPECT_EQ(view.info().comparator_pairs, 0u);
}

TEST(ArrayView, MirroredLayerPairsNest) {
  const auto pairs = comparator_pairs(ComparatorStage{8, 4, true}, 16);
  ASSERT_EQ(pairs.size(), 8u);
  EXPECT_EQ(pairs[0].lo, 0u);
  EXPECT_EQ(pairs[0].hi, 7u);
  EXPECT_EQ(pairs[3].lo, 3u);
  EXPECT_EQ(pairs[3].hi, 4u);
  EXPECT_EQ(pairs[4].lo, 8u);
  EXPECT_EQ(pairs[4].hi, 15u);
  const auto half = comparator_pairs(ComparatorStage{8, 2, false}, 8);
  ASSERT_EQ(half.size(), 4u);
  EXPECT_EQ(half[1].lo, 1u);
  EXPECT_EQ(half[1].hi, 3u);
  EXPECT_EQ(half[2].lo, 4u);
  EXPECT_EQ(half[2].hi, 6u);
}

// Odd-even merge layers (OddEvenStage): (p = 2, k = 1) on 8 keys compares 1-2 and 5-6 only; and
// the arcs of every layer, applied in order, sort any input of any n (they are the network).
TEST(ArrayView, OddEvenLayerPairsAreBatchersNetwork) {
  const auto pairs = comparator_pairs(OddEvenStage{2, 1}, 8);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].lo, 1u);
  EXPECT_EQ(pairs[0].hi, 2u);
  EXPECT_EQ(pairs[1].lo, 5u);
  EXPECT_EQ(pairs[1].hi, 6u);
  EXPECT_TRUE(comparator_pairs(OddEvenStage{2, 4}, 8).empty());  // k > p: no layer
  for (uint64_t n : {1u, 2u, 13u, 16u, 37u}) {
    std::vector<uint32_t> keys = scrambled(int(n));
    for (uint64_t p = 1; p < n; p *= 2)
      for (uint64_t k = p; k >= 1; k /= 2)
        for (const ComparatorPair& c : comparator_pairs(OddEvenStage{p, k}, n)) {
          ASSERT_LT(c.hi, n);
          if (keys[c.lo] > keys[c.hi]) std::swap(keys[c.lo], keys[c.hi]);
        }
    EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end())) << "n = " << n;
  }
}

TEST(ArrayView, OwnershipStripAlternatesPerBlock) {
  headless_or_skip();
  const int n = 64;
  std::vector<uint32_t> keys = scrambled(n);
  Timeline t = host_timeline(n, n, {keys}, range_of(keys, n), uint64_t(1) << 30, {{AuxData{BlockOwnership{16}}}});
  ArrayView view;
  const int W = 640, H = 400;
  Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  const Rect strip = view.layout().strip;
  ASSERT_FALSE(strip.empty());
  EXPECT_EQ(view.info().blocks, 4u);
  EXPECT_EQ(view.info().tile_keys, 16u);
  const int y = int(strip.y + strip.h / 2);
  for (int b = 0; b < 4; ++b) {
    const Rgb want = rgb_of(b % 2 ? palette::kBlockB : palette::kBlockA);
    for (int x : {b * 160 + 3, b * 160 + 80, b * 160 + 156})
      EXPECT_TRUE(near(img.at(x, y), want, 2)) << "block " << b << " x " << x << ": " << str(img.at(x, y));
  }
  EXPECT_LE(view.layout().plot.bottom(), strip.y);
}

TEST(ArrayView, StepOutsideTheTimelineThrows) {
  headless_or_skip();
  std::vector<uint32_t> keys = scrambled(8);
  Timeline t = host_timeline(8, 8, {keys}, range_of(keys, 8));
  ArrayView view;
  EXPECT_THROW(view.draw(t, 1, {0, 0, 10, 10}, 10, 10), std::out_of_range);
  EXPECT_THROW(view.draw(t, -1, {0, 0, 10, 10}, 10, 10), std::out_of_range);
}

TEST(ArrayMode, AutoChoice) {
  EXPECT_EQ(resolve_array_mode(ArrayMode::Auto, true, 1000, 1000), ArrayMode::Bars);
  EXPECT_EQ(resolve_array_mode(ArrayMode::Auto, true, 3000, 1000), ArrayMode::Dots);
  EXPECT_EQ(resolve_array_mode(ArrayMode::Auto, true, 5000, 1000), ArrayMode::Heatmap);
  EXPECT_EQ(resolve_array_mode(ArrayMode::Bars, false, 10, 1000), ArrayMode::Heatmap);
  EXPECT_EQ(resolve_array_mode(ArrayMode::Dots, true, kMaxPointKeys + 1, 1000), ArrayMode::Heatmap);
  EXPECT_EQ(resolve_array_mode(ArrayMode::Dots, true, 5000, 1000), ArrayMode::Dots);
}

TEST(Colormap, LightnessRisesMonotonically) {
  double previous = -1;
  for (int i = 0; i < kColormapEntries; ++i) {
    const Rgb8 c = colormap_table()[size_t(i)];
    const double luma = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    EXPECT_GT(luma, previous - 0.5) << "entry " << i;
    previous = luma;
  }
  EXPECT_LT(0.2126 * colormap_table()[0].r + 0.7152 * colormap_table()[0].g, 60);
  EXPECT_GT(0.2126 * colormap_table()[255].r + 0.7152 * colormap_table()[255].g, 200);
}

TEST(PngWriter, RoundTripsAndLeavesNoTemporaryFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("sortscope_png_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const int w = 7, h = 5;
  std::vector<uint8_t> rgba(size_t(w) * h * 4);
  for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = uint8_t(i * 13 + (i % 4 == 3 ? 255 : 0));
  const std::string path = (dir / "frame.png").string();
  write_png(path, w, h, rgba);
  int rw = 0, rh = 0, ch = 0;
  uint8_t* back = stbi_load(path.c_str(), &rw, &rh, &ch, 4);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(rw, w);
  EXPECT_EQ(rh, h);
  EXPECT_TRUE(std::equal(rgba.begin(), rgba.end(), back));
  stbi_image_free(back);
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1);
  try {
    write_png((dir / "no_such_dir" / "x.png").string(), w, h, rgba);
    ADD_FAILURE() << "writing into a missing directory succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_dir"), std::string::npos) << e.what();
  }
  EXPECT_THROW(write_png(path, w + 1, h, rgba), std::invalid_argument);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sortscope::test
