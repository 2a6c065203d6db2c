// The real UI drawn headless through EGL (Mesa's llvmpipe here, NVIDIA's EGL device on a GPU host):
// its pixels show every panel, a view that is not empty and reads as the array, and a populated
// throughput plot; scripted key presses and a click on the scrub bar move the step shown.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/race_setup.h"
#include "common/npy_io.h"
#include "records/host_records.h"
#include "records/record_npy.h"
#include "gl/headless_context.h"
#include "gl/png_writer.h"
#include "ui/gui_main.h"

namespace fs = std::filesystem;
using namespace sortscope;
using namespace sortscope::ui;

namespace {

struct Rgb {
  int r, g, b;
};

Rgb pixel(const HeadlessCapture& c, int x, int y) {
  const uint8_t* p = &c.rgba[(size_t(y) * size_t(c.width) + size_t(x)) * 4];
  return {p[0], p[1], p[2]};
}

bool near(Rgb a, Rgb b, int tol) {
  return std::abs(a.r - b.r) <= tol && std::abs(a.g - b.g) <= tol && std::abs(a.b - b.b) <= tol;
}

// Fraction of the pixels of `r` for which `pred` holds.
template <class Pred>
double fraction(const HeadlessCapture& c, const ui::Rect& r, Pred pred) {
  int x0 = std::max(0, int(r.x)), y0 = std::max(0, int(r.y));
  int x1 = std::min(c.width, int(r.x + r.w)), y1 = std::min(c.height, int(r.y + r.h));
  long hits = 0, all = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x, ++all) hits += pred(pixel(c, x, y));
  return all ? double(hits) / double(all) : 0;
}

bool colourful(Rgb p) { return std::max({p.r, p.g, p.b}) - std::min({p.r, p.g, p.b}) > 40; }
bool bright(Rgb p) { return p.r + p.g + p.b > 450; }

GuiOptions base_options() {
  GuiOptions o;
  o.headless = true;
  o.force_cpu = true;  // the CPU model: the same picture on every machine
  o.use_settings = false;
  o.width = 1600;
  o.height = 960;
  o.wait_seconds = 240;
  o.sweep_max_log2 = 13;
  Scenario s;
  s.algorithm = "bitonic";
  s.input.n = 1024;
  s.input.seed = 3;
  o.scenario = s;
  return o;
}

// The app opening `file` (gui --input) at its last step; the script reports "loaded" to
// `file`.jsonl once the file's timeline is shown.
GuiOptions input_file_options(const fs::path& file) {
  GuiOptions o = base_options();
  o.sweep = false;
  o.input_file = file.string();
  o.start_step = 1000000;  // the last step
  o.report = file.string() + ".jsonl";
  o.script = "wait report:loaded";
  return o;
}

// Runs the headless app; skips the test where no EGL display exists at all.
#define CAPTURE_OR_SKIP(var, options)                                       \
  HeadlessCapture var;                                                      \
  try {                                                                     \
    var = run_headless_capture(options);                                    \
  } catch (const gl::NoDisplayError& e) {                                   \
    GTEST_SKIP() << "no EGL display on this machine: " << e.what();        \
  }

// The script's report lines by tag; the file is removed.
std::map<std::string, nlohmann::json> read_report(const fs::path& path) {
  std::map<std::string, nlohmann::json> r;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    r[j["tag"].get<std::string>()] = j;
  }
  in.close();
  fs::remove(path);
  return r;
}

const Rgb kPanelBg{30, 32, 38};   // ImGuiCol_WindowBg of the app's style
const Rgb kGapBg{18, 18, 22};     // the clear colour between panels

}  // namespace

TEST(GuiHeadless, ScreenshotShowsEveryPanelAndTheArray) {
  GuiOptions o = base_options();
  o.start_step = 0;
  CAPTURE_OR_SKIP(first, o);
  ASSERT_TRUE(first.settled);
  ASSERT_EQ(first.width, 1600);
  ASSERT_EQ(first.rgba.size(), size_t(1600) * 960 * 4);
  EXPECT_TRUE(first.cpu_model);
  EXPECT_GT(first.steps, 10);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT")) write_png(std::string(dir) + "/gui_headless.png", 1600, 960, first.rgba);

  // Every panel is drawn (its background fills most of it) and has text in it.
  struct Named {
    const char* name;
    ui::Rect r;
  };
  for (const Named& p : {Named{"scenario", first.rects.scenario}, Named{"step", first.rects.step},
                         Named{"throughput", first.rects.throughput}, Named{"transport", first.rects.transport},
                         Named{"view", first.rects.view}}) {
    SCOPED_TRACE(p.name);
    ASSERT_GT(p.r.w, 100);
    ASSERT_GT(p.r.h, 50);
    EXPECT_GT(fraction(first, p.r, [](Rgb c) { return near(c, kPanelBg, 3); }), 0.05);
    EXPECT_GT(fraction(first, p.r, bright), 0.002);
  }
  // The gaps between panels show the clear colour (the layout tiles, panels do not overlap).
  ui::Rect gap = first.rects.split_left;
  EXPECT_GT(fraction(first, ui::Rect{gap.x + 1, gap.y + 40, std::max(gap.w - 2, 1.0f), 100},
                     [](Rgb c) { return near(c, kGapBg, 3); }),
            0.9);
  // The CPU-model banner and badge are there.
  auto orange = [](Rgb c) { return near(c, Rgb{235, 160, 52}, 12); };
  EXPECT_GT(fraction(first, first.rects.view, orange), 0.01);
  EXPECT_GT(fraction(first, first.rects.status, orange), 0.01);
  // The array view is not empty: coloured keys.
  ASSERT_GT(first.view_rect.w, 100);
  EXPECT_GT(fraction(first, first.view_rect, colourful), 0.01);
  // The throughput panel holds plotted points (the CPU-model series is orange, the sweep blue).
  auto series = [](Rgb c) { return near(c, Rgb{230, 159, 0}, 20) || near(c, Rgb{86, 180, 233}, 20); };
  EXPECT_GT(fraction(first, first.rects.throughput, series), 0.0005);

  // The last step is sorted: keys grow left to right, so the view's right edge is brighter (the
  // colour map's lightness rises with the value) than its left edge; the input shows no such slope.
  GuiOptions last_o = base_options();
  last_o.start_step = 1000000;  // past the end: clamped to the last step
  CAPTURE_OR_SKIP(last, last_o);
  ASSERT_EQ(last.step, last.steps - 1);
  auto mean_luma = [](const HeadlessCapture& c, float from, float to) {
    const ui::Rect& v = c.view_rect;
    ui::Rect part{v.x + v.w * from, v.y, v.w * (to - from), v.h};
    double sum = 0;
    long count = 0;
    for (int y = int(part.y); y < int(part.y + part.h); ++y)
      for (int x = int(part.x); x < int(part.x + part.w); ++x) {
        Rgb p = pixel(c, x, y);
        if (!colourful(p)) continue;
        sum += 0.3 * p.r + 0.59 * p.g + 0.11 * p.b;
        ++count;
      }
    return count ? sum / double(count) : 0.0;
  };
  double sorted_slope = mean_luma(last, 0.85f, 0.98f) - mean_luma(last, 0.02f, 0.15f);
  double input_slope = mean_luma(first, 0.85f, 0.98f) - mean_luma(first, 0.02f, 0.15f);
  EXPECT_GT(sorted_slope, 60);
  EXPECT_LT(std::abs(input_slope), 30);
}

