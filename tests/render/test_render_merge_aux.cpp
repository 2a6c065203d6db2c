// Render tests of the merge sorts' panel views (visual/views/merge/merge_views.h), headless (Mesa
// llvmpipe without a GPU): snapshots made by hand or by the CPU models are drawn with ImGui's draw
// list into a rectangle of an offscreen frame and the pixels checked. With SORTSCOPE_TEST_PNG_DIR
// set, every drawing is also written there as a PNG for looking at.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>

#include <gtest/gtest.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include "colormap.h"
#include "common/density.h"
#include "common/recorder.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"
#include "registry.h"
#include "render_test_util.h"
#include "views/aux_panel.h"
#include "primitives/items/item_traits.h"
#include "primitives/multiseq_select/multiseq_select.h"
#include "merge/multiway_model.h"
#include "network_merge/network_merge_aux.h"
#include "views/common/merge_draw.h"
#include "views/common/merge_layouts.h"
#include "views/common/primitive_views.h"
#include "views/merge/merge_views.h"

namespace sortscope::test {
namespace {

constexpr int W = 1000, H = 640;
const Rect kPanel{100, 60, 800, 520};  // the view's rectangle inside the W x H frame

// An ImGui context with the OpenGL 3 backend and two fonts (DejaVu Sans when installed, else
// ImGui's own), drawing into an offscreen target; one for the whole program.
class AuxCanvas {
 public:
  AuxCanvas() {
    headless_or_skip();
    ctx_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    const char* dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    if (std::filesystem::exists(dejavu)) {
      font_ = io.Fonts->AddFontFromFileTTF(dejavu, 19);
      small_ = io.Fonts->AddFontFromFileTTF(dejavu, 15);
    }
    if (!font_ || !small_) font_ = small_ = io.Fonts->AddFontDefault();
    io.Fonts->Build();
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) throw std::runtime_error("ImGui OpenGL3 backend failed");
  }
  ~AuxCanvas() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(ctx_);
  }

  // Draws with `draw(context)` into a W x H frame and returns its pixels; c.area = kPanel.
  Image draw(const Timeline& t, int step, const std::function<void(const AuxDrawContext&)>& draw,
             const std::string& png_name, Rect area = kPanel, float scale = 1) {
    gl::OffscreenTarget target;
    target.resize(W, H, 1);  // no multisampling: exact colours
    target.bind();
    const auto& bg = palette::kBackground;
    glClearColor(bg[0], bg[1], bg[2], 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(W), float(H));
    io.DeltaTime = 1.0f / 30;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    AuxDrawContext c;
    c.dl = ImGui::GetBackgroundDrawList();
    c.area = area;
    c.timeline = &t;
    c.step = step;
    c.font = font_;
    c.font_px = font_->FontSize;
    c.small = small_;
    c.small_px = small_->FontSize;
    c.scale = scale;
    const auto t0 = std::chrono::steady_clock::now();
    draw(c);
    last_draw_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ImGui::Render();
    last_vertices_ = ImGui::GetDrawData()->TotalVtxCount;
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    Image img{W, H, target.read_rgba()};
    gl::OffscreenTarget::bind_default();
    if (const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR"); dir && *dir && !png_name.empty())
      write_png(std::string(dir) + "/" + png_name + ".png", W, H, img.rgba);
    return img;
  }

  // Vertices of the last drawing (all of ImGui's draw data: the view's alone here).
  int last_vertices() const { return last_vertices_; }
  // Time the last drawing took to build its draw list (the view's CPU cost per frame).
  double last_draw_ms() const { return last_draw_ms_; }

 private:
  int last_vertices_ = 0;
  double last_draw_ms_ = 0;
  ImGuiContext* ctx_ = nullptr;
  ImFont* font_ = nullptr;
  ImFont* small_ = nullptr;
};

AuxCanvas& canvas() {
  static AuxCanvas c;
  return c;
}

// A timeline of the CPU model of `algo` on n random u32 keys (seeded), every snapshot on the host.
Timeline model_timeline(const std::string& algo_id, uint64_t n, ParamValues params, uint32_t modulus = 1000000) {
  const Algorithm* algo = find_algorithm(algo_id);
  if (!algo) throw std::runtime_error("no algorithm " + algo_id);
  HostKeys keys(KeyType::U32, n, false);
  std::mt19937 rng(7);
  for (uint64_t i = 0; i < n; ++i) keys.as<uint32_t>()[i] = rng() % modulus;
  if (std::string err = resolve_params(algo->params(), params, algo_id); !err.empty()) throw std::runtime_error(err);
  const DisplayRange range = display_range_host(keys.bytes.data(), n, KeyType::U32);
  Timeline t = make_timeline(algo_id, KeyType::U32, n, n, false, false, range, uint64_t(1) << 30);
  Recorder rec(t);
  algo->run_model(params, keys, &rec);
  return t;
}

template <class T>
int first_step_with(const Timeline& t) {
  for (size_t i = 0; i < t.steps.size(); ++i)
    if (find_aux<T>(t.steps[i].aux)) return int(i);
  return -1;
}

template <class T>
Image draw_snapshot(const Timeline& t, int step, const T& snap, const std::string& name, Rect area = kPanel,
                    float scale = 1) {
  return canvas().draw(
      t, step, [&](const AuxDrawContext& c) { draw_aux_view(c, c.area, snap); }, name, area, scale);
}

Rgb background() { return rgb_of(palette::kBackground); }

// Pixels of img inside (or outside) r that differ from the frame's background.
int drawn_pixels(const Image& img, Rect r, bool inside = true) {
  int count = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const bool in = x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
      if (in == inside && !near(img.at(x, y), background(), 2)) ++count;
    }
  return count;
}

