// The app's logic that needs no window: plot maths, playback, the tiled layout, settings, the
// export frame schedule, ffmpeg's command line, the input script parser and the throughput history.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/csv_writer.h"
#include "export/ffmpeg_pipe.h"
#include "frame_limits.h"
#include "export/frame_schedule.h"
#include "export/video_exporter.h"
#include "ui/gui_app.h"
#include "ui/plots/heat_map_widget.h"
#include "ui/panels/key_table.h"
#include "ui/layout.h"
#include "ui/playback.h"
#include "ui/plots/plot_widget.h"
#include "ui/script.h"
#include "ui/settings.h"
#include "ui/lesson/teaching_defaults.h"
#include "merge/two_way_plan.h"
#include "ui/plots/throughput_history.h"
#include "ui/race/race_job.h"
#include "core/runner.h"
#include <chrono>
#include <thread>

namespace fs = std::filesystem;
using namespace sortscope;
using namespace sortscope::ui;

// ---- plot maths ----

TEST(PlotMath, LinearTicksAreOneTwoFiveSteps) {
  PlotAxis a;
  auto t = axis_ticks(a, {0, 100}, 5);
  ASSERT_FALSE(t.empty());
  EXPECT_DOUBLE_EQ(t.front(), 0);
  EXPECT_DOUBLE_EQ(t.back(), 100);
  EXPECT_DOUBLE_EQ(t[1] - t[0], 20);
  t = axis_ticks(a, {0.3, 0.71}, 5);
  for (size_t i = 1; i < t.size(); ++i) EXPECT_NEAR(t[i] - t[i - 1], 0.1, 1e-12);
  EXPECT_GE(t.front(), 0.3 - 1e-12);
  EXPECT_LE(t.back(), 0.71 + 1e-12);
}

TEST(PlotMath, IntegerAxisNeverTicksBetweenWholeNumbers) {
  PlotAxis a;
  a.integer = true;
  AxisRange r = fit_axis(a, {1});
  auto t = axis_ticks(a, r, 8);
  for (double v : t) EXPECT_EQ(v, std::round(v));
  EXPECT_LE(r.lo, 1);
  EXPECT_GE(r.hi, 1);
}

TEST(PlotMath, LogTicksArePowersOfTheBase) {
  PlotAxis a;
  a.log_scale = true;
  a.log_base = 2;
  AxisRange r = fit_axis(a, {1000, 5000000, -3, 0});  // non-positive values are ignored on log axes
  EXPECT_DOUBLE_EQ(r.lo, 512);
  EXPECT_DOUBLE_EQ(r.hi, 8388608);
  auto t = axis_ticks(a, r, 100);
  ASSERT_EQ(t.size(), 15u);  // 2^9 .. 2^23
  for (double v : t) EXPECT_DOUBLE_EQ(std::exp2(std::round(std::log2(v))), v);
  auto thin = axis_ticks(a, r, 5);
  EXPECT_LE(thin.size(), 5u);
  EXPECT_DOUBLE_EQ(axis_fraction(a, r, 512), 0);
  EXPECT_DOUBLE_EQ(axis_fraction(a, r, 8388608), 1);
  EXPECT_NEAR(axis_fraction(a, r, 65536), 7.0 / 14.0, 1e-12);
}

TEST(PlotMath, FitKeepsZeroForRatesAndHandlesNoData) {
  PlotAxis a;
  a.include_zero = true;
  AxisRange r = fit_axis(a, {5e8, 7e8});
  EXPECT_EQ(r.lo, 0);
  EXPECT_GT(r.hi, 7e8);
  AxisRange empty = fit_axis(a, {});
  EXPECT_LT(empty.lo, empty.hi);
  PlotAxis fixed;
  fixed.auto_fit = false;
  fixed.min = 3;
  fixed.max = 9;
  AxisRange f = fit_axis(fixed, {100});
  EXPECT_EQ(f.lo, 3);
  EXPECT_EQ(f.hi, 9);
}

TEST(PlotMath, SiAndPowerOfTwoLabels) {
  EXPECT_EQ(format_si(0), "0");
  EXPECT_EQ(format_si(950), "950");
  EXPECT_EQ(format_si(1500), "1.5K");
  EXPECT_EQ(format_si(2.5e9), "2.5G");
  EXPECT_EQ(format_si(4e6), "4M");
  EXPECT_EQ(format_si(-3e3), "-3K");
  EXPECT_EQ(format_pow2(1048576), "2^20");
  EXPECT_EQ(format_pow2(1000), "1K");
}

TEST(PlotMath, RollingBufferKeepsTheNewest) {
  RollingBuffer<int> b(3);
  for (int i = 1; i <= 5; ++i) b.push(i);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0], 3);
  EXPECT_EQ(b[1], 4);
  EXPECT_EQ(b[2], 5);
  EXPECT_EQ(b.back(), 5);
  b.clear();
  EXPECT_TRUE(b.empty());
}

// ---- playback ----

