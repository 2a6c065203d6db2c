// sortscope render: explain mode on one scenario, then PNG frames of its steps drawn by the
// FrameRenderer in a headless GL context (EGL: NVIDIA's device platform, or Mesa without a GPU).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/asset_folders.h"
#include "palette/palette_file.h"
#include "palette_option.h"
#include "color_by_option.h"
#include "command.h"
#include "common/count_words.h"
#include "common/output_file.h"
#include "core/interrupt.h"
#include "core/output_paths.h"
#include "core/runner.h"
#include "frame_renderer.h"
#include "gl/headless_context.h"
#include "gl/png_writer.h"
#include "registry.h"
#include "option_checks.h"
#include "race_frame_renderer.h"
#include "race_options.h"
#include "preset_option.h"
#include "race_setup.h"
#include "lesson_setup.h"
#include "text_scale_option.h"
#include "bench/record_measure.h"
#include "record_options.h"
#include "records/record_explain.h"
#include "core/device_info.h"
#include "scenario_options.h"
#include "trace/trace_file.h"
#include "lab_option.h"
#include "parse/size_parse.h"
#include "parse/step_range.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

struct RenderArgs {
  ScenarioArgs scenario;
  RaceArgs race;
  RecordArgs records;
  std::string trace;
  std::string lab;  // --lab EXERCISE:FILE: replayed as the trace the kernel lab writes
  std::string steps;
  std::string out;
  std::string size = "1280x720";
  std::string palette;
  std::string preset;  // --preset: fills scenario and race (preset_option.h)
  std::string lesson;  // --lesson: every slide of a lesson, one PNG each (lesson_setup.h)
  std::string text_scale = "auto";  // --text-scale (text_scale_option.h)
  std::optional<ColorBy> color_by;  // --color-by (color_by_option.h): given, it wins over a lesson's or preset's
};

// The frames' style for this frame size (--text-scale).
FrameStyle export_style(const RenderArgs& args, const FrameSize& size) {
  FrameStyle style;
  style.text_scale = export_text_scale(args.text_scale, size.width);
  style.array.color_by = args.color_by.value_or(ColorBy::Key);
  return style;
}

bool ends_with_png(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".png";
}

std::string frame_name(int64_t step) { return fmt::format("frame_{:05d}.png", step); }

// Runs the scenario in explain mode and prints what ran.
std::shared_ptr<const ExplainResult> run_live(const RenderArgs& args) {
  Scenario s = build_scenario(args.scenario);
  const Algorithm& algo = *find_algorithm(s.algorithm);
  std::optional<HostKeys> user = load_input_file(args.scenario);
  RunnerOptions ro;
  ro.force_cpu = args.scenario.cpu;
  Runner runner(ro);
  s = runner.prepare(s, std::move(user), /*for_explain=*/true);
  auto r = std::make_shared<const ExplainResult>(runner.explain(s));
  const Timeline& tl = r->timeline;

  fmt::print("sortscope render: {}\n", algo.title());
  fmt::print("  algorithm   {}\n", describe_algorithm_params(s));
  if (!args.scenario.input.empty())
    fmt::print("  input       {}: n = {}, {} keys{}\n", args.scenario.input, s.input.n,
               key_type_name(s.input.key), s.input.with_values ? " + u32 values" : "");
  else
    fmt::print("  input       {}\n", describe_input(s.input));
  if (r->backend == Backend::Gpu)
    fmt::print("  device      GPU: {}\n", runner.device().summary());
  else
    fmt::print("  device      CPU model: {}\n",
               runner.device().gpu ? (args.scenario.cpu ? std::string("--cpu given")
                                                        : algo.id() + " has no GPU kernels")
                                   : runner.device().no_gpu_reason);
  fmt::print("  verdict     {}\n", r->verdict.summary());
  const int summarised = tl.store ? tl.store->summarised_count() : 0;
  fmt::print("  timeline    {} steps, recorded from the {} in {:.3f} ms (capture included); {}\n",
             tl.steps.size(), tl.on_gpu ? "GPU kernels" : "CPU model", r->run_ms,
             summarised ? fmt::format("{} snapshots kept as density summaries (capture budget {})", summarised,
                                      format_bytes(double(tl.store->budget_bytes())))
                        : std::string("every snapshot kept in full"));
  return r;
}

