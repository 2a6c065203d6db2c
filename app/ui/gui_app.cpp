#include "palette_choice.h"
#include "gui_app.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: the GLFW backend fills io.KeysDown with them, and the
                         // headless driver and the scripted tests use the same indices

#include <algorithm>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <backends/imgui_impl_opengl3.h>

#include "clip_log.h"
#include "common/bounded_json.h"
#include "common/npy_io.h"
#include "common/small_file.h"
#include "core/special_values.h"
#include "records/record_npy.h"
#include "records/record_sort.h"
#include "ui/export/export_job.h"
#include "font_files.h"
#include "frame_renderer.h"
#include "ui/panels/panels.h"
#include "parse/size_parse.h"
#include "ui/race/race_mode.h"
#include "registry.h"
#include "ui/sweep/sweep_picture.h"
#include "view_canvas.h"
#include "widgets.h"

namespace sortscope::ui {

namespace {

constexpr float kBaseFontPx = 16.0f;

Scenario default_scenario() {
  Scenario s;
  s.algorithm = "bitonic";
  s.input.n = 256;  // small enough for bars and comparator arcs in a normal window
  s.input.dist = Distribution::Uniform;
  s.input.key = KeyType::U32;
  s.input.seed = 1;
  return s;
}

// A dark theme with one accent colour: panels read as tiles, the view stays the brightest thing.
ImGuiStyle make_style() {
  ImGuiStyle st;
  ImGui::StyleColorsDark(&st);
  st.WindowRounding = 3;
  st.FrameRounding = 3;
  st.GrabRounding = 3;
  st.PopupRounding = 3;
  st.ScrollbarRounding = 3;
  st.TabRounding = 3;
  st.WindowBorderSize = 0;
  st.FrameBorderSize = 0;
  st.WindowPadding = ImVec2(10, 8);
  st.FramePadding = ImVec2(7, 4);
  st.ItemSpacing = ImVec2(8, 6);
  st.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  ImVec4* c = st.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.118f, 0.125f, 0.149f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(0.118f, 0.125f, 0.149f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.10f, 0.105f, 0.125f, 0.98f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.09f, 0.09f, 0.11f, 1.0f);
  c[ImGuiCol_TitleBg] = ImVec4(0.09f, 0.095f, 0.115f, 1.0f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.10f, 0.11f, 0.14f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.18f, 0.215f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.24f, 0.29f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.28f, 0.34f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.22f, 0.27f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.27f, 0.36f, 0.50f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.34f, 0.51f, 0.72f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.24f, 0.33f, 0.46f, 0.8f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.29f, 0.42f, 0.60f, 0.9f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.34f, 0.51f, 0.72f, 1.0f);
  c[ImGuiCol_SliderGrab] = ImVec4(0.34f, 0.61f, 0.84f, 1.0f);
  c[ImGuiCol_SliderGrabActive] = ImVec4(0.50f, 0.72f, 0.95f, 1.0f);
  c[ImGuiCol_CheckMark] = ImVec4(0.50f, 0.75f, 0.98f, 1.0f);
  c[ImGuiCol_Separator] = ImVec4(0.25f, 0.27f, 0.32f, 1.0f);
  c[ImGuiCol_SeparatorHovered] = ImVec4(0.34f, 0.61f, 0.84f, 0.8f);
  c[ImGuiCol_SeparatorActive] = ImVec4(0.34f, 0.61f, 0.84f, 1.0f);
  c[ImGuiCol_Border] = ImVec4(0.26f, 0.28f, 0.33f, 1.0f);
  c[ImGuiCol_PlotHistogram] = ImVec4(0.34f, 0.61f, 0.84f, 1.0f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.04f);
  c[ImGuiCol_Text] = ImVec4(0.91f, 0.92f, 0.94f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.58f, 0.61f, 0.67f, 1.0f);
  return st;
}

}  // namespace

void load_scenario_file(const std::string& path, GuiOptions& options) {
  // Bounded: a scenario is a few hundred bytes; a FIFO or a device never ends.
  constexpr std::uintmax_t kMaxScenarioBytes = 1 << 20;
  std::string text, why;
  try {
    text = read_small_file(path, kMaxScenarioBytes);
  } catch (const SmallFileError& e) {
    throw std::runtime_error("scenario file " + path + ": " + e.what());
  }
  nlohmann::json j = parse_bounded_json(text, &why);
  if (j.is_discarded()) throw std::runtime_error("scenario file " + path + " is " + why);
  if (!j.is_object()) throw std::runtime_error("scenario file " + path + " must hold a JSON object");
  if (j.contains("input_file")) {
    // The user's keys: a path, relative to the scenario file's folder when not absolute.
    if (!j["input_file"].is_string() || j["input_file"].get<std::string>().empty())
      throw std::runtime_error("scenario file " + path + ": \"input_file\" must be the path of a .npy file");
    std::filesystem::path f = j["input_file"].get<std::string>();
    if (f.is_relative()) f = std::filesystem::path(path).parent_path() / f;
    options.input_file = f.string();
    j.erase("input_file");
  }
  if (j.contains("step")) {
    // is_number_unsigned: 1.5 and -1 are refused; the bound keeps 2^31 from wrapping to a negative int.
    if (!j["step"].is_number_unsigned() || j["step"].get<uint64_t>() > uint64_t(INT32_MAX))
      throw std::runtime_error("scenario file " + path + ": \"step\" must be a step number 0.." +
                               std::to_string(INT32_MAX) + " (0 = the input)");
    options.start_step = int(j["step"].get<int64_t>());
    j.erase("step");
  }
  try {
    options.scenario = scenario_from_json(j, algorithm_params);
    // Refused here rather than replaced by the default scenario when the app starts.
    if (auto e = validate_scenario(*options.scenario); !e.empty()) throw std::runtime_error(e);
  } catch (const std::exception& e) {
    throw std::runtime_error("scenario file " + path + ": " + e.what());
  }
}

// ---- AppState helpers ----

const Algorithm* AppState::algorithm() const { return find_algorithm(scenario.algorithm); }
const Algorithm* AppState::timeline_algorithm() const {
  if (explain && explain->catalog) return explain->catalog.get();  // a record sort's steps
  return explain ? find_algorithm(explain->timeline.algorithm) : nullptr;
}
const Step* AppState::current_step() const {
  const Timeline* tl = timeline();
  if (!tl || tl->steps.empty()) return nullptr;
  int k = std::clamp(playback.step(), 0, int(tl->steps.size()) - 1);
  return &tl->steps[size_t(k)];
}
bool AppState::cpu_model_mode() const {
  if (explain) return !explain->timeline.on_gpu;
  if (!device_ready) return false;
  const Algorithm* a = algorithm();
  return session ? (a ? session->backend_for(*a) == Backend::CpuModel : !device.gpu) : true;
}
void AppState::notify(std::string text, bool error, double seconds) {
  notice = Notice{std::move(text), error, ImGui::GetTime() + seconds};
}
float AppState::export_text_scale() const {
  if (settings.export_.text_scale > 0) return settings.export_.text_scale;
  return settings.projector ? settings.projector_scale : 1.0f;
}

// ---- GuiApp ----

GuiApp::GuiApp(const GuiOptions& options, Settings settings) : options_(options) {
  state_.settings = std::move(settings);
  if (options_.projector) {
    state_.settings.projector = true;
    state_.settings.projector_scale = std::clamp(*options_.projector, 1.5f, 2.0f);
  }
  if (!options_.sweep) state_.settings.sweep = false;
  state_.playback.set_speed(state_.settings.speed);
  state_.playback.set_loop(state_.settings.loop);

  SessionOptions so;
  so.runner.force_cpu = options_.force_cpu;
  so.sweep = state_.settings.sweep;
  if (options_.sweep_max_log2 > 0) {
    so.sweep_max_log2_cpu = so.sweep_max_log2_gpu = options_.sweep_max_log2;
    so.sweep_min_log2 = std::min(so.sweep_min_log2, options_.sweep_max_log2);
  }
  session_ = std::make_unique<Session>(so);
  state_.session = session_.get();

  base_style_ = make_style();
  build_fonts(1.0f);
  view_text_.start();  // the app's ImGui context is current
  canvas_ = std::make_unique<ViewCanvas>();
  state_.canvas = canvas_.get();

  // The first scenario: the command line's, else the last session's, else the default.
  if (options_.scenario) state_.scenario = *options_.scenario;
  else if (state_.settings.scenario) state_.scenario = *state_.settings.scenario;
  else state_.scenario = default_scenario();
  if (!find_algorithm(state_.scenario.algorithm)) state_.scenario = default_scenario();
  pending_start_step_ = options_.start_step;
  state_.scenario_dirty = true;
  // The key colour map: --palette, else the last session's (View > Palette); a saved palette that
  // has since gone or broken falls back to the built-in map with a notice, never stops the app.
  if (!options_.palette.empty()) state_.settings.palette = options_.palette;
  choose_palette(state_, state_.settings.palette);
  if (options_.color_by) state_.settings.color_by = *options_.color_by;
  if (!options_.trace_file.empty()) show_trace(read_trace(options_.trace_file), options_.trace_file);
  if (options_.lesson) {
    lesson_ = options_.lesson;
    show_slide(0);
  }
  if (options_.preset) apply_preset(*options_.preset);
  if (!options_.input_file.empty()) {
    // Checked here too (gui_command.cpp checks first): a bad file is one line, before any window.
    load_input(options_.input_file);
  }
  if (options_.race) start_race(state_, options_.race);
}

void GuiApp::load_input(const std::string& path) {
  AppState& s = state_;
  if (peek_records_npy(path)) return load_input_records(path);
  auto keys = std::make_shared<HostKeys>(read_keys_file(path, std::nullopt));
  if (keys->size() == 0) throw std::runtime_error(path + " holds no keys");
  s.input_records.reset();
  s.input_specials = special_values_line(count_special_values(*keys));
  s.input_file = path;
  s.scenario.input.n = keys->size();
  s.scenario.input.key = keys->type;
  s.scenario.input.with_values = keys->has_values();
  s.input_keys = std::move(keys);
  s.scenario_dirty = true;
}

// A structured .npy of records (records/record_npy.h), sorted as `sortscope render --input` sorts
// it: in the scenario's layout (hybrid when records were off), with the scenario's strategy; the
// file fixes n, the key type and the fields. A sort that does not sort records gives way to
// radix-onesweep.
void GuiApp::load_input_records(const std::string& path) {
  AppState& s = state_;
  ScenarioRecords r = s.scenario.records.value_or(ScenarioRecords{});
  RecordNpy file = read_records_npy(path, r.layout);
  if (file.records.n == 0) throw std::runtime_error(path + " holds no records");
  r.fields = file.records.shape.fields;
  if (!find_record_sort_algorithm(s.scenario.algorithm)) s.scenario.algorithm = "radix-onesweep";
  if (!check_record_options(s.scenario.algorithm, {r.strategy, r.rearrange}).empty()) r.rearrange = Rearrange::Gather;
  s.scenario.records = r;
  s.scenario.input.n = file.records.n;
  s.scenario.input.key = file.records.shape.key;
  s.scenario.input.with_values = false;
  s.input_specials = "records: " + key_type_with_article(file.records.shape.key) + " key and " +
                     std::to_string(file.records.shape.fields) + " fields";
  s.input_records = std::make_shared<const HostRecords>(std::move(file.records));
  s.input_keys.reset();
  s.input_file = path;
  s.scenario_dirty = true;
}

void GuiApp::show_trace(const Trace& trace, const std::string& path) {
  AppState& s = state_;
  session_->retire(std::move(s.explain));
  s.explain = trace.explain;
  s.recording = std::make_shared<const TraceInfo>(trace.info);
  s.recording_file = path;
  // Runs submitted before do not replace the recording; the next edit of the scenario does.
  s.explain_generation = s.submitted_generation + 1;
  // The recorded measurement is the one the panels show (none when the writer did not measure).
  s.measure = recorded_measure(trace.info);
  s.measure_generation = s.explain_generation;
  s.scenario = trace.info.scenario;
  s.scenario_dirty = false;
  s.scenario_error.clear();
  s.run_error.clear();
  s.input_keys.reset();
  s.input_records.reset();
  s.input_file.clear();
  s.input_specials.clear();
  const int steps = int(s.explain->timeline.steps.size());
  s.playback.set_step_count(0);
  s.playback.set_step_count(steps);
  if (pending_start_step_ >= 0) {
    s.playback.set_step(std::min(pending_start_step_, steps - 1));
    pending_start_step_ = -1;
  }
}

void GuiApp::open_trace(const std::string& path) {
  try {
    const Trace t = read_trace(path);
    stop_race(state_);  // a file opened during a race is what the user wants to see now
    show_trace(t, path);
    state_.notify("showing the trace " + path + ": " + t.info.label() +
                      (t.skipped_aux ? " (" + std::to_string(t.skipped_aux) + " snapshots of newer types skipped)" : ""),
                  false, 8);
  } catch (const std::exception& e) {
    state_.notify(std::string("cannot open ") + e.what(), true, 10);
  }
}

void GuiApp::open_input_file(const std::string& path) {
  if (is_trace_path(path)) return open_trace(path);
  try {
    load_input(path);
    stop_race(state_);
    state_.notify(std::string(state_.input_records ? "sorting the records of " : "sorting the keys of ") + path +
                  ": n = " + format_size(state_.scenario.input.n) + " " +
                  std::string(key_type_name(state_.scenario.input.key)) +
                  (state_.input_records ? " + " + std::to_string(state_.input_records->shape.fields) + " fields" : ""));
  } catch (const std::exception& e) {
    state_.notify(std::string("cannot open ") + path + ": " + e.what(), true, 10);
  }
}

GuiApp::~GuiApp() {
  state_.export_job.reset();  // stops an export (and its ffmpeg) before the GL objects go
  canvas_.reset();
  state_.explain.reset();
  session_.reset();
}

void GuiApp::build_fonts(float projector_scale) {
  ImGuiIO& io = ImGui::GetIO();
  // Rebuilt when the projector scale changes (a window resized across sizes, another scale picked):
  // the atlas holds the normal size and the one projector size in use, not every size up to 4K.
  const bool had_texture = io.Fonts->TexID != nullptr;
  if (had_texture) ImGui_ImplOpenGL3_DestroyFontsTexture();
  io.Fonts->Clear();
  fonts_.clear();
  const std::string sans_path = find_font_file("DejaVuSans.ttf"), mono_path = find_font_file("DejaVuSansMono.ttf");
  const bool have_sans = !sans_path.empty(), have_mono = !mono_path.empty();
  for (float scale : {1.0f, projector_scale}) {
    if (scale == 1.0f && !fonts_.empty()) continue;
    FontSet f;
    f.scale = scale;
    float px = std::round(kBaseFontPx * scale);
    auto load = [&](const std::string& path, bool have, float size) -> ImFont* {
      if (have) {
        ImFontConfig cfg;
        cfg.OversampleH = 2;
        if (ImFont* font = io.Fonts->AddFontFromFileTTF(path.c_str(), size, &cfg)) return font;
      }
      // ImGui's own font (ProggyClean) is a 13 px bitmap font: scale it rather than blur it.
      ImFontConfig cfg;
      cfg.SizePixels = std::round(13.0f * size / kBaseFontPx);
      return io.Fonts->AddFontDefault(&cfg);
    };
    f.sans = load(sans_path, have_sans, px);
    f.mono = load(mono_path, have_mono, px);
    f.large = load(sans_path, have_sans, std::round(px * 1.25f));
    fonts_.push_back(f);
  }
  io.Fonts->Build();
  if (had_texture) ImGui_ImplOpenGL3_CreateFontsTexture();
  applied_scale_ = 0;  // the fonts moved: apply_scale picks them again
}

float projector_ui_scale(float chosen, ImVec2 display) {
  // The chosen scale is for a 1080-line screen: smaller windows scale down (never below 1.25x, and
  // never so far that a 1024x600 window loses its picture), 4K screens up, in quarter steps.
  float s = chosen * std::clamp(display.y / 1080.0f, 0.7f, 2.2f);
  s = std::min(s, chosen * std::max(display.x / 1600.0f, 0.7f) * 1.25f);
  return std::clamp(std::round(s * 4.0f) / 4.0f, 1.25f, 4.0f);
}

void GuiApp::apply_scale() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  float want = state_.settings.projector ? projector_ui_scale(state_.settings.projector_scale, display) : 1.0f;
  if (want == applied_scale_) return;
  const bool built = std::any_of(fonts_.begin(), fonts_.end(), [&](const FontSet& f) { return f.scale == want; });
  if (!built) build_fonts(want);
  const FontSet* best = &fonts_.front();
  for (const FontSet& f : fonts_)
    if (f.scale == want) best = &f;
  ImGuiIO& io = ImGui::GetIO();
  io.FontDefault = best->sans;
  state_.mono_font = best->mono;
  state_.large_font = best->large;
  ImGui::GetStyle() = base_style_;
  ImGui::GetStyle().ScaleAllSizes(best->scale);
  applied_scale_ = want;
  state_.ui_scale = best->scale;
}