// Pixels near colour c within a box of radius `rad` around (x, y).
int near_colour(const Image& img, float x, float y, Rgb c, int rad, int tolerance = 12) {
  int count = 0;
  for (int yy = int(y) - rad; yy <= int(y) + rad; ++yy)
    for (int xx = int(x) - rad; xx <= int(x) + rad; ++xx)
      if (xx >= 0 && yy >= 0 && xx < img.width && yy < img.height && near(img.at(xx, yy), c, tolerance)) ++count;
  return count;
}

// Pixels near colour c inside r.
int count_colour(const Image& img, Rect r, Rgb c, int tolerance = 12) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x)
      if (near(img.at(x, y), c, tolerance)) ++count;
  return count;
}

Rgb rgb_of_u32(ImU32 c) { return {int(c & 0xFF), int((c >> 8) & 0xFF), int((c >> 16) & 0xFF)}; }

// Pixels at (x, y) or within `rad` of it near colour c.
bool has_colour_near(const Image& img, float x, float y, Rgb c, int rad = 1, int tolerance = 30) {
  return near_colour(img, x, y, c, rad, tolerance) > 0;
}

Rgb kWhite() { return rgb_of(merge_view::kPath); }

// A timeline of one step whose snapshot is `keys` (u32) and whose aux is `aux`.
Timeline one_step(const std::vector<uint32_t>& keys, std::vector<AuxData> aux, uint64_t budget = uint64_t(1) << 30) {
  const uint64_t n = keys.size();
  DisplayRange range = display_range_host(keys.data(), n, KeyType::U32);
  return host_timeline(n, n, {keys}, range, budget, {std::move(aux)});
}

// Merge path of A and B (ties to A): a_splits on the diagonals 0, tile, 2 tile, ..., |A| + |B|.
MergePathGrid grid_of(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, uint64_t tile,
                      std::vector<int>* steps = nullptr) {
  MergePathGrid g;
  g.a_begin = 0, g.a_len = a.size(), g.b_begin = a.size(), g.b_len = b.size(), g.tile_keys = tile;
  size_t i = 0, j = 0;
  for (uint64_t d = 0; d <= a.size() + b.size(); ++d) {
    if (d % tile == 0 || d == a.size() + b.size()) g.diagonals.push_back(d), g.a_splits.push_back(i);
    if (d == a.size() + b.size()) break;
    const bool take_a = i < a.size() && (j >= b.size() || !(b[j] < a[i]));
    if (steps) steps->push_back(take_a ? 0 : 1);
    take_a ? ++i : ++j;
  }
  return g;
}

// n random keys below `range`, sorted: a run of a merge.
std::vector<uint32_t> sorted_run(size_t n, std::mt19937& rng, uint32_t range) {
  std::vector<uint32_t> run(n);
  for (auto& v : run) v = rng() % range;
  std::sort(run.begin(), run.end());
  return run;
}

TEST(MergePathView, ExactPathThroughEverySplit) {
  std::mt19937 rng(3);
  const std::vector<uint32_t> a = sorted_run(16, rng, 100), b = sorted_run(16, rng, 100);
  std::vector<int> steps;
  const MergePathGrid g = grid_of(a, b, 8, &steps);
  std::vector<uint32_t> keys = a;
  keys.insert(keys.end(), b.begin(), b.end());
  const Timeline t = one_step(keys, {g});
  MergePathLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_merge_path(c, c.area, g, &L); }, "path_exact");
  ASSERT_FALSE(L.grid.empty());
  EXPECT_TRUE(L.exact);
  EXPECT_EQ(L.diagonals_shown, g.diagonals.size());
  EXPECT_EQ(L.table_rows, g.diagonals.size() - 1);  // a wide panel lists every block
  auto X = [&](double av) { return L.grid.x + float(av / double(g.a_len)) * L.grid.w; };
  auto Y = [&](double bv) { return L.grid.y + float(bv / double(g.b_len)) * L.grid.h; };
  // The split points: yellow dots where the path crosses each diagonal.
  for (size_t j = 0; j < g.diagonals.size(); ++j) {
    const float x = X(double(g.a_splits[j])), y = Y(double(g.diagonals[j] - g.a_splits[j]));
    EXPECT_TRUE(has_colour_near(img, x, y, rgb_of(palette::kHighlight), 1, 20))
        << "split " << j << " at " << x << "," << y;
  }
  // The path: the middle of every unit step (right for a key of A, down for B) is white.
  double av = 0, bv = 0;
  for (size_t d = 0; d < steps.size(); ++d) {
    const double ma = steps[d] == 0 ? av + 0.5 : av, mb = steps[d] == 0 ? bv : bv + 0.5;
    EXPECT_TRUE(has_colour_near(img, X(ma), Y(mb), kWhite(), 1, 40) ||
                has_colour_near(img, X(ma), Y(mb), rgb_of(palette::kHighlight), 1, 20))
        << "step " << d << (steps[d] == 0 ? " (A)" : " (B)");
    (steps[d] == 0 ? av : bv) += 1;
  }
  // A cell the path keeps away from (the bottom-left corner: B exhausted before A would be) is not
  // white; nothing leaves the panel; the panel is drawn.
  int white_far = 0;
  for (int cell = 0; cell < 3; ++cell)
    white_far += near_colour(img, X(0.5 + cell), Y(double(g.b_len) - 0.5), kWhite(), 2, 20);
  EXPECT_EQ(white_far, 0);
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
  EXPECT_GT(drawn_pixels(img, kPanel, true), int(kPanel.w * kPanel.h * 0.9));
}

