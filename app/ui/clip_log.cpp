#include "clip_log.h"

#include <cstdio>

#include <imgui.h>
#include <imgui_internal.h>  // the window's cursor extent and clip rectangle (no public accessor in 1.86)

namespace sortscope::ui {

namespace {
struct ClipLog {
  ClipReport frame, last;
  std::string panel = "window";
};
ClipLog& log() {
  static ClipLog l;
  return l;
}
}  // namespace

void clip_log_begin_frame() {
  log().frame.clear();
  log().panel = "window";
}

void clip_log_end_frame() { log().last = log().frame; }

void clip_log_panel(const std::string& name) { log().panel = name; }

void note_clipped(const std::string& what) { log().frame[log().panel].push_back(what); }

void check_window_overflow() {
  const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
  if (!w || w->SkipItems) return;
  // One pixel of slack: right-aligned items end exactly on the edge.
  const ImRect& clip = w->InnerClipRect;
  char text[96];
  if (w->DC.CursorMaxPos.x > clip.Max.x + 1.0f) {
    std::snprintf(text, sizeof text, "items reach %.0f px past the right edge", w->DC.CursorMaxPos.x - clip.Max.x);
    note_clipped(text);
  }
  if ((w->Flags & ImGuiWindowFlags_NoScrollbar) && w->DC.CursorMaxPos.y > clip.Max.y + 1.0f) {
    std::snprintf(text, sizeof text, "items reach %.0f px below the bottom edge", w->DC.CursorMaxPos.y - clip.Max.y);
    note_clipped(text);
  }
}

const ClipReport& last_frame_clips() { return log().last; }

}  // namespace sortscope::ui
