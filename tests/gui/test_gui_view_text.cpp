// The views' text in the real UI, headless (issue 29, "Layout checks that cover the views" and "A
// projector that keeps every word"): every algorithm's richest step (the step with the most
// snapshots) at the four window sizes a lecture meets, normal and projector mode, with no view
// label cut, overlapping another or under 3:1 contrast with what lies behind it (views listed in
// kNotYetClean would be reported, not failed), and in projector mode the picture and its details
// holding at least 60% of the window (issue 29) and more than in normal mode (the share is
// printed). And a race from two traces recorded
// with GPU step times runs by those times, its throughput line giving numbers.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "cli/race_setup.h"
#include "core/runner.h"
#include "gl/headless_context.h"
#include "gl/png_writer.h"
#include "registry.h"
#include "trace/trace_file.h"
#include "ui/gui_main.h"

namespace fs = std::filesystem;
using namespace sortscope;
using namespace sortscope::ui;

namespace {

#define CAPTURE_OR_SKIP(var, options)                                \
  HeadlessCapture var;                                               \
  try {                                                              \
    var = run_headless_capture(options);                             \
  } catch (const gl::NoDisplayError& e) {                            \
    GTEST_SKIP() << "no EGL display on this machine: " << e.what(); \
  }

struct Size {
  int w, h;
};
const Size kLectureSizes[] = {{1024, 600}, {1024, 768}, {1280, 720}, {1920, 1080}};

// Views whose labels the check still finds cut or overlapping at some lecture sizes: reported on
// stderr, not failed, until their layouts are fixed (every other view fails the test). Empty: the
// merge-path grid, sample sort's level-2 stack and recursion tree, the digit histogram and the
// onesweep look-back, listed here before, now hold at every size.
const char* const kNotYetClean[] = {""};

bool not_yet_clean(const std::string& finding) {
  for (const char* v : kNotYetClean)
    if (*v && finding.rfind(v, 0) == 0) return true;
  return false;
}

// The findings that fail the test; those of kNotYetClean's views go to `known`.
std::string findings(const HeadlessCapture& c, std::string* known = nullptr) {
  std::string out;
  for (const auto& [panel, what] : c.clipped)
    for (const std::string& w : what) out += "\n  cut (" + panel + "): " + w;
  auto add = [&](const char* kind, const std::vector<std::string>& list) {
    for (const std::string& w : list) (known && not_yet_clean(w) ? *known : out) += std::string("\n  ") + kind + w;
  };
  add("cut: ", c.view_text.cut);
  add("overlap: ", c.view_text.overlaps);
  add("contrast: ", c.view_text.low_contrast);
  return out;
}

double area(const ui::Rect& r) { return double(r.w) * double(r.h); }

Scenario scenario_of(const std::string& algo, uint64_t n) {
  Scenario s;
  s.algorithm = algo;
  s.input.n = n;
  s.input.seed = 7;
  return s;
}

// The app headless on the CPU model at width x height, showing `race`.
GuiOptions headless_race(const RaceSetup& race, int width, int height) {
  GuiOptions o;
  o.headless = true;
  o.force_cpu = true;
  o.use_settings = false;
  o.sweep = false;
  o.wait_seconds = 120;
  o.width = width;
  o.height = height;
  o.race = std::make_shared<const RaceSetup>(race);
  return o;
}

// The step whose picture carries the most: the most snapshots, the latest of equals.
int richest_step(const Timeline& tl) {
  int best = 0;
  size_t most = 0;
  for (size_t k = 0; k < tl.steps.size(); ++k)
    if (tl.steps[k].aux.size() >= most) most = tl.steps[k].aux.size(), best = int(k);
  return best;
}

TEST(GuiViewText, EveryAlgorithmsRichestStepKeepsEveryLabelReadableAtLectureSizes) {
  const char* out = std::getenv("SORTSCOPE_TEST_OUT");
  const auto t0 = std::chrono::steady_clock::now();
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  int captures = 0;
  double normal_share = 0;
  for (const Algorithm* a : all_algorithms()) {
    // The largest lecture size: the teaching values give every family several blocks, tiles,
    // buckets and passes to show (kernels/teaching_params.h), as a lecture would show them.
    const Scenario sc = scenario_of(a->id(), kTeachingKeys);
    const Scenario ran = runner.prepare(sc, std::nullopt, true);
    const ExplainResult explained = runner.explain(ran);
    const int step = richest_step(explained.timeline);
    const int steps = int(explained.timeline.steps.size());
    const std::string explained_scenario = scenario_to_json(explained.scenario, algorithm_params).dump();
    for (const Size size : kLectureSizes) {
      for (const bool projector : {false, true}) {
        SCOPED_TRACE(testing::Message() << a->id() << " step " << step << " at " << size.w << "x" << size.h
                                        << (projector ? " projector" : " normal"));
        GuiOptions o;
        o.headless = true;
        o.force_cpu = true;
        o.use_settings = false;
        o.sweep = false;
        o.wait_seconds = 240;
        o.frames = 2;
        o.width = size.w;
        o.height = size.h;
        o.scenario = sc;
        o.start_step = step;
        if (projector) o.projector = 1.75f;
        CAPTURE_OR_SKIP(c, o);
        ++captures;
        ASSERT_TRUE(c.settled) << "notice: " << c.notice;
        // The app ran what the test explained (the same scenario, as many steps) and shows the step asked
        // for; where not, the message says which run the app showed and what it last said.
        ASSERT_EQ(c.shown_scenario, explained_scenario) << "notice: " << c.notice;
        ASSERT_EQ(c.steps, steps) << "notice: " << c.notice;
        ASSERT_EQ(c.step, step) << "notice: " << c.notice;
        if (out)
          write_png(std::string(out) + "/view_text_" + a->id() + "_" + std::to_string(size.w) + "x" +
                        std::to_string(size.h) + (projector ? "_projector" : "_normal") + ".png",
                    c.width, c.height, c.rgba);
        std::string known;
        const std::string failing = findings(c, &known);
        EXPECT_TRUE(failing.empty()) << failing;
        if (!known.empty()) std::fprintf(stderr, "not yet clean, %s %dx%d%s:%s\n", a->id().c_str(), size.w, size.h,
                                         projector ? " projector" : "", known.c_str());
        // The room looks at the picture and its details: in projector mode at least 60% of the window
        // (issue 29), and more than in normal mode.
        const double share = (area(c.view_rect) + area(c.details_rect)) / (double(size.w) * size.h);
        std::fprintf(stderr, "share %s %dx%d %s: %.1f%%\n", a->id().c_str(), size.w, size.h,
                     projector ? "projector" : "normal", 100 * share);
        if (projector) {
          EXPECT_GE(share, 0.60);
          EXPECT_GT(share, normal_share);
        } else {
          normal_share = share;
        }
      }
    }
  }
  std::fprintf(stderr, "%d captures in %.1f s\n", captures,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

// Two traces written as a GPU host writes them (step times from timed launches), replayed here:
// the race runs by their GPU times, ranks the faster, and the projector's throughput line shows
// each lane's keys/s by those times, not "measuring...".
TEST(GuiViewText, ARaceOfTwoTracesRunsByTheirRecordedGpuTimes) {
  const fs::path dir = fs::temp_directory_path() / ("sortscope_race_traces_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  std::vector<std::string> paths;
  for (auto [algo, ms_per_launch] : {std::pair<const char*, double>{"bitonic", 0.5}, {"radix", 0.05}}) {
    const Scenario ran = runner.prepare(scenario_of(algo, 4096), std::nullopt, true);
    ExplainResult r = runner.explain(ran);
    // What a GPU explain run records: the device, and a time per launch attributed to its steps.
    r.backend = Backend::Gpu;
    r.timeline.launches.clear();
    for (const Step& st : r.timeline.steps)
      if (st.launch >= 0 && (r.timeline.launches.empty() || r.timeline.launches.back().launch != st.launch))
        r.timeline.launches.push_back({st.launch, st.launch_name, ms_per_launch});
    DeviceInfo device;
    device.gpu = true;
    device.name = "NVIDIA H200";
    TraceInfo info = make_trace_info(r, device, "generated on the GPU", nullptr);
    paths.push_back((dir / (std::string(algo) + ".sstrace")).string());
    write_trace(paths.back(), info, r.timeline);
  }
  const RaceSetup setup = race_traces(paths, RaceClockKind::Time, default_model_gpu());
  EXPECT_EQ(setup.run.times, RaceTimes::Gpu);
  EXPECT_NE(setup.run.times_source.find("recorded on NVIDIA H200"), std::string::npos) << setup.run.times_source;
  EXPECT_EQ(setup.clock.place(1), 1);  // radix: a tenth of bitonic's time per launch
  EXPECT_EQ(setup.clock.place(0), 2);
  for (const RaceLane& l : setup.run.lanes) EXPECT_GT(l.keys_per_s(), 0);

  GuiOptions o = headless_race(setup, 1280, 720);
  o.projector = 1.75f;
  const fs::path report = dir / "report.jsonl";
  o.script = "key:end frames:3 report:end";
  o.report = report.string();
  CAPTURE_OR_SKIP(c, o);
  if (const char* out = std::getenv("SORTSCOPE_TEST_OUT"))
    write_png(std::string(out) + "/race_traces_projector_1280x720.png", c.width, c.height, c.rgba);
  EXPECT_EQ(findings(c), "");
  // Two lanes share the picture's height: each gets a good part of it.
  EXPECT_GE(c.view_rect.h, 0.55 * 720);
  std::ifstream in(report);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line.find("measuring"), std::string::npos);
  fs::remove_all(dir);
}

// A kernel-lab run races the same algorithm with its built-in pieces (docs/lab.md): two traces of
// merge on one input, one naming the lab's piece, make two lanes, and the lane says whose piece ran.
// Two traces of one algorithm that name no piece (or the same one) are still refused.
TEST(GuiViewText, ALabRunRacesTheBuiltInPiecesOfItsAlgorithm) {
  const fs::path dir = fs::temp_directory_path() / ("sortscope_race_lab_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  const Scenario ran = runner.prepare(scenario_of("merge", 4096), std::nullopt, true);
  const ExplainResult r = runner.explain(ran);
  const std::string piece = "your merge-path piece (mine.cu)";
  std::vector<std::string> paths;
  for (const std::string& lab_piece : {piece, std::string()}) {
    TraceInfo info = make_trace_info(r, runner.device(), "generated on the CPU", nullptr);
    info.lab_piece = lab_piece;
    paths.push_back((dir / (lab_piece.empty() ? "built-in.sstrace" : "yours.sstrace")).string());
    write_trace(paths.back(), info, r.timeline);
  }
  const RaceSetup setup = race_traces(paths, RaceClockKind::Step, default_model_gpu());
  ASSERT_EQ(setup.run.lanes.size(), 2u);
  EXPECT_EQ(setup.run.lanes[0].lab_piece, piece);
  EXPECT_EQ(setup.run.lanes[1].lab_piece, "");
  EXPECT_EQ(race_sources(setup)[0].lab_piece, piece);
  EXPECT_THROW(race_traces({paths[1], paths[1]}, RaceClockKind::Step, default_model_gpu()), std::runtime_error);
  EXPECT_THROW(race_traces({paths[0], paths[0]}, RaceClockKind::Step, default_model_gpu()), std::runtime_error);

  GuiOptions o = headless_race(setup, 1280, 720);
  o.script = "key:end frames:3";
  CAPTURE_OR_SKIP(c, o);
  if (const char* out = std::getenv("SORTSCOPE_TEST_OUT"))
    write_png(std::string(out) + "/race_lab_1280x720.png", c.width, c.height, c.rgba);
  EXPECT_EQ(findings(c), "");
  fs::remove_all(dir);
}

// A race of traces recorded on the CPU model has no GPU times: it is timed by the models for a
// named GPU and says so, never by the CPU's clock.
TEST(GuiViewText, ARaceOfCpuModelTracesIsModelledForANamedGpu) {
  const fs::path dir = fs::temp_directory_path() / ("sortscope_race_cpu_traces_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  std::vector<std::string> paths;
  for (const char* algo : {"bitonic", "merge"}) {
    const Scenario ran = runner.prepare(scenario_of(algo, 4096), std::nullopt, true);
    const ExplainResult r = runner.explain(ran);
    paths.push_back((dir / (std::string(algo) + ".sstrace")).string());
    write_trace(paths.back(), make_trace_info(r, runner.device(), "generated", nullptr), r.timeline);
  }
  const RaceSetup setup = race_traces(paths, RaceClockKind::Time, find_model_gpu("h100"));
  EXPECT_EQ(setup.run.times, RaceTimes::Modelled);
  EXPECT_EQ(setup.run.times_source, "modelled for NVIDIA H100");
  const RaceFrame f = race_frame_at(setup, setup.clock.end());
  EXPECT_NE(f.title.find("modelled for NVIDIA H100"), std::string::npos) << f.title;
  // Traces of different inputs do not race.
  const Scenario other = runner.prepare(scenario_of("radix", 2048), std::nullopt, true);
  const ExplainResult r = runner.explain(other);
  const std::string odd = (dir / "radix.sstrace").string();
  write_trace(odd, make_trace_info(r, runner.device(), "generated", nullptr), r.timeline);
  EXPECT_THROW(race_traces({paths[0], odd}, RaceClockKind::Step, default_model_gpu()), std::runtime_error);
  fs::remove_all(dir);
}

}  // namespace