TEST(MergePathView, WithoutKeysThePathJoinsTheSplits) {
  std::vector<uint32_t> a(400), b(300);
  for (size_t i = 0; i < a.size(); ++i) a[i] = uint32_t(i * 3);
  for (size_t i = 0; i < b.size(); ++i) b[i] = uint32_t(i * 5 + 1);
  const MergePathGrid g = grid_of(a, b, 100);
  std::vector<uint32_t> keys = a;
  keys.insert(keys.end(), b.begin(), b.end());
  const Timeline t = one_step(keys, {g}, /*budget=*/0);  // a density summary only: no keys at hand
  MergePathLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_merge_path(c, c.area, g, &L); }, "path_splits");
  EXPECT_FALSE(L.exact);
  auto X = [&](double av) { return L.grid.x + float(av / double(g.a_len)) * L.grid.w; };
  auto Y = [&](double bv) { return L.grid.y + float(bv / double(g.b_len)) * L.grid.h; };
  for (size_t j = 0; j + 1 < g.diagonals.size(); ++j) {
    const double a0 = double(g.a_splits[j]), a1 = double(g.a_splits[j + 1]);
    const double b0 = double(g.diagonals[j]) - a0, b1 = double(g.diagonals[j + 1]) - a1;
    EXPECT_TRUE(has_colour_near(img, X(0.5 * (a0 + a1)), Y(0.5 * (b0 + b1)), kWhite(), 1, 40)) << "segment " << j;
    EXPECT_TRUE(has_colour_near(img, X(a0), Y(b0), rgb_of(palette::kHighlight), 1, 20)) << "split " << j;
  }
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

// A short panel (a projector's details at 1024x600: about 470 x 200 px at 1.25x) keeps the grid:
// the legend goes to a narrow side column in its brief words, and the block labels stay off the path.
TEST(MergePathView, ShortPanelsKeepTheGrid) {
  std::mt19937 rng(5);
  const std::vector<uint32_t> a = sorted_run(128, rng, 1000), b = sorted_run(128, rng, 1000);
  const MergePathGrid g = grid_of(a, b, 128);
  std::vector<uint32_t> keys = a;
  keys.insert(keys.end(), b.begin(), b.end());
  const Timeline t = one_step(keys, {g});
  for (const Rect& r : {Rect{100, 100, 470, 200}, Rect{100, 100, 470, 150}, Rect{100, 100, 320, 150}})
    for (float scale : {1.0f, 1.25f}) {
      const std::string tag = std::to_string(int(r.w)) + "x" + std::to_string(int(r.h)) + "_" + std::to_string(scale);
      MergePathLayout L;
      const Image img = canvas().draw(
          t, 0, [&](const AuxDrawContext& c) { draw_merge_path(c, c.area, g, &L); }, "path_short_" + tag, r, scale);
      ASSERT_FALSE(L.grid.empty()) << tag;
      EXPECT_GE(L.grid.h, 40) << tag;
      EXPECT_EQ(drawn_pixels(img, r, false), 0) << tag;
      // The split dots at the grid's corners are drawn.
      EXPECT_TRUE(has_colour_near(img, L.grid.x, L.grid.y, rgb_of(palette::kHighlight), 2, 20)) << tag;
      EXPECT_TRUE(has_colour_near(img, L.grid.right(), L.grid.bottom(), rgb_of(palette::kHighlight), 2, 20)) << tag;
    }
}

MergeBlockShares two_pairs_of_shares() {
  // Runs of 8, pairs of 16, blocks of 4 outputs; A count + B count = 4 in every block.
  MergeBlockShares s;
  s.run_keys_in = 8, s.run_keys_out = 16, s.tile_keys = 4;
  const uint64_t a[][2] = {{0, 4}, {4, 6}, {6, 8}, {8, 8}, {16, 17}, {17, 20}, {20, 22}, {22, 24}};
  const uint64_t b[][2] = {{8, 8}, {8, 10}, {10, 12}, {12, 16}, {24, 27}, {27, 28}, {28, 30}, {30, 32}};
  for (int t = 0; t < 8; ++t) {
    s.a_begin.push_back(a[t][0]), s.a_end.push_back(a[t][1]);
    s.b_begin.push_back(b[t][0]), s.b_end.push_back(b[t][1]);
  }
  return s;
}

TEST(BlockSharesView, EachRowShowsItsStretchesOfAAndB) {
  const MergeBlockShares s = two_pairs_of_shares();
  const Timeline t = one_step(std::vector<uint32_t>(32, 1), {s});
  BlockSharesLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_block_shares(c, c.area, s, &L); }, "shares_small");
  ASSERT_EQ(L.rows.size(), 8u);
  const Rgb ca = rgb_of(merge_view::kRunA), cb = rgb_of(merge_view::kRunB);
  auto X = [&](double pos) { return L.plot.x + float(pos / 16.0) * L.plot.w; };
  for (size_t i = 0; i < 8; ++i) {
    const uint64_t pair = i < 4 ? 0 : 16;
    const float y = L.plot.y + (float(i) + 0.5f) * L.row_h;
    const double a0 = double(s.a_begin[i] - pair), a1 = double(s.a_end[i] - pair);
    const double b0 = double(s.b_begin[i] - pair), b1 = double(s.b_end[i] - pair);
    if (a1 > a0) EXPECT_TRUE(near(img.at(int(X(0.5 * (a0 + a1))), int(y)), ca, 4)) << "A of block " << i;
    if (b1 > b0) EXPECT_TRUE(near(img.at(int(X(0.5 * (b0 + b1))), int(y)), cb, 4)) << "B of block " << i;
    // Outside its stretch the block's row shows neither colour.
    for (double pos = 0.25; pos < 16; pos += 0.5)
      if ((pos < a0 - 0.2 || pos > a1 + 0.2) && (pos < b0 - 0.2 || pos > b1 + 0.2)) {
        const Rgb px = img.at(int(X(pos)), int(y));
        EXPECT_FALSE(near(px, ca, 30) || near(px, cb, 30)) << "block " << i << " at " << pos;
      }
    // The share bar: A's part then B's, together the whole tile.
    const float split = L.bar.x + float((a1 - a0) / 4.0) * L.bar.w;
    if (a1 > a0) EXPECT_TRUE(near(img.at(int(0.5f * (L.bar.x + split)), int(y)), ca, 4)) << "bar A " << i;
    if (b1 > b0) EXPECT_TRUE(near(img.at(int(0.5f * (split + L.bar.right())), int(y)), cb, 4)) << "bar B " << i;
  }
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

