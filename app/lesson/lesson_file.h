#pragma once
// Lessons: a JSON file of slides a lecturer steps through with Page Down / Page Up
// (`sortscope gui --lesson FILE`, docs/lessons.md). A slide shows a scenario run live (or a trace,
// app/trace/trace_file.h), or a race of 2 to 4 algorithms on one input (core/race_lanes.h, as
// `gui --race` shows it), at one step, with a caption, optional highlighted stretches of the array
// and an optional "predict, then run" question whose answer appears once the slide has been run.
//
// The parser is strict and bounded: at most 1 MiB of JSON, 200 slides, 64 highlights a slide,
// 4096 bytes a text, 2^20 keys on a race slide; an unknown field, a field of the wrong kind, a
// colour mode that is not one, or a scenario the registry refuses ends in one line naming the slide
// and the field.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "color_by.h"
#include "common/scenario.h"
#include "core/race_clock.h"

namespace sortscope {

struct LessonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Keys [first, last] of the array, outlined over the view with a label.
struct LessonHighlight {
  uint64_t first = 0, last = 0;
  std::string label;
};

struct LessonSlide {
  std::string title;
  std::optional<Scenario> scenario;  // run live; or
  std::string trace;                 // a trace file (absolute, or relative to the lesson file); or
  std::vector<Scenario> race;        // a race: one scenario per lane (2..4), all on the same input
  RaceClockKind clock = RaceClockKind::Step;  // a race's clock
  int step = 0;                      // the step shown (a race: the moment of its clock); kLastStep for the end
  double at = -1;                    // a race: the fraction 0..1 of its clock shown instead of `step`; -1: none
  std::string caption;
  std::vector<LessonHighlight> highlights;
  std::string question, answer;      // "predict, then run": the answer shows once the slide has run
  // The snapshot kinds the slide's step has, by their stable names ("sample.splitters") or the part
  // after the dot ("splitters", "search-tree"): what the slide promises to show. Checked against
  // every shipped lesson and preset by test_lesson_shows (docs/lessons.md). At most 16.
  std::vector<std::string> shows;
  bool repeats = false;              // shows the same step as an earlier slide, on purpose
  // What the array's colours say while the slide is shown ("color_by": "digit"; visual/color_by.h):
  // the keys' digit in the current radix pass, their bucket, their run. Unset: the mode chosen
  // outside the lesson (the app's, --color-by's; key by default). Not on race slides (their lanes
  // colour by key).
  std::optional<ColorBy> color_by;
};

// The colour mode a slide is shown in: `given` (--color-by on the command line: what the user set
// wins), else the slide's own, else `otherwise` (the mode chosen outside the lesson). The app,
// render --lesson and record --lesson, and the presets, all ask this.
ColorBy slide_color_by(const LessonSlide& slide, std::optional<ColorBy> given, ColorBy otherwise);

constexpr size_t kMaxShows = 16;

struct Lesson {
  std::string title;
  std::vector<LessonSlide> slides;
};

constexpr int kLastStep = -1;
constexpr size_t kMaxLessonBytes = size_t(1) << 20;
// A race slide's input: at most 2^20 keys. Its lanes all run in explain mode when the slide is first
// shown (off the UI thread, with a progress text; on a laptop that is the CPU model, a few seconds
// for 2^20 keys), and every lane keeps its whole timeline.
constexpr int kMaxRaceSlideLog2 = 20;
constexpr uint64_t kMaxRaceSlideN = uint64_t(1) << kMaxRaceSlideLog2;

// Parses a lesson's text; `dir` is the lesson file's folder (trace paths are resolved against it).
// Throws LessonError with one line.
Lesson parse_lesson(const std::string& text, const std::string& dir);
// One slide: a JSON object with the fields docs/lessons.md lists; `where` starts its error lines
// ("lesson: slide 3"). Presets (preset_file.h) are one slide each. Throws LessonError with one line.
LessonSlide parse_lesson_slide(const nlohmann::json& j, const std::string& where, const std::string& dir);
// Reads FILE, or when no such file exists, the shipped lesson of that name
// (`bitonic-networks` or `bitonic-networks.json`) from asset_folders("lessons") (core/asset_folders.h:
// $SORTSCOPE_LESSONS, <exe dir>/../assets/lessons, the install's share/sortscope/lessons). Throws one line.
// An unknown name lists the shipped lessons.
Lesson read_lesson(const std::string& name_or_path, const std::string& exe_path);

// The shipped lessons by name (asset_names("lessons")), each read: `lesson` or, for a file that
// cannot be read, `error` (one line), so `sortscope list` shows what is wrong rather than hides it.
struct LessonEntry {
  std::string name;
  std::optional<Lesson> lesson;
  std::string error;
};
std::vector<LessonEntry> shipped_lessons(const std::string& exe_path);

}  // namespace sortscope
