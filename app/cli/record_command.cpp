// sortscope record: explain mode on one scenario, then the timeline as MP4, GIF or PNG frames,
// rendered offscreen (EGL) at a fixed frame rate and encoded by ffmpeg (video_exporter.h). The app's
// export dialog does the same from the window.
#include <unistd.h>

#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/preset_option.h"
#include "cli/command.h"
#include "cli/option_checks.h"
#include "cli/color_by_option.h"
#include "cli/palette_option.h"
#include "core/asset_folders.h"
#include "core/output_paths.h"
#include "palette/palette_file.h"
#include "cli/race_options.h"
#include "cli/race_setup.h"
#include "cli/record_options.h"
#include "cli/scenario_options.h"
#include "cli/text_scale_option.h"
#include "export/lesson_frames.h"
#include "export/race_frames.h"
#include "core/interrupt.h"
#include "parse/size_parse.h"
#include "parse/step_range.h"
#include "core/runner.h"
#include "gl/headless_context.h"
#include "registry.h"
#include "trace/trace_file.h"
#include "export/video_exporter.h"
#include "lab_option.h"

namespace sortscope {

namespace {

struct RecordCommandArgs {
  ScenarioArgs scenario;
  RaceArgs race;
  RecordArgs records;  // --fields, --layout, --strategy, --rearrange (cli/record_options.h)
  std::string trace;
  std::string lab;  // --lab EXERCISE:FILE: replayed as the trace the kernel lab writes
  std::string out;
  std::string size = "1280x720";
  int fps = 30;
  double steps_per_second = 3;
  std::string steps = "all";
  double hold = 1.0;
  std::string palette;
  std::string preset;  // --preset: fills scenario and race (cli/preset_option.h)
  std::string lesson;  // --lesson: every slide of a lesson, a picture each (cli/lesson_setup.h)
  bool steps_per_second_given = false;
  std::string text_scale = "auto";  // --text-scale (cli/text_scale_option.h)
  std::optional<ColorBy> color_by;  // --color-by (cli/color_by_option.h): given, it wins over a lesson's or preset's
};

// Runs the scenario in explain mode and prints what ran.
std::shared_ptr<const ExplainResult> run_live(const RecordCommandArgs& args) {
  Scenario s = build_scenario(args.scenario);
  const Algorithm& algo = *find_algorithm(s.algorithm);
  std::optional<HostKeys> user = load_input_file(args.scenario);
  RunnerOptions ro;
  ro.force_cpu = args.scenario.cpu;
  Runner runner(ro);
  s = runner.prepare(s, std::move(user), /*for_explain=*/true);
  auto result = std::make_shared<const ExplainResult>(runner.explain(s));
  fmt::print("sortscope record: {} ({})\n", algo.title(), algo.citation());
  fmt::print("  algorithm   {}\n", describe_algorithm_params(s));
  fmt::print("  input       {}\n", describe_input(s.input));
  fmt::print("  device      {}\n", result->backend == Backend::Gpu ? "GPU: " + runner.device().summary()
                                                                    : "CPU model: " + runner.device().name);
  fmt::print("  verdict     {}\n", result->verdict.summary());
  fmt::print("  timeline    {} steps\n", result->timeline.steps.size());
  return result;
}

// The export itself, from any source of pictures; prints what it wrote, throws one line on failure.
void export_video(std::unique_ptr<FrameSource> source, const VideoExportOptions& o) {
  VideoExporter exporter(std::move(source), o);
  fmt::print("  export      {} -> {}, {} {}\n", export_kind_name(export_kind_for(o.out)), exporter.output().string(),
             exporter.frame_count(), exporter.kind() == ExportKind::PngFrames ? "PNG files" : "frames");
  std::fflush(stdout);
  const bool tty = isatty(fileno(stderr));
  std::string message = exporter.run([&](float p) {
    if (tty) std::fprintf(stderr, "\r  progress    %3d%%", int(p * 100));
  });
  if (tty) std::fprintf(stderr, "\n");
  throw_if_interrupted();
  if (exporter.failed()) throw std::runtime_error(message);
  fmt::print("  result      {}\n", message);
}

void record(const RecordCommandArgs& args) {
  install_interrupt_handlers();
  use_palette(args.palette, this_executable());  // a bad palette is one line before any run
  // A bad scenario is refused before anything else.
  if (args.race.requested()) {
    check_race_options(args.race, args.scenario, args.trace);
  } else if (args.trace.empty()) {
    build_scenario(args.scenario);
  }
  // Records: the record options, or an --input .npy that holds records, as `render` takes them.
  const std::optional<RecordChoices> choices =
      drawn_record_choices(args.scenario, args.records, args.race.requested(), !args.trace.empty());
  const FrameSize size = parse_frame_size(args.size);
  if (!size.ok()) throw std::runtime_error("--size: " + size.error);
  // The option checks (register_record_command) bound --fps, --steps-per-second and --hold; the
  // length of the video is checked against the timeline by the exporter.
  const ExportKind kind = export_kind_for(args.out);  // a bad extension fails before the run
  if (auto e = kind == ExportKind::PngFrames ? check_output_dir(args.out) : check_output_file(args.out); !e.empty())
    throw std::runtime_error("--out: " + e);
  require_distinct_paths({{"--out", args.out}}, {{"--input", args.scenario.input}, {"--trace", args.trace}});
  const StepSelection sel = parse_step_selection(args.steps);
  VideoExportOptions o;
  o.out = args.out;
  o.width = size.width;
  o.height = size.height;
  o.fps = args.fps;
  o.steps_per_second = args.steps_per_second;
  o.hold_last_seconds = args.hold;
  o.style.text_scale = export_text_scale(args.text_scale, size.width);
  o.style.array.color_by = args.color_by.value_or(ColorBy::Key);

  if (!args.lesson.empty()) {
    // A slide a picture: 4 seconds each unless --steps-per-second says otherwise.
    if (args.steps != "all") throw std::runtime_error("--steps: a lesson's slides say their steps");
    auto run = std::make_shared<const LessonRun>(run_lesson_for("record", args.lesson, args.scenario.cpu));
    std::fflush(stdout);
    auto context = gl::HeadlessContext::create();
    fmt::print("  renderer    {}\n", context->describe());
    if (!args.steps_per_second_given) o.steps_per_second = kLessonSlidesPerSecond;
    o.first_step = 0;
    o.last_step = int(run->slides.size()) - 1;
    export_video(std::make_unique<LessonFrames>(run, o.style, args.color_by), o);
    if (!run->verified) throw ExitStatus{2};
    return;
  }
  if (args.race.requested()) {
    // The race's moments (race_moments) are the pictures; --steps and --steps-per-second count them.
    auto setup = std::make_shared<const RaceSetup>(run_race_for("record", args.scenario, args.race, args.trace));
    std::fflush(stdout);
    const StepSpan span = resolve_steps(sel, int64_t(race_moments(setup->clock).size()));
    auto context = gl::HeadlessContext::create();
    fmt::print("  renderer    {}\n", context->describe());
    o.first_step = int(span.first);
    o.last_step = int(span.last);
    export_video(std::make_unique<RaceFrames>(setup, o.style), o);
    if (!setup->run.verified()) throw ExitStatus{2};
    return;
  }

  FrameStyle style = o.style;
  std::shared_ptr<const ExplainResult> result;
  if (!args.trace.empty()) {
    Trace t = read_trace_for("record", args.trace);
    style.source = t.info.label();
    result = t.explain;
  } else if (choices) {
    // The records' explain run (the CPU model's, on every build), drawn with its catalog.
    RecordSetup setup = setup_records(args.scenario, args.records, *choices, build_scenario(args.scenario));
    auto r = std::make_shared<const ExplainResult>(explain_records(setup));
    print_records_explain("record", setup, *r);
    result = std::move(r);
  } else {
    result = run_live(args);
  }
  const Timeline& tl = result->timeline;
  // A record sort's trace draws with the records' catalog (its title, pseudo-code and steps).
  const Algorithm& algo = result->catalog ? *result->catalog : *find_algorithm(tl.algorithm);
  std::fflush(stdout);

  const StepSpan span = resolve_steps(sel, int64_t(tl.steps.size()));
  auto context = gl::HeadlessContext::create();
  fmt::print("  renderer    {}\n", context->describe());
  o.first_step = int(span.first);
  o.last_step = int(span.last);
  o.style = style;
  export_video(std::make_unique<TimelineFrames>(std::shared_ptr<const Timeline>(result, &result->timeline), algo, style), o);
  if (!result->verdict.ok()) throw ExitStatus{2};
}

}  // namespace

void register_record_command(CLI::App& app) {
  auto args = std::make_shared<RecordCommandArgs>();
  args->scenario.default_n = "1024";
  args->scenario.explains = true;  // lecture sizes take teaching values (teaching_params.h)
  CLI::App* cmd = app.add_subcommand(
      "record", "Record one scenario in explain mode (or race 2-4 algorithms) and export its steps as MP4, GIF or "
                "PNG frames (ffmpeg)");
  add_scenario_options(*cmd, args->scenario);
  add_trace_option(*cmd, args->trace);
  add_lab_option(*cmd, args->lab)->excludes("--trace");
  add_race_options(*cmd, args->race);
  add_record_options(*cmd, args->records);
  add_preset_option(*cmd, args->preset);
  add_lesson_option(*cmd, args->lesson);
  cmd->add_option("--out", args->out,
                  "lecture.mp4, lecture.gif, or a folder (frames/) for one PNG per step; without ffmpeg a video "
                  "becomes PNG frames beside it")
      ->check(non_empty())
      ->required();
  cmd->add_option("--fps", args->fps, "Frames per second of the video")
      ->check(CLI::Range(kMinFps, kMaxFps))
      ->capture_default_str();
  cmd->add_option("--size", args->size, "Frame size WxH")->capture_default_str();
  add_text_scale_option(*cmd, args->text_scale);
  CLI::Option* sps = cmd->add_option("--steps-per-second", args->steps_per_second,
                                     "Timeline steps shown per second (--lesson: slides per second, default 0.25)")
      ->check(finite_in(kMinStepsPerSecond, kMaxStepsPerSecond))
      ->capture_default_str();
  cmd->add_option("--steps", args->steps,
                  "Steps to export: all, A:B (both included), A:, :B. With --race: the race's moments (a step of "
                  "every lane each by step; evenly spaced in time by time)")
      ->capture_default_str();
  cmd->add_option("--hold", args->hold, "Seconds the last step stays on screen (videos)")
      ->check(finite_in(0, kMaxHoldSeconds))
      ->capture_default_str();
  add_palette_option(*cmd, args->palette);
  add_color_by_option(*cmd, args->color_by);
  cmd->callback([args, sps] {
    RecordCommandArgs a = *args;
    a.steps_per_second_given = sps->count() > 0;
    if (!a.lab.empty()) a.trace = run_lab_option("record", a.lab, &a.scenario, "", lab_races(a.race));
    if (const auto preset = apply_preset_option("record", a.preset, a.scenario, a.race))
      a.color_by = slide_color_by(preset->slide, a.color_by, ColorBy::Key);
    record(a);
  });
}

}  // namespace sortscope