TEST(BlockSharesView, ThousandsOfBlocksShowWholePairsOrEveryNth) {
  MergeBlockShares s;
  s.run_keys_in = 8, s.tile_keys = 4;
  for (uint64_t t = 0; t < 4000; ++t) {
    const uint64_t pair = t / 4 * 16;
    s.a_begin.push_back(pair + (t % 4) * 2), s.a_end.push_back(pair + (t % 4) * 2 + 2);
    s.b_begin.push_back(pair + 8 + (t % 4) * 2), s.b_end.push_back(pair + 8 + (t % 4) * 2 + 2);
  }
  const Timeline t = one_step(std::vector<uint32_t>(16000, 1), {s});
  BlockSharesLayout L;
  canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_block_shares(c, c.area, s, &L); }, "shares_many");
  ASSERT_FALSE(L.rows.empty());
  EXPECT_LT(L.rows.size(), 200u);
  EXPECT_EQ(L.rows.size() % 4, 0u);  // whole pairs of runs
  for (size_t i = 0; i < L.rows.size(); ++i) EXPECT_EQ(L.rows[i], i);
  EXPECT_LT(canvas().last_vertices(), 20000);

  // One pair with 4000 blocks: every n-th block of it.
  MergeBlockShares one;
  one.run_keys_in = 8000, one.tile_keys = 4;
  for (uint64_t t = 0; t < 4000; ++t) {
    one.a_begin.push_back(t * 2), one.a_end.push_back(t * 2 + 2);
    one.b_begin.push_back(8000 + t * 2), one.b_end.push_back(8000 + t * 2 + 2);
  }
  canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_block_shares(c, c.area, one, &L); }, "shares_one_pair");
  ASSERT_GT(L.rows.size(), 10u);
  EXPECT_LT(L.rows.size(), 400u);
  EXPECT_GT(L.rows[1], 1u);
  EXPECT_EQ(L.rows[2] - L.rows[1], L.rows[1] - L.rows[0]);
}

// k sorted sequences of random keys (one empty), concatenated, with their offsets.
struct Sequences {
  std::vector<uint32_t> keys;
  std::vector<uint64_t> begin;
};
Sequences sequences(std::vector<uint32_t> lengths, uint32_t modulus, uint32_t seed) {
  Sequences s;
  std::mt19937 rng(seed);
  s.begin.push_back(0);
  for (uint32_t len : lengths) {
    std::vector<uint32_t> v(len);
    for (auto& x : v) x = rng() % modulus;
    std::sort(v.begin(), v.end());
    s.keys.insert(s.keys.end(), v.begin(), v.end());
    s.begin.push_back(s.keys.size());
  }
  return s;
}

bool yellowish(Rgb c) { return c.r > 170 && c.g > 140 && c.b < 130; }

TEST(SelectionView, OsipovWindowsProbesChosenAndFinalSplits) {
  const Sequences q = sequences({60, 40, 0, 50, 30}, 1000, 5);
  const merge::SequenceSet<merge::KeysU32> set{q.keys.data(), q.begin.data(), 5};
  SelectionTrace tr;
  std::vector<uint32_t> splits(5);
  merge::osipov_select(set, 75, splits.data(), &tr);
  ASSERT_GT(tr.iterations, 3u);
  const Timeline t = one_step(q.keys, {tr});
  SelectionLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_selection(c, c.area, tr, &L); }, "select_osipov");
  ASSERT_EQ(L.columns.size(), 5u);
  ASSERT_GE(L.row_h, 4.0f);
  const Rgb rank = rgb_of(merge_view::kRank);
  // Header bars: each sequence's selected prefix (pink) is its final split's share of its length.
  auto pink_share = [&](const Rect& h) {
    int pink = 0;
    for (int x = int(std::ceil(h.x)); x < int(h.right()); ++x) pink += near(img.at(x, int(h.y + h.h / 2)), rank, 6);
    return float(pink) / h.w;
  };
  for (uint32_t i = 0; i < 5; ++i) {
    const uint64_t len = q.begin[i + 1] - q.begin[i];
    if (len == 0) continue;
    EXPECT_NEAR(pink_share(L.header[i]), float(tr.splits[i]) / float(len), 3.0f / L.header[i].w + 0.01f) << "seq " << i;
  }
  EXPECT_NEAR(pink_share(L.sums_header), 75.0f / 180.0f, 3.0f / L.sums_header.w + 0.01f);
  // Each iteration highlights the sequence it moved, and only that one.
  for (uint32_t it = 1; it <= tr.iterations; ++it) {
    const float y = L.columns[0].y + (float(it) + 0.5f) * L.row_h;
    for (uint32_t i = 0; i < 5; ++i) {
      bool yellow = false;
      for (int x = int(L.columns[i].x); x < int(L.columns[i].right()); ++x)
        yellow = yellow || yellowish(img.at(x, int(y)));
      EXPECT_EQ(yellow, tr.chosen[it] == int32_t(i)) << "iteration " << it << " sequence " << i;
    }
  }
  // The probe: white where each sequence's tentative split is (away from the final split's line).
  for (uint32_t it = 0; it <= tr.iterations; ++it)
    for (uint32_t i = 0; i < 5; ++i) {
      const uint64_t len = q.begin[i + 1] - q.begin[i];
      if (len == 0) continue;
      const float x = L.columns[i].x + float(tr.probe[it * 5 + i]) / float(len) * L.columns[i].w;
      const float xs = L.columns[i].x + float(tr.splits[i]) / float(len) * L.columns[i].w;
      if (std::abs(x - xs) < 3) continue;
      EXPECT_TRUE(has_colour_near(img, x, L.columns[i].y + (float(it) + 0.5f) * L.row_h, kWhite(), 1, 40))
          << "probe of " << i << " at iteration " << it;
    }
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

