#include "view_canvas.h"

#include <algorithm>
#include <cmath>

#include "app_state.h"
#include "colormap.h"
#include "ui/race/race_mode.h"
#include "gl/gl_check.h"
#include "widgets.h"

namespace sortscope::ui {

namespace {
ArrayMode to_array_mode(ArrayViewMode m) {
  switch (m) {
    case ArrayViewMode::Bars: return ArrayMode::Bars;
    case ArrayViewMode::Dots: return ArrayMode::Dots;
    case ArrayViewMode::Heat: return ArrayMode::Heatmap;
    case ArrayViewMode::Auto: break;
  }
  return ArrayMode::Auto;
}
}  // namespace

ViewCanvas::ViewCanvas() : view_(std::make_unique<ArrayView>()) {}
ViewCanvas::~ViewCanvas() = default;

void ViewCanvas::show(AppState& s, ImVec2 size) {
  int w = std::max(1, int(std::floor(size.x))), h = std::max(1, int(std::floor(size.y)));
  ImVec2 p = ImGui::GetCursorScreenPos();
  if (!error_.empty()) {
    ImGui::BeginChild("##view-error", size);
    colored_wrapped(colors::kBad, "the view could not be drawn: " + error_);
    ImGui::EndChild();
    error_.clear();
    wanted_ = true;  // try again next frame
    return;
  }
  try {
    target_.resize(w, h, 4);
  } catch (const std::exception& e) {
    error_ = e.what();
    ImGui::Dummy(size);
    return;
  }
  // Drawn now, at this frame's size and step, so that the picture and its labels of the first frame
  // after a change (a slide, a step, a window size) are this frame's, not the last one's.
  wanted_ = true;
  render(s);
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(target_.texture())), ImVec2(float(w), float(h)),
               ImVec2(0, 1), ImVec2(1, 0));
  if (drawn_ && !s.race) view_->draw_labels(ImGui::GetWindowDrawList(), p.x, p.y);
  s.view_rect = {p.x, p.y, float(w), float(h)};
}

void ViewCanvas::render(const AppState& s) {
  if (!wanted_) return;
  wanted_ = false;
  const Timeline* tl = s.timeline();
  try {
    target_.bind();
    const auto& bg = palette::kBackground;
    glClearColor(bg[0], bg[1], bg[2], bg[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    if (s.race) {
      // The same lanes keep their renderer (and its views' fills) across clock switches.
      const void* lanes = s.race->run.lanes.front().result.get();
      if (!race_ || race_lanes_ != lanes) {
        race_ = std::make_unique<RaceFrameRenderer>(race_sources(*s.race));
        race_lanes_ = lanes;
      }
      FrameStyle& style = race_->style();
      style.array.mode = to_array_mode(s.settings.view_mode);
      style.array.comparators = s.settings.show_aux;
      style.array.ownership_strip = s.settings.show_ownership;
      style.array.color_by = s.settings.color_by;  // the race's legend says that lanes colour by key
      // Frames scale their text with the frame; a small view would make it unreadable, so the lanes'
      // text stays at least three quarters of the UI's size (the lanes keep most of the room).
      const float frame_scale = std::min(target_.width() / 1280.0f, target_.height() / 720.0f);
      style.text_scale = frame_scale > 0 ? std::max(1.0f, 0.75f * s.ui_scale / frame_scale) : 1.0f;
      // No header: the toolbar says the clock and its reading, the scenario panel the input.
      RaceFrame frame = race_frame_at(*s.race, race_time(s));
      frame.title.clear();
      frame.clock.clear();
      race_->draw(frame, target_.width(), target_.height());
      drawn_ = true;
    } else if (tl && !tl->steps.empty()) {
      ArrayViewOptions& o = view_->options();
      o.mode = to_array_mode(s.settings.view_mode);
      o.comparators = s.settings.show_aux;
      o.ownership_strip = s.settings.show_ownership;
      o.color_by = s.settings.color_by;
      int step = std::clamp(s.playback.step(), 0, int(tl->steps.size()) - 1);
      view_->draw(*tl, step, sortscope::Rect{0, 0, float(target_.width()), float(target_.height())}, target_.width(),
                  target_.height());
      drawn_ = true;
    }
    target_.resolve();
    gl::OffscreenTarget::bind_default();
    GL_CHECK_AFTER("drawing the main view");
  } catch (const std::exception& e) {
    gl::OffscreenTarget::bind_default();
    error_ = e.what();
  }
}

}  // namespace sortscope::ui
