// The video exporter end to end: a CPU-model bitonic timeline rendered headless (EGL) at a fixed
// frame rate into MP4 and GIF through ffmpeg, into PNG frames, into PNG frames when ffmpeg is
// missing, and cancelled half-way.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/runner.h"
#include "export/video_exporter.h"
#include "gl/headless_context.h"
#include "registry.h"

namespace fs = std::filesystem;
using namespace sortscope;

namespace {

class VideoExport : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    Scenario s;
    s.algorithm = "bitonic";
    s.input.n = 64;
    RunnerOptions ro;
    ro.force_cpu = true;
    Runner runner(ro);
    s = runner.prepare(s, std::nullopt, true);
    explain_ = std::make_shared<ExplainResult>(runner.explain(s));
  }
  static void TearDownTestSuite() { explain_.reset(); }

  void SetUp() override {
    try {
      context_ = gl::HeadlessContext::create();
    } catch (const gl::NoDisplayError& e) {
      GTEST_SKIP() << "no EGL display on this machine: " << e.what();
    }
    dir_ = fs::temp_directory_path() / ("sortscope-export-" + std::to_string(::getpid()) + "-" +
                                        testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
    ::unsetenv("SORTSCOPE_FFMPEG");
  }

  std::shared_ptr<const Timeline> timeline() const {
    return std::shared_ptr<const Timeline>(explain_, &explain_->timeline);
  }
  const Algorithm& algo() const { return *find_algorithm("bitonic"); }
  VideoExportOptions options(const fs::path& out) const {
    VideoExportOptions o;
    o.out = out;
    o.width = 320;
    o.height = 180;
    o.fps = 10;
    o.steps_per_second = 10;  // one frame per step
    o.hold_last_seconds = 0.5;
    return o;
  }

  static std::shared_ptr<ExplainResult> explain_;
  std::unique_ptr<gl::HeadlessContext> context_;
  fs::path dir_;
};
std::shared_ptr<ExplainResult> VideoExport::explain_;

// Frames ffprobe counts in a video, or -1 when ffprobe is not installed.
long count_frames(const fs::path& video) {
  std::string cmd = "ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames "
                    "-of csv=p=0 '" + video.string() + "' 2>/dev/null";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[64] = {0};
  bool got = std::fgets(buf, sizeof buf, p) != nullptr;
  int rc = ::pclose(p);
  if (!got || rc != 0) return -1;
  return std::strtol(buf, nullptr, 10);
}

}  // namespace

TEST_F(VideoExport, Mp4HasEveryFrame) {
  if (!find_ffmpeg()) GTEST_SKIP() << "ffmpeg is not installed";
  const int steps = int(explain_->timeline.steps.size());
  VideoExporter e(timeline(), algo(), options(dir_ / "sort.mp4"));
  EXPECT_EQ(e.kind(), ExportKind::Mp4);
  EXPECT_EQ(e.frame_count(), steps + 5);  // one per step, half a second of hold at 10 fps
  std::string msg = e.run();
  EXPECT_FALSE(e.failed()) << msg;
  EXPECT_EQ(e.progress(), 1.0f);
  ASSERT_TRUE(fs::exists(dir_ / "sort.mp4"));
  EXPECT_GT(fs::file_size(dir_ / "sort.mp4"), 1000u);
  long frames = count_frames(dir_ / "sort.mp4");
  if (frames >= 0) EXPECT_EQ(frames, steps + 5);
}

TEST_F(VideoExport, GifIsAGif) {
  if (!find_ffmpeg()) GTEST_SKIP() << "ffmpeg is not installed";
  VideoExportOptions o = options(dir_ / "sort.gif");
  o.first_step = 3;
  o.last_step = 8;
  VideoExporter e(timeline(), algo(), o);
  std::string msg = e.run();
  ASSERT_FALSE(e.failed()) << msg;
  std::ifstream in(dir_ / "sort.gif", std::ios::binary);
  char head[6] = {0};
  in.read(head, 6);
  EXPECT_EQ(std::string(head, 6), "GIF89a");
  long frames = count_frames(dir_ / "sort.gif");
  if (frames >= 0) EXPECT_EQ(frames, 6 + 5);
}

TEST_F(VideoExport, PngFramesOnePerStep) {
  VideoExportOptions o = options(dir_ / "frames/");
  o.first_step = 2;
  o.last_step = 6;
  VideoExporter e(timeline(), algo(), o);
  EXPECT_EQ(e.kind(), ExportKind::PngFrames);
  std::string msg = e.run();
  ASSERT_FALSE(e.failed()) << msg;
  for (int s = 2; s <= 6; ++s) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", s);
    EXPECT_TRUE(fs::exists(dir_ / "frames" / name)) << name;
  }
  EXPECT_FALSE(fs::exists(dir_ / "frames" / "frame_00001.png"));
  EXPECT_FALSE(fs::exists(dir_ / "frames" / "frame_00007.png"));
}

TEST_F(VideoExport, WithoutFfmpegAVideoBecomesPngFrames) {
  ::setenv("SORTSCOPE_FFMPEG", "none", 1);
  VideoExporter e(timeline(), algo(), options(dir_ / "lecture.mp4"));
  EXPECT_EQ(e.kind(), ExportKind::PngFrames);
  EXPECT_EQ(e.output(), dir_ / "lecture_frames");
  std::string msg = e.run();
  EXPECT_FALSE(e.failed());
  EXPECT_NE(msg.find("ffmpeg was not found"), std::string::npos) << msg;
  EXPECT_NE(msg.find("encode them later"), std::string::npos) << msg;
  EXPECT_FALSE(fs::exists(dir_ / "lecture.mp4"));
  EXPECT_TRUE(fs::exists(dir_ / "lecture_frames" / "frame_00000.png"));
}

TEST_F(VideoExport, CancelRemovesThePartialVideo) {
  if (!find_ffmpeg()) GTEST_SKIP() << "ffmpeg is not installed";
  VideoExportOptions o = options(dir_ / "cut.mp4");
  o.fps = 60;
  o.steps_per_second = 1;  // many frames: the export is still running when cancelled
  VideoExporter e(timeline(), algo(), o);
  e.pump(1);
  e.cancel();
  while (!e.finished()) e.pump(1);
  EXPECT_TRUE(e.cancelled());
  EXPECT_FALSE(e.failed());
  EXPECT_EQ(e.message(), "export cancelled");
  EXPECT_FALSE(fs::exists(dir_ / "cut.mp4"));
}

TEST_F(VideoExport, BadOptionsSayWhat) {
  VideoExportOptions o = options(dir_ / "x.mp4");
  o.last_step = 100000;
  EXPECT_THROW(VideoExporter(timeline(), algo(), o), std::runtime_error);
  o = options(dir_ / "x.webm");
  EXPECT_THROW(VideoExporter(timeline(), algo(), o), std::runtime_error);
  o = options(dir_ / "x.mp4");
  o.width = 4;
  EXPECT_THROW(VideoExporter(timeline(), algo(), o), std::runtime_error);
  o = options(dir_ / "no" / "such" / "dir" / "x.mp4");
  if (find_ffmpeg()) EXPECT_THROW(VideoExporter(timeline(), algo(), o), std::runtime_error);
}
