#pragma once
// Scripted input for tests and demos: a list of commands that press keys, drag the scrub bar, let
// frames pass and write what the app shows, fed through ImGui's input state (the same io.KeysDown
// and mouse fields the GLFW backend fills), so the keys and widgets are exercised as a person
// would use them. Commands, separated by spaces, commas or semicolons:
//
//   key:NAME     press and release a key (space left right home end plus minus f f1 p w c l k esc, and
//                ctrl+s ctrl+e ctrl+q); keys in a row land within one frame, as quick taps do
//   frames:N     let N frames pass
//   wait         wait until the first results are shown and the worker is idle
//   scrub:F      click the transport's scrub bar at fraction F (0..1) of its width
//   param:N=V    set the algorithm parameter N to the value V (16, auto, atomic: its text form, as on
//                the CLI) as the scenario panel does (a re-run follows); a value the algorithm does
//                not allow stops the script with one line listing the allowed values
//   n:K          set n to 2^K (a re-run follows)
//   export:PATH  export the timeline (.mp4, .gif or folder/) as the export dialog does; `wait` waits for it
//   sweep:A=V/V/V:B=V/V   open the sweep view (W) with axes A and B (parameters of the current
//                algorithm, or n) and their values ('/' between values: commas separate commands)
//                and start it; a refused axis stops the script with one line; `wait` waits for it
//   sweepcell:C/R  click the sweep heat map's cell in column C, row R (0-based): its parameters
//                become the current ones (a re-run follows)
//   sweepcolour:keys|ratio  colour the heat map by keys/s or by the ratio to the baseline (where
//                the cells have one)
//   sweepexport:PATH  export the sweep: .csv or .json (the bench writers), .png (the heat map and
//                the curves as one picture)
//   menu:A/B/C   open the menu bar's menu A, then its submenu B (File/Presets, View/Palette), as a
//                person does: a click on A, the pointer over B; the pointer stays there, so the menu
//                is open in the screenshot. A last label that is an item is clicked: a shipped
//                preset by name (File/Presets/merge-path-2e16), a palette (View/Palette/cividis).
//                A menu or item not on screen stops the script with one line
//   open:PATH    open a file as File > Open or a drop on the window does: keys (.npy) to sort, or a
//                trace (.sstrace) to show
//   size:WXH     headless only: the window's size becomes W x H pixels (64..8192) from the next frame
//                on, the app and what it shows as they are (tests page a lesson's slides through
//                several sizes, each slide's step recorded once)
//   report[:TAG] append a JSON line {"tag","frame","step","steps","playing","speed",...,"params",
//                "color_by","colours","status","error"} to the report file
//
// `--script @FILE` reads the commands from FILE.
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "common/output_file.h"

namespace sortscope::ui {

class GuiApp;

class InputScript {
 public:
  // Throws std::runtime_error with one line naming a bad command.
  InputScript(const std::string& text, const std::string& report_path);
  // Between the backend's NewFrame and ImGui::NewFrame: applies this frame's input.
  void before_frame(ImGuiIO& io, GuiApp& app);
  bool done() const { return next_ >= commands_.size(); }
  bool waiting() const;  // on a `wait` command
  bool exported() const { return exported_; }  // an export: command has run
  bool reports() const;  // it holds a report command (the driver then checks the views' text each frame)
  // A report follows the frame about to end (the next command, past waits and frames): the headless
  // driver checks the views' text only then.
  bool report_due() const;
  // The headless driver: `size:` sets io.DisplaySize, which the driver follows (its target's size).
  // Elsewhere the command stops the script with one line.
  void allow_resize() { resizable_ = true; }
  // Puts the report in place once the script is done: it appears whole or not at all
  // (common/output_file.h), and a write error (a full disk) is one line, thrown.
  void commit_report();

  // GLFW key code (and modifier bits, "ctrl+q"), -1 for unknown.
  static int key_code(const std::string& name, int* mods = nullptr);

 private:
  struct Command {
    enum class Kind { Key, Frames, Wait, Scrub, Report, Param, Log2N, Export, Sweep, SweepCell, SweepColour, SweepExport, Menu, Open, Size } kind = Kind::Wait;
    int key = -1;
    int count = 0;      // frames; key modifiers; parameter value; log2 n
    float fraction = 0;
    std::string tag;    // report tag; param name
    std::string text;   // param value as written; sweep: the second axis
    int row = 0;        // sweepcell: the row (count: the column); size: the height (count: the width)
    std::vector<std::string> path;  // menu: the labels, outermost first
  };
  void write_report(const Command& c, GuiApp& app);
  std::vector<Command> commands_;
  size_t next_ = 0;
  int phase_ = 0;          // progress inside the current command (frames counted, scrub phase)
  int row_wait_ = 0;       // menu: frames waited for a label to appear
  long frame_ = 0;
  bool exported_ = false;
  bool resizable_ = false;
  std::unique_ptr<OutputFile> report_;  // the report's temporary beside --report; null without one
};

}  // namespace sortscope::ui