TEST(GuiHeadless, ScriptedKeysPlayStepAndScrub) {
  GuiOptions o = base_options();
  o.sweep = false;
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-report-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script =
      "wait report:start key:space frames:60 report:played key:space key:right report:right "
      "key:left key:left report:left scrub:0.5 report:scrub key:end report:end key:home report:home "
      "key:f1 report:help key:f1 key:plus report:faster key:p report:projector";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 10u);
  const int steps = r["start"]["steps"];
  ASSERT_GT(steps, 20);
  EXPECT_EQ(r["start"]["step"], 0);
  EXPECT_FALSE(r["start"]["playing"].get<bool>());
  // Space plays: one second at 3 steps/s moves about three steps.
  const int played = r["played"]["step"];
  EXPECT_TRUE(r["played"]["playing"].get<bool>());
  EXPECT_GE(played, 2);
  EXPECT_LE(played, 5);
  // Space pauses, Right steps one forward, Left twice steps two back: all without re-running.
  const int right = r["right"]["step"];
  EXPECT_FALSE(r["right"]["playing"].get<bool>());
  EXPECT_GE(right, played + 1);
  EXPECT_LE(right, played + 2);
  EXPECT_EQ(r["left"]["step"], right - 2);
  // A click in the middle of the scrub bar shows the middle step.
  EXPECT_NEAR(r["scrub"]["step"].get<int>(), (steps - 1) / 2.0, 1.0);
  EXPECT_EQ(r["end"]["step"], steps - 1);
  EXPECT_EQ(r["home"]["step"], 0);
  EXPECT_TRUE(r["help"]["help"].get<bool>());
  EXPECT_DOUBLE_EQ(r["faster"]["speed"].get<double>(), 5.0);
  EXPECT_FALSE(r["faster"]["help"].get<bool>());
  EXPECT_TRUE(r["projector"]["projector"].get<bool>());
  EXPECT_EQ(cap.step, 0);
}

// K cycles the colour modes (key, digit, bucket, run); the legend says what the colours are, or why
// the keys keep their value's colour where the algorithm has no such classes.
TEST(GuiHeadless, KCyclesTheColourModesAndTheLegendSaysWhatTheyAre) {
  GuiOptions o = base_options();
  o.sweep = false;
  o.scenario->algorithm = "radix";
  o.scenario->input.n = 256;
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-colour-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = "wait key:right key:right key:right report:key key:k report:digit key:k report:bucket key:k report:run "
             "key:k report:back";
  o.frames = 1;
  CAPTURE_OR_SKIP(cap, o);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r["key"]["color_by"], "key");
  EXPECT_EQ(r["key"]["colours"], "");
  EXPECT_EQ(r["digit"]["color_by"], "digit");
  EXPECT_EQ(r["digit"]["colours"], "digit, bits 0..3 (pass 1)");
  EXPECT_EQ(r["bucket"]["color_by"], "bucket");
  EXPECT_NE(r["bucket"]["colours"].get<std::string>().find("colouring by key"), std::string::npos) << r["bucket"]["colours"];
  EXPECT_EQ(r["run"]["color_by"], "run");
  EXPECT_NE(r["run"]["colours"].get<std::string>().find("colouring by key"), std::string::npos);
  EXPECT_EQ(r["back"]["color_by"], "key");
}

// The script's param: takes a value in its text form, as the CLI does; the change re-measures and
// re-records (the report's "params" are those of the measurement on screen), and a value the
// algorithm does not allow stops the script with the allowed list instead of leaving the old
// measurement on screen.
std::map<std::string, nlohmann::json> run_param_script(const std::string& algo, const std::string& script) {
  GuiOptions o = base_options();
  o.sweep = false;
  o.scenario->algorithm = algo;
  o.scenario->input.n = 8192;  // above the radix single-block size, so the tile parameters matter
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-param-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = script;
  o.frames = 1;
  run_headless_capture(o);
  return read_report(report);
}

TEST(GuiHeadless, ScriptParamRemeasuresWithTheValue) {
  const struct {
    const char* algo;
    const char* param;
    const char* before;
    const char* after;
  } cases[] = {
      {"radix-onesweep", "keys_per_thread=16", "keys_per_thread=auto(12)", "keys_per_thread=16"},
      {"merge", "threads=256", "threads=auto(128)", "threads=256"},
  };
  for (const auto& c : cases) {
    std::map<std::string, nlohmann::json> r;
    try {
      r = run_param_script(c.algo, std::string("wait report:first param:") + c.param + " wait n:14 wait report:after");
    } catch (const gl::NoDisplayError& e) {
      GTEST_SKIP() << "no EGL display on this machine: " << e.what();
    }
    ASSERT_EQ(r.size(), 2u) << c.algo;
    const std::string first = r["first"]["params"], after = r["after"]["params"];
    EXPECT_NE(first.find(c.before), std::string::npos) << c.algo << ": " << first;
    EXPECT_NE(after.find(c.after), std::string::npos) << c.algo << ": " << after;
    EXPECT_EQ(r["after"]["n"], 16384) << c.algo;
    EXPECT_EQ(r["after"]["error"], "") << c.algo;
  }
  try {
    run_param_script("radix-onesweep", "wait param:keys_per_thread=3 wait report:after");
    ADD_FAILURE() << "an illegal value did not stop the script";
  } catch (const gl::NoDisplayError& e) {
    GTEST_SKIP() << "no EGL display on this machine: " << e.what();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("allowed: auto, 2, 8, 12, 16, 20, 24, 28, 32"), std::string::npos) << e.what();
  }
}

