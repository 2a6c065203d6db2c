#pragma once
// The panels of the main window, one function per panel and one file per function (the Dear ImGui
// demo's style). Each draws a fixed-position window into its rectangle of the tiled layout.
#include "app_state.h"

namespace sortscope::ui {

// Window flags of a tiled panel: placed by the layout, never moved, resized or collapsed by hand.
inline constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                                ImGuiWindowFlags_NoCollapse |
                                                ImGuiWindowFlags_NoBringToFrontOnFocus |
                                                ImGuiWindowFlags_NoSavedSettings;
// Begins a panel window at `r` (always call ImGui::End after, as with ImGui::Begin).
bool begin_panel(const char* title, const Rect& r, ImGuiWindowFlags extra = 0);

void draw_menu_bar(AppState& s);           // menu_bar.cpp
void draw_scenario_panel(AppState& s);     // scenario_panel.cpp
void draw_main_view_panel(AppState& s);    // main_view_panel.cpp
void draw_transport_panel(AppState& s);    // transport_panel.cpp
void draw_step_panel(AppState& s);         // step_panel.cpp
void draw_throughput_panel(AppState& s);   // throughput_panel.cpp
void draw_status_bar(AppState& s);         // status_bar.cpp
void draw_help_overlay(AppState& s);       // help_overlay.cpp
void draw_export_dialog(AppState& s);      // export_dialog.cpp
// Starts a background export of the timeline shown (steps first..last, -1: to the end) with the
// export settings; false (and a notice saying why) when it cannot start.
bool start_video_export(AppState& s, const std::string& path, int first_step, int last_step);

}  // namespace sortscope::ui
