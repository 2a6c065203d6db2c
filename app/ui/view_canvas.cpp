#include "view_canvas.h"

#include <algorithm>
#include <cmath>

#include "app_state.h"
#include "colormap.h"
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
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(target_.texture())), ImVec2(float(w), float(h)),
               ImVec2(0, 1), ImVec2(1, 0));
  if (drawn_) view_->draw_labels(ImGui::GetWindowDrawList(), p.x, p.y);
  s.view_rect = {p.x, p.y, float(w), float(h)};
  wanted_ = true;
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
    if (tl && !tl->steps.empty()) {
      ArrayViewOptions& o = view_->options();
      o.mode = to_array_mode(s.settings.view_mode);
      o.comparators = s.settings.show_aux;
      o.ownership_strip = s.settings.show_ownership;
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