// A headless GL context, or exit status 3 with one line where this machine cannot draw at all.
std::unique_ptr<gl::HeadlessContext> render_context() {
  try {
    auto context = gl::HeadlessContext::create();
    fmt::print("  renderer    {}\n", context->describe());
    return context;
  } catch (const gl::NoDisplayError& e) {
    // No EGL display at all (no libEGL or driver): a machine that cannot draw, said apart from
    // errors in the run itself (exit status 3) so scripts and tests can tell.
    std::fflush(stdout);
    std::fprintf(stderr, "sortscope: error: cannot render here: %s\n", e.what());
    throw ExitStatus{3};
  }
}

// --race: the lanes run on the same input, then a frame per tick of the race's clock (race_clock.h:
// every step by step; every moment a lane completes a step by time); --steps picks among the ticks.
void render_race(const RenderArgs& args, const StepSelection& sel, const FrameSize& size, bool to_file) {
  const RaceSetup setup = run_race_for("render", args.scenario, args.race, args.trace);
  std::fflush(stdout);
  const std::vector<double> ticks = setup.clock.ticks();
  const StepSpan span = resolve_steps(sel, int64_t(ticks.size()));
  auto context = render_context();
  RaceFrameRenderer renderer(race_sources(setup), export_style(args, size));
  auto frame = [&](int64_t i) { return renderer.render_rgba(race_frame_at(setup, ticks[size_t(i)]), size.width, size.height); };
  throw_if_interrupted();
  if (to_file) {
    write_png(args.out, size.width, size.height, frame(span.first));
    fmt::print("  frame       tick {} of 0..{}, {}x{} -> {}\n", span.first, ticks.size() - 1, size.width, size.height,
               args.out);
  } else {
    OutputFolder folder(args.out);  // all frames or none (see render())
    for (int64_t i = span.first; i <= span.last; ++i) {
      throw_if_interrupted();
      write_png(folder.staged(frame_name(i)), size.width, size.height, frame(i));
    }
    folder.commit();
    fmt::print("  frames      {} of {}x{}, ticks {}..{} of the {} clock -> {}/{}{}\n", counted(span.count(), "frame"),
               size.width, size.height, span.first, span.last,
               race_clock_name(setup.clock.kind()), fs::path(args.out).string(), frame_name(span.first),
               span.count() > 1 ? " ... " + frame_name(span.last) : std::string());
  }
  if (!setup.run.verified()) throw ExitStatus{2};
}

// The frames of steps span.first..span.last: one file, or a folder written whole or not at all.
void write_frames(const RenderArgs& args, FrameRenderer& renderer, const StepSpan& span, const FrameSize& size,
                  bool to_file, size_t steps) {
  throw_if_interrupted();
  if (to_file) {
    write_png(args.out, size.width, size.height, renderer.render_rgba(int(span.first), size.width, size.height));
    fmt::print("  frame       step {} of 0..{}, {}x{} -> {}\n", span.first, steps - 1, size.width,
               size.height, args.out);
  } else {
    // All frames or none: an error or an interrupt unwinds through OutputFolder, which removes
    // its staging folder (and the folder itself when it made it).
    OutputFolder folder(args.out);
    for (int64_t i = span.first; i <= span.last; ++i) {
      throw_if_interrupted();
      write_png(folder.staged(frame_name(i)), size.width, size.height,
                renderer.render_rgba(int(i), size.width, size.height));
    }
    folder.commit();
    fmt::print("  frames      {} of {}x{}, steps {}..{} -> {}/{}{}\n", counted(span.count(), "frame"), size.width,
               size.height, span.first, span.last,
               fs::path(args.out).string(), frame_name(span.first),
               span.count() > 1 ? " ... " + frame_name(span.last) : std::string());
  }
}