TEST(SelectionView, QuickselectMarksThePivotRanks) {
  const Sequences q = sequences({64, 64, 64, 64, 64, 64}, 50, 9);  // duplicates: ranks < and <= differ
  const merge::SequenceSet<merge::KeysU32> set{q.keys.data(), q.begin.data(), 6};
  SelectionTrace tr;
  std::vector<uint32_t> splits(6);
  merge::quick_select(set, 200, 77, splits.data(), &tr);
  ASSERT_GE(tr.iterations, 1u);
  const Timeline t = one_step(q.keys, {tr});
  SelectionLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_selection(c, c.area, tr, &L); }, "select_quick");
  const Rgb pivot = rgb_of(palette::kSwapped);
  int checked = 0;
  for (uint32_t it = 1; it <= tr.iterations; ++it)
    for (uint32_t i = 0; i < 6; ++i) {
      const float x = L.columns[i].x + float(tr.probe[it * 6 + i]) / 64.0f * L.columns[i].w;
      const float xs = L.columns[i].x + float(tr.splits[i]) / 64.0f * L.columns[i].w;
      if (std::abs(x - xs) < 3) continue;
      ++checked;
      EXPECT_TRUE(has_colour_near(img, x, L.columns[i].y + (float(it) + 0.5f) * L.row_h, pivot, 1, 40))
          << "pivot rank in " << i << " at iteration " << it;
    }
  EXPECT_GT(checked, 3);
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

TEST(SplitMatrixView, StaircaseAndPartsInTheirColumns) {
  SplitMatrix m;
  m.k = 3, m.parts = 3, m.part_keys = 10;
  m.seq_begin = {0, 12, 20, 30};
  m.splits = {0, 0, 0, 4, 3, 3, 8, 5, 7, 12, 8, 10};
  m.part_sizes = {10, 10, 10};
  m.iterations = {5, 7};
  SelectionTrace traced;  // the selection of row 1 (rank 10), drawn beside the matrix in its step
  traced.k = 3, traced.rank = 10;
  const Timeline t = one_step(std::vector<uint32_t>(30, 1), {m, traced});
  SplitMatrixLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_split_matrix(c, c.area, m, &L); }, "split_small");
  ASSERT_EQ(L.columns.size(), 3u);
  EXPECT_EQ(L.group, 1u);
  auto Y = [&](double pos) { return L.plot_y + float(pos / double(L.max_len)) * L.plot_h; };
  // Part j fills [split j, split j+1) of every column in one colour; neighbours differ.
  std::vector<Rgb> part(3);
  for (uint32_t j = 0; j < 3; ++j)
    for (uint32_t i = 0; i < 3; ++i) {
      const double mid = 0.5 * (m.splits[j * 3 + i] + m.splits[(j + 1) * 3 + i]);
      const Rgb c = img.at(int(L.columns[i].x + L.columns[i].w / 2), int(Y(mid)));
      if (i == 0) part[j] = c;
      EXPECT_TRUE(near(c, part[j], 3)) << "part " << j << " in column " << i << ": " << str(c) << " vs "
                                       << str(part[j]);
    }
  EXPECT_FALSE(near(part[0], part[1], 20));
  EXPECT_FALSE(near(part[1], part[2], 20));
  // The staircases: row 2 white across every column at its split; row 1 (the traced one) pink.
  for (uint32_t i = 0; i < 3; ++i) {
    const float x = L.columns[i].x + L.columns[i].w / 2;
    const Rgb row2 = img.at(int(x), int(Y(m.splits[2 * 3 + i])));
    EXPECT_GT(row2.r + row2.g + row2.b, 3 * 170) << "column " << i << ": " << str(row2);
    EXPECT_TRUE(has_colour_near(img, x, Y(m.splits[1 * 3 + i]), rgb_of(merge_view::kRank), 1, 12)) << "column " << i;
  }
  // Part sizes: three equal, full bars; nothing past a run's end in the shorter column 1.
  for (uint32_t j = 0; j < 3; ++j)
    EXPECT_TRUE(near(img.at(int(L.sizes.x + L.sizes.w * 0.9f), int(L.plot_y + (j + 0.5f) * L.plot_h / 3)), part[j], 3));
  EXPECT_TRUE(near(img.at(int(L.columns[1].x + L.columns[1].w / 2), int(Y(10.5))), rgb_of(palette::kPanel), 3));
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

