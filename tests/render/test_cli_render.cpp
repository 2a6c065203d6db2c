// `sortscope render` end to end through the real binary ($SORTSCOPE_BIN): frames of the chosen
// steps land in the folder under their step numbers and nothing else does; one step goes to a
// file.png; a step that does not exist is refused after the run with nothing written.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <stb_image.h>
#include <vector>

namespace {
namespace fs = std::filesystem;

struct Result {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

class CliRender : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* bin = std::getenv("SORTSCOPE_BIN");
    ASSERT_NE(bin, nullptr) << "SORTSCOPE_BIN is not set (ctest sets it to the sortscope binary)";
    bin_ = bin;
    dir_ = fs::temp_directory_path() / ("sortscope_cli_render_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Result run(const std::vector<std::string>& args) {
    std::string cmd = "'" + bin_ + "'";
    for (const auto& a : args) cmd += " '" + a + "'";
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    cmd += " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    fs::remove(out);
    fs::remove(err);
    return r;
  }

  // Each case (extra arguments after `prefix`, text the one line of stderr holds) fails with one
  // line and leaves `out` unwritten.
  void expect_refused(const std::vector<std::string>& prefix,
                      const std::vector<std::pair<std::vector<std::string>, std::string>>& cases, const fs::path& out) {
    for (const auto& [extra, expect] : cases) {
      std::vector<std::string> args = prefix;
      args.insert(args.end(), extra.begin(), extra.end());
      const Result r = run(args);
      EXPECT_NE(r.code, 0) << expect << ": " << r.out << r.err;  // 1, or CLI11's status for its own checks
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
      EXPECT_FALSE(fs::exists(out)) << expect;
    }
  }

  std::set<std::string> names(const fs::path& p) {
    std::set<std::string> s;
    for (const auto& e : fs::directory_iterator(p)) s.insert(e.path().filename().string());
    return s;
  }