// --fields (--layout, --strategy, --rearrange) or a records --input: the records' explain timeline (records/
// record_explain.h), always the CPU model's, drawn with the records' catalog and views. The same run as
// `trace` and `record` make (explain_records: the scenario validated, so lecture sizes take the sort's
// teaching values there as here).
void render_records(const RenderArgs& args, const RecordChoices& choices, Scenario s, const StepSelection& sel,
                    const FrameSize& size, bool to_file) {
  RecordSetup setup = setup_records(args.scenario, args.records, choices, std::move(s));
  const ExplainResult r = explain_records(setup);
  print_records_explain("render", setup, r);
  const Timeline& tl = r.timeline;
  const int summarised = tl.store ? tl.store->summarised_count() : 0;
  fmt::print("  capture     recorded in {:.3f} ms (capture included); {}\n", r.run_ms,
             summarised ? fmt::format("{} snapshots kept as density summaries", summarised)
                        : std::string("every snapshot kept in full"));
  std::fflush(stdout);
  const StepSpan span = resolve_steps(sel, int64_t(tl.steps.size()));
  auto context = render_context();
  FrameRenderer renderer(tl, *r.catalog, export_style(args, size));
  write_frames(args, renderer, span, size, to_file, tl.steps.size());
  if (!r.verdict.ok()) throw ExitStatus{2};
}

// --lesson: one PNG a slide (slide_01.png, ...), each at the slide's step under its title and
// caption; the folder is written whole or not at all.
void render_lesson(const RenderArgs& args, const FrameSize& size) {
  if (ends_with_png(args.out))
    throw std::runtime_error(fmt::format("--out {}: a lesson writes one PNG a slide; give a folder", args.out));
  if (!args.steps.empty()) throw std::runtime_error("--steps: a lesson's slides say their steps");
  if (auto e = check_output_dir(args.out); !e.empty()) throw std::runtime_error("--out: " + e);
  const LessonRun run = run_lesson_for("render", args.lesson, args.scenario.cpu);
  std::fflush(stdout);
  auto context = render_context();
  OutputFolder folder(args.out);
  for (size_t i = 0; i < run.slides.size(); ++i) {
    throw_if_interrupted();
    write_png(folder.staged(slide_file_name(i)), size.width, size.height,
              render_lesson_slide(run, i, size.width, size.height, export_style(args, size), args.color_by));
  }
  folder.commit();
  fmt::print("  frames      {} of {}x{} -> {}/{}{}\n", counted(run.slides.size(), "slide"), size.width, size.height,
             fs::path(args.out).string(), slide_file_name(0),
             run.slides.size() > 1 ? " ... " + slide_file_name(run.slides.size() - 1) : std::string());
  if (!run.verified) throw ExitStatus{2};
}

