#pragma once
// The panels of the main window, one function per panel and one file per function (the Dear ImGui
// demo's style). Each draws a fixed-position window into its rectangle of the tiled layout.
#include "ui/app_state.h"

namespace sortscope::ui {

// Window flags of a tiled panel: placed by the layout, never moved, resized or collapsed by hand.
inline constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                                ImGuiWindowFlags_NoCollapse |
                                                ImGuiWindowFlags_NoBringToFrontOnFocus |
                                                ImGuiWindowFlags_NoSavedSettings;
// Begins a panel window at `r`; `name` is the panel's name in the clip log and the script's report
// (clip_log.h). Always call end_panel after, as ImGui::End after ImGui::Begin.
bool begin_panel(const char* name, const char* title, const Rect& r, ImGuiWindowFlags extra = 0);
// Notes what the panel's items could not show whole, then ImGui::End.
void end_panel();
// The thin window padding of projector mode's view, transport and shared status row (layout.h,
// LayoutMetrics::throughput_in_status): the room they give up goes to the picture.
inline ImVec2 projector_padding() { return {ImGui::GetFontSize() * 0.4f, ImGui::GetFontSize() * 0.2f}; }

void draw_menu_bar(AppState& s);           // menu_bar.cpp
// The menu bar's line on the right: algorithm, n, what each item is (a record sort: its records,
// timeline_items_text), the input file; empty without a timeline (menu_bar.cpp; the script's report
// writes it as "scenario_line").
std::string shown_scenario_line(const AppState& s);
void draw_scenario_panel(AppState& s);     // scenario_panel.cpp
void draw_main_view_panel(AppState& s);    // main_view_panel.cpp
// main_view_panel.cpp: the line saying the step shown has no details where the timeline's other
// steps have them (its input); "" where there is nothing to say. Under the picture, or in the lesson
// box's column where that holds the step's caption (projector mode; lesson_box.cpp).
std::string no_details_note(const AppState& s);
void draw_transport_panel(AppState& s);    // transport_panel.cpp
void draw_step_panel(AppState& s);         // step_panel.cpp
void draw_throughput_panel(AppState& s);   // throughput_panel.cpp
void draw_throughput_line(AppState& s);    // throughput_panel.cpp: the folded panel, its summary line
// The axes of a keys/s-against-n plot (log 2 n, log keys/s), and that plot of the session's curves:
// the current parameters' and a few earlier ones', with the baseline and the bandwidth bound.
PlotConfig n_sweep_plot_config(std::string empty_text);   // throughput_panel.cpp
void draw_sweep_curves_plot(AppState& s, ImVec2 size);    // throughput_panel.cpp
void draw_sweep_panel(AppState& s);        // sweep_panel.cpp: the sweep view (W)
// The sweep's heat map and its curves side by side in `size`; interactive: hover tooltips and
// clicks (the view), else a picture (sweep_picture.h).
void draw_sweep_figure(AppState& s, ImVec2 size, bool interactive);  // sweep_panel.cpp
// A folded side panel: a strip with its title, letter under letter; true when clicked (unfold it).
bool draw_fold_strip(const char* name, const char* title, const Rect& r);  // fold_strip.cpp
void draw_status_bar(AppState& s);         // status_bar.cpp
void draw_help_overlay(AppState& s);       // help_overlay.cpp
void draw_export_dialog(AppState& s);      // export_dialog.cpp
void draw_open_dialog(AppState& s);        // open_dialog.cpp: File > Open
void draw_lab_panel(AppState& s);          // lab_panel.cpp: Lab > Kernel lab (docs/lab.md)
void draw_save_trace_dialog(AppState& s);  // trace_dialog.cpp: File > Save trace
// The scenario panel's input rows while the user's keys are sorted: the file's name, n and key
// type, its special values, and the way back to generated input.
void input_file_rows(AppState& s);         // open_dialog.cpp
// The file name stem of an export of this timeline: "sortscope-radix-n65536" (key type and values
// when not plain u32 keys).
std::string export_name(const Timeline& tl);  // export_dialog.cpp
// Renames the export dialog's output after the timeline shown unless the user typed a name.
void follow_export_name(AppState& s);  // export_dialog.cpp
// Starts a background export of the timeline shown (steps first..last, -1: to the end) with the
// export settings; false (and a notice saying why) when it cannot start.
bool start_video_export(AppState& s, const std::string& path, int first_step, int last_step);

}  // namespace sortscope::ui
