#pragma once
// What the last frame could not show whole, panel by panel: a label cut at a panel's edge, text
// run past the window or squeezed by its neighbour. Panels report through end_panel() (their
// items' extent against the window's clip rectangle, panels.h) and note_clipped() (text they draw
// themselves onto the draw list); the script's `report` and the layout tests read it, so a layout
// that cuts a label at some window size fails a test rather than a lecture. Like Dear ImGui's own
// state it belongs to the UI thread.
#include <map>
#include <string>
#include <vector>

namespace sortscope::ui {

using ClipReport = std::map<std::string, std::vector<std::string>>;  // panel -> what was cut

void clip_log_begin_frame();                  // at the start of a frame
void clip_log_end_frame();                    // the frame's notes become last_frame_clips()
void clip_log_panel(const std::string& name); // notes that follow belong to this panel
void note_clipped(const std::string& what);   // in the current panel
// Notes the current ImGui window's items when they reached past its clip rectangle: to the right
// always (panels never scroll sideways), downwards too when the window cannot scroll.
void check_window_overflow();
const ClipReport& last_frame_clips();

}  // namespace sortscope::ui