TEST(Playback, StepsAndClamps) {
  Playback p;
  p.set_step_count(10);
  EXPECT_EQ(p.step(), 0);
  p.back();
  EXPECT_EQ(p.step(), 0);
  p.forward();
  p.forward();
  EXPECT_EQ(p.step(), 2);
  p.last();
  EXPECT_EQ(p.step(), 9);
  p.forward();
  EXPECT_EQ(p.step(), 9);  // no loop: stays at the end
  p.set_loop(true);
  p.forward();
  EXPECT_EQ(p.step(), 0);
  p.set_step(100);
  EXPECT_EQ(p.step(), 9);
  p.set_step(-4);
  EXPECT_EQ(p.step(), 0);
}

TEST(Playback, AdvancesWithTimeAndStopsAtTheEnd) {
  Playback p;
  p.set_step_count(5);
  p.set_speed(2);
  EXPECT_FALSE(p.advance(10));  // paused: nothing moves
  p.set_playing(true);
  EXPECT_FALSE(p.advance(0.4));
  EXPECT_TRUE(p.advance(0.2));  // 0.6 s at 2 steps/s: one step
  EXPECT_EQ(p.step(), 1);
  p.advance(10);
  EXPECT_EQ(p.step(), 4);
  EXPECT_FALSE(p.playing());  // stopped at the last step
  p.set_playing(true);        // play at the end starts over
  EXPECT_EQ(p.step(), 0);
  EXPECT_TRUE(p.playing());
  p.set_loop(true);
  p.advance(2.5 + 1e-9);      // 5 steps: around once
  EXPECT_EQ(p.step(), 0);
  EXPECT_TRUE(p.playing());
}

TEST(Playback, SpeedLadderAndHandSteppingPauses) {
  Playback p;
  p.set_step_count(3);
  p.set_speed(3);
  p.faster();
  EXPECT_EQ(p.speed(), 5);
  p.slower();
  p.slower();
  EXPECT_EQ(p.speed(), 2);
  for (int i = 0; i < 50; ++i) p.faster();
  EXPECT_EQ(p.speed(), Playback::kSpeeds[Playback::kSpeedCount - 1]);
  p.set_playing(true);
  p.step_forward_paused();
  EXPECT_FALSE(p.playing());
  EXPECT_EQ(p.step(), 1);
}

TEST(Playback, NewTimelineKeepsTheStepWhenItExists) {
  Playback p;
  p.set_step_count(10);
  p.set_step(7);
  p.set_step_count(12);
  EXPECT_EQ(p.step(), 7);
  p.set_step_count(5);
  EXPECT_EQ(p.step(), 0);
  p.set_step_count(0);
  EXPECT_FALSE(p.playing());
}

// ---- layout ----

namespace {
bool overlap(const ui::Rect& a, const ui::Rect& b) {
  return a.x < b.x + b.w - 0.01f && b.x < a.x + a.w - 0.01f && a.y < b.y + b.h - 0.01f && b.y < a.y + a.h - 0.01f;
}
void expect_tiles(const PanelRects& r, ImVec2 d, const LayoutMetrics& m) {
  std::vector<ui::Rect> all = {r.menu,       r.scenario, r.view,        r.transport,   r.step,     r.throughput,
                           r.status,     r.split_left, r.split_right, r.split_top};
  double area = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_GE(all[i].w, 0);
    EXPECT_GE(all[i].h, 0);
    EXPECT_GE(all[i].x, -0.01f);
    EXPECT_GE(all[i].y, -0.01f);
    EXPECT_LE(all[i].x + all[i].w, d.x + 0.01f);
    EXPECT_LE(all[i].y + all[i].h, d.y + 0.01f);
    area += double(all[i].w) * all[i].h;
    for (size_t j = i + 1; j < all.size(); ++j) EXPECT_FALSE(overlap(all[i], all[j])) << i << " overlaps " << j;
  }
  // Everything is covered except the gap between the transport and the view (none where the
  // transport sits in the status bar's row: LayoutMetrics::bottom_row).
  double gap = r.modes.transport && r.transport.y != r.status.y ? double(r.view.w) * m.splitter : 0;
  EXPECT_NEAR(area + gap, double(d.x) * d.y, double(d.x) * d.y * 1e-3);
}
}  // namespace

TEST(Layout, TilesTheDisplayAtManySizes) {
  LayoutMetrics m;
  m.menu_h = 24, m.status_h = 28, m.transport_h = 90, m.splitter = 6, m.min_panel = 140;
  for (ImVec2 d : {ImVec2(1600, 960), ImVec2(3840, 2160), ImVec2(800, 600), ImVec2(640, 400), ImVec2(300, 200)}) {
    for (LayoutFractions f : {LayoutFractions{}, LayoutFractions{0.05f, 0.9f, 0.99f}, LayoutFractions{0.9f, 0.9f, 0.01f}}) {
      PanelRects r = compute_layout(f, d, m);
      SCOPED_TRACE(testing::Message() << d.x << "x" << d.y);
      expect_tiles(r, d, m);
    }
  }
}

