#pragma once
// What `render --lesson` and `record --lesson` share: every slide of a lesson (lesson/lesson_file.h)
// run as the app runs it (a scenario explained, a trace read, a race's lanes run; each verified),
// and the slide's picture at its step, headed by the slide's title and caption instead of the
// step's: the lesson as a lecturer would page through it, one picture a slide.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/runner.h"
#include "frame_renderer.h"
#include "lesson/lesson_file.h"
#include "race_setup.h"

namespace sortscope {

struct LessonSlideRun {
  std::shared_ptr<const ExplainResult> explain;  // a scenario or trace slide
  int step = 0;                                  // its step, kLastStep resolved
  std::shared_ptr<const RaceSetup> race;         // a race slide
  double at = 0;                                 // the moment of its clock shown
};

struct LessonRun {
  std::string name;  // as given
  Lesson lesson;
  std::vector<LessonSlideRun> slides;  // one per lesson slide
  bool verified = true;                // every run's output sorted and a permutation
};

// Reads the lesson (a shipped name or FILE; an unknown name lists the shipped ones), runs every
// slide and prints one line a slide under "sortscope <command>: lesson NAME - TITLE". `cpu`: the
// CPU models even where a GPU exists. Throws std::runtime_error with one line.
LessonRun run_lesson_for(const std::string& command, const std::string& name, bool cpu);

// The picture of slide `i` (RGBA rows top-down), in the slide's colour mode unless `color_by_given`
// (--color-by) says otherwise (slide_color_by; a slide without one: style.array.color_by). Needs a
// current GL context.
std::vector<uint8_t> render_lesson_slide(const LessonRun& run, size_t i, int width, int height, FrameStyle style,
                                         std::optional<ColorBy> color_by_given);

// Adds --lesson NAME|FILE to `cmd`. Call after every option that says what runs: it excludes them
// all but --cpu (the lesson says what runs), as --preset does.
CLI::Option* add_lesson_option(CLI::App& cmd, std::string& name);

// "slide_03.png": the file of slide i (0-based) in a folder of a lesson's pictures.
std::string slide_file_name(size_t i);

}  // namespace sortscope
