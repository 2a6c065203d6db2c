// Render tests of the aux panel with the radix views (views/aux_panel.h, views/radix/radix_views.h):
// frames of the radix CPU models get an aux rect under the array with the step's views in it
// (histogram heat map, look-back schedule, numbers in small matrices), bitonic frames stay as they
// were, and a step without panel snapshots draws nothing. Set SORTSCOPE_TEST_PNG_DIR to keep the
// frames for looking at.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "colormap.h"
#include "frame_renderer.h"
#include "registry.h"
#include "render_test_util.h"
#include "ui/gui_main.h"
#include "views/aux_panel.h"
#include "views/radix/radix_views.h"
#include "sample/sample_aux.h"

namespace sortscope::test {
namespace {

// The CPU model's timeline of `algo` on n uniform u32 keys (fixed seed).
Timeline model_timeline(const std::string& algo_id, uint64_t n, const std::vector<std::pair<std::string, int>>& params = {}) {
  const Algorithm* algo = find_algorithm(algo_id);
  if (!algo) throw std::runtime_error("no algorithm " + algo_id);
  HostKeys keys(KeyType::U32, n, false);
  std::mt19937 rng(7);
  for (uint64_t i = 0; i < n; ++i) keys.as<uint32_t>()[i] = rng();
  ParamValues values;
  for (const auto& [name, v] : params) values[name] = v;
  if (std::string err = resolve_params(algo->params(), values, algo_id); !err.empty()) throw std::runtime_error(err);
  const DisplayRange range = display_range_host(keys.bytes.data(), n, KeyType::U32);
  Timeline t = make_timeline(algo_id, KeyType::U32, n, n, false, false, range, uint64_t(1) << 30);
  Recorder rec(t);
  algo->run_model(values, keys, &rec);
  return t;
}

// The stored value of a parameter written as text (threads "128" -> 128), read through the spec.
int param_value(const std::string& algo_id, const std::string& name, const std::string& value) {
  const Algorithm* a = find_algorithm(algo_id);
  const ParamSpec* p = find_param(a->params(), name);
  int v = 0;
  if (!p) throw std::runtime_error(algo_id + " has no parameter " + name);
  if (std::string err = parse_param_value(*p, value, v, algo_id); !err.empty()) throw std::runtime_error(err);
  return v;
}

int first_step_with(const Timeline& t, const std::string& kind_id) {
  const Algorithm* a = find_algorithm(t.algorithm);
  for (size_t s = 0; s < t.steps.size(); ++s)
    if (a->step_kinds()[size_t(t.steps[s].kind)].id == kind_id) return int(s);
  return -1;
}

Image render(FrameRenderer& frames, int step, int w, int h, const std::string& name) {
  Image img{w, h, frames.render_rgba(step, w, h)};
  if (const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR"))
    write_png(fmt::format("{}/{}_step{:02d}.png", dir, name, step), w, h, img.rgba);
  return img;
}

// Colourful pixels (heat-map cells, flags, digit colours); panels, text and backgrounds are grey.
int saturated_pixels(const Image& img, const Rect& r) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x) {
      const Rgb c = img.at(x, y);
      count += std::max({c.r, c.g, c.b}) - std::min({c.r, c.g, c.b}) > 60;
    }
  return count;
}

// The middle of a view: below its titles, above its axis labels.
Rect middle(const Rect& r) { return {r.x + r.w * 0.15f, r.y + r.h * 0.35f, r.w * 0.7f, r.h * 0.3f}; }

struct Fixture : ::testing::Test {
  void SetUp() override { headless_or_skip(); }
};

TEST_F(Fixture, OnesweepPassShowsHistogramRanksScatterAndLookback) {
  // 8192 keys: above the single-block size, small enough for the scatter map.
  Timeline t = model_timeline("radix-onesweep", 8192);
  const int pass = first_step_with(t, "onesweep-pass");
  ASSERT_GE(pass, 0);
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  const Image img = render(frames, pass, 1280, 720, "onesweep8192");
  const FrameLayout& L = frames.layout();
  ASSERT_FALSE(L.aux.empty());
  EXPECT_TRUE(L.aux_drawn);
  // Under the array, across the frame; the pseudo-code keeps the right of the array row.
  EXPECT_GE(L.aux.y, L.view.bottom());
  EXPECT_GE(L.aux.y, L.code.bottom());
  EXPECT_GT(L.code.x, L.view.right());
  EXPECT_NEAR(L.aux.h / (L.aux.bottom() - L.view.y), 0.45f, 0.06f);
  ASSERT_EQ(L.aux_views.size(), 4u);  // DigitHistogram, LocalRanks, ScatterMap, LookbackState
  for (const Rect& v : L.aux_views) {
    EXPECT_GE(v.x, L.aux.x - 0.5f);
    EXPECT_LE(v.right(), L.aux.right() + 0.5f);
    // Every view draws something colourful in its middle (cells, digit strips and lines, flags).
    EXPECT_GT(saturated_pixels(img, middle(v)), int(middle(v).w * middle(v).h * 0.1f));
  }
  // The heat map fills most of the histogram's middle.
  const Rect hist = middle(L.aux_views[0]);
  EXPECT_GT(saturated_pixels(img, hist), int(hist.w * hist.h * 0.6f));
  // The look-back view shows all three flags: AGGREGATE (amber) and INCLUSIVE (teal) as well.
  const Rect& lb = L.aux_views[3];
  EXPECT_GT(pixels_near(img, lb, rgb_of(palette::kHighlight), 12), 200);
  EXPECT_GT(pixels_near(img, lb, Rgb{51, 184, 168}, 12), 200);
  EXPECT_GT(pixels_near(img, lb, rgb_of(palette::kPaddingBack), 6), 200);
}

TEST_F(Fixture, RadixAt64KHasHistogramAndRanksOnEveryPass) {
  for (const char* id : {"radix", "radix-onesweep"}) {
    SCOPED_TRACE(id);
    Timeline t = model_timeline(id, 1u << 16);
    FrameRenderer frames(t, *find_algorithm(t.algorithm));
    int passes = 0;
    for (int s = 0; s < frames.step_count(); ++s) {
      if (!find_aux<LocalRanks>(t.steps[size_t(s)].aux)) continue;
      ++passes;
      const Image img = render(frames, s, 1280, 720, fmt::format("{}_65536", id));
      const FrameLayout& L = frames.layout();
      ASSERT_TRUE(L.aux_drawn);
      // No scatter map past 16384 keys; onesweep adds its look-back.
      ASSERT_EQ(L.aux_views.size(), std::string(id) == "radix" ? 2u : 3u);
      const Rect hist = middle(L.aux_views[0]);
      EXPECT_GT(saturated_pixels(img, hist), int(hist.w * hist.h * 0.6f));
    }
    EXPECT_EQ(passes, 4);
  }
}

TEST_F(Fixture, SmallMatrixGetsNumbersInItsCells) {
  // 16 digits x 4 blocks: the scan step's counts and offsets, with their numbers written in.
  Timeline t = model_timeline("radix", 1u << 14,
                              {{"radix_bits", 4},
                               {"max_blocks", 4},
                               {"threads", param_value("radix", "threads", "128")},
                               {"keys_per_thread", param_value("radix", "keys_per_thread", "8")}});
  const int scan = first_step_with(t, "scan");
  ASSERT_GE(scan, 0);
  const DigitHistogram* h = find_aux<DigitHistogram>(t.steps[size_t(scan)].aux);
  ASSERT_NE(h, nullptr);
  ASSERT_EQ(h->cols, 16u);
  ASSERT_EQ(h->rows, 4u);
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  const Image img = render(frames, scan, 1280, 720, "radix4bit");
  const FrameLayout& L = frames.layout();
  ASSERT_EQ(L.aux_views.size(), 1u);
  // Numbers on bright cells are near-black; nothing else in the maps is that dark.
  const Rect maps = middle(L.aux_views[0]);
  int dark = 0;
  for (int y = int(maps.y); y < int(maps.bottom()); ++y)
    for (int x = int(maps.x); x < int(maps.right()); ++x) {
      const Rgb c = img.at(x, y);
      dark += c.r + c.g + c.b < 100;
    }
  EXPECT_GT(dark, 200);
  // The same step in a small frame has no room for numbers: the maps are drawn, the numbers not.
  const Image small_img = render(frames, scan, 640, 360, "radix4bit_small");
  const Rect small_maps = middle(frames.layout().aux_views[0]);
  EXPECT_GT(saturated_pixels(small_img, small_maps), int(small_maps.w * small_maps.h * 0.5f));
}

// A step without panel snapshots (the input) gives their room to the array: a slide shows what its
// step has, not an empty box.
TEST_F(Fixture, InputStepGivesTheArrayThePanelsRoom) {
  Timeline t = model_timeline("radix-onesweep", 8192);
  ASSERT_TRUE(timeline_has_aux_panel(t));
  ASSERT_FALSE(has_aux_panel(t.steps[0]));
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  int with_panel = -1;
  for (int s = 1; s < frames.step_count() && with_panel < 0; ++s)
    if (has_aux_panel(t.steps[size_t(s)])) with_panel = s;
  ASSERT_GE(with_panel, 0);
  for (auto [w, h] : {std::pair{1920, 1080}, {1280, 720}, {640, 360}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    frames.render_rgba(with_panel, w, h);
    const FrameLayout panel = frames.layout();
    ASSERT_FALSE(panel.aux.empty());
    const Image img = render(frames, 0, w, h, "onesweep8192_input_" + std::to_string(w));
    const FrameLayout& L = frames.layout();
    EXPECT_TRUE(L.aux.empty());
    EXPECT_FALSE(L.aux_drawn);
    EXPECT_TRUE(L.aux_views.empty());
    // The array reaches down to where the panel ended: nearly the whole height between header and
    // progress strip, and it is drawn there (coloured dots in the lower half of the panel's old room).
    EXPECT_GE(L.view.bottom(), panel.aux.bottom() - 1);
    EXPECT_GT(L.view.h, panel.view.h * 1.6f);
    const Rect lower{L.view.x, panel.aux.y + panel.aux.h * 0.5f, L.view.w, panel.aux.h * 0.5f};
    EXPECT_GT(saturated_pixels(img, lower), 20);
  }
}

TEST_F(Fixture, BitonicFramesLookAsBefore) {
  Timeline t = model_timeline("bitonic", 256);
  ASSERT_FALSE(timeline_has_aux_panel(t));
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  const Image with = render(frames, 5, 1280, 720, "bitonic256");
  const FrameLayout L = frames.layout();
  EXPECT_TRUE(L.aux.empty());
  EXPECT_FALSE(L.aux_drawn);
  frames.style().aux_panel = false;
  const Image without{1280, 720, frames.render_rgba(5, 1280, 720)};
  EXPECT_EQ(frames.layout().view.h, L.view.h);
  EXPECT_TRUE(with.rgba == without.rgba);
}

TEST_F(Fixture, HidingThePanelGivesTheArrayItsRoomBack) {
  Timeline t = model_timeline("radix", 1u << 16);
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  frames.render_rgba(3, 1280, 720);
  const float with = frames.layout().view.h;
  frames.style().aux_panel = false;
  frames.render_rgba(3, 1280, 720);
  EXPECT_TRUE(frames.layout().aux.empty());
  EXPECT_GT(frames.layout().view.h, with * 1.5f);
}

// Sample sort (visual/views/sample/): the splitter step shows the sorted sample with its splitters,
// the scatter step the bucket sizes; each view is drawn (coloured pixels across its middle) and
// the snapshots say what the pass did.
TEST_F(Fixture, SampleSortSplitterAndBucketSizeViews) {
  Timeline t = model_timeline("sample-sort", 1u << 16, {{"k", 16}});
  FrameRenderer frames(t, *find_algorithm(t.algorithm));
  int splitters = -1, sizes = -1;
  for (int s = 0; s < frames.step_count(); ++s) {
    if (splitters < 0 && find_aux<SampleSplitters>(t.steps[size_t(s)].aux)) splitters = s;
    if (sizes < 0 && find_aux<SampleBucketSizes>(t.steps[size_t(s)].aux)) sizes = s;
  }
  ASSERT_GE(splitters, 0);
  ASSERT_GT(sizes, splitters);
  const SampleSplitters& sp = *find_aux<SampleSplitters>(t.steps[size_t(splitters)].aux);
  EXPECT_EQ(sp.sample.size(), 16u * sp.oversampling);
  ASSERT_EQ(sp.splitters.size(), 15u);
  EXPECT_TRUE(std::is_sorted(sp.sample.begin(), sp.sample.end()));
  EXPECT_EQ(sp.splitters[0], sp.sample[sp.oversampling - 1]);
  const SampleBucketSizes& bs = *find_aux<SampleBucketSizes>(t.steps[size_t(sizes)].aux);
  ASSERT_EQ(bs.parent_size.size(), 1u);
  uint64_t total = 0;
  for (uint64_t c : bs.child_size) total += c;
  EXPECT_EQ(total, uint64_t(1) << 16);
  // The splitter step also shows the search tree (a sparse drawing: lines and circles), the last
  // step the recursion tree.
  ASSERT_NE(find_aux<SampleSearchTree>(t.steps[size_t(splitters)].aux), nullptr);
  const int last = frames.step_count() - 1;
  ASSERT_NE(find_aux<SampleRecursionTree>(t.steps[size_t(last)].aux), nullptr);
  for (int step : {splitters, sizes, last})
    for (auto [w, h] : {std::pair{1280, 720}, {640, 360}}) {
      const Image img = render(frames, step, w, h, "sample_" + std::to_string(step) + "_" + std::to_string(w));
      const FrameLayout& L = frames.layout();
      ASSERT_EQ(L.aux_views.size(), step == splitters ? 2u : 1u);
      for (size_t v = 0; v < L.aux_views.size(); ++v) {
        const Rect m = middle(L.aux_views[v]);
        EXPECT_GT(saturated_pixels(img, m), int(m.w * m.h * (v == 0 ? 0.2f : 0.01f))) << "step " << step << " view " << v;
      }
    }
}

// Draw-list level: what draw_aux_panel adds, without GL.
struct DrawListFixture : ::testing::Test {
  void SetUp() override {
    ctx = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 720);
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
  }
  void TearDown() override {
    ImGui::EndFrame();
    ImGui::DestroyContext(ctx);
  }
  AuxDrawContext context(const Timeline& t, int step) {
    AuxDrawContext c;
    c.dl = ImGui::GetBackgroundDrawList();
    c.area = {10, 10, 1000, 300};
    c.timeline = &t;
    c.step = step;
    return c;
  }
  int vertices() { return ImGui::GetBackgroundDrawList()->VtxBuffer.Size; }
  ImGuiContext* ctx = nullptr;
};

TEST_F(DrawListFixture, StepWithoutPanelSnapshotsDrawsNothing) {
  Timeline t = make_timeline("test", KeyType::U32, 4, 4, false, false, {0, 3}, 1 << 20);
  t.steps.resize(3);
  t.steps[1].aux = {ComparatorStage{4, 2, false}, BlockOwnership{2}};  // overlays only
  t.steps[2].aux = {BlockOwnership{2}, DigitHistogram{0, 0, 1, 1, 2, 1, {1, 3}, {}}};
  EXPECT_FALSE(has_aux_panel(t.steps[0]));
  EXPECT_FALSE(has_aux_panel(t.steps[1]));
  EXPECT_TRUE(has_aux_panel(t.steps[2]));
  EXPECT_TRUE(timeline_has_aux_panel(t));
  const int before = vertices();
  std::vector<Rect> rects{{1, 1, 1, 1}};
  EXPECT_FALSE(draw_aux_panel(context(t, 0), &rects));
  EXPECT_FALSE(draw_aux_panel(context(t, 1), &rects));
  EXPECT_TRUE(rects.empty());
  EXPECT_EQ(vertices(), before);
  EXPECT_TRUE(draw_aux_panel(context(t, 2), &rects));
  EXPECT_EQ(rects.size(), 1u);
  EXPECT_GT(vertices(), before);
  t.steps.pop_back();
  EXPECT_FALSE(timeline_has_aux_panel(t));
}

TEST_F(DrawListFixture, LargeSnapshotsAreAggregatedNotDrawnCellByCell) {
  // 256 digits x 4096 tiles, a 7680-key block's ranks, a 16384-key scatter, 35000 tiles of look-back.
  Timeline t = make_timeline("radix-onesweep", KeyType::U32, 1, 1, false, false, {0, 1}, 1 << 20);
  t.steps.resize(1);
  DigitHistogram h{0, 0, 8, 4096, 256, 1, std::vector<uint32_t>(4096 * 256, 30), {}};
  h.scanned = std::vector<uint64_t>(h.counts.size());
  for (size_t i = 0; i < h.scanned.size(); ++i) h.scanned[i] = i * 7;
  LocalRanks l{2048, 0, std::vector<uint32_t>(7680)};
  for (uint32_t i = 0; i < 7680; ++i) l.ranks[i] = (i * 7919u) % 7680u;
  ScatterMap m{std::vector<uint32_t>(16384)};
  for (uint32_t i = 0; i < 16384; ++i) m.dest[i] = (i * 40503u) % 16384u;
  LookbackState lb;
  lb.tiles = 35000;
  lb.ticks = 70000;
  for (uint32_t i = 0; i < lb.tiles; ++i) {
    lb.aggregate_at.push_back(i);
    lb.inclusive_at.push_back(i + 35000);
    lb.depth.push_back(i % 9);
  }
  t.steps[0].aux = {h, l, m, lb};
  std::vector<Rect> rects;
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(draw_aux_panel(context(t, 0), &rects));
  std::printf("draw_aux_panel of 2^20 histogram cells, 7680 ranks, 16384 arrows, 35000 tiles: %.1f ms\n",
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  EXPECT_EQ(rects.size(), 4u);
  // Far fewer than the 2^20 cells, 7680 + 16384 lines and 35000 tiles would take one by one.
  EXPECT_LT(vertices(), 250000);
  EXPECT_GT(vertices(), 10000);
}

// A short, wide details panel (a 1024x768 projector's: about 950 x 265 px at 1.25x) keeps the four
// onesweep views in one row: two rows of 130 px would leave each view its title and subtitle only.
// A tall panel may still stack them.
TEST_F(DrawListFixture, ShortPanelsKeepTheirViewsInOneRow) {
  Timeline t = make_timeline("radix-onesweep", KeyType::U32, 1, 1, false, false, {0, 1}, 1 << 20);
  t.steps.resize(1);
  DigitHistogram h{1, 8, 8, 6, 256, 1, std::vector<uint32_t>(6 * 256, 5), {}};
  h.scanned.resize(h.counts.size());
  LocalRanks l{3, 300, std::vector<uint32_t>(100)};
  ScatterMap m{std::vector<uint32_t>(500)};
  LookbackState lb;
  lb.tiles = 6, lb.ticks = 12, lb.aggregate_at = {0, 1, 2, 3, 4, 5}, lb.inclusive_at = {0, 6, 7, 8, 10, 11};
  lb.depth = {0, 1, 2, 3, 1, 2};
  t.steps[0].aux = {h, l, m, lb};
  AuxDrawContext c = context(t, 0);
  c.scale = 1.25f;
  c.font_px = 20;
  c.small_px = 17.5f;
  std::vector<Rect> rects;
  c.area = {10, 10, 950, 265};
  ASSERT_TRUE(draw_aux_panel(c, &rects));
  ASSERT_EQ(rects.size(), 4u);
  for (const Rect& r : rects) EXPECT_EQ(r.y, rects[0].y);  // one row
  for (const Rect& r : rects) EXPECT_FLOAT_EQ(r.h, 265);
  c.area = {10, 10, 950, 700};
  ASSERT_TRUE(draw_aux_panel(c, &rects));
  EXPECT_GT(rects.back().y, rects.front().y);  // tall: two rows
}

TEST_F(DrawListFixture, ViewsStayInsideTheirRectAtAnySizeAndScale) {
  Timeline t = make_timeline("radix-onesweep", KeyType::U32, 1, 1, false, false, {0, 1}, 1 << 20);
  t.steps.resize(1);
  DigitHistogram h{1, 8, 8, 6, 256, 1, std::vector<uint32_t>(6 * 256, 5), {}};
  h.scanned.resize(h.counts.size());
  for (size_t i = 0; i < h.scanned.size(); ++i) h.scanned[i] = i;
  LocalRanks l{3, 300, std::vector<uint32_t>(100)};
  for (uint32_t i = 0; i < 100; ++i) l.ranks[i] = 99 - i;
  ScatterMap m{std::vector<uint32_t>(500)};
  for (uint32_t i = 0; i < 500; ++i) m.dest[i] = 499 - i;
  LookbackState lb;
  lb.tiles = 6, lb.ticks = 12, lb.aggregate_at = {0, 1, 2, 3, 4, 5}, lb.inclusive_at = {0, 6, 7, 8, 10, 11};
  lb.depth = {0, 1, 2, 3, 1, 2};
  // Degenerate snapshots draw nothing but their frame and do not crash.
  DigitHistogram empty_h;
  LocalRanks empty_l;
  ScatterMap empty_m;
  LookbackState empty_lb;
  t.steps[0].aux = {h, l, m, lb, empty_h, empty_l, empty_m, empty_lb};
  for (float scale : {1.0f, 2.0f})
    for (Rect r : {Rect{5, 5, 12, 9}, Rect{5, 5, 90, 50}, Rect{5, 5, 260, 140}, Rect{5, 5, 1200, 420}}) {
      SCOPED_TRACE(testing::Message() << "scale " << scale << ", " << r.w << "x" << r.h);
      ImGui::EndFrame();
      ImGui::NewFrame();
      AuxDrawContext c = context(t, 0);
      c.area = r;
      c.scale = scale;
      c.font_px = 13 * scale;
      c.small_px = 13 * scale;
      ImDrawList* dl = c.dl;
      ASSERT_TRUE(draw_aux_panel(c));
      // Whatever a command draws is clipped to the panel, or lies inside it.
      int offset = 0;
      for (const ImDrawCmd& cmd : dl->CmdBuffer) {
        const ImVec4 cr = cmd.ClipRect;
        const bool clipped = cr.x >= r.x - 1 && cr.y >= r.y - 1 && cr.z <= r.right() + 1 && cr.w <= r.bottom() + 1;
        for (unsigned k = 0; k < cmd.ElemCount && !clipped; ++k) {
          const ImDrawVert& v = dl->VtxBuffer[int(cmd.VtxOffset + dl->IdxBuffer[offset + int(k)])];
          ASSERT_TRUE(v.pos.x >= r.x - 1 && v.pos.y >= r.y - 1 && v.pos.x <= r.right() + 1 && v.pos.y <= r.bottom() + 1)
              << v.pos.x << "," << v.pos.y;
        }
        offset += int(cmd.ElemCount);
      }
    }
}

}  // namespace
}  // namespace sortscope::test

