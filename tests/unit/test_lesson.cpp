// Lesson files (app/lesson/lesson_file.h): every shipped lesson parses and its scenarios validate;
// each kind of mistake is refused with one line naming the slide and the field; shipped lessons
// are found by name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lesson/lesson_file.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

TEST(Lesson, EveryShippedLessonParses) {
  size_t lessons = 0;
  for (const auto& e : fs::directory_iterator(SORTSCOPE_LESSON_DIR)) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const Lesson l = read_lesson(e.path().string(), "");
    EXPECT_FALSE(l.title.empty());
    EXPECT_GE(l.slides.size(), 2u);
    bool question = false;
    for (const LessonSlide& s : l.slides) {
      EXPECT_TRUE(s.scenario.has_value() || !s.trace.empty() || !s.race.empty());
      question = question || !s.question.empty();
    }
    EXPECT_TRUE(question) << "every shipped lesson asks at least one question";
    ++lessons;
  }
  EXPECT_GE(lessons, 6u);
}

TEST(Lesson, ShippedLessonsAreFoundByName) {
  setenv("SORTSCOPE_LESSONS", SORTSCOPE_LESSON_DIR, 1);
  EXPECT_EQ(read_lesson("bitonic-networks", "").slides.size(), read_lesson("bitonic-networks.json", "").slides.size());
  try {
    read_lesson("no-such-lesson", "");
    ADD_FAILURE();
  } catch (const LessonError& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-lesson"), std::string::npos) << e.what();
  }
  unsetenv("SORTSCOPE_LESSONS");
}

std::string refusal(const std::string& text) {
  try {
    parse_lesson(text, "/lessons");
  } catch (const LessonError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "accepted";
}

TEST(Lesson, MistakesAreRefusedNamingTheField) {
  const std::string ok_slide = R"({"title": "t", "scenario": {"algorithm": "bitonic", "input": {"n": 64}}})";
  EXPECT_EQ(refusal(R"({"lesson": "L", "slides": [)" + ok_slide + "]}"), "accepted");
  EXPECT_NE(refusal("{nope").find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": []})").find("slides"), std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [)" + ok_slide + R"(], "extra": 1})").find("unknown field 'extra'"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "captoin": "x", "scenario": {}}]})")
                .find("slide 1 has an unknown field 'captoin'"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t"}]})").find("slide 1 needs either a \"scenario\" or a \"trace\""),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "scenario": {"algorithm": "radx"}}]})")
                .find("slide 1.scenario"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "step": -3, "scenario": {"algorithm": "bitonic"}}]})")
                .find("slide 1.step"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "question": "q?", "scenario": {"algorithm": "bitonic"}}]})")
                .find("answer"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "highlights": [{"first": 5, "last": 2}], "scenario": {"algorithm": "bitonic", "input": {"n": 64}}}]})")
                .find("slide 1.highlights[0]"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "highlights": [{"first": 5, "last": 64}], "scenario": {"algorithm": "bitonic", "input": {"n": 64}}}]})")
                .find("past the scenario's last key"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": 5, "scenario": {"algorithm": "bitonic"}}]})").find("slide 1.title"),
            std::string::npos);
  // A trace path is taken relative to the lesson's folder; "last" is the last step.
  const Lesson l = parse_lesson(R"({"lesson": "L", "slides": [{"title": "t", "trace": "run.sstrace", "step": "last"}]})", "/lessons");
  EXPECT_EQ(l.slides[0].trace, "/lessons/run.sstrace");
  EXPECT_EQ(l.slides[0].step, kLastStep);
  EXPECT_NE(refusal(std::string(kMaxLessonBytes + 1, ' ')).find("1 MiB"), std::string::npos);
}

// A slide's colour mode ("color_by", visual/color_by.h): read by name, refused in one line naming the
// slide and the field when it is not one of the modes or is on a race slide; shown as the rule says
// (slide_color_by: --color-by given wins, else the slide's, else the mode chosen outside the lesson).
TEST(Lesson, ColourModes) {
  const Lesson l = parse_lesson(
      R"({"lesson": "L", "slides": [{"title": "a", "scenario": {"algorithm": "radix"}, "color_by": "digit"},
                                    {"title": "b", "scenario": {"algorithm": "radix"}, "step": 1}]})",
      "/lessons");
  ASSERT_EQ(l.slides.size(), 2u);
  EXPECT_EQ(l.slides[0].color_by, ColorBy::Digit);
  EXPECT_FALSE(l.slides[1].color_by.has_value());
  EXPECT_EQ(slide_color_by(l.slides[0], std::nullopt, ColorBy::Key), ColorBy::Digit);
  EXPECT_EQ(slide_color_by(l.slides[0], ColorBy::Run, ColorBy::Key), ColorBy::Run);
  EXPECT_EQ(slide_color_by(l.slides[1], std::nullopt, ColorBy::Bucket), ColorBy::Bucket);
  EXPECT_EQ(slide_color_by(l.slides[1], ColorBy::Key, ColorBy::Bucket), ColorBy::Key);
  for (const char* mode : {"key", "digit", "bucket", "run"})
    EXPECT_EQ(refusal(std::string(R"({"lesson": "L", "slides": [{"title": "t", "scenario": {"algorithm": "merge"}, "color_by": ")") +
                      mode + R"("}]})"),
              "accepted")
        << mode;
  for (const char* bad : {R"("digits")", R"("Digit")", R"("")", "3", "null", R"(["digit"])", R"("digit ")"}) {
    const std::string why = refusal(
        std::string(R"({"lesson": "L", "slides": [{"title": "t", "scenario": {"algorithm": "radix"}, "color_by": )") + bad + "}]}");
    EXPECT_NE(why.find("slide 1.color_by must be one of key, digit, bucket, run"), std::string::npos) << bad << ": " << why;
  }
  EXPECT_NE(refusal(R"({"lesson": "L", "slides": [{"title": "t", "race": ["bitonic", "merge"], "scenario": {"input": {"n": 64}},
                        "color_by": "run"}]})")
                .find("slide 1.color_by colours one array"),
            std::string::npos);
}