TEST(GuiHeadless, ExportFromTheAppWritesFrames) {
  GuiOptions o = base_options();
  o.sweep = false;
  o.scenario->input.n = 64;
  fs::path dir = fs::temp_directory_path() / ("sortscope-gui-export-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);  // a frames folder is created, its parent must exist (as for a video)
  fs::path report = dir.string() + ".jsonl";
  o.report = report.string();
  o.script = "wait export:" + (dir / "frames").string() + "/ wait report:done";
  CAPTURE_OR_SKIP(cap, o);
  std::ifstream in(report);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  auto j = nlohmann::json::parse(line);
  const int steps = j["steps"];
  EXPECT_NE(j["export"].get<std::string>().find("PNG frames"), std::string::npos) << j["export"];
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir / "frames")) files += e.path().extension() == ".png";
  EXPECT_EQ(files, steps);
  fs::remove_all(dir);
  fs::remove(report);
}

namespace {
double area(const ui::Rect& r) { return double(r.w) * double(r.h); }
std::string clips(const ClipReport& c) {
  std::string out;
  for (const auto& [panel, what] : c)
    for (const std::string& w : what) out += panel + ": " + w + "; ";
  return out;
}
}  // namespace

// Projector mode gives the picture the room at every window size a lecture meets, and neither mode
// cuts a label anywhere (the clip log: items past a panel's edge, text squeezed by a neighbour).
TEST(GuiHeadless, ProjectorGivesTheViewTheRoomAndNothingIsCut) {
  struct Size {
    int w, h;
  };
  for (Size size : {Size{1024, 600}, Size{1280, 720}, Size{1920, 1080}}) {
    SCOPED_TRACE(testing::Message() << size.w << "x" << size.h);
    GuiOptions o = base_options();
    o.sweep = false;
    o.width = size.w;
    o.height = size.h;
    o.start_step = 5;
    CAPTURE_OR_SKIP(normal, o);
    o.projector = 1.75f;
    CAPTURE_OR_SKIP(projector, o);
    if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT")) {
      const std::string tag = std::to_string(size.w) + "x" + std::to_string(size.h);
      write_png(std::string(dir) + "/gui_normal_" + tag + ".png", size.w, size.h, normal.rgba);
      write_png(std::string(dir) + "/gui_projector_" + tag + ".png", size.w, size.h, projector.rgba);
    }
    EXPECT_GT(projector.ui_scale, 1.0f);
    const double window = double(size.w) * size.h;
    EXPECT_GE(area(projector.rects.view), 0.5 * window);
    EXPECT_GT(area(projector.rects.view), area(normal.rects.view));
    EXPECT_TRUE(normal.clipped.empty()) << clips(normal.clipped);
    EXPECT_TRUE(projector.clipped.empty()) << clips(projector.clipped);
    // The array is still drawn, and tall: the room looks at it.
    EXPECT_GT(projector.view_rect.h, normal.view_rect.h);
    EXPECT_GT(fraction(projector, projector.view_rect, colourful), 0.01);
    // A radix sort's details panel (histograms, ranks) in projector mode cuts nothing either.
    o.scenario->algorithm = "radix";
    o.start_step = 2;
    CAPTURE_OR_SKIP(radix, o);
    EXPECT_TRUE(radix.clipped.empty()) << clips(radix.clipped);
    EXPECT_GE(area(radix.rects.view), 0.5 * window);
  }
}

// A lesson open in projector mode (issue 29): its box docks beside the picture, never over it, and
// the array picture plus its details keep at least 60% of the window at the four lecture sizes (the
// box is a quarter of the view, the step's caption in its column, the folded side strips given to
// the picture); nothing is cut. Slide 3 of the sample-sort lesson has a details panel.
TEST(GuiHeadless, ProjectorLessonLeavesThePictureSixtyPercent) {
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-lesson-room-" + std::to_string(::getpid()) + ".jsonl");
  struct Size {
    int w, h;
  };
  for (Size size : {Size{1024, 600}, Size{1024, 768}, Size{1280, 720}, Size{1920, 1080}}) {
    SCOPED_TRACE(testing::Message() << size.w << "x" << size.h);
    GuiOptions o = base_options();
    o.scenario.reset();
    o.sweep = false;
    o.width = size.w;
    o.height = size.h;
    o.projector = 1.75f;
    o.lesson = read_lesson(std::string(SORTSCOPE_LESSON_DIR) + "/sample-sort.json", "");
    o.report = report.string();
    // The report of the slide's first frame: its layout is right from that frame on.
    o.script = "wait key:pagedown wait key:pagedown wait report:slide3";
    CAPTURE_OR_SKIP(cap, o);
    if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT"))
      write_png(std::string(dir) + "/gui_lesson_" + std::to_string(size.w) + "x" + std::to_string(size.h) + ".png",
                cap.width, cap.height, cap.rgba);
    std::map<std::string, nlohmann::json> r = read_report(report);
    ASSERT_EQ(r.size(), 1u);
    const nlohmann::json& j = r["slide3"];
    ASSERT_EQ(j["lesson_slide"], 2);
    const nlohmann::json& p = j["panels"];
    ASSERT_TRUE(p.contains("details") && p.contains("lesson")) << p.dump();
    auto rect = [&](const char* name) {
      const auto& a = p[name];
      return ui::Rect{a[0].get<float>(), a[1].get<float>(), a[2].get<float>(), a[3].get<float>()};
    };
    const ui::Rect pic = rect("picture"), det = rect("details"), box = rect("lesson");
    EXPECT_GE(area(pic) + area(det), 0.6 * double(size.w) * size.h) << p.dump();
    EXPECT_GE(box.x, pic.x + pic.w) << "the lesson box is over the picture";
    EXPECT_GE(box.x, det.x + det.w) << "the lesson box is over the details";
    EXPECT_LE(box.x + box.w, float(size.w));
    EXPECT_FALSE(j["clipped_any"].get<bool>()) << j["clipped"].dump();
    EXPECT_FALSE(j["overlaps_any"].get<bool>()) << j["overlaps"].dump();
  }
  fs::remove(report);
}

