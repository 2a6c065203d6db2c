#pragma once
// The interactive app without its window: the panels, the keys, the session hand-over and the
// offscreen view rendering. The window drivers (gui_main.cpp: GLFW for a real window, EGL for
// headless screenshots) own the GL context and the ImGui frame loop and call, per frame:
//
//   app.before_new_frame();          // fonts and style for the UI scale
//   <backend NewFrame>; ImGui::NewFrame();
//   app.frame();                     // panels, keys, results from the session
//   ImGui::Render();
//   app.render_offscreen();          // views into their textures, export frames
//   <bind the window framebuffer>; ImGui_ImplOpenGL3_RenderDrawData(...)
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app_state.h"
#include "lesson/lesson_file.h"
#include "lesson/preset_file.h"
#include "ui/race/race_job.h"
#include "views/text_checks.h"
#include "views/view_text.h"

namespace sortscope::ui {

struct GuiOptions {
  bool headless = false;
  std::string screenshot;             // PNG of the whole window after the frames (and script)
  int frames = -1;                    // frames to run (after the first results in headless mode);
                                      // -1: until closed (windowed) or 3 (headless)
  std::optional<Scenario> scenario;   // --scenario FILE (scenario JSON, optional "step")
  int start_step = -1;                // the scenario file's "step"; -1 for the first
  std::string script;                 // scripted input (script.h)
  std::string report;                 // where `report` commands of the script write JSON lines
  bool force_cpu = false;             // --cpu: the CPU model even where a GPU exists
  int width = 1600, height = 960;     // headless size; windowed: first start only
  bool use_settings = true;           // read and write the settings file
  std::optional<float> projector;     // --projector [SCALE]
  double wait_seconds = 300;          // headless: longest wait for the first results
  bool sweep = true;                  // sweep keys/s against n (unless the settings turned it off)
  int sweep_max_log2 = -1;            // largest n of the sweep as 2^K (-1: the session's default)
  std::string input_file;             // --input FILE (or the scenario file's "input_file"): the user's keys
  std::string trace_file;             // --trace FILE: show this recording (app/trace/trace_file.h)
  std::optional<Lesson> lesson;       // --lesson FILE: slides stepped with Page Down / Page Up
  std::string palette;                // --palette NAME|FILE: the key colour map (kept in the settings)
  std::optional<ColorBy> color_by;    // --color-by: key, digit, bucket or run (kept in the settings)
  std::shared_ptr<const RaceSetup> race;  // --race A,B,..: the lanes, run and verified before the window
  std::optional<Preset> preset;       // --preset NAME|FILE: shown as File > Presets shows it
};

// The UI scale of projector mode in a display of this size: the chosen scale (settings) is for a
// 1080-line screen; smaller windows get less (at least 1.25x), 4K screens more. Quarter steps.
float projector_ui_scale(float chosen, ImVec2 display);

// Reads a scenario file: scenario_to_json's format plus an optional "step". Throws one line.
void load_scenario_file(const std::string& path, GuiOptions& options);

class GuiApp {
 public:
  // Needs the ImGui context and a current GL context (the views create GL objects).
  GuiApp(const GuiOptions& options, Settings settings);
  ~GuiApp();
  GuiApp(const GuiApp&) = delete;
  GuiApp& operator=(const GuiApp&) = delete;

  void before_new_frame();
  void frame();
  void render_offscreen();

  // A key press (GLFW key code and modifier bits), from the window's key callback or a script.
  // Presses are queued and all handled in the next frame: Dear ImGui 1.86 samples key state once
  // per frame, so taps quicker than a frame would be lost.
  void queue_key(int key, int mods = 0);
  // Sorts the keys of a .npy file (every key type, key-value) from now on: the window's drop
  // callback and File > Open come here. A bad file leaves the current input and says why.
  void open_input_file(const std::string& path);
  // Shows a trace file's timeline exactly as recorded (gui --trace, File > Open, a dropped
  // .sstrace); a bad file leaves what is shown and says why in one line.
  void open_trace(const std::string& path);

  // Lessons (app/lesson/lesson_file.h): shows slide `index` (clamped): its scenario run live (the
  // shown step set once its timeline arrives) or its trace, at the slide's step.
  void show_slide(int index);
  void show_race_slide(int index);  // a race slide: its lanes (run on the first visit) at its moment
  // A preset (app/lesson/preset_file.h; gui --preset, File > Presets): its scenario at its step, or
  // its race at its moment (the lanes run off the UI thread on first use), as a slide would show it.
  void apply_preset(const Preset& p);
  int lesson_slide() const { return slide_; }
  bool lesson_answer_shown() const { return answer_shown_; }

