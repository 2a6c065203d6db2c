// Presets (app/lesson/preset_file.h): every shipped preset parses, names registered algorithms and
// validates; the CLI's options for it give back its scenario; each kind of mistake is refused with
// one line naming the field; an unknown name lists the shipped ones.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <unistd.h>

#include "cli/preset_option.h"
#include "cli/race_setup.h"
#include "core/runner.h"
#include "core/asset_folders.h"
#include "lesson/preset_file.h"
#include "registry.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

struct PresetDir {
  PresetDir() { setenv("SORTSCOPE_PRESETS", SORTSCOPE_PRESET_DIR, 1); }
  ~PresetDir() { unsetenv("SORTSCOPE_PRESETS"); }
};

TEST(Preset, EveryShippedPresetParsesAndValidates) {
  PresetDir dir;
  const std::vector<PresetEntry> presets = shipped_presets("");
  EXPECT_GE(presets.size(), 5u);
  EXPECT_LE(presets.size(), 8u);
  std::set<std::string> titles;
  bool race = false, scenario = false;
  for (const PresetEntry& e : presets) {
    SCOPED_TRACE(e.name);
    ASSERT_TRUE(e.preset.has_value()) << e.error;
    const Preset& p = *e.preset;
    EXPECT_EQ(p.name, e.name);
    EXPECT_TRUE(titles.insert(p.title).second) << "two presets share the title " << p.title;
    EXPECT_EQ(p.slide.title, p.title);
    EXPECT_GE(p.description.size(), 20u);
    std::vector<Scenario> runs = p.slide.race;
    if (p.slide.scenario) runs.push_back(*p.slide.scenario);
    ASSERT_FALSE(runs.empty());
    for (Scenario& s : runs) {
      EXPECT_NE(find_algorithm(s.algorithm), nullptr) << s.algorithm;
      EXPECT_EQ(validate_scenario(s), "");
    }
    race = race || !p.slide.race.empty();
    scenario = scenario || p.slide.scenario.has_value();
  }
  EXPECT_TRUE(race) << "at least one shipped preset is a race";
  EXPECT_TRUE(scenario) << "at least one shipped preset is one scenario";
}

TEST(Preset, FoundByNameAndUnknownNamesListTheShippedOnes) {
  PresetDir dir;
  const Preset a = read_preset("merge-path-2e16", "");
  const Preset b = read_preset(std::string(SORTSCOPE_PRESET_DIR) + "/merge-path-2e16.json", "");
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.name, "merge-path-2e16");
  EXPECT_EQ(a.slide.scenario->input.n, 65536u);
  try {
    read_preset("no-such-preset", "");
    ADD_FAILURE();
  } catch (const PresetError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_NE(m.find("no-such-preset"), std::string::npos) << m;
    EXPECT_NE(m.find("shipped: bitonic-small-steps, "), std::string::npos) << m;
    EXPECT_NE(m.find("radix-vs-merge-race"), std::string::npos) << m;
  }
}

// Each shipped preset runs on the CPU model, verified, and the step it shows exists (a race: its
// lanes run as the app runs them, cli/race_setup.h).
TEST(Preset, EveryShippedPresetRunsAndItsStepExists) {
  PresetDir dir;
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  for (const PresetEntry& e : shipped_presets("")) {
    SCOPED_TRACE(e.name);
    ASSERT_TRUE(e.preset);
    const LessonSlide& sl = e.preset->slide;
    if (sl.scenario) {
      const ExplainResult r = runner.explain(runner.prepare(*sl.scenario, std::nullopt, true));
      EXPECT_TRUE(r.verdict.ok()) << r.verdict.summary();
      EXPECT_LT(sl.step, int(r.timeline.steps.size()));
    } else {
      const RaceSetup setup = run_race_lanes(runner, sl.race, sl.clock, std::nullopt);
      EXPECT_TRUE(setup.run.verified());
      if (sl.at < 0) EXPECT_LT(sl.step, int(race_moments(setup.clock).size()));
    }
  }
}

// --preset on render and record: the options it sets build the preset's scenario again.
TEST(Preset, OptionsGiveBackTheScenario) {
  PresetDir dir;
  for (const PresetEntry& e : shipped_presets("")) {
    SCOPED_TRACE(e.name);
    ASSERT_TRUE(e.preset);
    ScenarioArgs args;
    args.cpu = true;
    RaceArgs race;
    const auto p = apply_preset_option("render", e.name, args, race);
    ASSERT_TRUE(p);
    EXPECT_TRUE(args.cpu) << "--cpu stays";
    if (p->slide.scenario) {
      EXPECT_FALSE(race.requested());
      EXPECT_EQ(scenario_to_json(build_scenario(args), algorithm_params),
                scenario_to_json(*p->slide.scenario, algorithm_params));
    } else {
      const std::vector<Scenario> lanes = build_race_scenarios(race, args);
      ASSERT_EQ(lanes.size(), p->slide.race.size());
      for (size_t i = 0; i < lanes.size(); ++i)
        EXPECT_EQ(scenario_to_json(lanes[i], algorithm_params), scenario_to_json(p->slide.race[i], algorithm_params));
      EXPECT_EQ(race_clock_kind(race), p->slide.clock);
    }
  }
}