// Projector mode's one transport row keeps the speed buttons at the widths a lecture hall's
// projector or a small laptop gives (it compacts the counter, the gaps, the buttons and the scrub
// bar first), beside the scrub bar and inside the transport.
TEST(GuiHeadless, ProjectorTransportRowKeepsTheSpeedButtons) {
  for (int w : {800, 1024, 1280}) {
    SCOPED_TRACE(testing::Message() << w << "x600");
    GuiOptions o = base_options();
    o.sweep = false;
    o.width = w;
    o.height = 600;
    o.projector = 1.75f;
    CAPTURE_OR_SKIP(cap, o);
    const ui::Rect& t = cap.rects.transport;
    const ui::Rect& sp = cap.speed_rect;
    const ui::Rect& bar = cap.scrub_rect;
    ASSERT_GT(sp.w, 0.0f);
    EXPECT_GE(sp.x, t.x);
    EXPECT_LE(sp.x + sp.w, bar.x);
    EXPECT_LE(bar.x + bar.w, t.x + t.w + 1);
    EXPECT_GE(bar.w, 40.0f);
    EXPECT_NEAR(sp.y + sp.h * 0.5f, bar.y + bar.h * 0.5f, 4.0f);
    EXPECT_TRUE(cap.clipped.empty()) << clips(cap.clipped);
  }
}

// The status bar keeps its words (status_bar.cpp): in projector mode its cell is 13% of the width
// (104 px at 800), where "built without CUDA" was cut to "built wit...", which reads as its
// opposite. Every word the report says it drew is whole or a short form (no "..."), the mode's
// badge first, and nothing is in the clip log; wide, the reason shows whole.
TEST(GuiHeadless, ProjectorStatusCellCutsNoWord) {
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-status-" + std::to_string(::getpid()) + ".jsonl");
  struct Size {
    int w, h;
    bool projector;
  };
  for (Size size : {Size{800, 600, true}, Size{1024, 600, true}, Size{1280, 720, true}, Size{1600, 960, false}}) {
    SCOPED_TRACE(testing::Message() << size.w << "x" << size.h << (size.projector ? " projector" : ""));
    GuiOptions o = base_options();
    o.sweep = false;
    o.width = size.w;
    o.height = size.h;
    if (size.projector) o.projector = 1.75f;
    o.report = report.string();
    o.script = "wait frames:1 report:status";
    CAPTURE_OR_SKIP(cap, o);
    if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT"))
      write_png(std::string(dir) + "/gui_status_" + std::to_string(size.w) + ".png", cap.width, cap.height, cap.rgba);
    std::map<std::string, nlohmann::json> r = read_report(report);
    ASSERT_EQ(r.size(), 1u);
    const nlohmann::json& words = r["status"]["status"];
    ASSERT_FALSE(words.empty());
    EXPECT_TRUE(words[0] == "CPU MODEL" || words[0] == "CPU") << words.dump();
    for (const auto& w : words) EXPECT_EQ(w.get<std::string>().find("..."), std::string::npos) << words.dump();
    EXPECT_FALSE(r["status"]["clipped_any"].get<bool>()) << r["status"]["clipped"].dump();
    if (!size.projector) {
      ASSERT_GE(words.size(), 2u) << words.dump();
      EXPECT_EQ(words[0], "CPU MODEL");
      // The reason whole: "built without CUDA", "forced CPU model", "no CUDA device", ...
      EXPECT_GT(words[1].get<std::string>().size(), 8u) << words.dump();
    }
  }
}

// The report carries every panel's rectangle and the clip log; keys tapped within one frame all
// count; the export dialog's name follows the scenario shown.
TEST(GuiHeadless, ReportPanelsQuickTapsAndExportName) {
  GuiOptions o = base_options();
  o.sweep = false;
  o.width = 1280;
  o.height = 720;
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-taps-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  // Three Right taps in a row land before one frame is drawn, as taps during a slow frame do.
  o.script = "wait report:start key:right key:right key:right report:taps n:8 wait report:n256 key:p frames:2 report:projector";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r["taps"]["step"].get<int>(), r["start"]["step"].get<int>() + 3);
  for (const char* panel : {"menu", "scenario", "view", "transport", "step", "throughput", "status"}) {
    SCOPED_TRACE(panel);
    ASSERT_TRUE(r["start"]["panels"].contains(panel));
    auto rect = r["start"]["panels"][panel];
    ASSERT_EQ(rect.size(), 4u);
    EXPECT_GE(rect[0].get<double>(), 0);
    EXPECT_LE(rect[0].get<double>() + rect[2].get<double>(), 1280.5);
    EXPECT_LE(rect[1].get<double>() + rect[3].get<double>(), 720.5);
  }
  EXPECT_FALSE(r["start"]["clipped_any"].get<bool>()) << r["start"]["clipped"].dump();
  EXPECT_NE(r["start"]["export_path"].get<std::string>().find("sortscope-bitonic-n1024."), std::string::npos)
      << r["start"]["export_path"];
  EXPECT_NE(r["n256"]["export_path"].get<std::string>().find("sortscope-bitonic-n256."), std::string::npos)
      << r["n256"]["export_path"];
  // Projector mode folds the scenario column and puts the throughput on one line.
  EXPECT_TRUE(r["projector"]["projector"].get<bool>());
  EXPECT_EQ(r["projector"]["panel_modes"]["scenario"], "folded");
  EXPECT_EQ(r["projector"]["panel_modes"]["throughput"], "folded");
  EXPECT_FALSE(r["projector"]["clipped_any"].get<bool>()) << r["projector"]["clipped"].dump();
}