TEST(MergeBufferView, CellsCarryTheKeysAndTheBandsTheSources) {
  std::vector<uint32_t> x = {3, 9, 12, 40, 41, 42, 60, 90}, y = {1, 10, 11, 50, 70, 71};
  std::vector<uint32_t> z(x.size() + y.size());
  MergeBufferTrace tr;
  merge::blockwise_merge_host<merge::KeysU32>(x.data(), uint32_t(x.size()), y.data(), uint32_t(y.size()), z.data(), 4,
                                              false, &tr);
  tr.buffer_keys = 8, tr.block = 2, tr.level = 0;
  ASSERT_EQ(tr.steps, 4u);
  std::vector<uint32_t> keys = x;
  keys.insert(keys.end(), y.begin(), y.end());
  const Timeline t = one_step(keys, {tr});
  MergeBufferLayout L;
  const Image img = canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_merge_buffer(c, c.area, tr, &L); }, "buffer_small");
  ASSERT_EQ(L.steps, (std::vector<int64_t>{0, 1, 2, 3}));
  DisplayRange range;
  ASSERT_TRUE(merge_view::local_range(KeyType::U32, tr.before.data(), tr.before.size(), range));
  EXPECT_EQ(range.lo, 1);
  EXPECT_EQ(range.hi, 90);
  for (uint32_t st = 0; st < 4; ++st) {
    const Rect& rb = L.before[st];
    const Rect& ra = L.after[st];
    for (uint32_t j = 0; j < 8; ++j) {
      const float cx = rb.x + (float(j) + 0.5f) * rb.w / 8;
      for (const auto& [row, words] : {std::pair{rb, &tr.before}, std::pair{ra, &tr.after}}) {
        const uint64_t w = (*words)[st * 8 + j];
        const Rgb px = img.at(int(cx), int(row.y + row.h / 2));
        if (merge_view::is_padding_word(w))  // hatched: greys between the stripes' two tones
          EXPECT_TRUE(std::abs(px.r - px.g) <= 3 && px.b - px.r >= 0 && px.b - px.r <= 8 &&
                      px.r >= rgb_of(palette::kPaddingBack).r - 2 && px.r <= rgb_of(palette::kPadding).r + 2)
              << "padding cell " << j << " of step " << st << ": " << str(px);
        else
          EXPECT_TRUE(near(px, rgb_of_u32(merge_view::key_colour(t, w, range)), 3))
              << "cell " << j << " of step " << st << ": " << str(px);
      }
    }
    // The band over the new block (the lower half: bitonic variant) in its input's colour, and
    // the white band under the half written out.
    const Rgb src = tr.loaded_from[st] == 0
                        ? rgb_of(merge_view::kRunA)
                        : (tr.loaded_from[st] == 1 ? rgb_of(merge_view::kRunB) : rgb_of(palette::kPadding));
    EXPECT_TRUE(has_colour_near(img, rb.x + rb.w * 0.25f, rb.y - 2, src, 1, 6)) << "step " << st;
    EXPECT_FALSE(has_colour_near(img, rb.x + rb.w * 0.75f, rb.y - 2, src, 0, 6)) << "step " << st;
    EXPECT_TRUE(has_colour_near(img, ra.x + ra.w * 0.25f, ra.bottom() + 2, rgb_of(palette::kText), 1, 8))
        << "step " << st;
    EXPECT_FALSE(has_colour_near(img, ra.x + ra.w * 0.75f, ra.bottom() + 2, rgb_of(palette::kText), 0, 8))
        << "step " << st;
  }
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
}

TEST(MergeBufferView, ManyStepsKeepTheFirstAndTheLast) {
  std::vector<uint32_t> x(2000), y(1500);
  for (size_t i = 0; i < x.size(); ++i) x[i] = uint32_t(i * 2);
  for (size_t i = 0; i < y.size(); ++i) y[i] = uint32_t(i * 3 + 1);
  std::vector<uint32_t> z(x.size() + y.size());
  MergeBufferTrace tr;
  merge::blockwise_merge_host<merge::KeysU32>(x.data(), 2000, y.data(), 1500, z.data(), 64, true, &tr);
  tr.buffer_keys = 128, tr.stable = true;
  std::vector<uint32_t> keys = x;
  keys.insert(keys.end(), y.begin(), y.end());
  const Timeline t = one_step(keys, {tr});
  MergeBufferLayout L;
  canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_merge_buffer(c, c.area, tr, &L); }, "buffer_many");
  ASSERT_GE(L.steps.size(), 3u);
  EXPECT_LT(L.steps.size(), size_t(tr.steps));
  EXPECT_EQ(L.steps.front(), 0);
  EXPECT_EQ(L.steps.back(), int64_t(tr.steps) - 1);
  EXPECT_EQ(L.steps[L.steps.size() - 2], -1);  // the slot saying how many are left out
  // A wide, short panel lays the steps out side by side and holds more of them.
  MergeBufferLayout wide;
  canvas().draw(
      t, 0, [&](const AuxDrawContext& c) { draw_merge_buffer(c, c.area, tr, &wide); }, "buffer_wide",
      Rect{20, 400, 960, 200});
  EXPECT_TRUE(wide.grid);
  EXPECT_GE(wide.steps.size(), 4u);
}