  std::string bin_;
  fs::path dir_;
};

TEST_F(CliRender, FramesOfAStepRangeAndOneFrameToAFile) {
  const fs::path frames = dir_ / "frames";
  Result r = run({"render", "--cpu", "--n", "64", "--steps", "2:5", "--size", "320x180", "--out", frames.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;
  EXPECT_EQ(names(frames), (std::set<std::string>{"frame_00002.png", "frame_00003.png", "frame_00004.png",
                                                  "frame_00005.png"}));
  for (const auto& name : names(frames)) {
    std::string png = slurp(frames / name);
    ASSERT_GT(png.size(), 24u);
    EXPECT_EQ(png.substr(1, 3), "PNG");
    // IHDR width and height, big-endian, at bytes 16..23.
    auto be32 = [&](size_t at) {
      return (uint32_t(uint8_t(png[at])) << 24) | (uint32_t(uint8_t(png[at + 1])) << 16) |
             (uint32_t(uint8_t(png[at + 2])) << 8) | uint32_t(uint8_t(png[at + 3]));
    };
    EXPECT_EQ(be32(16), 320u);
    EXPECT_EQ(be32(20), 180u);
  }

  const fs::path one = dir_ / "last.png";
  r = run({"render", "--cpu", "--n", "64", "--size", "200x100", "--out", one.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(fs::exists(one));
}

TEST_F(CliRender, MissingStepIsRefusedAndWritesNothing) {
  const fs::path frames = dir_ / "never";
  Result r = run({"render", "--cpu", "--n", "64", "--steps", "999", "--out", frames.string()});
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("999"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(frames));
  EXPECT_EQ(names(dir_), std::set<std::string>{});
}

TEST_F(CliRender, AFailedRecordKeepsTheFileThatWasThere) {
  // ffmpeg failing (here: a stand-in that exits 1) must not cost the lecturer last year's file.
  const fs::path keep = dir_ / "keep.gif";
  { std::ofstream(keep) << "precious"; }
  const std::string cmd = "SORTSCOPE_FFMPEG=/bin/false '" + bin_ + "' record --cpu --n 16 --size 64x64 --out '" +
                          keep.string() + "' >/dev/null 2>'" + (dir_ / "err.txt").string() + "'";
  const int status = std::system(cmd.c_str());
  const std::string err = slurp(dir_ / "err.txt");
  fs::remove(dir_ / "err.txt");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3) GTEST_SKIP() << "no EGL display on this machine: " << err;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << err;
  EXPECT_NE(err.find("ffmpeg failed"), std::string::npos) << err;
  EXPECT_EQ(slurp(keep), "precious");
  EXPECT_EQ(names(dir_), std::set<std::string>{"keep.gif"});
}

TEST_F(CliRender, AnInterruptedRecordLeavesNothingHalfDone) {
  // SIGTERM in the middle of encoding: the destination stays as it was, the temporary and the
  // partial frames folder are gone, nothing is left in the temporary folder, and the status says so.
  const fs::path keep = dir_ / "keep.gif", frames = dir_ / "frames";
  { std::ofstream(keep) << "precious"; }
  const fs::path tmp = dir_ / "tmp";
  fs::create_directories(tmp);
  for (const fs::path& out : {keep, frames}) {
    const fs::path script = dir_ / "interrupt.sh";
    std::ofstream(script) << "TMPDIR='" << tmp.string() << "' '" << bin_ << "' record --cpu --n 4096 --size 640x360 "
                          << "--steps-per-second 1 --out '" << out.string() << "' >/dev/null 2>'"
                          << (dir_ / "err.txt").string() << "' &\npid=$!\nsleep 4\nkill -TERM $pid\nwait $pid\n";
    const int status = std::system(("bash '" + script.string() + "'").c_str());
    const std::string err = slurp(dir_ / "err.txt");
    fs::remove(dir_ / "err.txt");
    fs::remove(script);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 3) GTEST_SKIP() << "no EGL display on this machine: " << err;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;  // finished within 4 s: nothing to check
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + 15) << status << " " << err;
    EXPECT_EQ(slurp(keep), "precious");
    EXPECT_EQ(names(dir_), (std::set<std::string>{"keep.gif", "tmp"})) << err;
    EXPECT_EQ(names(tmp), std::set<std::string>{}) << "ffmpeg's log was left behind";
  }
}

TEST_F(CliRender, AHeadlessScriptWhoseExportFailsExitsNonZero) {
  Result r = run({"gui", "--headless", "--cpu", "--no-sweep", "--size", "640x400", "--script",
                  "wait export:" + (dir_ / "no" / "such" / "x.gif").string() + " wait"});
  if (r.code == 3 && r.err.find("export") == std::string::npos) GTEST_SKIP() << "no EGL display: " << r.err;
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("export"), std::string::npos) << r.err;
}

}  // namespace