void GuiApp::before_new_frame() {
  apply_scale();
  follow_projector_palette(state_, palette_projector_);
}

Settings GuiApp::settings() const {
  Settings s = state_.settings;
  s.speed = state_.playback.speed();
  s.loop = state_.playback.loop();
  s.scenario = state_.scenario;
  s.color_by = color_by_outside_slides();  // a slide's own colour mode is the lesson's, not the user's
  return s;
}

bool GuiApp::animating() const {
  return state_.playback.playing() || state_.session->status().busy || state_.export_job || state_.scenario_dirty ||
         !race_jobs_.empty() ||
         state_.sweep.running ||
         !state_.device_ready || (state_.notice && ImGui::GetTime() < state_.notice->until);
}

bool GuiApp::settled() const {
  SessionStatus st = state_.session->status();
  if (!state_.race_pending.empty()) return false;  // a slide's or preset's lanes still running (race_requests.cpp)
  if (state_.race) return st.ready && !state_.export_job;  // every lane ran before the window opened
  if (state_.sweep.running) return false;  // a sweep measuring (the script's `wait` waits for it)
  if (state_.recording) return st.ready && !state_.scenario_dirty && !state_.export_job;  // nothing to wait for
  return st.ready && !st.busy && !state_.scenario_dirty && state_.explain != nullptr && !state_.export_job &&
         state_.explain_generation == state_.submitted_generation;
}

