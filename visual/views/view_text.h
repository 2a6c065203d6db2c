#pragma once
// The text a view draws, registered as it is drawn (issue 29, "Layout checks that cover the
// views"): every label of the GL-drawn views (array, aux panels, legends, frame and race headers)
// goes through draw_view_text, which draws it with ImGui's draw list and, while a ViewTextLog is
// collecting for the current ImGui context, notes what it said, where, in which colour, inside which
// clip rectangle and which view's bounds. text_checks.h then finds the labels that are cut, that
// overlap one another or that have too little contrast with what lies behind them, so a label that
// cannot be read fails a test instead of a lecture.
//
// The log is reached through the ImGui context it collects for (ImGuiIO::UserData), as Dear ImGui's
// own state is: the app's context for the views drawn in its panels, a FrameText's context for the
// exported frames and the race's lanes. No log collecting: draw_view_text only draws.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rect.h"

struct ImDrawList;
struct ImFont;
struct ImVec2;

namespace sortscope {

struct DrawnText {
  std::string text;
  std::string view;   // the view drawing it ("digit histogram", "race lane 2", ...)
  Rect rect;          // the text's extent, in the draw list's pixels
  Rect clip;          // the draw list's clip rectangle when drawn
  Rect bounds;        // the view's own rectangle (empty: none given)
  uint32_t colour = 0;  // ImU32 (RGBA, R in the low byte)
};

class ViewTextLog {
 public:
  // Collect for the current ImGui context until stop() (or destruction); replaces any log it had.
  void start();
  void stop();
  bool collecting() const { return collecting_; }
  void clear() { entries_.clear(); }
  // The view drawing next, with its rectangle (labels outside it are reported as spilling out).
  void set_view(std::string name, Rect bounds = {});
  void add(DrawnText t);
  const std::vector<DrawnText>& entries() const { return entries_; }
  const std::string& view() const { return view_; }
  const Rect& bounds() const { return bounds_; }
  ~ViewTextLog();

 private:
  std::vector<DrawnText> entries_;
  std::string view_;
  Rect bounds_;
  bool collecting_ = false;
  void* context_ = nullptr;  // the ImGui context it collects for
};

// The log collecting for the current ImGui context, or null.
ViewTextLog* current_text_log();
// Names the view drawing next in the current log (no log: nothing).
void set_text_view(std::string name, Rect bounds = {});

// Draws `text` at `pos` (AddText's arguments; wrap_width > 0 wraps) and registers it.
void draw_view_text(ImDrawList* dl, ImFont* font, float font_px, const ImVec2& pos, uint32_t colour,
                    std::string_view text, float wrap_width = 0);

}  // namespace sortscope