namespace {

// `sortscope trace` writes a trace; `render --trace` draws it without running anything, the same
// pixels as a live render of that scenario except the info line that names the recording; broken
// traces and scenario options beside --trace are refused with one line.
TEST_F(CliRender, ATraceRendersLikeTheLiveRun) {
  const fs::path trace = dir_ / "run.sstrace";
  Result r = run({"trace", "--cpu", "--algo", "radix", "--n", "200", "--reps", "1", "--out", trace.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;
  ASSERT_TRUE(fs::exists(trace));
  EXPECT_EQ(slurp(trace).substr(0, 16), "SORTSCOPE-TRACE\n");

  const fs::path one = dir_ / "from-trace.png";
  r = run({"render", "--trace", trace.string(), "--steps", "3", "--size", "320x180", "--out", one.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("replaying a trace"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("recorded on the CPU model"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(one));

  r = run({"render", "--trace", trace.string(), "--n", "64", "--out", (dir_ / "x.png").string()});
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("--trace"), std::string::npos) << r.err;

  const fs::path broken = dir_ / "broken.sstrace";
  {
    const std::string bytes = slurp(trace);
    std::ofstream(broken, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  }
  r = run({"render", "--trace", broken.string(), "--out", (dir_ / "y.png").string()});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("broken.sstrace"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "y.png"));

  r = run({"trace", "--cpu", "--n", "64", "--out", (dir_ / "run.bin").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(".sstrace"), std::string::npos) << r.err;
}

// Issue 15: a trace recorded on the GPU replays on a machine without one as it was shown there.
// data/README.md says how the two files were made; the renderers differ (NVIDIA's GL there, any
// GL here), so the frames must agree within a small tolerance, not bit for bit.
TEST_F(CliRender, ATraceRecordedOnTheGpuRendersHereAsThere) {
  const fs::path data = fs::path(SORTSCOPE_RENDER_DATA);
  const fs::path frame = dir_ / "here.png";
  Result r = run({"render", "--trace", (data / "bitonic-1024-h200.sstrace").string(), "--steps", "20", "--size",
                  "1280x720", "--out", frame.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("NVIDIA H200"), std::string::npos) << r.out;  // the recording's device
  int w = 0, h = 0, gw = 0, gh = 0, ch = 0;
  uint8_t* here = stbi_load(frame.string().c_str(), &w, &h, &ch, 4);
  uint8_t* there = stbi_load((data / "bitonic-1024-h200-step20.png").string().c_str(), &gw, &gh, &ch, 4);
  ASSERT_NE(here, nullptr);
  ASSERT_NE(there, nullptr);
  ASSERT_EQ(w, gw);
  ASSERT_EQ(h, gh);
  size_t identical = 0, far = 0;
  const size_t pixels = size_t(w) * size_t(h);
  for (size_t i = 0; i < pixels; ++i) {
    int d = 0;
    for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(here[4 * i + c]) - int(there[4 * i + c])));
    identical += d == 0;
    far += d > 8;
  }
  stbi_image_free(here);
  stbi_image_free(there);
  EXPECT_EQ(far, 0u) << "pixels more than 8/255 apart";
  EXPECT_GT(double(identical) / double(pixels), 0.85);
}

}  // namespace

namespace {

// The steps each lane reported ("lane 2      radix ...: 17 steps on the CPU model"), in lane order.
std::vector<int> lane_steps(const std::string& out) {
  std::vector<int> steps;
  for (size_t at = out.find("  lane "); at != std::string::npos; at = out.find("  lane ", at + 1)) {
    const size_t colon = out.find(": ", at);
    steps.push_back(std::stoi(out.substr(colon + 2)));
  }
  return steps;
}

// `render --race`: every lane runs (the CPU model here) on the same input and is verified; a frame
// per tick of the race's clock, one per moment some lane completes a step (at most the sum of the
// lanes' steps, and the start): by step each lane at the same fraction of its own steps, by time by
// GPU time, here each algorithm's model for the default GPU (no GPU: never the CPU model's clock).
TEST_F(CliRender, ARaceWritesAFramePerTickOfItsClock) {
  const fs::path by_step = dir_ / "by-step";
  Result r = run({"render", "--cpu", "--race", "bitonic,radix,merge", "--n", "300", "--seed", "3", "--size", "640x360",
                  "--out", by_step.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("race of 3 algorithms on the same input, clock by step"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("seed 3"), std::string::npos) << r.out;
  const std::vector<int> steps = lane_steps(r.out);
  ASSERT_EQ(steps.size(), 3u) << r.out;
  size_t verified = 0;
  for (size_t at = r.out.find("verified"); at != std::string::npos; at = r.out.find("verified", at + 1)) ++verified;
  EXPECT_EQ(verified, 3u) << r.out;
  const int longest = *std::max_element(steps.begin(), steps.end());
  EXPECT_GE(int(names(by_step).size()), longest);
  EXPECT_LE(int(names(by_step).size()), steps[0] + steps[1] + steps[2] + 1);
  EXPECT_EQ(r.out.find("finishes 1st"), std::string::npos) << r.out;  // the step clock ranks nothing
  EXPECT_TRUE(fs::exists(by_step / "frame_00000.png"));
  EXPECT_EQ(slurp(by_step / "frame_00000.png").substr(1, 3), "PNG");

  const fs::path by_time = dir_ / "by-time";
  r = run({"render", "--cpu", "--race", "bitonic,radix", "--clock", "time", "--n", "300", "--size", "320x180",
           "--out", by_time.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("clock by GPU time (modelled for NVIDIA H200)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("finishes 1st by GPU time"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("CPU-model time"), std::string::npos) << r.out;
  const std::vector<int> two = lane_steps(r.out);
  ASSERT_EQ(two.size(), 2u);
  const int frames = int(names(by_time).size());
  EXPECT_GE(frames, std::max(two[0], two[1]));
  EXPECT_LE(frames, two[0] + two[1] + 1);  // every completion, and the start

  const fs::path one = dir_ / "race.png";
  r = run({"render", "--cpu", "--race", "merge,bitonic", "--n", "64", "--steps", "last", "--size", "320x180", "--out",
           one.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(fs::exists(one));
}

// --preset: a shipped preset by name on render (one frame: the preset's step) and record (a race
// preset: its lanes), a preset FILE, and the refusals: an unknown name lists the shipped ones, a
// scenario option beside --preset, a broken file. Nothing is written on a refusal.
TEST_F(CliRender, APresetRendersItsScenarioAtItsStep) {
  setenv("SORTSCOPE_PRESETS", SORTSCOPE_PRESET_DIR, 1);
  const fs::path one = dir_ / "preset.png";
  Result r = run({"render", "--cpu", "--preset", "bitonic-small-steps", "--size", "320x180", "--out", one.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("preset bitonic-small-steps - Bitonic sort, one comparator layer a step"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("threads=32 keys_per_thread=1 global_layers=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frame       step 5 of"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(one));

  const fs::path race = dir_ / "race";
  r = run({"record", "--cpu", "--preset", "radix-vs-merge-race", "--size", "320x180", "--out", race.string() + "/"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("race of 2 algorithms on the same input, clock by GPU time (modelled for"), std::string::npos) << r.out;
  EXPECT_FALSE(names(race).empty());

  const fs::path file = dir_ / "mine.json";
  std::ofstream(file) << R"({"preset": "Mine", "description": "one line", "scenario": {"algorithm": "merge", "input": {"n": 100}}, "step": "last"})";
  const fs::path last = dir_ / "mine.png";
  r = run({"render", "--cpu", "--preset", file.string(), "--size", "320x180", "--out", last.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("preset mine - Mine"), std::string::npos) << r.out;

  std::ofstream(dir_ / "broken.json") << R"({"preset": "B", "description": "d", "scenario": {}, "colour": 1})";
  const fs::path never = dir_ / "never.png";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--preset", "no-such"}, "shipped: bitonic-small-steps, "},
      {{"--preset", "merge-path-2e16", "--n", "64"}, "--n"},
      {{"--preset", "merge-path-2e16", "--race", "bitonic,merge"}, "--race"},
      {{"--preset", (dir_ / "broken.json").string()}, "unknown field 'colour'"},
  };
  for (const auto& [extra, expect] : cases) {
    std::vector<std::string> args = {"render", "--cpu", "--size", "320x180", "--out", never.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    r = run(args);
    EXPECT_NE(r.code, 0) << expect << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(never));
  }
  unsetenv("SORTSCOPE_PRESETS");
}

// --lesson: one PNG a slide on render (each under its slide's title), a video of the slides on
// record, `list` names the lessons, and an unknown name lists the shipped ones; nothing written on
// a refusal.
TEST_F(CliRender, ALessonRendersAFrameASlideAndRecordsAVideo) {
  setenv("SORTSCOPE_LESSONS", SORTSCOPE_LESSON_DIR, 1);
  const fs::path slides = dir_ / "slides";
  Result r = run({"render", "--cpu", "--lesson", "bitonic-networks", "--size", "320x180", "--out", slides.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("lesson bitonic-networks - "), std::string::npos) << r.out;
  EXPECT_EQ(names(slides), (std::set<std::string>{"slide_01.png", "slide_02.png", "slide_03.png", "slide_04.png"}));
  const fs::path frames = dir_ / "lesson-frames";
  r = run({"record", "--cpu", "--lesson", "bitonic-networks", "--size", "320x180", "--hold", "0",
           "--steps-per-second", "30", "--fps", "30", "--out", frames.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_FALSE(names(frames).empty());
  r = run({"list"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Lessons (--lesson NAME"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sample-sort"), std::string::npos) << r.out;
  const fs::path never = dir_ / "never";
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--lesson", "no-such"}, {"--lesson", "sample-sort", "--n", "64"}}) {
    std::vector<std::string> args = {"render", "--cpu", "--size", "320x180", "--out", never.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    r = run(args);
    EXPECT_NE(r.code, 0) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(never));
  }
  r = run({"render", "--cpu", "--lesson", "no-such", "--out", never.string()});
  EXPECT_NE(r.err.find("shipped: binary-search-merge, bitonic-networks, "), std::string::npos) << r.err;
  unsetenv("SORTSCOPE_LESSONS");
}

// A slide's and a preset's "color_by" (lesson/lesson_file.h: slide_color_by): a slide naming digit
// draws as `--color-by digit` draws it, a slide naming none as key; `--color-by` given wins over the
// slide; a name that is not a mode is one line when the file is read, nothing written.
TEST_F(CliRender, ALessonRendersEachSlideInItsColourMode) {
  const std::string radix = R"("scenario": {"algorithm": "radix", "input": {"n": 256, "seed": 5}})";
  {
    std::ofstream(dir_ / "colours.json") << R"({"lesson": "colours", "slides": [
      {"title": "digits", )" << radix << R"(, "step": 1, "color_by": "digit"},
      {"title": "no mode", )" << radix << R"(, "step": 2}]})";
    std::ofstream(dir_ / "digits.json") << R"({"preset": "digits", "description": "d", )" << radix
                                        << R"(, "step": 1, "color_by": "digit"})";
    std::ofstream(dir_ / "bad.json") << R"({"lesson": "bad", "slides": [{"title": "t", )" << radix
                                     << R"(, "color_by": "digits"}]})";
  }
  auto render = [&](const std::string& what, const std::string& out, const std::string& color_by) {
    std::vector<std::string> args = {"render", "--cpu", what, (dir_ / (what == "--lesson" ? "colours.json" : "digits.json")).string(),
                                     "--size", "320x180", "--out", (dir_ / out).string()};
    if (!color_by.empty()) args.insert(args.end(), {"--color-by", color_by});
    return run(args);
  };
  Result r = render("--lesson", "slides", "");
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  ASSERT_EQ(render("--lesson", "by-digit", "digit").code, 0);
  ASSERT_EQ(render("--lesson", "by-key", "key").code, 0);
  auto png = [&](const std::string& folder, const char* file) { return slurp(dir_ / folder / file); };
  EXPECT_EQ(png("slides", "slide_01.png"), png("by-digit", "slide_01.png"));  // the slide's digit
  EXPECT_NE(png("slides", "slide_01.png"), png("by-key", "slide_01.png"));    // --color-by key wins
  EXPECT_EQ(png("slides", "slide_02.png"), png("by-key", "slide_02.png"));    // no mode: key
  EXPECT_NE(png("slides", "slide_02.png"), png("by-digit", "slide_02.png"));  // --color-by digit wins
  // A preset to one file: its mode, unless --color-by says otherwise.
  ASSERT_EQ(render("--preset", "preset.png", "").code, 0);
  ASSERT_EQ(render("--preset", "preset-digit.png", "digit").code, 0);
  ASSERT_EQ(render("--preset", "preset-key.png", "key").code, 0);
  EXPECT_EQ(slurp(dir_ / "preset.png"), slurp(dir_ / "preset-digit.png"));
  EXPECT_NE(slurp(dir_ / "preset.png"), slurp(dir_ / "preset-key.png"));
  // A wrong name: one line naming the slide and the field.
  const fs::path never = dir_ / "never";
  r = run({"render", "--cpu", "--lesson", (dir_ / "bad.json").string(), "--out", never.string()});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("slide 1.color_by must be one of key, digit, bucket, run"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(never));
}

// `record --race`: the race as a GIF (ffmpeg) and as PNG frames, one per moment of its clock.
TEST_F(CliRender, ARaceRecordsAsAGifAndAsFrames) {
  const fs::path gif = dir_ / "race.gif";
  Result r = run({"record", "--cpu", "--race", "bitonic,radix", "--clock", "time", "--n", "256", "--size", "320x180",
                  "--steps-per-second", "30", "--hold", "0", "--out", gif.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("clock by GPU time (modelled for NVIDIA H200)"), std::string::npos) << r.out;
  if (r.out.find("ffmpeg was not found") == std::string::npos) {
    ASSERT_TRUE(fs::exists(gif)) << r.out;
    EXPECT_EQ(slurp(gif).substr(0, 6), "GIF89a");
  }
  const fs::path frames = dir_ / "race-frames";
  r = run({"record", "--cpu", "--race", "merge,bitonic,radix-onesweep", "--n", "128", "--size", "320x180", "--out",
           frames.string() + "/"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  // By step, a moment each time some lane's fraction of its own steps moves on: at least one per
  // step of the longest lane, at most one per step of any lane (and the start).
  const std::vector<int> steps = lane_steps(r.out);
  ASSERT_EQ(steps.size(), 3u) << r.out;
  EXPECT_GE(int(names(frames).size()), *std::max_element(steps.begin(), steps.end()));
  EXPECT_LE(int(names(frames).size()), steps[0] + steps[1] + steps[2] + 1);
}

// Every mistake is one line on stderr, before anything runs, and nothing is written.
TEST_F(CliRender, ARaceThatCannotBeRunIsRefusedWithOneLineAndNothingWritten) {
  const fs::path out = dir_ / "never";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--race", "bitonic"}, "a race has 2 to 4"},
      {{"--race", "bitonic,radix,merge,multiway-merge,sample-sort"}, "a race has 2 to 4"},
      {{"--race", "bitonic,bitonic"}, "named twice"},
      {{"--race", "bitonic,,radix"}, "empty name"},
      {{"--race", "bitonic,quick-bogo"}, "unknown algorithm 'quick-bogo'"},
      {{"--race", "bitonic,radix", "--algo", "merge"}, "--algo"},
      {{"--clock", "time"}, "--race"},
      {{"--race", "bitonic,radix", "--clock", "gpu"}, "--clock"},
      {{"--race", "bitonic,radix", "--param", "no_such=3"}, "none of the racers"},
      {{"--race", "bitonic,radix", "--param", "radix_bits=99"}, "lane 2 (radix)"},
      {{"--race", "bitonic,radix", "--n", "0x"}, "--n"},
      {{"--race", "bitonic,radix", "--lab", "merge-path:mine.cu"}, "give --race without racers"},
  };
  for (const auto& [extra, expect] : cases) {
    std::vector<std::string> args = {"render", "--cpu", "--size", "320x180", "--out", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    Result r = run(args);
    EXPECT_NE(r.code, 0) << expect << ": " << r.out << r.err;  // 1, or CLI11's status for its own checks
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("lane 1"), std::string::npos) << "ran before refusing: " << r.out;
    EXPECT_FALSE(fs::exists(out)) << expect;
  }
  EXPECT_EQ(names(dir_), std::set<std::string>{});
}

// Records (--fields, kernels/records/record_explain.h): every step of the CPU model's timeline as a
// frame, one step to a file.png; a bad record option is one line and writes nothing.
TEST_F(CliRender, RecordsRenderTheirStepsAndRefusalsWriteNothing) {
  const fs::path frames = dir_ / "records";
  Result r = run({"render", "--algo", "radix", "--n", "300", "--fields", "3", "--layout", "hybrid", "--strategy",
                  "indirect", "--rearrange", "cycles", "--size", "640x360", "--out", frames.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CPU model"), std::string::npos) << r.out;
  const size_t at = r.out.find("timeline    ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const int steps = std::stoi(r.out.substr(at + 12));
  EXPECT_GE(steps, 5);
  EXPECT_EQ(names(frames).size(), size_t(steps));
  const fs::path one = dir_ / "direct.png";
  r = run({"render", "--algo", "merge", "--n", "100", "--fields", "2", "--layout", "by-field", "--strategy", "direct",
           "--steps", "2", "--size", "800x450", "--out", one.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  int w = 0, h = 0, ch = 0;
  uint8_t* px = stbi_load(one.string().c_str(), &w, &h, &ch, 4);
  ASSERT_NE(px, nullptr);
  stbi_image_free(px);
  EXPECT_EQ(w, 800);
  EXPECT_EQ(h, 450);
  fs::remove_all(frames);
  fs::remove(one);

  const fs::path out = dir_ / "never";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--fields", "33"}, "--fields"},
      {{"--fields", "two"}, "--fields"},
      {{"--fields", "2", "--layout", "rows"}, "--layout"},
      {{"--fields", "2", "--strategy", "direct", "--rearrange", "cycles"}, "--rearrange"},
      {{"--fields", "2", "--algo", "bitonic"}, "does not sort records"},
      {{"--fields", "2", "--values"}, "--values"},
      {{"--fields", "2", "--race", "radix,merge"}, "--race"},
      {{"--fields", "2", "--trace", "x.sstrace"}, "--trace"},
      {{"--fields", "2", "--algo", "merge", "--rearrange", "fused"}, "only radix-onesweep"},
  };
  expect_refused({"render", "--n", "64", "--size", "320x180", "--out", out.string()}, cases, out);
  EXPECT_EQ(names(dir_), std::set<std::string>{});
}

// `record` takes records as `render` does: the record options, or a structured --input .npy (here
// one `run --output` wrote) sorted as records with no option; a GIF and PNG frames of the CPU
// model's timeline, the verdict in the records' words; refusals are one line and write nothing.
TEST_F(CliRender, RecordsRecordAsAGifAndAsFrames) {
  const fs::path npy = dir_ / "records.npy";
  Result r = run({"run", "--cpu", "--algo", "radix", "--n", "200", "--fields", "3", "--reps", "1", "--output",
                  npy.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const fs::path gif = dir_ / "records.gif";
  r = run({"record", "--algo", "radix-onesweep", "--input", npy.string(), "--size", "320x180", "--steps-per-second",
           "30", "--hold", "0", "--out", gif.string()});
  if (r.code == 3) GTEST_SKIP() << "no EGL display on this machine: " << r.err;
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified: sorted, every field follows its key"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("m = 3"), std::string::npos) << r.out;
  if (r.out.find("ffmpeg was not found") == std::string::npos) {
    ASSERT_TRUE(fs::exists(gif)) << r.out;
    EXPECT_EQ(slurp(gif).substr(0, 6), "GIF89a");
  }
  const fs::path frames = dir_ / "record-frames";
  r = run({"record", "--algo", "merge", "--n", "100", "--fields", "2", "--layout", "by-field", "--rearrange", "cycles",
           "--size", "320x180", "--out", frames.string() + "/"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const size_t at = r.out.find("timeline    ");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_EQ(names(frames).size(), size_t(std::stoi(r.out.substr(at + 12))));
  fs::remove_all(frames);
  fs::remove(gif);
  // A records file with the default sort (bitonic, which sorts no records): the line says why these
  // are records and what to give instead; nothing is written.
  r = run({"record", "--input", npy.string(), "--size", "320x180", "--out", gif.string()});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("holds records"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("give --algo one of: radix-onesweep"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(gif));
  fs::remove(npy);

  const fs::path out = dir_ / "never.gif";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--fields", "33"}, "--fields"},
      {{"--fields", "2", "--race", "radix,merge"}, "--race"},
      {{"--fields", "2", "--algo", "bitonic"}, "does not sort records"},
      {{"--fields", "2", "--algo", "merge", "--rearrange", "fused"}, "only radix-onesweep"},
  };
  expect_refused({"record", "--n", "64", "--size", "320x180", "--out", out.string()}, cases, out);
  EXPECT_EQ(names(dir_), std::set<std::string>{});
}


}  // namespace