TEST(Layout, FoldedAndHiddenPanelsStillTile) {
  LayoutMetrics m;
  m.menu_h = 24, m.status_h = 28, m.transport_h = 90, m.splitter = 6, m.min_panel = 140, m.fold_w = 30, m.line_h = 36;
  for (ImVec2 d : {ImVec2(1024, 600), ImVec2(1920, 1080), ImVec2(3840, 2160)}) {
    for (PanelMode side : {PanelMode::Shown, PanelMode::Folded, PanelMode::Hidden})
      for (PanelMode bottom : {PanelMode::Shown, PanelMode::Folded, PanelMode::Hidden})
        for (bool transport : {true, false}) {
          PanelModes modes;
          modes.scenario = modes.step = side;
          modes.throughput = bottom;
          modes.transport = transport;
          PanelRects r = compute_layout(LayoutFractions{}, d, m, modes);
          SCOPED_TRACE(testing::Message() << d.x << "x" << d.y << " " << panel_mode_name(side) << " "
                                          << panel_mode_name(bottom) << " " << transport);
          expect_tiles(r, d, m);
          EXPECT_EQ(r.modes.scenario, side);
          if (side == PanelMode::Folded) EXPECT_FLOAT_EQ(r.scenario.w, 30);
          if (side == PanelMode::Hidden) EXPECT_FLOAT_EQ(r.scenario.w, 0);
          if (bottom == PanelMode::Folded) EXPECT_FLOAT_EQ(r.throughput.h, 36);
          if (!transport) EXPECT_FLOAT_EQ(r.transport.h, 0);
        }
  }
}

TEST(Layout, AutoPanelsFoldUntilTheViewHasItsShare) {
  LayoutMetrics m;
  m.menu_h = 30, m.status_h = 36, m.transport_h = 80, m.splitter = 6, m.min_panel = 180, m.fold_w = 36, m.line_h = 40;
  const ImVec2 d(1024, 600);
  PanelModes modes;  // all Auto
  PanelRects normal = compute_layout(LayoutFractions{}, d, m, modes);
  EXPECT_EQ(normal.modes.step, PanelMode::Shown);  // no share asked: Auto is Shown
  EXPECT_EQ(normal.modes.scenario, PanelMode::Shown);
  m.min_view_share = 0.5f;
  PanelRects room = compute_layout(LayoutFractions{}, d, m, modes);
  EXPECT_GE(double(room.view.w) * room.view.h, 0.5 * d.x * d.y);
  EXPECT_EQ(room.modes.step, PanelMode::Folded);  // the step column goes first
  // A panel the user asked for stays, whatever the share.
  modes.step = PanelMode::Shown;
  PanelRects kept = compute_layout(LayoutFractions{}, d, m, modes);
  EXPECT_EQ(kept.modes.step, PanelMode::Shown);
  EXPECT_GT(kept.step.w, 100);
}

// Projector mode's bottom row: the transport and the folded throughput line share the status bar's
// row, so the view reaches down to it; with the panels shown (or the throughput hidden) the layout
// tiles as before.
TEST(Layout, TheBottomRowHoldsStatusTransportAndThroughputLine) {
  LayoutMetrics m;
  m.menu_h = 30, m.status_h = 36, m.transport_h = 80, m.splitter = 3, m.min_panel = 180, m.fold_w = 20, m.line_h = 40;
  m.bottom_row = true;
  for (ImVec2 d : {ImVec2(1024, 600), ImVec2(1280, 720), ImVec2(1920, 1080)}) {
    SCOPED_TRACE(testing::Message() << d.x << "x" << d.y);
    PanelRects r = compute_layout(LayoutFractions{}, d, m, projector_panel_defaults());
    expect_tiles(r, d, m);
    for (const ui::Rect* q : {&r.status, &r.transport, &r.throughput}) {
      EXPECT_FLOAT_EQ(q->y, d.y - m.status_h);
      EXPECT_FLOAT_EQ(q->h, m.status_h);
    }
    // Left to right: the status, the transport, the throughput line, over the whole width.
    EXPECT_FLOAT_EQ(r.status.x, 0);
    EXPECT_FLOAT_EQ(r.transport.x, r.status.w);
    EXPECT_FLOAT_EQ(r.throughput.x, r.transport.x + r.transport.w);
    EXPECT_FLOAT_EQ(r.throughput.x + r.throughput.w, d.x);
    EXPECT_GT(r.transport.w, r.throughput.w);
    // The view reaches the bottom row: no row of its own for the transport or the throughput.
    EXPECT_FLOAT_EQ(r.view.y + r.view.h, d.y - m.status_h);
    // The throughput panel shown: it keeps its place above, the transport takes the rest of the row.
    PanelModes shown = projector_panel_defaults();
    shown.throughput = PanelMode::Shown;
    PanelRects s = compute_layout(LayoutFractions{}, d, m, shown);
    expect_tiles(s, d, m);
    EXPECT_LT(s.throughput.y + s.throughput.h, d.y - m.status_h + 0.01f);
    EXPECT_FLOAT_EQ(s.transport.y, d.y - m.status_h);
    EXPECT_FLOAT_EQ(s.status.w + s.transport.w, d.x);
  }
}