// Every view stays inside its rectangle at any size and scale, and stays small in primitives for
// large snapshots (aggregated, not one shape per key or block).
TEST(MergeAuxViews, StayInsideTheirRectAndAggregateLargeSnapshots) {
  // Large synthetic snapshots.
  MergePathGrid g;
  g.a_len = g.b_len = uint64_t(1) << 27, g.b_begin = g.a_len, g.tile_keys = 3840;
  for (uint64_t d = 0; d <= 2 * g.a_len; d += g.tile_keys) g.diagonals.push_back(d), g.a_splits.push_back(d / 2);
  g.diagonals.push_back(2 * g.a_len), g.a_splits.push_back(g.a_len);
  MergeBlockShares sh;
  sh.run_keys_in = uint64_t(1) << 27, sh.tile_keys = 3840;
  for (uint64_t tb = 0; tb < 70000; ++tb) {
    sh.a_begin.push_back(tb * 1920), sh.a_end.push_back(tb * 1920 + 1920);
    sh.b_begin.push_back(sh.run_keys_in + tb * 1920), sh.b_end.push_back(sh.run_keys_in + tb * 1920 + 1920);
  }
  SelectionTrace tr;
  tr.k = 256, tr.rank = 1u << 20, tr.iterations = 3000;
  for (uint32_t i = 0; i <= 256; ++i) tr.seq_begin.push_back(uint64_t(i) * 8192);
  // As Osipov's selection does: each iteration halves one sequence's window (alternately from
  // below and from above) and moves its probe.
  std::vector<uint32_t> lo(256, 0), hi(256, 8192), pr(256, 4096);
  for (uint32_t it = 0; it <= tr.iterations; ++it) {
    const uint32_t c = it % 256;
    if (it > 0) {
      (it / 256 % 2 ? hi[c] : lo[c]) = pr[c];
      pr[c] = lo[c] + (hi[c] - lo[c]) / 2;
    }
    tr.lower.insert(tr.lower.end(), lo.begin(), lo.end());
    tr.upper.insert(tr.upper.end(), hi.begin(), hi.end());
    tr.probe.insert(tr.probe.end(), pr.begin(), pr.end());
    tr.chosen.push_back(it ? int32_t(c) : -1);
    tr.grew.push_back(it / 256 % 2 ? 0 : 1);
  }
  tr.splits = pr;
  SplitMatrix m;
  m.k = 256, m.parts = 8192, m.part_keys = 256;
  for (uint32_t i = 0; i <= 256; ++i) m.seq_begin.push_back(uint64_t(i) * 8192);
  for (uint32_t j = 0; j <= m.parts; ++j)
    for (uint32_t i = 0; i < 256; ++i) m.splits.push_back(j);
  m.part_sizes.assign(m.parts, 256);
  m.iterations.assign(m.parts - 1, 40);
  MergeBufferTrace bt;
  bt.buffer_keys = 512, bt.steps = 2000;
  for (uint32_t st = 0; st < bt.steps; ++st) {
    bt.loaded_from.push_back(uint8_t(st % 2));
    bt.out_begin.push_back(uint64_t(st) * 256);
    for (uint32_t j = 0; j < 512; ++j) bt.before.push_back(st * 256 + j), bt.after.push_back(st * 256 + j);
  }
  const Timeline t = one_step(std::vector<uint32_t>(1024, 7), {});
  const Rect rects[] = {kPanel, Rect{300, 200, 140, 90}, Rect{10, 10, 980, 180}};
  for (const Rect& r : rects)
    for (float scale : {1.0f, 2.0f}) {
      const std::string tag =
          std::to_string(int(r.w)) + "x" + std::to_string(int(r.h)) + "_s" + std::to_string(int(scale));
      auto check = [&](const Image& img, const char* what, int max_vertices) {
        std::printf("%-13s %-12s %6d vertices, %.2f ms to build the draw list\n", what, tag.c_str(),
                    canvas().last_vertices(), canvas().last_draw_ms());
        EXPECT_EQ(drawn_pixels(img, r, false), 0) << what << " " << tag;
        EXPECT_GT(drawn_pixels(img, r, true), int(r.w * r.h * 0.5f)) << what << " " << tag;
        EXPECT_LT(canvas().last_vertices(), max_vertices) << what << " " << tag;
      };
      check(draw_snapshot(t, 0, g, "big_path_" + tag, r, scale), "merge path", 60000);
      check(draw_snapshot(t, 0, sh, "big_shares_" + tag, r, scale), "block shares", 60000);
      check(draw_snapshot(t, 0, tr, "big_select_" + tag, r, scale), "selection", 200000);
      check(draw_snapshot(t, 0, m, "big_split_" + tag, r, scale), "split matrix", 200000);
      check(draw_snapshot(t, 0, bt, "big_buffer_" + tag, r, scale), "merge buffer", 60000);
    }
}

// The views of a real run: every merge snapshot of both models is drawn (dispatched by type through
// the aux panel) without leaving the panel.
TEST(MergeAuxViews, ModelStepsDrawThroughThePanel) {
  ParamValues small{{"threads", 128}, {"keys_per_thread", 7}, {"block_sort_threads", 1}};
  const Timeline two = model_timeline("merge", 4096, small);
  ParamValues mw = small;
  mw["fan_in"] = 8, mw["part_keys"] = 1024;
  const Timeline multi = model_timeline("multiway-merge", 16384, mw);
  int drawn = 0;
  for (const Timeline* t : {&two, &multi})
    for (size_t i = 0; i < t->steps.size(); ++i) {
      if (!has_aux_panel(t->steps[i])) continue;
      const Image img = canvas().draw(
          *t, int(i), [&](const AuxDrawContext& c) { EXPECT_TRUE(draw_aux_panel(c)); }, "");
      EXPECT_EQ(drawn_pixels(img, kPanel, false), 0) << t->algorithm << " step " << i;
      EXPECT_GT(drawn_pixels(img, kPanel, true), int(kPanel.w * kPanel.h * 0.5f)) << t->algorithm << " step " << i;
      ++drawn;
    }
  EXPECT_GE(drawn, 5);
}

// Pipelined 4-way merging (merge=pipelined-4way): the tree, both buffers in the head's input
// colours and the output, inside the panel at every size and scale; a synthetic trace of many rounds
// shares pixel columns.
TEST(PipelineView, TreeBuffersAndOutputInsideThePanel) {
  ParamValues mw{{"threads", 128}, {"keys_per_thread", 7}, {"block_sort_threads", 1}, {"fan_in", 16},
                 {"part_keys", 2048}, {"merge_threads", 64}, {"merge", kMultiwayMergePipelined}};
  const Timeline t = model_timeline("multiway-merge", 65536, mw);
  int drawn = 0;
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const auto* p = find_aux<PipelineTrace>(t.steps[i].aux);
    if (!p) continue;
    for (const Rect& r : {kPanel, Rect{300, 200, 160, 90}, Rect{10, 10, 980, 180}})
      for (float scale : {1.0f, 2.0f}) {
        const std::string tag = "pipeline_step" + std::to_string(i) + "_" + std::to_string(int(r.w)) + "_s" +
                                std::to_string(int(scale));
        const Image img = draw_snapshot(t, int(i), *p, tag, r, scale);
        EXPECT_EQ(drawn_pixels(img, r, false), 0) << tag;
        if (r.w == kPanel.w) {
          EXPECT_GT(count_colour(img, r, rgb_of(merge_view::kRunA)), 50) << tag << ": no buffer 0";
          EXPECT_GT(count_colour(img, r, rgb_of(merge_view::kRunB)), 50) << tag << ": no buffer 1";
        }
      }
    ++drawn;
  }
  EXPECT_EQ(drawn, 2);
  PipelineTrace big;
  big.merge_threads = 256, big.capacity = 512, big.piece_keys = {1 << 20, 1 << 20, 1 << 20, 1 << 20};
  big.rounds = 1 + (4u << 20) / 256;
  for (uint32_t r = 0; r < big.rounds; ++r) {
    big.leaves.push_back(uint8_t(1 + r % 2));
    big.fill.push_back(256 + r % 256), big.fill.push_back(512 - r % 256);
    big.head_from.push_back(uint8_t(r % 2));
    big.output.push_back(std::min<uint64_t>(uint64_t(r) * 256, 4u << 20));
  }
  const Image img = draw_snapshot(t, 0, big, "pipeline_big", kPanel, 1);
  EXPECT_EQ(drawn_pixels(img, kPanel, false), 0);
  EXPECT_LT(canvas().last_vertices(), 60000);
}