// gui --input: the app sorts the file's keys (f32 with special values, with values), says the
// file's name and its special values, and needs no generated input.
TEST(GuiHeadless, SortsTheKeysOfAnInputFile) {
  const fs::path npy = fs::temp_directory_path() / ("sortscope-gui-input-" + std::to_string(::getpid()) + ".npy");
  HostKeys keys(KeyType::F32, 300, true);
  for (size_t i = 0; i < keys.size(); ++i) {
    keys.as<float>()[i] = float((i * 7919) % 300) - 150.0f;
    keys.values[i] = uint32_t(i);
  }
  keys.as<float>()[3] = -std::nanf("");
  keys.as<float>()[4] = std::numeric_limits<float>::infinity();
  keys.as<float>()[5] = -0.0f;
  write_npy(npy.string(), keys);
  const GuiOptions o = input_file_options(npy);
  const fs::path report = o.report;
  CAPTURE_OR_SKIP(cap, o);
  std::ifstream in(report);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  auto j = nlohmann::json::parse(line);
  fs::remove(report);
  fs::remove(npy);
  EXPECT_EQ(j["n"].get<uint64_t>(), 300u);
  EXPECT_EQ(j["input_file"].get<std::string>(), npy.string());
  const std::string specials = j["input_specials"];
  EXPECT_NE(specials.find("1 -NaN, 0 +NaN, 0 -inf, 1 +inf, 1 -0.0"), std::string::npos) << specials;
  EXPECT_EQ(cap.step, cap.steps - 1);
  EXPECT_FALSE(j["clipped_any"].get<bool>()) << j["clipped"].dump();
}

// gui --input with a structured .npy of records (records/record_npy.h): the app opens it as records
// (the file fixes n, the key type and the fields), sorts them with a sort that sorts records
// (radix-onesweep in place of bitonic) in the scenario's layout to the last step, verified, and
// its top bar says what the records are, not the key-value sort's "+ u32 values".
TEST(GuiHeadless, OpensARecordsFile) {
  const fs::path npy = fs::temp_directory_path() / ("sortscope-gui-records-" + std::to_string(::getpid()) + ".npy");
  HostKeys keys(KeyType::F32, 300, false);
  for (size_t i = 0; i < keys.size(); ++i) keys.as<float>()[i] = float((i * 7919) % 300) - 150.0f;
  const HostRecords records = records_from_keys(keys, 5, RecordLayout::ByRecord, 1);
  write_records_npy(npy.string(), records, default_record_schema(records.shape));
  const GuiOptions o = input_file_options(npy);
  const fs::path report = o.report;
  CAPTURE_OR_SKIP(cap, o);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT"))
    write_png(std::string(dir) + "/gui_records.png", cap.width, cap.height, cap.rgba);
  std::map<std::string, nlohmann::json> r = read_report(report);
  fs::remove(npy);
  ASSERT_TRUE(r.count("loaded"));
  const nlohmann::json& j = r["loaded"];
  EXPECT_EQ(j["n"].get<uint64_t>(), 300u);
  EXPECT_EQ(j["input_file"].get<std::string>(), npy.string());
  EXPECT_EQ(j["error"].get<std::string>(), "");
  EXPECT_NE(j["input_specials"].get<std::string>().find("records: an f32 key and 5 fields"), std::string::npos)
      << j["input_specials"];
  const std::string line = j["scenario_line"];
  EXPECT_NE(line.find("radix-onesweep  n = 300  f32 key + 5 u32 fields (24 bytes each), layout hybrid"), std::string::npos)
      << line;
  EXPECT_EQ(line.find("values"), std::string::npos) << line;
  EXPECT_NE(line.find(npy.filename().string()), std::string::npos) << line;
  EXPECT_EQ(cap.step, cap.steps - 1);
  EXPECT_NE(j["caption"].get<std::string>().find("sorted place"), std::string::npos) << j["caption"];
  EXPECT_FALSE(j["clipped_any"].get<bool>()) << j["clipped"].dump();
}

// A lesson stepped by scripted keys (gui --lesson): Page Down and Page Up move between slides, each
// slide shows its scenario at its step (the second slide of bitonic-networks: step 1; the third:
// step 8, the same scenario without a re-run), and Page Up past the first slide stays there.
TEST(GuiHeadless, ALessonStepsBySlideKeys) {
  GuiOptions o = base_options();
  o.scenario.reset();
  o.sweep = false;
  o.lesson = read_lesson(std::string(SORTSCOPE_LESSON_DIR) + "/bitonic-networks.json", "");
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-lesson-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = "wait report:first key:pagedown wait report:second key:pagedown wait report:third "
             "key:pageup wait report:back key:pageup key:pageup wait report:start";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r["first"]["lesson_slide"], 0);
  EXPECT_EQ(r["first"]["step"], 0);
  EXPECT_EQ(r["first"]["n"], 64);
  EXPECT_EQ(r["second"]["lesson_slide"], 1);
  EXPECT_EQ(r["second"]["step"], 1);
  EXPECT_EQ(r["third"]["lesson_slide"], 2);
  EXPECT_EQ(r["third"]["step"], 8);
  EXPECT_EQ(r["back"]["lesson_slide"], 1);
  EXPECT_EQ(r["back"]["step"], 1);
  EXPECT_EQ(r["start"]["lesson_slide"], 0);
  EXPECT_EQ(r["start"]["step"], 0);
  EXPECT_FALSE(r["start"]["lesson_answer"].get<bool>());
}