TEST(Layout, ProjectorScaleFollowsTheDisplay) {
  EXPECT_FLOAT_EQ(projector_ui_scale(1.75f, ImVec2(1920, 1080)), 1.75f);
  EXPECT_FLOAT_EQ(projector_ui_scale(2.0f, ImVec2(1920, 1080)), 2.0f);
  EXPECT_FLOAT_EQ(projector_ui_scale(1.75f, ImVec2(1024, 600)), 1.25f);   // never below 1.25x
  EXPECT_FLOAT_EQ(projector_ui_scale(1.75f, ImVec2(3840, 2160)), 3.5f);   // 4K: twice the 1080 scale
  EXPECT_LT(projector_ui_scale(1.75f, ImVec2(1280, 720)), 1.75f);
  for (float h = 400; h < 4400; h += 37) {
    float s = projector_ui_scale(1.5f, ImVec2(h * 16 / 9, h));
    EXPECT_GE(s, 1.25f);
    EXPECT_FLOAT_EQ(s * 4, std::round(s * 4));  // quarter steps
  }
}

// F1 draws key_table(); docs/app.md's table must list the same rows, so help and docs agree.
TEST(Keys, DocsListTheHelpTable) {
  std::ifstream in(std::string(SORTSCOPE_DOCS_DIR) + "/app.md");
  ASSERT_TRUE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string docs = ss.str();
  ASSERT_GE(key_table().size(), 11u);
  bool quit = false;
  for (const KeyBinding& k : key_table()) {
    const std::string row = std::string("| ") + k.keys + " | " + k.what + " |";
    EXPECT_NE(docs.find(row), std::string::npos) << "docs/app.md lacks the row: " << row;
    quit = quit || std::string(k.keys) == "Ctrl+Q";
  }
  EXPECT_TRUE(quit);
}

TEST(Layout, ClampKeepsPanelsUsable) {
  LayoutMetrics m;
  m.min_panel = 150;
  LayoutFractions f{0.0f, 0.0f, 0.0f};
  LayoutFractions c = clamp_fractions(f, ImVec2(1600, 1000), m);
  PanelRects r = compute_layout(c, ImVec2(1600, 1000), m);
  EXPECT_GE(r.scenario.w, 150);
  EXPECT_GE(r.step.w, 150);
  EXPECT_GE(r.view.h, 150);
  EXPECT_GE(r.throughput.h, 150);
  EXPECT_GE(r.view.w, 300);
}

// ---- settings ----

TEST(Settings, RoundTripsThroughJsonAndDisk) {
  Settings s;
  s.window = {10, 20, 1280, 800, true};
  s.layout = {0.3f, 0.2f, 0.5f};
  s.projector = true;
  s.projector_scale = 2.0f;
  s.speed = 8;
  s.loop = true;
  s.view_mode = ArrayViewMode::Heat;
  s.show_aux = false;
  s.sweep = false;
  Scenario sc;
  sc.algorithm = "bitonic";
  sc.input.n = 4096;
  sc.input.key = KeyType::F64;
  sc.input.seed = 77;
  s.scenario = sc;
  s.export_.fps = 24;
  s.export_.last_path = "x.gif";
  s.export_.text_scale = 1.5f;
  s.panels.step = PanelMode::Hidden;
  s.projector_panels.throughput = PanelMode::Shown;
  s.projector_panels.transport = false;
  fs::path dir = fs::temp_directory_path() / ("sortscope-settings-" + std::to_string(::getpid()));
  fs::path path = dir / "sortscope" / "settings.json";
  ASSERT_EQ(save_settings(s, path), "");
  std::string err;
  Settings t = load_settings(path, &err);
  EXPECT_EQ(err, "");
  EXPECT_EQ(settings_to_json(t), settings_to_json(s));
  EXPECT_EQ(t.window.width, 1280);
  EXPECT_TRUE(t.window.maximized);
  EXPECT_EQ(t.view_mode, ArrayViewMode::Heat);
  EXPECT_TRUE(t.panels == s.panels);
  EXPECT_TRUE(t.projector_panels == s.projector_panels);
  EXPECT_FLOAT_EQ(t.export_.text_scale, 1.5f);
  ASSERT_TRUE(t.scenario);
  EXPECT_EQ(t.scenario->input.n, 4096u);
  EXPECT_EQ(t.scenario->input.key, KeyType::F64);
  fs::remove_all(dir);
}

TEST(Settings, BadFieldsFallBackToDefaults) {
  nlohmann::json j = {{"speed", "fast"},
                      {"projector_scale", 9.0},
                      {"view_mode", "sideways"},
                      {"window", {{"width", 5}}},
                      {"scenario", {{"algorithm", 3}}}};
  Settings s = settings_from_json(j);
  EXPECT_EQ(s.speed, Settings{}.speed);
  EXPECT_EQ(s.projector_scale, 2.0f);  // clamped to the projector range
  EXPECT_EQ(s.view_mode, ArrayViewMode::Auto);
  EXPECT_EQ(s.window.width, 640);      // clamped to a usable window
  EXPECT_FALSE(s.scenario.has_value());
  EXPECT_EQ(settings_to_json(load_settings("/nonexistent/sortscope.json")), settings_to_json(Settings{}));
}

TEST(Settings, ADamagedFileIsKeptBeforeDefaultsReplaceIt) {
  const fs::path dir = fs::temp_directory_path() / ("sortscope-bad-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path bad = dir / "settings.json";
  std::ofstream(bad) << "{ not json";
  std::string err;
  Settings d = load_settings(bad, &err);
  EXPECT_NE(err.find("kept as"), std::string::npos) << err;
  EXPECT_EQ(settings_to_json(d), settings_to_json(Settings{}));
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].filename().string().rfind("settings.json.bad-", 0), 0u) << files[0];
  std::ifstream kept(files[0]);
  std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "{ not json");
  // Saving now writes the defaults without touching the copy.
  EXPECT_EQ(save_settings(d, bad), "");
  EXPECT_TRUE(fs::exists(files[0]));
  fs::remove_all(dir);
}

