#pragma once
// Runs the app: a real window (GLFW) or, with options.headless, the same UI drawn offscreen through
// EGL. Returns the process exit status; throws std::runtime_error with one line when it cannot start.
#include <string>
#include <vector>

#include "clip_log.h"
#include "gui_app.h"

namespace sortscope::ui {

int run_gui(const GuiOptions& options);

// What a headless run showed last: the picture and where things were (tests check its pixels).
struct HeadlessCapture {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;        // rows top-down, opaque
  PanelRects rects;                 // the layout of the last frame
  Rect view_rect, scrub_rect;       // the array view's picture and the scrub bar
  Rect speed_rect;                  // the transport's speed buttons, "-" to "+" (empty: dropped)
  Rect details_rect;                // the details panel under the picture (empty: none shown)
  int step = 0, steps = 0;
  // The scenario of the timeline shown, as JSON with its parameters resolved (empty: none shown), and
  // the last notice the app gave: when the step is not the one asked for, these say which run and why.
  std::string shown_scenario;
  std::string notice;
  bool settled = false;             // the first results arrived before the wait ran out
  bool cpu_model = false;
  float ui_scale = 1;               // the UI scale of the last frame (projector mode > 1)
  ClipReport clipped;               // what the last frame could not show whole, by panel
  TextFindings view_text;           // the views' labels in the last frame: cut, overlapping, low contrast
  std::string script_error;         // a script's export: failed (the run then exits 1)
  std::string renderer;             // GL renderer of the EGL context
  // Wall time of the final frames (UI, views and GL work finished: glFinish), in milliseconds.
  double frame_ms_mean = 0, frame_ms_max = 0;
};
// The headless driver: runs the UI offscreen (waits for the first results, plays the script, then
// options.frames frames) and returns the last frame. run_gui(headless) writes its screenshot.
HeadlessCapture run_headless_capture(const GuiOptions& options);

}  // namespace sortscope::ui
