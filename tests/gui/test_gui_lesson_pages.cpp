// Every shipped lesson paged through in projector mode at the four lecture sizes (issue 29): on
// every slide, at 1024x600, 1024x768, 1280x720 and 1920x1080, the picture and what it shows under
// it (details, a network's overview) get at least 60% of the window, the lesson box is beside them,
// and the script's report finds nothing cut (the panels, the lesson box's titles, captions,
// question and buttons, the views' labels) and no label overlapping another or under 3:1 contrast.
// Each report is of the first frame at its size (the script's `size:`), so what a screenshot of
// that frame shows is checked, not a layout that settles a frame later. Each slide's step is
// recorded once and shown at the four sizes in turn.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gl/headless_context.h"
#include "ui/gui_main.h"

namespace fs = std::filesystem;
using namespace sortscope;
using namespace sortscope::ui;

namespace {

struct Size {
  int w, h;
};
// Largest first: the frames that wait for the next slide's step are drawn at the smallest.
constexpr Size kLectureSizes[] = {{1920, 1080}, {1280, 720}, {1024, 768}, {1024, 600}};

std::vector<fs::path> shipped_lessons() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(SORTSCOPE_LESSON_DIR))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string size_name(Size s) { return std::to_string(s.w) + "x" + std::to_string(s.h); }

}  // namespace

TEST(GuiLessonPages, EveryShippedSlideKeepsThePictureAndCutsNothing) {
  const fs::path report = fs::temp_directory_path() / ("sortscope-gui-lesson-pages-" + std::to_string(::getpid()) + ".jsonl");
  double lowest = 1, highest = 0, lowest_details = 1;
  std::string lowest_at;
  int views = 0, paged = 0;
  std::ostringstream paged_views;
  for (const fs::path& file : shipped_lessons()) {
    SCOPED_TRACE(file.stem().string());
    GuiOptions o;
    o.headless = true;
    o.force_cpu = true;
    o.use_settings = false;
    o.sweep = false;
    o.wait_seconds = 240;
    o.width = kLectureSizes[std::size(kLectureSizes) - 1].w;
    o.height = kLectureSizes[std::size(kLectureSizes) - 1].h;
    o.projector = 1.75f;
    o.lesson = read_lesson(file.string(), "");
    o.frames = 0;
    o.report = report.string();
    const size_t slides = o.lesson->slides.size();
    std::string script;
    for (size_t i = 0; i < slides; ++i) {
      script += i ? " key:pagedown wait" : "wait";
      for (Size s : kLectureSizes) script += " size:" + size_name(s) + " report:" + std::to_string(i) + "@" + size_name(s);
    }
    o.script = script;
    try {
      run_headless_capture(o);
    } catch (const gl::NoDisplayError& e) {
      GTEST_SKIP() << "no EGL display on this machine: " << e.what();
    }
    std::ifstream in(report);
    std::string line;
    size_t lines = 0;
    while (std::getline(in, line)) {
      const nlohmann::json j = nlohmann::json::parse(line);
      const std::string tag = j["tag"];
      SCOPED_TRACE(tag);
      ++lines, ++views;
      const int slide = std::stoi(tag.substr(0, tag.find('@')));
      EXPECT_EQ(j["lesson_slide"].get<int>(), slide);
      EXPECT_FALSE(j["clipped_any"].get<bool>()) << j["clipped"].dump();
      EXPECT_FALSE(j["overlaps_any"].get<bool>()) << j["overlaps"].dump();
      const double share = j["picture_share"];
      EXPECT_GE(share, 0.6);
      if (share < lowest) lowest = share, lowest_at = file.stem().string() + " slide " + std::to_string(slide + 1) + " at " + tag.substr(tag.find('@') + 1);
      // The lesson box beside the picture, not over it, inside the window.
      const nlohmann::json& p = j["panels"];
      highest = std::max(highest, share);
      if (p.contains("details")) lowest_details = std::min(lowest_details, share);
      ASSERT_TRUE(p.contains("picture") && p.contains("lesson")) << p.dump();
      EXPECT_GE(p["lesson"][0].get<float>(), p["picture"][0].get<float>() + p["picture"][2].get<float>());
      if (p.contains("details"))
        EXPECT_GE(p["lesson"][0].get<float>(), p["details"][0].get<float>() + p["details"][2].get<float>());
      // The texts' first page shows something; a caption longer than the column at its smallest
      // scale takes pages ("more below"), which this counts.
      const nlohmann::json& t = j["lesson_text"];
      EXPECT_GT(t["shown"].get<int>(), 0);
      if (t["shown"].get<int>() < t["lines"].get<int>()) ++paged, paged_views << " " << file.stem().string() << "/" << tag;
    }
    in.close();
    fs::remove(report);
    EXPECT_EQ(lines, slides * std::size(kLectureSizes));
  }
  std::printf("%d slide views; picture share %.1f%% (%s) to %.1f%%, %.1f%% at least with details; %d take pages:%s\n",
              views, lowest * 100, lowest_at.c_str(), highest * 100, lowest_details * 100, paged, paged_views.str().c_str());
}