TEST(Settings, OutOfRangeExportValuesAreClampedOnLoad) {
  nlohmann::json j = {{"export", {{"fps", 100000}, {"width", 5}, {"height", 1000000}, {"steps_per_second", 1e-300}}}};
  Settings s = settings_from_json(j);
  EXPECT_EQ(s.export_.fps, kMaxFps);
  EXPECT_EQ(s.export_.width, kMinFrameSide);
  EXPECT_EQ(s.export_.height, kMaxFrameSide);
  EXPECT_EQ(s.export_.steps_per_second, kMinStepsPerSecond);
}

TEST(Settings, PathFollowsXdgConfigHome) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  std::string saved = old ? old : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(settings_path(), fs::path("/tmp/xdg-test/sortscope/settings.json"));
  ::unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(settings_path().filename(), "settings.json");
  EXPECT_NE(settings_path().string().find(".config/sortscope"), std::string::npos);
  if (old) ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
}

// ---- export ----

TEST(FrameSchedule, FixedRateWithHold) {
  FrameSchedule s;
  s.first_step = 0;
  s.last_step = 9;  // 10 steps
  s.fps = 30;
  s.steps_per_second = 3;
  s.hold_last_seconds = 1;
  EXPECT_EQ(s.frame_count(), 100 + 30);
  EXPECT_EQ(s.step_of_frame(0), 0);
  EXPECT_EQ(s.step_of_frame(9), 0);
  EXPECT_EQ(s.step_of_frame(10), 1);
  EXPECT_EQ(s.step_of_frame(99), 9);
  EXPECT_EQ(s.step_of_frame(129), 9);  // held
  // Every step appears when frames outnumber steps.
  std::vector<int> seen(10, 0);
  for (int64_t f = 0; f < s.frame_count(); ++f) seen[size_t(s.step_of_frame(f))]++;
  for (int c : seen) EXPECT_GT(c, 0);
  s.first_step = 4;
  s.last_step = 5;
  s.hold_last_seconds = 0;
  EXPECT_EQ(s.frame_count(), 20);
  EXPECT_EQ(s.step_of_frame(0), 4);
  EXPECT_EQ(s.step_of_frame(19), 5);
}

TEST(FrameSchedule, Validation) {
  FrameSchedule s;
  s.last_step = 3;
  EXPECT_EQ(validate_schedule(s, 4), "");
  EXPECT_NE(validate_schedule(s, 3), "");  // step 3 does not exist
  EXPECT_NE(validate_schedule(s, 0), "");
  s.fps = 0;
  EXPECT_NE(validate_schedule(s, 4), "");
  s.fps = 30;
  s.steps_per_second = 0;
  EXPECT_NE(validate_schedule(s, 4), "");
  // NaN, infinities, negative or endless holds, and videos of more than an hour are refused.
  for (double sps : {std::nan(""), 1e-300, 1e9, -1.0}) {
    s.steps_per_second = sps;
    EXPECT_NE(validate_schedule(s, 4), "") << sps;
  }
  s.steps_per_second = 3;
  for (double hold : {std::nan(""), HUGE_VAL, -1.0, 1e9}) {
    s.hold_last_seconds = hold;
    EXPECT_NE(validate_schedule(s, 4), "") << hold;
  }
  s.hold_last_seconds = 1;
  s.steps_per_second = kMinStepsPerSecond;
  s.last_step = 99;
  EXPECT_NE(validate_schedule(s, 100).find("at most 3600"), std::string::npos);
}

TEST(Export, KindFromPath) {
  EXPECT_EQ(export_kind_for("lecture.mp4"), ExportKind::Mp4);
  EXPECT_EQ(export_kind_for("a/b/LECTURE.GIF"), ExportKind::Gif);
  EXPECT_EQ(export_kind_for("frames/"), ExportKind::PngFrames);
  EXPECT_EQ(export_kind_for("frames"), ExportKind::PngFrames);
  EXPECT_EQ(export_kind_for(fs::temp_directory_path()), ExportKind::PngFrames);
  EXPECT_THROW(export_kind_for("movie.avi"), std::runtime_error);
  EXPECT_THROW(export_kind_for(""), std::runtime_error);
}