// A race slide: its racers checked as --race checks them (cli/race_options.h), one scenario per lane
// on the slide's input, its clock and its position; each mistake refused in one line.
TEST(Lesson, RaceSlides) {
  const Lesson l = parse_lesson(
      R"({"lesson": "L", "slides": [{"title": "t", "race": ["radix-onesweep", "merge"], "clock": "time", "at": 0.25,
          "scenario": {"input": {"n": 512, "key": "u64", "seed": 3}}}]})",
      "/lessons");
  const LessonSlide& s = l.slides[0];
  ASSERT_EQ(s.race.size(), 2u);
  EXPECT_FALSE(s.scenario.has_value());
  EXPECT_EQ(s.race[0].algorithm, "radix-onesweep");
  EXPECT_EQ(s.race[1].algorithm, "merge");
  for (const Scenario& lane : s.race) {
    EXPECT_EQ(lane.input.n, 512u);
    EXPECT_EQ(lane.input.seed, 3u);
  }
  EXPECT_EQ(s.clock, RaceClockKind::Time);
  EXPECT_DOUBLE_EQ(s.at, 0.25);
  const Lesson d = parse_lesson(
      R"({"lesson": "L", "slides": [{"title": "t", "race": ["bitonic", "merge"], "step": "last", "scenario": {}}]})", "/");
  EXPECT_EQ(d.slides[0].clock, RaceClockKind::Step);
  EXPECT_EQ(d.slides[0].step, kLastStep);
  EXPECT_LT(d.slides[0].at, 0);

  auto race = [](const std::string& fields) {
    return refusal(R"({"lesson": "L", "slides": [{"title": "t", )" + fields + "}]}");
  };
  const std::string in = R"("scenario": {"input": {"n": 64}})";
  EXPECT_NE(race(R"("race": ["bitonic"], )" + in).find("slide 1.race must be a list of 2 to 4"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge", "radix", "radix-onesweep", "odd-even-merge"], )" + in).find("slide 1.race"),
            std::string::npos);
  EXPECT_NE(race(R"("race": "bitonic,merge", )" + in).find("slide 1.race"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", 3], )" + in).find("slide 1.race"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "radx"], )" + in).find("unknown algorithm 'radx'"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "bitonic"], )" + in).find("named twice"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge,radix"], )" + in).find("slide 1.race"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "clock": "wall", )" + in).find("slide 1.clock"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "at": 1.5, )" + in).find("slide 1.at"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "at": 0.5, "step": 2, )" + in).find("slide 1.at"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"])").find("needs a \"scenario\""), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "scenario": {"algorithm": "merge"})").find("slide 1.scenario"),
            std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "trace": "x.sstrace", )" + in).find("slide 1.trace"), std::string::npos);
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "highlights": [], )" + in).find("slide 1.highlights"), std::string::npos);
  EXPECT_NE(race(R"("clock": "step", )" + in).find("slide 1.clock needs a \"race\""), std::string::npos);
  EXPECT_NE(race(R"("at": 0.5, )" + in).find("slide 1.at"), std::string::npos);
  // n is bounded (kMaxRaceSlideN): the lanes run when the slide is first shown.
  EXPECT_EQ(race(R"("race": ["bitonic", "merge"], "scenario": {"input": {"n": 1048576}})"), "accepted");
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "scenario": {"input": {"n": 1048577}})").find("at most 2^20 keys"),
            std::string::npos);
  // A lane whose algorithm refuses the input names the lane.
  EXPECT_NE(race(R"("race": ["bitonic", "merge"], "scenario": {"input": {"n": 64, "swap_percent": 500}})").find("slide 1.scenario"),
            std::string::npos);
}

}  // namespace
}  // namespace sortscope