// A slide's colour mode ("color_by", lesson_file.h) is the app's while the slide is shown: the
// legend says the classes; a slide without one goes back to the mode chosen outside the lesson, and
// a mode changed by hand (K) on a slide becomes that one. `--color-by` given wins over the slides.
TEST(GuiHeadless, ALessonSlideSetsItsColourMode) {
  const std::string radix = R"("scenario": {"algorithm": "radix", "input": {"n": 256, "seed": 5}})";
  const std::string merge = R"("scenario": {"algorithm": "merge", "input": {"n": 256, "seed": 5}})";
  const Lesson lesson = parse_lesson(R"({"lesson": "colours", "slides": [
      {"title": "digits", )" + radix + R"(, "step": 1, "color_by": "digit"},
      {"title": "no mode", )" + radix + R"(, "step": 2},
      {"title": "runs", )" + merge + R"(, "step": 1, "color_by": "run"},
      {"title": "no mode again", )" + merge + R"(, "step": 2}]})",
                                     ".");
  GuiOptions o = base_options();
  o.scenario.reset();
  o.sweep = false;
  o.width = 1280;
  o.height = 720;
  o.lesson = lesson;
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-lesson-colour-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = "wait frames:1 report:digits key:k frames:1 report:by_hand key:pagedown wait frames:1 report:no_mode "
             "key:pagedown wait frames:1 report:runs key:pagedown wait frames:1 report:no_mode_again";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r["digits"]["lesson_slide"], 0);
  EXPECT_EQ(r["digits"]["color_by"], "digit");
  EXPECT_NE(r["digits"]["colours"].get<std::string>().find("digit, bits"), std::string::npos) << r["digits"]["colours"];
  EXPECT_EQ(r["by_hand"]["color_by"], "bucket");  // K: the next mode, the lecturer's own now
  EXPECT_EQ(r["no_mode"]["lesson_slide"], 1);
  EXPECT_EQ(r["no_mode"]["color_by"], "bucket");
  EXPECT_EQ(r["runs"]["lesson_slide"], 2);
  EXPECT_EQ(r["runs"]["color_by"], "run");
  EXPECT_NE(r["runs"]["colours"].get<std::string>().find("runs of"), std::string::npos) << r["runs"]["colours"];
  EXPECT_EQ(r["no_mode_again"]["lesson_slide"], 3);
  EXPECT_EQ(r["no_mode_again"]["color_by"], "bucket");

  // --color-by given: the lecturer's mode on every slide.
  o.color_by = ColorBy::Key;
  o.script = "wait frames:1 report:given";
  CAPTURE_OR_SKIP(given, o);
  r = read_report(report);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r["given"]["lesson_slide"], 0);
  EXPECT_EQ(r["given"]["color_by"], "key");
}

// A lesson's race slide (radix-vs-merge-64bit's fourth): Page Down onto it shows the race's lanes
// (the report's race_lanes, as gui --race reports them; they ran off the UI thread, and `wait`
// waits for them) at the slide's fraction of its clock; at 1280x720 the lesson box sits beside the
// lanes, not over them, and the scenario panel says the slide sets the lanes; Page Up leaves the
// race for the merge slide's one timeline at its last step.
TEST(GuiHeadless, ALessonStepsOntoARaceSlide) {
  GuiOptions o = base_options();
  o.width = 1280;
  o.height = 720;
  o.scenario.reset();
  o.sweep = false;
  o.lesson = read_lesson(std::string(SORTSCOPE_LESSON_DIR) + "/radix-vs-merge-64bit.json", "");
  ASSERT_EQ(o.lesson->slides.size(), 4u);
  ASSERT_EQ(o.lesson->slides[3].race.size(), 2u);
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-lesson-race-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = "wait key:pagedown wait key:pagedown wait report:merge key:pagedown wait frames:2 report:race "
             "key:pageup wait report:back";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT"))
    write_png(std::string(dir) + "/gui_lesson_race.png", cap.width, cap.height, cap.rgba);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r["merge"]["lesson_slide"], 2);
  EXPECT_FALSE(r["merge"].contains("race_lanes"));
  const nlohmann::json& race = r["race"];
  EXPECT_EQ(race["lesson_slide"], 3);
  EXPECT_EQ(race["race_clock"], "step");
  ASSERT_EQ(race["race_lanes"].size(), 2u);
  EXPECT_EQ(race["race_lanes"][0]["algorithm"], "radix-onesweep");
  EXPECT_EQ(race["race_lanes"][1]["algorithm"], "merge");
  // "at": 0.5 of the step clock: the playback's moment is half its moments, every lane at that step
  // or finished before it.
  const int moments = race["steps"].get<int>();
  EXPECT_EQ(race["step"].get<int>(), (moments - 1) / 2) << race.dump();  // moments 0..end, a step each
  for (const auto& lane : race["race_lanes"]) EXPECT_LE(lane["step"].get<int>(), race["step"].get<int>());
  // The lanes (the picture) end left of the lesson box; both lie in the view panel.
  const auto& pic = race["panels"]["picture"];
  const auto& box = race["panels"]["lesson"];
  const auto& view = race["panels"]["view"];
  ASSERT_TRUE(pic.is_array() && box.is_array()) << race["panels"].dump();
  EXPECT_LE(pic[0].get<float>() + pic[2].get<float>(), box[0].get<float>()) << race["panels"].dump();
  EXPECT_LE(box[0].get<float>() + box[2].get<float>(), view[0].get<float>() + view[2].get<float>() + 1);
  EXPECT_GE(pic[2].get<float>(), 300) << "the lanes keep a usable width";
  EXPECT_NE(race["race_note"].get<std::string>().find("Page Down"), std::string::npos) << race["race_note"];
  EXPECT_EQ(race["race_note"].get<std::string>().find("without --race"), std::string::npos);
  EXPECT_EQ(r["back"]["lesson_slide"], 2);
  EXPECT_FALSE(r["back"].contains("race_lanes"));
  EXPECT_EQ(r["back"]["step"], r["merge"]["step"]);
  EXPECT_EQ(r["back"]["steps"], r["merge"]["steps"]);
}