  AppState& state() { return state_; }
  const AppState& state() const { return state_; }
  // The settings to persist now (window placement is the driver's to fill in).
  Settings settings() const;
  // True while something moves on screen or runs in the background (the driver then polls rather
  // than waits for events).
  bool animating() const;
  // Headless: true once the first timeline is shown and the worker is idle.
  bool settled() const;
  // Checks the text the views drew in the last frame (the main view's labels and details, the
  // race's lanes; visual/views/text_checks.h): cut and overlapping labels, and with the frame's
  // pixels (`rgba`, width x height, rows top-down; null: not checked) labels of too little
  // contrast. Keeps the findings for the script's report (AppState::text_findings) and returns them.
  const TextFindings& check_view_text(const uint8_t* rgba, int width, int height);

 private:
  void build_fonts(float projector_scale);
  void load_input(const std::string& path);  // throws one line
  void load_input_records(const std::string& path);  // a structured .npy of records; throws one line
  void show_trace(const Trace& trace, const std::string& path);
  void apply_scale();
  void handle_keys();
  void pump_session();
  void submit_if_dirty();
  void recompute_max_n();
  void save_current_frame_png();
  void draw_lesson();  // lesson_box.cpp
  void draw_lesson_texts(const LessonSlide& slide);  // lesson_box.cpp: the box's captions, question and buttons
  float lesson_box_width() const;  // lesson_box.cpp: the lesson box's width in this frame's layout
  // lesson_box.cpp: the colour mode while a slide or preset is shown (its "color_by"; slide_color_by),
  // and the mode chosen outside the lessons and presets, which the settings keep.
  void show_color_by_of(const LessonSlide& slide);
  ColorBy color_by_outside_slides() const;
  // A scenario shown at `step` (kLastStep: the last): set now when its timeline is shown, else run.
  void show_scenario_at(const Scenario& want, int step);
  // Races wanted on screen (a race slide, a race preset): shown at once when their lanes ran before
  // (`races_done_`), else run by a RaceJob while the view says which lane runs (pump_races).
  struct RaceRequest {
    std::string key;                 // "slide:3", "preset:NAME": the lanes' cache key
    std::string label;               // "slide 4", "preset NAME": for progress and errors
    std::vector<Scenario> lanes;
    RaceClockKind clock = RaceClockKind::Step;
    int step = 0;                    // the moment shown (kLastStep: the end); or
    double at = -1;                  // the fraction of the clock
    std::string note;                // the scenario panel's word on the lanes (AppState::race_note)
    bool leavable = false;
  };
  void want_race(RaceRequest r);
  void show_wanted_race(std::shared_ptr<const RaceSetup> setup);
  void pump_races();

  GuiOptions options_;
  ViewTextLog view_text_;  // the views' text drawn with the app's ImGui context, this frame
  AppState state_;
  std::unique_ptr<Session> session_;
  std::unique_ptr<ViewCanvas> canvas_;
  ImGuiStyle base_style_;
  struct FontSet {
    float scale = 1;
    ImFont* sans = nullptr;
    ImFont* mono = nullptr;
    ImFont* large = nullptr;
  };
  std::vector<FontSet> fonts_;
  float applied_scale_ = 0;
  bool palette_projector_ = false;  // projector mode as follow_projector_palette last saw it
  struct KeyPress {
    int key, mods;
  };
  std::vector<KeyPress> key_queue_;
  int pending_start_step_ = -1;         // kPendingLast: the last step
  static constexpr int kPendingLast = -2;
  std::optional<Lesson> lesson_;
  int slide_ = -1;
  std::optional<RaceRequest> race_want_;                              // the race to show once it ran
  std::map<std::string, std::unique_ptr<RaceJob>> race_jobs_;         // running, by key
  std::map<std::string, std::shared_ptr<const RaceSetup>> races_done_;  // ran, by key (a slide's next visit)
  struct SlideColorBy {
    ColorBy outside;  // the mode before a slide or preset set its own
    ColorBy shown;    // the mode it set
  };
  std::optional<SlideColorBy> slide_color_by_;  // set while a slide's or preset's own mode is shown
  bool slide_played_ = false;           // playback ran while this slide was shown
  size_t lesson_text_first_ = 0;        // the lesson box's texts shown from this row (a page, lesson_box.cpp)
  std::pair<int, int> lesson_text_of_{-1, -1};  // ... of this slide and step (another starts at the top)
  bool answer_shown_ = false;           // the slide's answer is revealed (it has run to its end)
  double last_measure_time_ = 0;
  double last_free_query_ = 0;
};

}  // namespace sortscope::ui