// The app (headless, CPU model): a radix scenario gets the details panel under the array, which
// shrinks the array's picture; a bitonic one keeps the whole view for the array.
namespace sortscope::test {
namespace {

ui::HeadlessCapture app_capture(const std::string& algo, uint64_t n, int step) {
  ui::GuiOptions o;
  o.headless = true;
  o.force_cpu = true;
  o.use_settings = false;
  o.sweep = false;
  o.width = 1600;
  o.height = 960;
  o.wait_seconds = 240;
  Scenario s;
  s.algorithm = algo;
  s.input.n = n;
  s.input.seed = 3;
  o.scenario = s;
  o.start_step = step;
  return ui::run_headless_capture(o);
}

TEST(AppDetails, RadixViewHasTheDetailsPanelUnderTheArray) {
  ui::HeadlessCapture radix, bitonic;
  try {
    radix = app_capture("radix", 1u << 16, 3);  // the first downsweep: histogram + local ranks
    bitonic = app_capture("bitonic", 1024, 5);
  } catch (const gl::NoDisplayError& e) {
    GTEST_SKIP() << "no EGL display: " << e.what();
  }
  ASSERT_TRUE(radix.settled);
  ASSERT_TRUE(bitonic.settled);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR"))
    write_png(std::string(dir) + "/app_radix.png", radix.width, radix.height, radix.rgba);
  // Same window, same layout: the array's picture gives up about 45% of its height to the panel.
  ASSERT_GT(bitonic.view_rect.h, 100);
  EXPECT_LT(radix.view_rect.h, bitonic.view_rect.h * 0.7f);
  // Under the picture, inside the view panel: the heat maps and digit colours.
  const ui::Rect& v = radix.view_rect;
  const Rect below{v.x + 10, v.y + v.h + 40, v.w - 20, std::max(10.0f, radix.rects.view.y + radix.rects.view.h - 80 - (v.y + v.h))};
  Image img{radix.width, radix.height, radix.rgba};
  EXPECT_GT(saturated_pixels(img, below), int(below.w * below.h * 0.15f));
}

}  // namespace
}  // namespace sortscope::test