void GuiApp::recompute_max_n() {
  if (!state_.device_ready) return;
  const bool gpu = !state_.cpu_model_mode();
  const uint64_t free_bytes = state_.device.free_bytes;
  Scenario s = state_.scenario;
  uint64_t best = 16;
  // The CPU model stays usable up to 2^24: beyond that a recorded run takes minutes.
  const int cap = gpu ? 40 : 24;
  for (int e = 4; e <= cap; ++e) {
    s.input.n = uint64_t(1) << e;
    if (!check_memory(s, true, RunnerOptions{}.capture_budget_bytes, free_bytes, gpu).empty()) break;
    best = s.input.n;
  }
  state_.max_n = best;
}

void GuiApp::pump_session() {
  AppState& s = state_;
  for (SessionEvent& e : session_->poll()) {
    switch (e.kind) {
      case SessionEvent::Kind::Ready:
        s.device_ready = true;
        s.device = session_->device();
        recompute_max_n();
        if (!s.recording && s.scenario.input.n > s.max_n) {  // a recording is shown as it is
          s.scenario.input.n = s.max_n;
          s.scenario_dirty = true;
        }
        break;
      case SessionEvent::Kind::Measured:
        s.history.add_run(e.measure, e.generation);
        if (e.generation == s.submitted_generation && !s.recording) {
          s.measure = e.measure;
          s.measure_generation = e.generation;
          s.measure_latency_ms =
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s.submitted_at).count();
        }
        last_measure_time_ = ImGui::GetTime();
        break;
      case SessionEvent::Kind::Explained: {
        if (e.generation < s.explain_generation) break;
        const bool same_run = s.explain && s.explain->scenario.input.n == e.explain->scenario.input.n &&
                              s.explain->timeline.steps.size() == e.explain->timeline.steps.size();
        session_->retire(std::move(s.explain));
        s.explain = e.explain;
        s.explain_generation = e.generation;
        s.recording.reset();  // a live run of the edited scenario replaces a recording
        s.recording_file.clear();
        if (e.generation == s.submitted_generation)
          s.explain_latency_ms =
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s.submitted_at).count();
        s.run_error.clear();
        if (s.race) break;  // a lesson's race slide is shown: the run waits for the slide after it
        const int steps = int(s.explain->timeline.steps.size());
        if (!same_run) s.playback.set_step_count(0);  // a different timeline starts at its input
        s.playback.set_step_count(steps);
        if (pending_start_step_ == kPendingLast && e.generation == s.submitted_generation) {
          s.playback.set_step(steps - 1);
          pending_start_step_ = -1;
        }
        if (pending_start_step_ >= 0 && e.generation == s.submitted_generation) {
          if (pending_start_step_ >= steps)
            s.notify("the scenario's step " + std::to_string(pending_start_step_) + " is past the last step (" +
                         std::to_string(steps - 1) + ")",
                     true);
          s.playback.set_step(pending_start_step_);
          pending_start_step_ = -1;
        }
        break;
      }
      case SessionEvent::Kind::SweepPoint:
        s.history.add_sweep_point(e.measure);
        break;
      case SessionEvent::Kind::SweepDone:
        if (auto it = s.submitted.find(e.generation); it != s.submitted.end()) s.history.finish_sweep(it->second);
        break;
      case SessionEvent::Kind::Bandwidth:
        s.copy_bandwidth_gbs = e.bandwidth_gbs;
        break;
      case SessionEvent::Kind::Error:
        if (e.generation == 0 || e.generation == s.submitted_generation) {
          s.run_error = e.message;
          s.notify(e.message, true, 10);
        }
        break;
    }
  }
  if (s.device_ready) {
    // Free memory moves as timelines come and go; the status bar shows it.
    if (ImGui::GetTime() - last_free_query_ > 2.0) {
      last_free_query_ = ImGui::GetTime();
      s.device.free_bytes = free_memory_now(s.device);
    }
  }
}