void render(const RenderArgs& args) {
  install_interrupt_handlers();
  use_palette(args.palette, this_executable());  // a bad palette is one line before any run
  const FrameSize size = parse_frame_size(args.size);
  if (!size.ok()) throw std::runtime_error("--size: " + size.error);
  if (args.out.empty()) throw std::runtime_error("--out: say where the frames go (a folder, or file.png for one frame)");
  if (!args.lesson.empty()) return render_lesson(args, size);
  const bool to_file = ends_with_png(args.out);
  StepSelection sel = parse_step_selection(args.steps.empty() ? (to_file ? "last" : "all") : args.steps);
  if (to_file && !sel.single())
    throw std::runtime_error(fmt::format("--out {} holds one frame: pick its step with --steps K (or last), "
                                         "or give a folder for several", args.out));
  // Records: the record options, or an --input .npy that holds records (read_records_npy's schema).
  const std::optional<RecordChoices> choices =
      drawn_record_choices(args.scenario, args.records, args.race.requested(), !args.trace.empty());
  // A bad scenario is refused before the paths.
  if (args.race.requested()) {
    check_race_options(args.race, args.scenario, args.trace);
  } else if (args.trace.empty()) {
    build_scenario(args.scenario);
  }
  // Checked before the run, so a bad path costs nothing and leaves nothing.
  if (auto e = to_file ? check_output_file(args.out) : check_output_dir(args.out); !e.empty())
    throw std::runtime_error("--out: " + e);
  require_distinct_paths({{"--out", args.out}}, {{"--input", args.scenario.input}, {"--trace", args.trace}});
  if (args.race.requested()) return render_race(args, sel, size, to_file);
  if (choices) return render_records(args, *choices, build_scenario(args.scenario), sel, size, to_file);

  FrameStyle style = export_style(args, size);
  std::shared_ptr<const ExplainResult> r;
  if (!args.trace.empty()) {
    Trace t = read_trace_for("render", args.trace);
    style.source = t.info.label();
    r = t.explain;
  } else {
    r = run_live(args);
  }
  const Timeline& tl = r->timeline;
  // A record sort's trace draws with the records' catalog (its title, pseudo-code and steps).
  const Algorithm& algo = r->catalog ? *r->catalog : *find_algorithm(tl.algorithm);
  std::fflush(stdout);

  const StepSpan span = resolve_steps(sel, int64_t(tl.steps.size()));
  auto context = render_context();
  FrameRenderer renderer(tl, algo, style);

  write_frames(args, renderer, span, size, to_file, tl.steps.size());
  if (!r->verdict.ok()) throw ExitStatus{2};
}

}  // namespace

void register_render_command(CLI::App& app) {
  auto args = std::make_shared<RenderArgs>();
  args->scenario.default_n = "1024";
  args->scenario.explains = true;  // lecture sizes take teaching values (teaching_params.h)
  CLI::App* cmd = app.add_subcommand("render", "Record one scenario in explain mode (or replay a trace, or race 2-4 "
                                               "algorithms) and write PNG frames of its steps");
  add_scenario_options(*cmd, args->scenario);
  add_trace_option(*cmd, args->trace);
  add_lab_option(*cmd, args->lab)->excludes("--trace");
  add_race_options(*cmd, args->race);
  add_record_options(*cmd, args->records);
  add_preset_option(*cmd, args->preset);
  add_lesson_option(*cmd, args->lesson);
  cmd->add_option("--steps", args->steps,
                  "Steps to draw: all, last, K, A:B (both included), A:, :B. Default: all for a folder, "
                  "last for file.png. With --race: the ticks of the race's clock (every step by step; every "
                  "moment a lane completes a step by time)");
  cmd->add_option("--out", args->out, "A folder (frames DIR/frame_00012.png, step 12) or file.png (one frame)")
      ->check(non_empty())
      ->required();
  cmd->add_option("--size", args->size, "Frame size WxH")->capture_default_str();
  add_text_scale_option(*cmd, args->text_scale);
  add_palette_option(*cmd, args->palette);
  add_color_by_option(*cmd, args->color_by);
  cmd->callback([args] {
    RenderArgs a = *args;
    if (!a.lab.empty()) a.trace = run_lab_option("render", a.lab, &a.scenario, "", lab_races(a.race));
    const auto preset = apply_preset_option("render", a.preset, a.scenario, a.race);
    if (preset) a.color_by = slide_color_by(preset->slide, a.color_by, ColorBy::Key);
    // One frame of a scenario preset: its step unless --steps says otherwise.
    if (preset && preset->slide.scenario && a.steps.empty() && ends_with_png(a.out))
      a.steps = preset->slide.step == kLastStep ? "last" : std::to_string(preset->slide.step);
    render(a);
  });
}

}  // namespace sortscope