std::string refusal(const std::string& text) {
  try {
    parse_preset(text, "p");
  } catch (const PresetError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "accepted";
}

TEST(Preset, MistakesAreRefusedWithOneLine) {
  const std::string head = R"("preset": "T", "description": "D", )";
  const std::string sc = R"("scenario": {"algorithm": "bitonic", "input": {"n": 64}})";
  EXPECT_EQ(refusal("{" + head + sc + "}"), "accepted");
  EXPECT_EQ(refusal("{" + head + sc + R"(, "step": "last"})"), "accepted");
  EXPECT_NE(refusal("{nope").find("preset p is not valid JSON"), std::string::npos);
  EXPECT_NE(refusal("[1]").find("must be a JSON object"), std::string::npos);
  EXPECT_NE(refusal("{" + head + sc + R"(, "colour": 1})").find("unknown field 'colour'"), std::string::npos);
  // A colour mode by name, as a slide's (test_lesson's Lesson.ColourModes); the unknown-field line lists it.
  EXPECT_EQ(refusal("{" + head + sc + R"(, "color_by": "run"})"), "accepted");
  EXPECT_EQ(parse_preset("{" + head + sc + R"(, "color_by": "run"})", "p").slide.color_by, ColorBy::Run);
  EXPECT_NE(refusal("{" + head + sc + R"(, "color_by": "runs"})").find("p.color_by must be one of key, digit, bucket, run"),
            std::string::npos);
  EXPECT_NE(refusal("{" + head + sc + R"(, "colour": 1})").find("color_by)"), std::string::npos);
  // A lesson's fields are not a preset's.
  EXPECT_NE(refusal("{" + head + sc + R"(, "caption": "c"})").find("unknown field 'caption'"), std::string::npos);
  EXPECT_NE(refusal("{" + head + sc + R"(, "trace": "t.sstrace"})").find("unknown field 'trace'"), std::string::npos);
  EXPECT_NE(refusal("{" + head + sc + R"(, "title": "t"})").find("unknown field 'title'"), std::string::npos);
  EXPECT_NE(refusal(R"({"description": "D", )" + sc + "}").find("needs a \"preset\""), std::string::npos);
  EXPECT_NE(refusal(R"({"preset": "T", )" + sc + "}").find("needs a \"description\""), std::string::npos);
  EXPECT_NE(refusal(R"({"preset": "T", "description": "two\nlines", )" + sc + "}").find("p.description must be one line"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"preset": "", "description": "D", )" + sc + "}").find("p.preset must be 1 to"), std::string::npos);
  EXPECT_NE(refusal(R"({"preset": 3, "description": "D", )" + sc + "}").find("p.preset must be a string"),
            std::string::npos);
  EXPECT_NE(refusal("{" + head.substr(0, head.size() - 2) + "}").find("needs a \"scenario\""), std::string::npos);
  EXPECT_NE(refusal("{" + head + R"("scenario": {"algorithm": "quick", "input": {"n": 64}}})").find("p.scenario"),
            std::string::npos);
  EXPECT_NE(refusal("{" + head + sc + R"(, "step": -1})").find("p.step"), std::string::npos);
  EXPECT_NE(refusal("{" + head + R"("race": ["bitonic"], "scenario": {"input": {"n": 64}}})").find("p.race"),
            std::string::npos);
  EXPECT_NE(refusal("{" + head + R"("race": ["bitonic", "merge"], "scenario": {"input": {"n": 4194304}}})")
                .find("at most 2^20 keys"),
            std::string::npos);
  EXPECT_NE(refusal(std::string(kMaxPresetBytes + 1, ' ')).find("larger than 64 KiB"), std::string::npos);
}

TEST(Preset, ABrokenFileIsListedWithItsReason) {
  const fs::path dir = fs::temp_directory_path() / ("sortscope-presets-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "good.json") << R"({"preset": "Good", "description": "fine", "scenario": {"input": {"n": 64}}})";
  std::ofstream(dir / "bad.json") << R"({"preset": "Bad", "description": "fine", "scenario": {}, "extra": 1})";
  setenv("SORTSCOPE_PRESETS", dir.c_str(), 1);
  const std::vector<PresetEntry> e = shipped_presets("");
  unsetenv("SORTSCOPE_PRESETS");
  fs::remove_all(dir);
  auto entry = [&](const std::string& name) {
    for (const PresetEntry& x : e)
      if (x.name == name) return x;
    ADD_FAILURE() << "no entry " << name;
    return PresetEntry{};
  };
  const PresetEntry bad = entry("bad"), good = entry("good");
  EXPECT_FALSE(bad.preset);
  EXPECT_NE(bad.error.find("unknown field 'extra'"), std::string::npos) << bad.error;
  EXPECT_NE(bad.error.find("bad.json"), std::string::npos) << bad.error;
  ASSERT_TRUE(good.preset);
  EXPECT_EQ(good.preset->title, "Good");
}

}  // namespace
}  // namespace sortscope