void GuiApp::submit_if_dirty() {
  AppState& s = state_;
  if (s.race) return;  // racing: the lanes ran already; the session stays idle
  if (!s.scenario_dirty || ImGui::IsAnyItemActive() || !s.device_ready) return;
  Scenario sc = s.scenario;
  std::string err = validate_scenario(sc);
  if (err.empty() && sc.input.n > s.max_n)
    err = "n = " + format_size(sc.input.n) + " is more than " + std::string(s.cpu_model_mode() ? "host" : "device") +
          " memory allows here (" + format_size(s.max_n) + ")";
  // A refused change keeps the last results on screen: say so where it shows whatever panel is open.
  if (!err.empty() && err != s.scenario_error) s.notify("not run: " + err, true, 10);
  s.scenario_error = err;
  s.scenario_dirty = false;
  if (!err.empty()) return;
  s.scenario = sc;  // parameters resolved (defaults filled in)
  s.submitted_generation = session_->submit(sc, s.input_keys, s.input_records);
  s.submitted_at = std::chrono::steady_clock::now();
  s.submitted[s.submitted_generation] = sc;
  while (s.submitted.size() > 64) s.submitted.erase(s.submitted.begin());
  s.settings.scenario = sc;
  recompute_max_n();
}

void GuiApp::queue_key(int key, int mods) {
  // Bounded: a stuck key repeating while frames stall cannot grow it without end.
  if (key_queue_.size() < 256) key_queue_.push_back({key, mods});
}

