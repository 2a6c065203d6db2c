// sortscope gui: the interactive app (scripts/run starts it). With --headless it draws the same UI
// offscreen through EGL and saves a screenshot: no window, no X server.
#include <algorithm>
#include <filesystem>

#include <CLI/CLI.hpp>

#include "cli/command.h"
#include "cli/color_by_option.h"
#include "cli/option_checks.h"
#include "cli/palette_option.h"
#include "common/output_file.h"
#include "core/asset_folders.h"
#include "core/output_paths.h"
#include "palette/palette_file.h"
#include "cli/race_options.h"
#include "cli/race_setup.h"
#include "cli/scenario_options.h"
#include "core/runner.h"
#include "common/npy_io.h"
#include "records/record_npy.h"
#include "parse/size_parse.h"
#include "ui/gui_main.h"
#include "ui/script.h"
#include "trace/trace_file.h"
#include "lab_option.h"

namespace sortscope {

namespace {

struct GuiArgs {
  ui::GuiOptions options;
  std::string scenario_file;
  std::string input;
  std::string trace;
  std::string lab;  // --lab EXERCISE:FILE: shown as the trace the kernel lab writes
  std::string lesson;
  std::string preset;
  std::string size = "1600x960";
  float projector = 0;
  bool no_settings = false;
  bool no_sweep = false;
  std::optional<ColorBy> color_by;  // --color-by: given, it wins over the settings' and the lesson's choice
  // --race: the racers, the clock and the input they share (--n --dist --key --values --seed
  // --param, with --input and --cpu as for one run).
  RaceArgs race;
  ScenarioArgs race_input;
};
}  // namespace

void register_gui_command(CLI::App& app) {
  auto args = std::make_shared<GuiArgs>();
  CLI::App* cmd = app.add_subcommand("gui", "The interactive app: step through a sort, tweak it, watch throughput, export it");
  cmd->add_flag("--headless", args->options.headless, "Draw the UI offscreen through EGL instead of opening a window");
  cmd->add_option("--screenshot", args->options.screenshot, "Save the whole window as PNG after the frames (and script)");
  cmd->add_option("--frames", args->options.frames,
                  "Frames to run, then exit (headless: after the first results are in; default 3 there)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--scenario", args->scenario_file,
                  "Scenario JSON (the format of scenario files and CSV rows) with an optional \"step\" to show");
  cmd->add_option("--script", args->options.script,
                  "Scripted input: key:NAME frames:N wait scrub:F report[:TAG] (or @FILE); see docs/app.md");
  cmd->add_option("--report", args->options.report, "Where the script's report commands write JSON lines");
  cmd->add_option("--input", args->input,
                  "Sort the keys of this .npy file (every key type; a structured key/value array for pairs; a "
                  "structured array with a field key and others: records)");
  cmd->add_option("--trace", args->trace,
                  "Show this trace file (sortscope trace --out F.sstrace) exactly as recorded; needs no GPU")
      ->excludes("--scenario")
      ->excludes("--input");
  add_lab_option(*cmd, args->lab)->excludes("--trace")->excludes("--scenario")->excludes("--input");
  cmd->add_option("--lesson", args->lesson,
                  "A lesson: FILE.json, or the name of a shipped one (bitonic-networks, radix-digit-by-digit, ...); "
                  "Page Down / Page Up move between its slides")
      ->excludes("--scenario")
      ->excludes("--trace");
  cmd->add_option("--preset", args->preset,
                  "A preset: the name of a shipped one (sortscope list shows them; File > Presets) or FILE.json: "
                  "a scenario at a step or a race at a moment")
      ->excludes("--scenario")
      ->excludes("--trace")
      ->excludes("--lesson")
      ->excludes("--input");
  add_palette_option(*cmd, args->options.palette);
  add_color_by_option(*cmd, args->color_by);
  cmd->add_flag("--cpu", args->options.force_cpu, "Run the CPU model even where a CUDA device exists");
  add_race_options(*cmd, args->race);
  CLI::Option* race = cmd->get_option("--race");
  race->excludes("--scenario")->excludes("--lesson")->excludes("--preset");
  // The scenario as `run` takes it (--algo --n --dist --key --values --seed --param), or with --race
  // the input the racers share.
  ScenarioArgs& ri = args->race_input;
  ri.default_n = "1024";
  ri.explains = true;  // lecture sizes take teaching values (teaching_params.h)
  CLI::Option* algo = cmd->add_option("--algo", ri.algo, "The algorithm to show (sortscope list shows them)")->excludes(race);
  ri.n_opt = cmd->add_option("--n", ri.n, "Number of keys (1000, 1M, 2^20; default 1024); with --race every lane's");
  ri.dist_opt = cmd->add_option("--dist", ri.dist, "Input distribution (docs/inputs.md)");
  ri.key_opt = cmd->add_option("--key", ri.key, "Key type");
  CLI::Option* values = cmd->add_flag("--values", ri.values, "Key-value sorts (u32 values)");
  ri.seed_opt = cmd->add_option("--seed", ri.seed, "Seed of the input generator")->check(whole_number(UINT64_MAX));
  CLI::Option* params = cmd->add_option("--param,-p", ri.params,
                                        "name=value (repeatable); with --race for every racer that has the parameter")
                            ->take_all();
  const std::vector<CLI::Option*> scenario_options = {algo, ri.n_opt, ri.dist_opt, ri.key_opt, values, ri.seed_opt, params};
  for (CLI::Option* o : scenario_options)
    for (const char* other : {"--scenario", "--trace", "--lesson", "--preset"}) o->excludes(other);
  cmd->add_option("--size", args->size, "Headless picture size WxH (windowed: the first window size)")
      ->capture_default_str();
  cmd->add_option("--projector", args->projector, "Start in projector mode with this UI scale (1.5 to 2)")
      ->check(CLI::Range(1.5f, 2.0f));
  cmd->add_flag("--no-settings", args->no_settings, "Neither read nor write the settings file");
  cmd->add_flag("--no-sweep", args->no_sweep, "Do not sweep keys/s against n in the background");
  cmd->add_option("--sweep-max", args->options.sweep_max_log2, "Largest n of the keys/s sweep, as K in 2^K")
      ->check(CLI::Range(4, 40));
  cmd->add_option("--wait", args->options.wait_seconds, "Headless: longest wait for the first results, in seconds")
      ->check(finite_in(0.1, 3600))
      ->capture_default_str();
  cmd->callback([args, scenario_options] {
    ui::GuiOptions o = args->options;
    o.color_by = args->color_by;
    FrameSize size = parse_frame_size(args->size);
    if (!size.ok()) throw std::runtime_error("--size: " + size.error);
    o.width = size.width;
    o.height = size.height;
    // The outputs first: a FIFO, a device, a read-only folder or two outputs on one file are one
    // line before anything runs (common/output_file.h, core/output_paths.h).
    for (const auto& [option, path] : {std::pair<const char*, const std::string&>{"--screenshot", o.screenshot},
                                       {"--report", o.report}})
      if (!path.empty())
        if (const std::string e = check_output_file(path); !e.empty()) throw std::runtime_error(std::string(option) + ": " + e);
    const std::string script_file = !o.script.empty() && o.script[0] == '@' ? o.script.substr(1) : std::string();
    require_distinct_paths({{"--screenshot", o.screenshot}, {"--report", o.report}},
                           {{"--input", args->input}, {"--scenario", args->scenario_file}, {"--trace", args->trace},
                            {"--script", script_file}, {"--lesson", args->lesson}, {"--preset", args->preset}});
    // The script (and its @FILE) is read and checked here, so a bad file or command is one line
    // before any window or EGL context opens; the app reads it again.
    if (!o.script.empty()) (void)ui::InputScript(o.script, "");
    if (!args->scenario_file.empty()) ui::load_scenario_file(args->scenario_file, o);
    const char* keys_from = "the scenario's input_file";
    if (!args->input.empty()) {
      o.input_file = args->input;
      keys_from = "--input";
    }
    if (!o.input_file.empty()) {
      // Read once here, whether --input or a scenario's input_file names it, so a bad file is one
      // line before any window opens; the app reads it again. A structured .npy of records: its
      // header here (records/record_npy.h), its records there.
      try {
        if (!peek_records_npy(o.input_file)) (void)read_keys_file(o.input_file, std::nullopt);
      } catch (const std::exception& e) {
        throw std::runtime_error(std::string(keys_from) + ": " + e.what());
      }
      require_distinct_paths({{"--screenshot", o.screenshot}, {"--report", o.report}}, {{keys_from, o.input_file}});
    }
    if (!args->lab.empty()) args->trace = run_lab_option("gui", args->lab, nullptr, "", lab_races(args->race));
    if (!args->trace.empty() && !args->race.requested()) {
      (void)read_trace(args->trace);  // a bad trace is one line before any window opens
      o.trace_file = args->trace;
    }
    if (!args->lesson.empty()) o.lesson = read_lesson(args->lesson, this_executable());  // one line before any window
    if (!args->preset.empty()) o.preset = read_preset(args->preset, this_executable());  // the same
    // A bad palette is one line before any window opens; the app makes it the active one.
    if (!o.palette.empty()) (void)read_palette(o.palette, this_executable());
    const bool scenario_given = std::any_of(scenario_options.begin(), scenario_options.end(),
                                            [](const CLI::Option* opt) { return opt->count() > 0; });
    if (!args->race.requested() && scenario_given) {
      // A bad scenario is one line before any window opens; unset parameters take their teaching
      // values at lecture sizes as everywhere (validate_scenario).
      Scenario sc = build_scenario(args->race_input);
      if (auto e = validate_scenario(sc); !e.empty()) throw std::runtime_error(e);
      o.scenario = sc;
    }
    if (args->race.requested()) {
      // Every lane runs here, verified, before any window opens; a mistake is one line.
      ScenarioArgs in = args->race_input;
      in.input = args->input;
      in.cpu = o.force_cpu;
      o.race = std::make_shared<const RaceSetup>(run_race_for("gui", in, args->race, args->trace));
      o.input_file.clear();  // the lanes sorted it already
    }
    if (args->projector > 0) o.projector = args->projector;
    // Headless pictures are reproducible: they never depend on a settings file.
    o.use_settings = !args->no_settings && !o.headless;
    o.sweep = !args->no_sweep;
    int rc = ui::run_gui(o);
    if (rc != 0) throw ExitStatus{rc};
  });
}

}  // namespace sortscope