TEST(Export, FfmpegCommandLines) {
  auto mp4 = ffmpeg_arguments("/usr/bin/ffmpeg", VideoFormat::Mp4, 641, 360, 30, false, "o.mp4", true);
  auto has = [](const std::vector<std::string>& a, const std::string& s) {
    return std::find(a.begin(), a.end(), s) != a.end();
  };
  EXPECT_EQ(mp4.front(), "/usr/bin/ffmpeg");
  EXPECT_EQ(mp4.back(), "o.mp4");
  EXPECT_TRUE(has(mp4, "641x360"));
  EXPECT_TRUE(has(mp4, "libx264"));
  EXPECT_TRUE(has(mp4, "yuv420p"));
  EXPECT_TRUE(has(mp4, "rawvideo"));
  auto mp4_plain = ffmpeg_arguments("ffmpeg", VideoFormat::Mp4, 640, 360, 30, false, "o.mp4", false);
  EXPECT_TRUE(has(mp4_plain, "mpeg4"));
  auto gif = ffmpeg_arguments("ffmpeg", VideoFormat::Gif, 640, 360, 15, true, "o.gif", false);
  bool palette = false, flip = false;
  for (const auto& a : gif) {
    palette |= a.find("palettegen") != std::string::npos && a.find("paletteuse") != std::string::npos;
    flip |= a.find("vflip") != std::string::npos;
  }
  EXPECT_TRUE(palette);
  EXPECT_TRUE(flip);
  EXPECT_TRUE(has(gif, "15"));
}

TEST(Export, FfmpegCanBeDisabled) {
  ::setenv("SORTSCOPE_FFMPEG", "none", 1);
  EXPECT_FALSE(find_ffmpeg().has_value());
  ::unsetenv("SORTSCOPE_FFMPEG");
}

// ---- input script ----

TEST(InputScript, ParsesAndRejects) {
  EXPECT_NO_THROW(InputScript("wait key:space frames:10, scrub:0.5; report:x key:f1", ""));
  EXPECT_THROW(InputScript("key:banana", ""), std::runtime_error);
  EXPECT_NO_THROW(InputScript("key:ctrl+q key:ctrl+s key:ctrl+e", ""));
  EXPECT_THROW(InputScript("key:q", ""), std::runtime_error);  // a letter means something with Ctrl only
  int mods = 0;
  EXPECT_GE(InputScript::key_code("ctrl+q", &mods), 0);
  EXPECT_NE(mods, 0);
  EXPECT_THROW(InputScript("frames:-1", ""), std::runtime_error);
  EXPECT_THROW(InputScript("scrub:2", ""), std::runtime_error);
  EXPECT_THROW(InputScript("jump", ""), std::runtime_error);
  EXPECT_THROW(InputScript("@/nonexistent/script.txt", ""), std::runtime_error);
  // param: values are text (16, auto, atomic), checked against the algorithm when they run.
  EXPECT_NO_THROW(InputScript("param:threads=auto param:ranking=atomic param:keys_per_thread=16", ""));
  EXPECT_THROW(InputScript("param:threads=", ""), std::runtime_error);
  EXPECT_THROW(InputScript("param:=3", ""), std::runtime_error);
  EXPECT_THROW(InputScript("param:threads", ""), std::runtime_error);
  EXPECT_GE(InputScript::key_code("space"), 0);
  EXPECT_EQ(InputScript::key_code("nope"), -1);
  // The sweep view: W, two axes with '/' between values, a cell, an export.
  EXPECT_GE(InputScript::key_code("w"), 0);
  EXPECT_NO_THROW(InputScript("sweep:threads=64/128:n=2^10/2^12 sweepcell:1/0 sweepexport:a.csv", ""));
  EXPECT_THROW(InputScript("sweep:threads=64/128", ""), std::runtime_error);   // one axis
  EXPECT_THROW(InputScript("sweep:threads=:n=2^10", ""), std::runtime_error);  // no values
  EXPECT_THROW(InputScript("sweepcell:1", ""), std::runtime_error);
  EXPECT_THROW(InputScript("sweepcell:a/b", ""), std::runtime_error);
  EXPECT_THROW(InputScript("sweepcell:-1/0", ""), std::runtime_error);
  EXPECT_THROW(InputScript("sweepexport:", ""), std::runtime_error);
  EXPECT_NO_THROW(InputScript("sweepcolour:ratio sweepcolour:keys", ""));
  EXPECT_THROW(InputScript("sweepcolour:blue", ""), std::runtime_error);
}

// ---- heat map ----

TEST(HeatMapMath, RangeFractionAndCells) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const HeatRange r = heat_map_range({nan, 2, 8, 4}, false);
  EXPECT_EQ(r.lo, 2);
  EXPECT_EQ(r.hi, 8);
  EXPECT_FLOAT_EQ(heat_map_fraction(2, r, false), 0);
  EXPECT_FLOAT_EQ(heat_map_fraction(5, r, false), 0.5f);
  EXPECT_FLOAT_EQ(heat_map_fraction(8, r, false), 1);
  EXPECT_FLOAT_EQ(heat_map_fraction(100, r, false), 1);  // clamped
  EXPECT_FLOAT_EQ(heat_map_fraction(4, r, true), 0.5f);  // log: 4 is halfway from 2 to 8
  EXPECT_TRUE(heat_map_range({nan, nan}, false).empty());
  EXPECT_TRUE(heat_map_range({-1, 0}, true).empty());    // nothing positive on a log scale
  EXPECT_FLOAT_EQ(heat_map_fraction(3, heat_map_range({3}, false), false), 0.5f);  // one value
  EXPECT_EQ(heat_map_cell_at(100, 300, 3, 100), 0);
  EXPECT_EQ(heat_map_cell_at(100, 300, 3, 250), 1);
  EXPECT_EQ(heat_map_cell_at(100, 300, 3, 399.9f), 2);
  EXPECT_EQ(heat_map_cell_at(100, 300, 3, 400), -1);
  EXPECT_EQ(heat_map_cell_at(100, 300, 3, 99), -1);
  EXPECT_EQ(heat_map_cell_at(100, 300, 0, 150), -1);
}