void GuiApp::handle_keys() {
  ImGuiIO& io = ImGui::GetIO();
  std::vector<KeyPress> presses;
  presses.swap(key_queue_);
  if (io.WantTextInput) return;  // typing in a field: keys are text
  AppState& s = state_;
  Playback& pb = s.playback;
  for (const KeyPress& k : presses) {
    if (k.mods & GLFW_MOD_CONTROL) {
      if (k.key == GLFW_KEY_S) save_current_frame_png();
      if (k.key == GLFW_KEY_E) s.show_export = true;
      if (k.key == GLFW_KEY_Q) s.want_quit = true;
      continue;
    }
    switch (k.key) {
      case GLFW_KEY_F1: s.show_help = !s.show_help; break;
      case GLFW_KEY_ESCAPE:
        if (s.show_help) s.show_help = false;
        else if (s.show_export) s.show_export = false;
        else if (s.sweep.show) s.sweep.show = false;  // closes the view; a sweep running goes on
        break;
      case GLFW_KEY_W: s.sweep.show = !s.sweep.show; break;
      case GLFW_KEY_L: s.show_lab = !s.show_lab; break;
      case GLFW_KEY_SPACE: pb.toggle_playing(); break;
      case GLFW_KEY_PAGE_DOWN:
        if (lesson_) show_slide(slide_ + 1);
        break;
      case GLFW_KEY_PAGE_UP:
        if (lesson_) show_slide(slide_ - 1);
        break;
      case GLFW_KEY_RIGHT: pb.step_forward_paused(); break;
      case GLFW_KEY_LEFT: pb.step_back_paused(); break;
      case GLFW_KEY_HOME: pb.first(); break;
      case GLFW_KEY_END: pb.last(); break;
      // '+' is shift+'=' on most layouts: accept '=' too, and the keypad keys.
      case GLFW_KEY_EQUAL:
      case GLFW_KEY_KP_ADD: pb.faster(); break;
      case GLFW_KEY_MINUS:
      case GLFW_KEY_KP_SUBTRACT: pb.slower(); break;
      case GLFW_KEY_F: s.want_fullscreen_toggle = true; break;
      case GLFW_KEY_P: s.settings.projector = !s.settings.projector; break;
      case GLFW_KEY_K: s.settings.color_by = next_color_by(s.settings.color_by); break;
      case GLFW_KEY_C:
        if (s.race)
          set_race_clock(s, s.race->clock.kind() == RaceClockKind::Step ? RaceClockKind::Time : RaceClockKind::Step);
        break;
      default: break;
    }
  }
}