// The sweep view (issue 16): a scripted sweep of two bitonic parameters on the CPU model fills
// every cell of the heat map, a click on a cell makes its parameters the current ones (the
// measurement shown re-runs with them), and the exports write the bench CSV and JSON with one
// row per cell, and a PNG of the heat map and curves.
TEST(GuiHeadless, SweepFillsTheHeatMapAndExports) {
  GuiOptions o = base_options();
  o.sweep = false;  // the session's sweep over n: not needed, and it would share the CPU
  const std::string out_dir = std::getenv("SORTSCOPE_TEST_OUT") ? std::getenv("SORTSCOPE_TEST_OUT") : fs::temp_directory_path().string();
  const fs::path stem = fs::path(out_dir) / ("gui_sweep-" + std::to_string(::getpid()));
  const fs::path report = stem.string() + ".jsonl";
  for (const char* ext : {".csv", ".json", ".png"}) fs::remove(stem.string() + ext);
  o.report = report.string();
  o.script = "wait sweep:threads=64/128/256:keys_per_thread=4/8 wait report:filled sweepcell:2/1 wait report:clicked "
             "sweepexport:" + stem.string() + ".csv sweepexport:" + stem.string() + ".json sweepexport:" + stem.string() +
             ".png frames:2 report:exported";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT")) write_png(std::string(dir) + "/gui_sweep.png", cap.width, cap.height, cap.rgba);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 3u);
  const nlohmann::json& filled = r["filled"]["sweep"];
  EXPECT_TRUE(filled["show"].get<bool>());
  EXPECT_FALSE(filled["running"].get<bool>());
  EXPECT_FALSE(filled["cancelled"].get<bool>());
  EXPECT_EQ(filled["x"], "threads");
  EXPECT_EQ(filled["y"], "keys_per_thread");
  EXPECT_EQ(filled["cells"], 6);
  EXPECT_EQ(filled["done"], 6);
  EXPECT_EQ(filled["error"], "");
  // The sweep's wall time (start to the frame that took the last cell) holds the worker's measuring
  // time, and stays what it was once the sweep is over.
  const double wall = filled["wall_s"].get<double>(), measuring = filled["elapsed_s"].get<double>();
  EXPECT_GT(measuring, 0);
  EXPECT_GE(wall, measuring);
  EXPECT_LT(wall, 600);
  EXPECT_EQ(r["clicked"]["sweep"]["wall_s"].get<double>(), wall);
  // Column 2, row 1: threads=256, keys_per_thread=8; the shown measurement ran with them.
  const std::string params = r["clicked"]["params"];
  EXPECT_NE(params.find("threads=256"), std::string::npos) << params;
  EXPECT_NE(params.find("keys_per_thread=8"), std::string::npos) << params;
  EXPECT_EQ(r["clicked"]["sweep"]["current_cell"], 1 * 3 + 2);
  EXPECT_EQ(r["clicked"]["n"], 1024);  // n stays the scenario's

  // The CSV: the bench columns, one row per cell, each cell's parameters.
  std::ifstream csv(stem.string() + ".csv");
  ASSERT_TRUE(csv) << stem;
  std::string header, line;
  std::getline(csv, header);
  EXPECT_NE(header.find("threads"), std::string::npos) << header;
  EXPECT_NE(header.find("noise"), std::string::npos) << header;
  int rows = 0;
  while (std::getline(csv, line)) {
    ++rows;
    EXPECT_NE(line.find("bitonic"), std::string::npos) << line;
    EXPECT_NE(line.find("cpu"), std::string::npos) << line;  // labelled as the CPU model
  }
  EXPECT_EQ(rows, 6);
  std::ifstream json_in(stem.string() + ".json");
  const nlohmann::json j = nlohmann::json::parse(json_in);
  ASSERT_TRUE(j.contains("states")) << j.dump().substr(0, 300);
  EXPECT_EQ(j["states"].size(), 6u);
  EXPECT_NE(r["exported"]["sweep"]["message"].get<std::string>().find("saved"), std::string::npos)
      << r["exported"]["sweep"]["message"];
  ASSERT_TRUE(fs::exists(stem.string() + ".png"));
  EXPECT_GT(fs::file_size(stem.string() + ".png"), 10000u);
  // The heat map's cells are in the screenshot: the colour map's colours in the sweep window.
  EXPECT_GT(fraction(cap, ui::Rect{float(cap.width) * 0.1f, float(cap.height) * 0.2f, float(cap.width) * 0.4f,
                                   float(cap.height) * 0.6f},
                     colourful),
            0.2);
  for (const char* ext : {".csv", ".json"}) fs::remove(stem.string() + ext);
}

// gui --preset: a scenario preset shows its scenario at its step; a race preset (File > Presets
// loads the same way, GuiApp::apply_preset) shows its lanes, run off the UI thread, at its moment;
// the script's menu: command opens File > Presets (the screenshot shows the menu open).
TEST(GuiHeadless, APresetLoadsItsScenarioOrItsRace) {
  setenv("SORTSCOPE_PRESETS", SORTSCOPE_PRESET_DIR, 1);  // File > Presets lists these (the test is not in a build tree's bin)
  GuiOptions o = base_options();
  o.scenario.reset();
  o.sweep = false;
  o.width = 1280;
  o.height = 720;
  o.preset = read_preset(std::string(SORTSCOPE_PRESET_DIR) + "/bitonic-small-steps.json", "");
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-preset-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  o.script = "wait report:scenario menu:File/Presets/radix-onesweep-digits wait report:chosen "
             "menu:File/Presets frames:2 report:menu";
  o.frames = 2;
  CAPTURE_OR_SKIP(cap, o);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT"))
    write_png(std::string(dir) + "/gui_preset_menu.png", cap.width, cap.height, cap.rgba);
  std::map<std::string, nlohmann::json> r = read_report(report);
  EXPECT_EQ(r["scenario"]["step"], 5);
  EXPECT_EQ(r["scenario"]["steps"], 37);  // 256 keys, one comparator layer a step: 36 layers and the input
  EXPECT_EQ(r["scenario"]["n"], 256);
  EXPECT_FALSE(r["scenario"].contains("race_lanes"));
  // File is open, and its Presets submenu lists every shipped preset (their labels drawn this frame).
  const nlohmann::json& menus = r["menu"]["menus"];
  EXPECT_NE(std::find(menus.begin(), menus.end(), "File/Presets"), menus.end()) << menus.dump();
  const size_t shipped = shipped_presets("").size();
  EXPECT_GE(shipped, 5u);
  EXPECT_EQ(size_t(std::count_if(menus.begin(), menus.end(),
                                 [](const nlohmann::json& m) { return m.get<std::string>().rfind("File/Presets/", 0) == 0; })),
            shipped)
      << menus.dump();
  // Choosing one from the menu loads it as --preset does.
  EXPECT_EQ(r["chosen"]["n"], 4096);
  EXPECT_EQ(r["chosen"]["step"], 1);
  EXPECT_EQ(r["chosen"]["steps"], 10);  // 4096 keys at the teaching values (several tiles, 4-bit digits: 8 passes)

  GuiOptions race = base_options();
  race.scenario.reset();
  race.sweep = false;
  race.preset = read_preset(std::string(SORTSCOPE_PRESET_DIR) + "/four-sorts-nearly-sorted.json", "");
  fs::path report2 = fs::temp_directory_path() / ("sortscope-gui-preset-race-" + std::to_string(::getpid()) + ".jsonl");
  race.report = report2.string();
  // Then a file opened during the race (File > Open, a drop): the race gives way to its keys.
  const fs::path npy = fs::temp_directory_path() / ("sortscope-gui-race-open-" + std::to_string(::getpid()) + ".npy");
  HostKeys keys(KeyType::U32, 777, false);
  for (size_t i = 0; i < keys.size(); ++i) keys.as<uint32_t>()[i] = uint32_t((i * 7919) % 1000);
  write_npy(npy.string(), keys);
  race.script = "wait report:race open:" + npy.string() + " wait report:opened";
  race.frames = 1;
  CAPTURE_OR_SKIP(cap2, race);
  fs::remove(npy);
  r = read_report(report2);
  ASSERT_EQ(r["race"]["race_lanes"].size(), 4u) << r["race"].dump();
  EXPECT_EQ(r["race"]["race_lanes"][3]["algorithm"], "sample-sort");
  EXPECT_EQ(r["race"]["race_clock"], "step");
  EXPECT_EQ(r["race"]["step"], 0);
  EXPECT_NE(r["race"]["race_note"].get<std::string>().find("four sorts"), std::string::npos) << r["race"]["race_note"];
  EXPECT_FALSE(r["opened"].contains("race_lanes")) << r["opened"].dump();
  EXPECT_EQ(r["opened"]["n"], 777) << r["opened"].dump();
  EXPECT_EQ(r["opened"]["input_file"], npy.string());
  unsetenv("SORTSCOPE_PRESETS");
}

