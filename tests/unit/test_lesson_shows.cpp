// Shipped lessons and presets keep their word (docs/lessons.md, "shows"): every slide's step holds
// the snapshots its "shows" names, no two slides of a lesson show the same step of the same
// scenario unless the later one says "repeats", and every lesson ends with a "predict, then run"
// question; a slide that names a colour mode ("color_by") has the classes of that mode at its step
// (visual/views/key_coloring.h), rather than a legend saying the keys fall back to key colours. The
// scenarios run on the CPU models, whose steps and snapshots are the GPU kernels'.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "common/trace_aux.h"
#include "core/record_scenario.h"
#include "core/runner.h"
#include "lesson/lesson_file.h"
#include "lesson/preset_file.h"
#include "registry.h"
#include "views/key_coloring.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

using Kinds = std::set<std::string>;

// One explained run per distinct scenario: the snapshot kinds of each step, and its timeline.
class Explained {
 public:
  const std::vector<Kinds>& steps_of(const Scenario& s) { return run_of(s).kinds; }
  const Timeline& timeline_of(const Scenario& s) { return run_of(s).result->timeline; }

 private:
  struct Run {
    std::shared_ptr<const ExplainResult> result;
    std::vector<Kinds> kinds;
  };
  const Run& run_of(const Scenario& s) {
    const std::string key = scenario_to_json(s, algorithm_params).dump();
    auto it = runs_.find(key);
    if (it != runs_.end()) return it->second;
    // A record sort explains on its CPU model (core/record_scenario.h), as the app runs it.
    Run run;
    run.result = std::make_shared<const ExplainResult>(
        s.records ? explain_record_scenario(s, RunnerOptions{}.capture_budget_bytes)
                  : runner_.explain(runner_.prepare(s, std::nullopt, true)));
    EXPECT_TRUE(run.result->verdict.ok()) << key;
    for (const Step& step : run.result->timeline.steps) {
      Kinds k;
      for (const AuxData& a : step.aux)
        if (const AuxCodecRegistry::Codec* c = aux_codec_registry().find(a)) k.insert(c->name);
      run.kinds.push_back(std::move(k));
    }
    return runs_.emplace(key, std::move(run)).first->second;
  }

  Runner runner_{RunnerOptions{true}};
  std::map<std::string, Run> runs_;
};

// "splitters" names "sample.splitters"; a full name names itself.
bool has_kind(const Kinds& kinds, const std::string& name) {
  for (const std::string& k : kinds)
    if (k == name || (k.size() > name.size() && k.compare(k.size() - name.size(), name.size(), name) == 0 &&
                      k[k.size() - name.size() - 1] == '.'))
      return true;
  return false;
}

std::string text(const Kinds& k) {
  std::string s;
  for (const std::string& n : k) s += (s.empty() ? "" : ", ") + n;
  return "{" + s + "}";
}

// Checks one slide; `seen` holds the (scenario, step) pairs of the lesson's earlier slides.
void check_slide(Explained& runs, const LessonSlide& sl, const std::string& where,
                 std::set<std::pair<std::string, int>>* seen) {
  SCOPED_TRACE(where + " \"" + sl.title + "\"");
  if (!sl.scenario) return;  // races and traces: the lanes / the recording say what they show
  const std::vector<Kinds>& steps = runs.steps_of(*sl.scenario);
  ASSERT_FALSE(steps.empty());
  const int step = sl.step == kLastStep ? int(steps.size()) - 1 : sl.step;
  ASSERT_LT(step, int(steps.size())) << "the run has " << steps.size() << " steps";
  for (const std::string& name : sl.shows)
    EXPECT_TRUE(has_kind(steps[size_t(step)], name))
        << "step " << step << " does not show " << name << "; it has " << text(steps[size_t(step)]);
  if (sl.color_by && *sl.color_by != ColorBy::Key) {
    const KeyColoring c = key_coloring(runs.timeline_of(*sl.scenario), step, *sl.color_by);
    EXPECT_TRUE(c.rule.has_value()) << "step " << step << " colours by " << color_by_name(*sl.color_by)
                                    << " but the view would say: " << c.note;
  }
  if (seen) {
    const auto key = std::pair{scenario_to_json(*sl.scenario, algorithm_params).dump(), step};
    EXPECT_TRUE(sl.repeats || !seen->count(key)) << "shows step " << step << " as an earlier slide does";
    seen->insert(key);
  }
}

TEST(LessonShows, EveryShippedLessonKeepsItsWord) {
  Explained runs;
  size_t lessons = 0;
  for (const auto& e : fs::directory_iterator(SORTSCOPE_LESSON_DIR)) {
    if (e.path().extension() != ".json") continue;
    const Lesson l = read_lesson(e.path().string(), "");
    std::set<std::pair<std::string, int>> seen;
    for (size_t i = 0; i < l.slides.size(); ++i)
      check_slide(runs, l.slides[i], e.path().filename().string() + " slide " + std::to_string(i + 1), &seen);
    EXPECT_FALSE(l.slides.back().question.empty())
        << e.path().filename().string() << ": the last slide asks a \"predict, then run\" question";
    ++lessons;
  }
  EXPECT_GE(lessons, 13u);
}

TEST(LessonShows, EveryShippedPresetKeepsItsWord) {
  Explained runs;
  size_t presets = 0;
  for (const auto& e : fs::directory_iterator(SORTSCOPE_PRESET_DIR)) {
    if (e.path().extension() != ".json") continue;
    const Preset p = read_preset(e.path().string(), "");
    check_slide(runs, p.slide, e.path().filename().string(), nullptr);
    ++presets;
  }
  EXPECT_GE(presets, 7u);
}

// The check can fail: a slide that promises what its step lacks is caught.
TEST(LessonShows, APromiseTheStepDoesNotKeepIsCaught) {
  const Lesson l = parse_lesson(R"({"lesson": "x", "slides": [
    {"title": "input", "scenario": {"algorithm": "radix", "input": {"n": 256}}, "step": 0, "shows": ["digit-histogram"]}]})",
                                ".");
  Explained runs;
  const std::vector<Kinds>& steps = runs.steps_of(*l.slides[0].scenario);
  EXPECT_FALSE(has_kind(steps[0], "digit-histogram"));
  EXPECT_TRUE(has_kind({"radix.digit-histogram"}, "digit-histogram"));
  EXPECT_FALSE(has_kind({"radix.digit-histogram"}, "histogram"));
}

// The colour check can fail too: a merge sort has no digits, a radix sort's steps have them.
TEST(LessonShows, AColourModeTheStepHasNoClassesForIsCaught) {
  const Lesson l = parse_lesson(R"({"lesson": "x", "slides": [
    {"title": "a", "scenario": {"algorithm": "merge", "input": {"n": 256}}, "step": 1, "color_by": "digit"},
    {"title": "b", "scenario": {"algorithm": "radix", "input": {"n": 256}}, "step": 1, "color_by": "digit"}]})",
                                ".");
  Explained runs;
  EXPECT_FALSE(key_coloring(runs.timeline_of(*l.slides[0].scenario), 1, ColorBy::Digit).rule.has_value());
  EXPECT_TRUE(key_coloring(runs.timeline_of(*l.slides[1].scenario), 1, ColorBy::Digit).rule.has_value());
}

}  // namespace
}  // namespace sortscope