void GuiApp::save_current_frame_png() {
  AppState& s = state_;
  const Algorithm* algo = s.timeline_algorithm();
  if (!s.explain || !algo) {
    s.notify("nothing to save yet: no timeline", true);
    return;
  }
  const Timeline& tl = s.explain->timeline;
  const std::string name = export_name(tl) + "-step" + std::to_string(s.playback.step()) + ".png";
  try {
    // The finished frame (caption, view, pseudo-code, legend) at the export size, as videos have it.
    FrameStyle style;
    style.array.mode = canvas_->view().options().mode;
    style.array.comparators = s.settings.show_aux;
    style.array.ownership_strip = s.settings.show_ownership;
    style.array.color_by = s.settings.color_by;
    style.aux_panel = s.settings.show_details;
    style.text_scale = s.export_text_scale();
    FrameRenderer renderer(tl, *algo, style);
    const ExportSettings& ex = s.settings.export_;
    write_png(name, ex.width, ex.height, renderer.render_rgba(s.playback.step(), ex.width, ex.height));
    s.export_dialog.png_message = "saved " + std::filesystem::absolute(name).string();
    s.export_dialog.png_message_error = false;
    s.notify(s.export_dialog.png_message);
  } catch (const std::exception& e) {
    s.export_dialog.png_message = e.what();
    s.export_dialog.png_message_error = true;
    s.notify(e.what(), true);
  }
}

