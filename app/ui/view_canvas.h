#pragma once
// The main view's picture: visual/'s ArrayView drawn into an offscreen target whose texture the
// main view panel shows with ImGui::Image. The target is sized and drawn while the panel is laid
// out, so the texture and the labels over it are this frame's (the first frame after a change is
// right: a screenshot of it, the script's report); ImGui's backend sets every GL state it uses when
// it draws the frame, after the view's. While the app
// races (race_mode.h) the picture is the race's lanes, drawn by a RaceFrameRenderer into the same target.
#include <memory>
#include <string>

#include <imgui.h>

#include "gl/offscreen_target.h"
#include "race_frame_renderer.h"
#include "views/array_view.h"

namespace sortscope::ui {

struct AppState;

class ViewCanvas {
 public:
  ViewCanvas();  // needs the current GL context
  ~ViewCanvas();

  // In the main view panel: draws the current step (render) at `size` in pixels and places it at the
  // cursor, with its labels (block numbers) over it.
  void show(AppState& s, ImVec2 size);
  // Draws the current step into the target where show() asked for it and it has not been drawn.
  void render(const AppState& s);

  const ArrayView& view() const { return *view_; }
  bool drawn() const { return drawn_; }   // something was drawn at least once
  const RaceFrameRenderer* race() const { return race_.get(); }  // while racing (its last frame's text)

 private:
  gl::OffscreenTarget target_;
  std::unique_ptr<ArrayView> view_;
  std::unique_ptr<RaceFrameRenderer> race_;  // while racing: made for the lanes of race_lanes_
  const void* race_lanes_ = nullptr;
  bool wanted_ = false;
  bool drawn_ = false;
  std::string error_;                    // the last draw's failure, shown in place of the picture
};

}  // namespace sortscope::ui