// gui --race: the main view splits into a lane per racer (each drawing its array), the transport
// drives the race's clock (the playback's steps are its moments), C switches the clock between by
// step and by time, and the throughput panel shows the racers' keys/s side by side.
TEST(GuiHeadless, ARaceShowsALanePerRacerAndTheClockSwitches) {
  GuiOptions o = base_options();
  o.scenario.reset();
  ScenarioArgs in;
  in.n = "512";
  in.seed = 3;
  in.cpu = true;
  RaceArgs race;
  race.race = "bitonic,radix,merge";
  race.clock = "step";
  o.race = std::make_shared<const RaceSetup>(run_race_for("gui", in, race));
  ASSERT_EQ(o.race->run.lanes.size(), 3u);
  ASSERT_TRUE(o.race->run.verified());
  fs::path report = fs::temp_directory_path() / ("sortscope-gui-race-" + std::to_string(::getpid()) + ".jsonl");
  o.report = report.string();
  const fs::path frames = fs::temp_directory_path() / ("sortscope-gui-race-frames-" + std::to_string(::getpid()));
  fs::remove_all(frames);
  o.script = "wait report:start key:end report:end scrub:0.5 report:half key:c frames:2 report:by-time "
             "key:c frames:2 report:by-step export:" + frames.string() + "/ wait report:exported";
  CAPTURE_OR_SKIP(cap, o);
  ASSERT_TRUE(cap.settled);
  if (const char* dir = std::getenv("SORTSCOPE_TEST_OUT")) write_png(std::string(dir) + "/gui_race.png", cap.width, cap.height, cap.rgba);
  std::map<std::string, nlohmann::json> r = read_report(report);
  ASSERT_EQ(r.size(), 6u);
  // The export dialog's export of a race: its moments as frames (by step: one per moment).
  size_t exported = 0;
  for (const auto& e : fs::directory_iterator(frames)) exported += e.path().extension() == ".png";
  EXPECT_EQ(int(exported), int(race_moments(o.race->clock).size())) << r["exported"]["export"];
  fs::remove_all(frames);

  // By step: a moment per step of some lane, all lanes at their first step at the start.
  const int moments = int(race_moments(o.race->clock).size());
  EXPECT_EQ(r["start"]["steps"], moments);
  EXPECT_EQ(r["start"]["race_clock"], "step");
  ASSERT_EQ(r["start"]["race_lanes"].size(), 3u);
  for (const auto& lane : r["start"]["race_lanes"]) EXPECT_EQ(lane["step"], 0);
  EXPECT_EQ(r["start"]["race_lanes"][1]["algorithm"], "radix");
  // At the end every lane has finished, together: the step clock ranks nothing (issue 29).
  for (const auto& lane : r["end"]["race_lanes"]) {
    EXPECT_TRUE(lane["finished"].get<bool>());
    EXPECT_EQ(lane["place"], 0);
  }
  // Halfway along the scrub bar: halfway through the race.
  EXPECT_NEAR(r["half"]["race_time"].get<double>(), o.race->clock.end() / 2, o.race->clock.end() * 0.1);
  // C: by GPU time (modelled for the default GPU: no GPU here), at about the same fraction of the
  // race, and back.
  EXPECT_EQ(r["by-time"]["race_clock"], "time");
  EXPECT_EQ(r["by-step"]["race_clock"], "step");

  // The picture: the view is split into three lanes, each with colourful bars (each a third of the
  // room between the race's header and its footer).
  const ui::Rect v = cap.view_rect;
  ASSERT_GT(v.w, 400);
  ASSERT_GT(v.h, 300);
  const float top = v.y + v.h * 0.15f, room = v.h * 0.72f;
  for (int lane = 0; lane < 3; ++lane) {
    const ui::Rect band{v.x + v.w * 0.05f, top + room * float(lane) / 3, v.w * 0.9f, room / 3};
    EXPECT_GT(fraction(cap, band, colourful), 0.05) << "lane " << lane;
  }
  // The throughput panel: a coloured bar per racer.
  EXPECT_GT(fraction(cap, cap.rects.throughput, colourful), 0.02);
}
