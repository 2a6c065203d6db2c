#pragma once
// The state the panels share, owned by GuiApp (app/ui/gui_app.h). Panels are free functions (the
// Dear ImGui demo's style: one function per panel, state near its use) that read and change this.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "cli/race_setup.h"
#include "lesson/preset_file.h"
#include "core/runner.h"
#include "trace/trace_file.h"
#include "layout.h"
#include "playback.h"
#include "session/session.h"
#include "settings.h"
#include "ui/sweep/sweep_view.h"
#include "ui/plots/throughput_history.h"
#include "views/text_checks.h"

namespace sortscope::ui {

class ExportJob;
class ViewCanvas;
struct LabPanelState;  // lab_panel.cpp

// A line for the status bar or the notice strip that fades after a while.
struct Notice {
  std::string text;
  bool error = false;
  double until = 0;   // ImGui time at which it disappears
};

// The export dialog's fields (kept while the dialog is closed).
struct ExportDialogState {
  std::string video_path;          // follows the timeline shown (export_name) until the user edits it
  bool video_path_edited = false;  // typed by the user: kept when the scenario changes
  std::string csv_path = "sortscope-timings.csv";
  bool whole = true;               // the whole timeline, else [first, last]
  int first = 0, last = 0;
  std::string message;             // result of the last CSV write
  bool message_error = false;
  std::string png_message;         // result of the last frame saved as PNG
  bool png_message_error = false;
};

struct AppState {
  Settings settings;
  Session* session = nullptr;
  Playback playback;

  // The scenario being edited in the scenario panel, and what was last submitted.
  Scenario scenario;
  std::string scenario_error;      // validation of the edited scenario ("" when it can run)
  bool scenario_dirty = false;     // edited since the last submission
  uint64_t submitted_generation = 0;
  std::chrono::steady_clock::time_point submitted_at;  // of the last submission
  double measure_latency_ms = -1;  // submission -> its measure result on the UI thread
  double explain_latency_ms = -1;  // submission -> its timeline on the UI thread
  std::map<uint64_t, Scenario> submitted;  // generation -> scenario (recent ones)

  // The user's keys (gui --input, File > Open, a dropped file): the runs sort them instead of a
  // generated input; the file fixes n, the key type and whether values come along.
  std::shared_ptr<const HostKeys> input_keys;
  // Or its records (a structured .npy with a field `key` and others, records/record_npy.h): the
  // scenario sorts them as records; the file fixes n, the key type and the fields.
  std::shared_ptr<const HostRecords> input_records;
  std::string input_file;                          // its path ("" for generated input)
  std::string input_specials;                      // its special-values line (core/special_values.h)
  std::string want_open_file;                      // a path to open at the next frame (drop, File > Open):
                                                   // keys (.npy, raw), or a trace (.sstrace)
  bool show_open = false;                          // the File > Open dialog

  // A recording shown instead of a live run (gui --trace, File > Open trace, a dropped .sstrace):
  // its timeline is s.explain, exactly as recorded; editing the scenario runs it live and ends this.
  std::shared_ptr<const TraceInfo> recording;
  std::string recording_file;
  bool show_save_trace = false;                    // the File > Save trace dialog

  // A race shown instead of one timeline (gui --race; race_mode.h): the playback's steps are the
  // race's moments (race_moments of its clock).
  std::shared_ptr<const RaceSetup> race;
  std::vector<double> race_moments;
  std::string race_note;      // the scenario panel's word on where the lanes came from ("": gui --race)
  bool race_leavable = false; // a preset's race: the scenario panel offers to go back to the scenario
  // A race's lanes running off the UI thread (race_job.h) for the slide or preset shown: the main
  // view says so instead of a picture ("slide 4: running the race's lanes, lane 1 of 2: radix").
  std::string race_pending;
  float view_reserve_right = 0;  // px at the main view's right the race lanes leave to the lesson box
  std::optional<Preset> want_preset;  // File > Presets: loaded at the next frame (GuiApp::apply_preset)
  std::map<std::string, Rect> menu_rects;  // this frame's menu labels by path ("File", "File/Presets",
                                           // "File/Presets/merge-path-2e16"): where a script's menu: aims
  std::set<std::string> menu_items;        // those of them that are items (clicked), not submenus (hovered)