void GuiApp::frame() {
  AppState& s = state_;
  ImGuiIO& io = ImGui::GetIO();
  pump_session();
  pump_races();
  pump_sweep(s);
  submit_if_dirty();
  // Not while a sweep measures: on a GPU the two runners would share it and disturb each other.
  if (s.continuous && s.device_ready && !s.sweep.running && !session_->status().busy &&
      ImGui::GetTime() - last_measure_time_ > 0.5)
    session_->remeasure(), last_measure_time_ = ImGui::GetTime();
  handle_keys();
  if (!s.want_open_file.empty()) {
    open_input_file(s.want_open_file);
    s.want_open_file.clear();
  }
  if (s.want_preset) {
    const Preset p = std::move(*s.want_preset);
    s.want_preset.reset();
    apply_preset(p);
  }
  if (s.want_save_png) {
    s.want_save_png = false;
    save_current_frame_png();
  }
  s.playback.advance(io.DeltaTime);

  // Layout for this frame's display size, scale and mode.
  clip_log_begin_frame();
  view_text_.clear();
  const bool projector = s.settings.projector;
  const ImGuiStyle& st = ImGui::GetStyle();
  LayoutMetrics m;
  const float fs = ImGui::GetFontSize();
  m.menu_h = ImGui::GetFrameHeight();
  m.status_h = ImGui::GetFrameHeight() + fs * 0.3f;
  // Projector mode gives the picture and its details every row it can (issue 29: at least 60% of the
  // window at lecture sizes): the transport (buttons and the scrub bar beside them, thin padding:
  // projector_padding()) and the folded throughput line share the status bar's row, the folded side
  // panels are strips one letter wide and the gaps are thin.
  m.transport_h = ImGui::GetFrameHeight() * 2 + fs * 2.6f;
  if (projector) m.status_h = ImGui::GetFrameHeight() + projector_padding().y * 2;
  m.splitter = projector ? std::max(3.0f, fs * 0.2f) : std::max(4.0f, fs * 0.35f);
  m.min_panel = fs * 9;
  m.min_view = fs * 17;
  m.fold_w = projector ? std::round(fs * 1.3f) : ImGui::GetFrameHeight() + st.WindowPadding.x;
  m.line_h = ImGui::GetFrameHeight() + st.WindowPadding.y * 2;
  m.bottom_row = projector;
  // The picture is what a room looks at: in projector mode panels fold until it has half the screen.
  m.min_view_share = projector ? 0.5f : 0.0f;
  // The step column's readable measure: 35 characters of its text and the panel's padding.
  m.min_step_w = ImGui::CalcTextSize("abcdefghijklmnopqrstuvwxyz").x / 26 * 35 + st.WindowPadding.x * 2 +
                 st.ScrollbarSize;
  PanelModes& modes = projector ? s.settings.projector_panels : s.settings.panels;
  s.settings.layout = clamp_fractions(s.settings.layout, io.DisplaySize, m);
  // A lesson in projector mode: its box is the column at the picture's right (lesson_box.cpp) and the
  // step's pseudo-code is in the strip under the picture, so a step column the lecturer has not opened
  // and the scenario column the lecturer has not opened give their folded strips to the picture (issue
  // 29: the picture and its details keep 60%); the View menu still opens them.
  const bool lesson_open = lesson_ && slide_ >= 0;
  PanelModes laid = modes;
  if (projector && lesson_open && laid.step != PanelMode::Shown) laid.step = PanelMode::Hidden;
  if (projector && lesson_open && laid.scenario != PanelMode::Shown) laid.scenario = PanelMode::Hidden;
  s.rects = compute_layout(s.settings.layout, io.DisplaySize, m, laid);

  layout_splitters(s.settings.layout, s.rects, io.DisplaySize, m);
  // A lesson: the picture (a race's lanes, or a timeline's array and details) leaves the view's right
  // to the lesson box (lesson_box.cpp).
  // Every slide: the lesson box docks beside the picture, never over it (issue 29).
  s.view_reserve_right = lesson_open ? lesson_box_width() + fs * 0.3f : 0;
  // Projector mode: the step's caption is in the lesson box's column, whatever its length (it
  // scales down, then takes pages there: lesson_box.cpp), never over the picture.
  s.lesson_has_caption = projector && lesson_open;

  draw_menu_bar(s);
  const PanelModes& shown = s.rects.modes;
  if (shown.scenario == PanelMode::Shown) draw_scenario_panel(s);
  else if (shown.scenario == PanelMode::Folded && draw_fold_strip("scenario", "Scenario", s.rects.scenario))
    modes.scenario = PanelMode::Shown;
  draw_main_view_panel(s);
  if (shown.transport) draw_transport_panel(s);
  if (shown.step == PanelMode::Shown) draw_step_panel(s);
  else if (shown.step == PanelMode::Folded && draw_fold_strip("step", "Step", s.rects.step))
    modes.step = PanelMode::Shown;
  if (shown.throughput == PanelMode::Shown) draw_throughput_panel(s);
  else if (shown.throughput == PanelMode::Folded) draw_throughput_line(s);
  draw_status_bar(s);
  follow_export_name(s);
  draw_export_dialog(s);
  draw_open_dialog(s);
  draw_lab_panel(s);
  draw_save_trace_dialog(s);
  draw_sweep_panel(s);
  draw_sweep_picture_window(s);
  draw_lesson();
  draw_help_overlay(s);
  clip_log_end_frame();

  if (s.export_job && s.export_job->finished()) {
    s.last_export_message = s.export_job->message();
    s.last_export_failed = s.export_job->failed();
    s.notify(s.export_job->message(), s.export_job->failed(), 12);
    s.export_job.reset();
  }
}