// ---- throughput history ----

TEST(ThroughputHistory, RunsAndSweepCurves) {
  ThroughputHistory h;
  auto result = [](const char* algo, uint64_t n, double kps, int threads) {
    auto m = std::make_shared<MeasureResult>();
    m->scenario.algorithm = algo;
    m->scenario.input.n = n;
    m->scenario.params["threads"] = threads;
    m->timing.keys_per_s = kps;
    m->timing.backend = Backend::CpuModel;
    return m;
  };
  h.add_run(result("bitonic", 1024, 1e6, 256), 1);
  h.add_run(result("bitonic", 2048, 2e6, 256), 2);
  EXPECT_EQ(h.runs().size(), 2u);
  EXPECT_EQ(h.runs()[1].index, 2);
  // A sweep for threads=256, then threads=128: two curves, newest first.
  for (uint64_t n : {4096u, 1024u, 2048u}) h.add_sweep_point(result("bitonic", n, double(n), 256));
  h.finish_sweep(result("bitonic", 1, 0, 256)->scenario);
  h.add_sweep_point(result("bitonic", 1024, 5, 128));
  ASSERT_EQ(h.curves().size(), 2u);
  EXPECT_FALSE(h.curves()[0].done);
  EXPECT_TRUE(h.curves()[1].done);
  EXPECT_EQ(h.curves()[1].n, (std::vector<double>{1024, 2048, 4096}));  // ordered by n
  // Back to threads=256: that curve becomes current again and a fresh sweep replaces its points.
  h.add_sweep_point(result("bitonic", 1024, 7, 256));
  EXPECT_EQ(h.curves()[0].keys_per_s, (std::vector<double>{7}));
  EXPECT_EQ(h.all_results().size(), 2u + 3u + 2u);
  for (int i = 0; i < 10; ++i) h.add_sweep_point(result("bitonic", 1024, 1, 300 + i));
  EXPECT_LE(h.curves().size(), ThroughputHistory::kCurves);
  h.clear();
  EXPECT_TRUE(h.runs().empty());
  EXPECT_TRUE(h.curves().empty());
}

TEST(ThroughputHistory, SessionCsvHasOneRowPerMeasuredRun) {
  ThroughputHistory h;
  for (uint64_t n : {1024u, 2048u, 4096u}) {
    auto m = std::make_shared<MeasureResult>();
    m->scenario.algorithm = "bitonic";
    m->scenario.input.n = n;
    m->timing.keys_per_s = double(n);
    m->timing.median_ms = 1;
    h.add_run(m, 1);
  }
  fs::path path = fs::temp_directory_path() / ("sortscope-session-" + std::to_string(::getpid()) + ".csv");
  fs::remove(path);
  bool error = true;
  std::string msg = write_session_csv(h, path.string(), &error);
  EXPECT_FALSE(error) << msg;
  EXPECT_NE(msg.find("3 rows"), std::string::npos) << msg;
  std::ifstream in(path);
  std::string header, line;
  std::getline(in, header);
  EXPECT_NE(header.find("keys_per_s"), std::string::npos);
  int rows = 0;
  while (std::getline(in, line)) rows += !line.empty();
  EXPECT_EQ(rows, 3);
  in.close();
  msg = write_session_csv(h, path.string(), &error);  // appends: same columns
  EXPECT_FALSE(error) << msg;
  fs::remove(path);
  ThroughputHistory empty;
  write_session_csv(empty, path.string(), &error);
  EXPECT_TRUE(error);
  EXPECT_FALSE(fs::exists(path));
}

// Each CSV row carries its own run's time and its source: live runs and sweep points apart.
TEST(ThroughputHistory, CsvRowsCarryTheirTimeAndSource) {
  ThroughputHistory h;
  auto result = [](uint64_t n) {
    auto m = std::make_shared<MeasureResult>();
    m->scenario.algorithm = "bitonic";
    m->scenario.input.n = n;
    m->timing.keys_per_s = double(n);
    m->timing.median_ms = 1;
    return m;
  };
  h.add_run(result(1024), 1);
  h.add_sweep_point(result(256));
  h.add_sweep_point(result(512));
  ASSERT_EQ(h.all_results().size(), 3u);
  EXPECT_STREQ(h.all_results()[0].source, "live");
  EXPECT_STREQ(h.all_results()[1].source, "sweep");
  fs::path path = fs::temp_directory_path() / ("sortscope-session-src-" + std::to_string(::getpid()) + ".csv");
  fs::remove(path);
  bool error = true;
  std::string msg = write_session_csv(h, path.string(), &error);
  ASSERT_FALSE(error) << msg;
  std::ifstream in(path);
  std::string header, line;
  std::getline(in, header);
  EXPECT_EQ(header.rfind("time,source,algorithm,", 0), 0u) << header;
  std::vector<std::string> sources, times;
  while (std::getline(in, line)) {
    const size_t a = line.find(','), b = line.find(',', a + 1);
    times.push_back(line.substr(0, a));
    sources.push_back(line.substr(a + 1, b - a - 1));
  }
  EXPECT_EQ(sources, (std::vector<std::string>{"live", "sweep", "sweep"}));
  for (size_t i = 0; i < times.size(); ++i)
    EXPECT_EQ(times[i], utc_time(h.all_results()[i].at));  // the run's time, not the export's
  fs::remove(path);
}