  // Results of the newest finished runs.
  std::shared_ptr<const ExplainResult> explain;   // the timeline being played
  uint64_t explain_generation = 0;
  std::shared_ptr<const MeasureResult> measure;   // the latest measure of the current scenario
  uint64_t measure_generation = 0;
  std::string run_error;                           // the last run's error, for the step panel
  ThroughputHistory history;
  double copy_bandwidth_gbs = 0;                   // measured device copy bandwidth (0: unknown)

  // Device and mode.
  bool device_ready = false;
  DeviceInfo device;
  uint64_t max_n = uint64_t(1) << 24;              // largest n the memory allows (explain mode)

  // View and panels.
  PanelRects rects;
  bool show_help = false;
  bool show_export = false;
  bool show_lab = false;                           // Lab > Kernel lab (lab_panel.cpp)
  std::shared_ptr<LabPanelState> lab;              // its state, made when first shown
  bool show_about = false;
  bool want_fullscreen_toggle = false;             // handled by the window driver
  bool want_quit = false;
  bool want_save_png = false;                      // File > Save frame (handled like Ctrl+S)
  bool export_csv_tab = false;                     // the export dialog opens on its CSV part
  bool continuous = false;                         // re-measure whenever idle
  std::optional<Notice> notice;
  float ui_scale = 1.0f;                           // 1 normal; projector: settings.projector_scale
  Rect scrub_rect;                                 // the transport's scrub bar (scripted tests aim here)
  Rect speed_rect;                                 // the transport's speed buttons (empty: not shown)
  bool ticks_by_time = false;                      // the scrub bar's ticks coloured by step GPU time
  Rect view_rect;                                  // the main view's picture, screen coordinates
  Rect lesson_rect;                                // the lesson box (lesson_box.cpp); empty without a lesson
  bool lesson_has_caption = false;                 // projector mode: the step's caption is in the lesson box
  struct LessonTextShown {
    float scale = 1;           // of the body font (lesson/text_column.h)
    int lines = 0;             // rows and rules of the box's texts
    int first = 0, shown = 0;  // the page shown: from `first`, `shown` of them ("more" where fewer than all)
  };
  LessonTextShown lesson_text;                     // the lesson box's texts in the last frame (lesson_box.cpp)
  Rect details_rect;                               // the details panel under the picture; empty when none
  Rect code_strip_rect;                            // the pseudo-code strip at the view's foot; empty when none
  Rect network_rect;                               // a comparator network's overview under the picture; empty when none
  bool details_enlarged = false;                   // the details' "enlarge": two thirds of the view
  TextFindings text_findings;                      // the views' text in the last checked frame
                                                   // (GuiApp::check_view_text; the script's report)
  bool throughput_plot_sweep = true;               // the plot shown when only one fits
  bool banner_dismissed = false;                   // the CPU-model banner's close button
  int code_scrolled_line = -1;                     // the pseudo-code line the step panel last scrolled to

  ViewCanvas* canvas = nullptr;
  ImFont* mono_font = nullptr;                     // pseudo-code (DejaVu Sans Mono when installed)
  ImFont* large_font = nullptr;                    // captions
  std::unique_ptr<ExportJob> export_job;
  ExportDialogState export_dialog;
  SweepView sweep;                                 // the sweep view (W): heat map of two parameters
  std::string last_export_message;                 // of the last finished export
  bool last_export_failed = false;                 // it (or the last attempt to start one) failed

  // Helpers.
  const Algorithm* algorithm() const;               // of the edited scenario
  const Algorithm* timeline_algorithm() const;      // of the timeline being played
  const Timeline* timeline() const { return explain ? &explain->timeline : nullptr; }
  const Step* current_step() const;
  bool cpu_model_mode() const;                      // the timeline (or device) is the CPU model
  void notify(std::string text, bool error = false, double seconds = 6);
  // The text scale of exported frames: the export setting, else the projector scale in projector mode.
  float export_text_scale() const;
};

}  // namespace sortscope::ui