const TextFindings& GuiApp::check_view_text(const uint8_t* rgba, int width, int height) {
  std::vector<DrawnText> texts = view_text_.entries();
  // The race's lanes are drawn into the view's picture by a renderer of their own: their labels,
  // in the picture's pixels, placed where the picture is.
  if (state_.race && canvas_->race()) {
    const sortscope::Rect v{state_.view_rect.x, state_.view_rect.y, state_.view_rect.w, state_.view_rect.h};
    auto moved = [&](sortscope::Rect r) { return r.empty() ? r : sortscope::Rect{r.x + v.x, r.y + v.y, r.w, r.h}; };
    for (DrawnText t : canvas_->race()->texts()) {
      t.rect = moved(t.rect);
      t.bounds = moved(t.bounds);
      // What the picture does not show of its own frame is cut by the picture's edge.
      const sortscope::Rect c = moved(t.clip);
      const float x0 = std::max(c.x, v.x), y0 = std::max(c.y, v.y);
      t.clip = {x0, y0, std::max(0.0f, std::min(c.right(), v.right()) - x0), std::max(0.0f, std::min(c.bottom(), v.bottom()) - y0)};
      texts.push_back(std::move(t));
    }
  }
  state_.text_findings = check_text_layout(texts);
  if (rgba) check_text_contrast(texts, rgba, width, height, 0, 0, state_.text_findings);
  return state_.text_findings;
}

void GuiApp::render_offscreen() {
  canvas_->render(state_);
  write_sweep_picture(state_);
  if (state_.export_job) state_.export_job->pump(12.0);  // a few ms per frame: the UI stays fluid
}

}  // namespace sortscope::ui