// Teaching sizes get 4-bit radix digits when the app chooses (an algorithm picked, n moved below
// the threshold), never over the user's own value.
TEST(TeachingDefaults, RadixDigitsAtTeachingSizes) {
  Scenario before;
  before.algorithm = "bitonic";
  before.input.n = 1024;
  Scenario s = before;
  s.algorithm = "radix";
  s.params["radix_bits"] = 8;  // the spec's default, as the scenario panel fills it in
  EXPECT_TRUE(apply_teaching_defaults(s, before));
  EXPECT_EQ(s.params["radix_bits"], 4);
  // The user sets 8 again at the same size: it stays.
  before = s;
  s.params["radix_bits"] = 8;
  EXPECT_FALSE(apply_teaching_defaults(s, before));
  EXPECT_EQ(s.params["radix_bits"], 8);
  // n moves below the threshold with the default: 4; above it nothing changes.
  before.input.n = 1 << 16;
  before.params["radix_bits"] = 8;
  s = before;
  s.input.n = 512;
  EXPECT_TRUE(apply_teaching_defaults(s, before));
  EXPECT_EQ(s.params["radix_bits"], 4);
  s = before;
  s.input.n = 1 << 20;
  EXPECT_FALSE(apply_teaching_defaults(s, before));
  // Algorithms without a digit width are left alone.
  Scenario b = before;
  b.algorithm = "bitonic";
  b.params.clear();
  b.input.n = 256;
  EXPECT_FALSE(apply_teaching_defaults(b, before));
  EXPECT_TRUE(b.params.empty());
}

// The merge sorts get a small first tile at teaching sizes, so a lecture's few thousand keys take
// several merge passes instead of none (3000 keys: the lecture tile, 128 x 1, since four tiles of
// 896 would need 3584 keys); a parameter the user set stays.
TEST(TeachingDefaults, MergeTileAtTeachingSizes) {
  Scenario before;
  before.algorithm = "bitonic";
  before.input.n = 3000;
  Scenario s = before;
  s.algorithm = "merge";
  s.params = {{"threads", 256}, {"keys_per_thread", kParamAuto}, {"block_sort_threads", kParamAuto}};  // threads: the user's
  ASSERT_TRUE(apply_teaching_defaults(s, before));
  EXPECT_EQ(s.params["threads"], 256);
  EXPECT_EQ(s.params["keys_per_thread"], 1);
  EXPECT_EQ(s.params["block_sort_threads"], 1);
  EXPECT_EQ(make_two_way_plan(s.input.n, 128, 25, 4).passes, 0);  // the default tile holds every key
  EXPECT_GE(make_two_way_plan(s.input.n, 128, s.params["keys_per_thread"], s.params["block_sort_threads"]).passes, 2);
  // Multiway: fewer runs per round and parts of a quarter of the input (a power of two).
  Scenario m = before;
  m.algorithm = "multiway-merge";
  ASSERT_TRUE(apply_teaching_defaults(m, before));
  EXPECT_EQ(m.params["fan_in"], 4);
  EXPECT_EQ(m.params["part_keys"], 512);
}

// A scenario file may name the user's keys: "input_file", relative to the scenario file's folder.
TEST(ScenarioFile, InputFileIsRelativeToTheScenario) {
  fs::path dir = fs::temp_directory_path() / ("sortscope-scenario-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "s.json") << R"({"algorithm": "radix", "input": {"n": 1024}, "input_file": "keys.npy", "step": 2})";
  GuiOptions o;
  load_scenario_file((dir / "s.json").string(), o);
  EXPECT_EQ(fs::path(o.input_file), dir / "keys.npy");
  EXPECT_EQ(o.start_step, 2);
  ASSERT_TRUE(o.scenario);
  EXPECT_EQ(o.scenario->algorithm, "radix");
  std::ofstream(dir / "bad.json") << R"({"algorithm": "radix", "input_file": 3})";
  EXPECT_THROW(load_scenario_file((dir / "bad.json").string(), o), std::runtime_error);
  fs::remove_all(dir);
}

// A race job (a lesson's race slide) is cancelled at its running lane's next step: two quicksort
// lanes of 2^22 keys on the CPU models take many seconds; cancelled at once, the job ends without
// a result. The wait below only guards against a hang.
TEST(RaceJob, CancelStopsTheRunningLane) {
  Scenario s;
  s.algorithm = "quicksort";
  s.input.n = uint64_t(1) << 22;
  ASSERT_EQ(validate_scenario(s), "");
  RaceJob job({s, s}, RaceClockKind::Step, true);
  job.cancel();
  for (int i = 0; i < 600 && !job.finished(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(job.finished()) << "the cancelled race job still runs after 60 s";
  EXPECT_EQ(job.result(), nullptr);
  EXPECT_NE(job.error().find("cancelled"), std::string::npos) << job.error();
}