// network-merge's steps (kernels/network_merge/): the network's levels (its own view, in
// visual/views/network_merge/) with swapped comparators in the swap colour, the retained vector
// (the merge buffer view) and the chunk cuts (merge path and block shares), all inside the panel.
TEST(NetworkMergeViews, LevelsRetainedVectorAndCutsDrawInsideThePanel) {
  const Timeline t = model_timeline("network-merge", 4096, {{"threads", 64}, {"keys", 2}, {"width", 8}});
  int drawn = 0, levels = 0;
  for (size_t i = 0; i < t.steps.size(); ++i) {
    if (!has_aux_panel(t.steps[i])) continue;
    const Image img = canvas().draw(
        t, int(i), [&](const AuxDrawContext& c) { EXPECT_TRUE(draw_aux_panel(c)); },
        "network_merge_step" + std::to_string(i));
    EXPECT_EQ(drawn_pixels(img, kPanel, false), 0) << "step " << i;
    EXPECT_GT(drawn_pixels(img, kPanel, true), int(kPanel.w * kPanel.h * 0.5f)) << "step " << i;
    if (find_aux<NetworkLevels>(t.steps[i].aux)) {
      EXPECT_GT(count_colour(img, kPanel, rgb_of(palette::kSwapped)), 20) << "step " << i << ": no swapped comparator";
      ++levels;
    }
    ++drawn;
  }
  EXPECT_EQ(levels, 5);  // one per pass: runs of 128 .. 2048 merged
  EXPECT_EQ(drawn, 14);  // network and merge steps of every pass, the partitions of passes 2..5
}

// ---------------------------------------------------------------------------------------------
// Looking at them: every view from the CPU models (written only with SORTSCOPE_TEST_PNG_DIR).

TEST(MergeAuxLook, ModelSnapshots) {
  const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR");
  if (!dir || !*dir)
    GTEST_SKIP() << "set SORTSCOPE_TEST_PNG_DIR to render these (ModelStepsDrawThroughThePanel checks them)";
  ParamValues small{{"threads", 128}, {"keys_per_thread", 7}, {"block_sort_threads", 1}};
  Timeline two = model_timeline("merge", 4096, small);
  for (size_t i = 0; i < two.steps.size(); ++i) {
    if (const auto* g = find_aux<MergePathGrid>(two.steps[i].aux))
      draw_snapshot(two, int(i), *g, "look_path_step" + std::to_string(i));
    if (const auto* s = find_aux<MergeBlockShares>(two.steps[i].aux))
      draw_snapshot(two, int(i), *s, "look_shares_step" + std::to_string(i));
  }
  for (int sel = 0; sel < 2; ++sel) {
    ParamValues mw = small;
    mw["fan_in"] = sel ? 8 : 4;
    mw["part_keys"] = sel ? 1024 : 4096;
    mw["merge_threads"] = sel ? 128 : 64;
    mw["selection"] = sel;
    mw["merge"] = sel;
    Timeline multi = model_timeline("multiway-merge", 16384, mw);
    const std::string tag = sel ? "_quick" : "_osipov";
    for (size_t i = 0; i < multi.steps.size(); ++i) {
      if (const auto* t = find_aux<SelectionTrace>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *t, "look_select" + tag + std::to_string(i));
      if (const auto* m = find_aux<SplitMatrix>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *m, "look_split" + tag + std::to_string(i));
      if (const auto* b = find_aux<MergeBufferTrace>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *b, "look_buffer" + tag + std::to_string(i));
    }
  }
}

// Large inputs with the default parameters (only when looking: the models take a few seconds).
TEST(MergeAuxLook, LargeModelSnapshots) {
  const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR");
  if (!dir || !*dir) GTEST_SKIP() << "set SORTSCOPE_TEST_PNG_DIR to render these";
  Timeline two = model_timeline("merge", uint64_t(1) << 20, {});
  int pass = 0;
  for (size_t i = 0; i < two.steps.size(); ++i)
    if (const auto* g = find_aux<MergePathGrid>(two.steps[i].aux)) {
      if (pass == 0 || g->a_len + g->b_len >= (uint64_t(1) << 20) / 2 || pass == 3) {
        draw_snapshot(two, int(i), *g, "big_path_pass" + std::to_string(pass));
        draw_snapshot(two, int(i), *find_aux<MergeBlockShares>(two.steps[i].aux),
                      "big_shares_pass" + std::to_string(pass));
      }
      ++pass;
    }
  for (int sel = 0; sel < 2; ++sel) {
    Timeline multi = model_timeline("multiway-merge", uint64_t(1) << 20, {{"selection", sel}, {"merge", sel}});
    const std::string tag = sel ? "_quick" : "_osipov";
    for (size_t i = 0; i < multi.steps.size(); ++i) {
      if (const auto* t = find_aux<SelectionTrace>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *t, "big_select" + tag + std::to_string(i));
      if (const auto* m = find_aux<SplitMatrix>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *m, "big_split" + tag + std::to_string(i));
      if (const auto* b = find_aux<MergeBufferTrace>(multi.steps[i].aux))
        draw_snapshot(multi, int(i), *b, "big_buffer" + tag + std::to_string(i));
    }
  }
}

}  // namespace
}  // namespace sortscope::test
