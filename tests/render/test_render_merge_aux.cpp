// Render tests of the merge sorts' panel views (visual/views/merge_aux_views.h), headless (Mesa
// llvmpipe without a GPU): snapshots made by hand or by the CPU models are drawn with ImGui's draw
// list into a rectangle of an offscreen frame and the pixels checked. With SORTSCOPE_TEST_PNG_DIR
// set, every drawing is also written there as a PNG for looking at.
#include <algorithm>
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
#include "views/merge/merge_draw.h"
#include "views/merge_aux_views.h"

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
    draw(c);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    Image img{W, H, target.read_rgba()};
    gl::OffscreenTarget::bind_default();
    if (const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR"); dir && *dir && !png_name.empty())
      write_png(std::string(dir) + "/" + png_name + ".png", W, H, img.rgba);
    return img;
  }

 private:
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
  return canvas().draw(t, step, [&](const AuxDrawContext& c) { draw_aux_view(c, c.area, snap); }, name, area, scale);
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

// ---------------------------------------------------------------------------------------------
// Looking at them: every view from the CPU models (written only with SORTSCOPE_TEST_PNG_DIR).

TEST(MergeAuxLook, ModelSnapshots) {
  ParamValues small{{"threads", 0}, {"keys_per_thread", 0}, {"block_sort_threads", 0}};
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
    mw["merge_threads"] = sel ? 1 : 0;
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
        draw_snapshot(two, int(i), *find_aux<MergeBlockShares>(two.steps[i].aux), "big_shares_pass" + std::to_string(pass));
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
