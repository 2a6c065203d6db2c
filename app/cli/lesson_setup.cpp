#include "lesson_setup.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/asset_folders.h"
#include "core/record_scenario.h"
#include "option_checks.h"
#include "race_frame_renderer.h"
#include "registry.h"
#include "scenario_options.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {

int resolve_step(int step, size_t steps) {
  const int last = int(steps) - 1;
  return step == kLastStep ? last : std::min(step, last);
}

// The slide's title, then its caption: the frame's headline and detail (the first sentence heads).
std::string slide_caption(const LessonSlide& sl) {
  return sl.caption.empty() ? sl.title : sl.title + ". " + sl.caption;
}

}  // namespace

LessonRun run_lesson_for(const std::string& command, const std::string& name, bool cpu) {
  LessonRun run;
  run.name = name;
  try {
    run.lesson = read_lesson(name, this_executable());
  } catch (const LessonError& e) {
    throw std::runtime_error(e.what());
  }
  fmt::print("sortscope {}: lesson {} - {} ({} slides)\n", command, name, run.lesson.title, run.lesson.slides.size());
  RunnerOptions ro;
  ro.force_cpu = cpu;
  Runner runner(ro);
  for (size_t i = 0; i < run.lesson.slides.size(); ++i) {
    const LessonSlide& sl = run.lesson.slides[i];
    LessonSlideRun r;
    std::string what;
    if (!sl.race.empty()) {
      auto setup = std::make_shared<RaceSetup>(run_race_lanes(runner, sl.race, sl.clock, std::nullopt));
      const double end = setup->clock.end();
      r.at = sl.at >= 0 ? sl.at * end : sl.step == kLastStep ? end : std::min(double(sl.step), end);
      run.verified = run.verified && setup->run.verified();
      what = fmt::format("race of {} lanes, {} {}", sl.race.size(), race_clock_name(sl.clock), r.at);
      r.race = std::move(setup);
    } else if (!sl.trace.empty()) {
      Trace t = read_trace(sl.trace);
      r.explain = t.explain;
      r.step = resolve_step(sl.step, r.explain->timeline.steps.size());
      what = fmt::format("trace {}, step {}", sl.trace, r.step);
    } else {
      // A record sort explains on its CPU model (core/record_scenario.h), as the app runs it.
      const Scenario s = sl.scenario->records ? *sl.scenario : runner.prepare(*sl.scenario, std::nullopt, true);
      r.explain = std::make_shared<const ExplainResult>(
          s.records ? explain_record_scenario(s, RunnerOptions{}.capture_budget_bytes) : runner.explain(s));
      r.step = resolve_step(sl.step, r.explain->timeline.steps.size());
      what = fmt::format("{}, {}, step {} of {}", describe_algorithm_params(r.explain->scenario),
                         describe_input(s.input), r.step, r.explain->timeline.steps.size() - 1);
    }
    if (r.explain) run.verified = run.verified && r.explain->verdict.ok();
    fmt::print("  slide {:>2}    {}: {}\n", i + 1, sl.title, what);
    run.slides.push_back(std::move(r));
  }
  return run;
}

std::vector<uint8_t> render_lesson_slide(const LessonRun& run, size_t i, int width, int height, FrameStyle style,
                                         std::optional<ColorBy> color_by_given) {
  const LessonSlide& sl = run.lesson.slides.at(i);
  const LessonSlideRun& r = run.slides.at(i);
  style.caption = slide_caption(sl);
  style.array.color_by = slide_color_by(sl, color_by_given, style.array.color_by);
  if (r.race) {
    RaceFrameRenderer renderer(race_sources(*r.race), style);
    RaceFrame frame = race_frame_at(*r.race, r.at);
    frame.title = sl.title;  // the race's header carries one line: the slide's title
    return renderer.render_rgba(frame, width, height);
  }
  const Timeline& tl = r.explain->timeline;
  const Algorithm& algo = r.explain->catalog ? *r.explain->catalog : *find_algorithm(tl.algorithm);
  FrameRenderer renderer(tl, algo, style);
  return renderer.render_rgba(r.step, width, height);
}

CLI::Option* add_lesson_option(CLI::App& cmd, std::string& name) {
  return add_option_saying_what_runs(cmd, "--lesson", name,
                                     "A lesson: the name of a shipped one (sortscope list shows them) or FILE.json; "
                                     "every slide at its step, headed by its title and caption");
}

std::string slide_file_name(size_t i) { return fmt::format("slide_{:02d}.png", i + 1); }

}  // namespace sortscope
