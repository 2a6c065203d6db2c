// The lesson box (gui --lesson FILE, app/lesson/lesson_file.h): docked at the picture's right, the
// lesson and slide titles, the slide's caption, its highlighted stretches of the array outlined
// over the picture, and a "predict, then run" question whose answer shows once the slide has been
// run to its last step. Page Down / Page Up (key_table.cpp) move between slides. A race slide
// shows the race's lanes as `gui --race` does (race_mode.h), the box beside them as beside any
// picture: its lanes run once, off the UI thread, when the slide is first shown
// (race_requests.cpp), and stay for the next visit; leaving it returns the view to one timeline.
// A slide that names a colour mode ("color_by") shows its array in it; the next slide without one
// goes back to the mode chosen outside the lesson.
#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "common/scenario.h"
#include "ui/gui_app.h"
#include "ui/race/race_mode.h"
#include "registry.h"
#include "ui/widgets.h"

namespace sortscope::ui {

void GuiApp::show_slide(int index) {
  if (!lesson_ || lesson_->slides.empty()) return;
  index = std::clamp(index, 0, int(lesson_->slides.size()) - 1);
  const LessonSlide& slide = lesson_->slides[size_t(index)];
  slide_ = index;
  slide_played_ = false;
  answer_shown_ = false;
  AppState& s = state_;
  s.playback.set_playing(false);
  show_color_by_of(slide);
  if (!slide.race.empty()) return show_race_slide(index);
  race_want_.reset();  // a race still running for another slide finishes unseen (race_requests.cpp)
  s.race_pending.clear();
  stop_race(s);        // leaving a race slide: back to the one timeline the session holds
  if (slide.trace.empty()) return show_scenario_at(*slide.scenario, slide.step);
  open_trace(slide.trace);
  if (!s.recording) return;  // the notice says why
  const int steps = s.playback.step_count();
  if (steps > 0) s.playback.set_step(slide.step == kLastStep ? steps - 1 : std::min(slide.step, steps - 1));
}

// --color-by given on the command line wins over every slide, as in render and record (the lecturer
// set it); else the slide's mode, else the one chosen outside the lesson. A mode changed by hand
// (K, the view's toolbar, View > Colour by) while a slide's own is shown becomes the one outside.
void GuiApp::show_color_by_of(const LessonSlide& slide) {
  ColorBy& mode = state_.settings.color_by;
  const ColorBy outside = color_by_outside_slides();
  mode = slide_color_by(slide, options_.color_by ? std::optional(outside) : std::nullopt, outside);
  slide_color_by_.reset();
  if (mode != outside) slide_color_by_ = SlideColorBy{outside, mode};
}

ColorBy GuiApp::color_by_outside_slides() const {
  const ColorBy mode = state_.settings.color_by;
  return slide_color_by_ && mode == slide_color_by_->shown ? slide_color_by_->outside : mode;
}

void GuiApp::show_race_slide(int index) {
  const LessonSlide& slide = lesson_->slides[size_t(index)];
  RaceRequest r;
  r.key = fmt::format("slide:{}", index);
  r.label = fmt::format("slide {}", index + 1);
  r.lanes = slide.race;
  r.clock = slide.clock;
  r.step = slide.step;
  r.at = slide.at;
  r.note = "This slide's race sets the lanes: each racer ran, verified, on the same input when the slide was "
           "first shown. Page Down / Page Up go on to the lesson's other slides.";
  want_race(std::move(r));
}

// A third of the view; in projector mode a quarter, so that the picture and its details keep 60% of
// the window at lecture sizes (issue 29), and never under ~27 characters a line.
float GuiApp::lesson_box_width() const {
  const float fs = ImGui::GetFontSize();
  if (state_.settings.projector) return std::clamp(state_.rects.view.w * 0.24f, fs * 12, fs * 22);
  return std::clamp(state_.rects.view.w * 0.34f, fs * 14, fs * 26);
}

void GuiApp::draw_lesson() {
  state_.lesson_rect = Rect{};
  if (!lesson_ || slide_ < 0) return;
  AppState& s = state_;
  const LessonSlide& slide = lesson_->slides[size_t(slide_)];
  const Playback& pb = s.playback;
  if (pb.playing()) slide_played_ = true;
  if (!slide.question.empty() && slide_played_ && pb.step_count() > 0 && pb.step() == pb.step_count() - 1)
    answer_shown_ = true;

  // Highlights: the stretches [first, last] outlined over the picture, positions spread over its width.
  const Timeline* tl = s.timeline();
  const Rect& v = s.view_rect;
  if (tl && tl->padded_n > 0 && v.w > 0 && v.h > 0) {
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    for (const LessonHighlight& h : slide.highlights) {
      const float x0 = v.x + v.w * float(double(h.first) / double(tl->padded_n));
      const float x1 = v.x + v.w * float(double(h.last + 1) / double(tl->padded_n));
      dl->AddRectFilled(ImVec2(x0, v.y), ImVec2(std::max(x1, x0 + 2), (v.y + v.h)), IM_COL32(255, 214, 10, 40));
      dl->AddRect(ImVec2(x0, v.y), ImVec2(std::max(x1, x0 + 2), (v.y + v.h)), IM_COL32(255, 214, 10, 230), 0, 0, 2.0f);
      if (!h.label.empty()) dl->AddText(ImVec2(x0 + 3, v.y + 3), IM_COL32(255, 214, 10, 255), h.label.c_str());
    }
  }

  // Beside the picture (the lanes of a race slide, or the array and its details), in the room the
  // main view leaves it (s.view_reserve_right), so nothing of the picture is hidden under it; over
  // the view's top right only until the picture has been laid out once.
  const Rect& area = s.rects.view;
  const Rect& pic = s.view_rect.w > 0 ? s.view_rect : area;
  const float fs = ImGui::GetFontSize();
  const float w = lesson_box_width();
  const bool beside = s.view_reserve_right > 0 && s.view_rect.w > 0;
  const float top = beside ? pic.y : s.view_rect.w > 0 ? pic.y + fs * 0.3f : area.y + fs * 3.2f;
  const float left = beside ? pic.x + pic.w + (s.view_reserve_right - w) : pic.x + pic.w - w - fs * 0.3f;
  ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, std::max(fs * 8, area.y + area.h - top)));
  ImGui::SetNextWindowBgAlpha(0.92f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##lesson", nullptr, flags)) {
    ImGui::PushTextWrapPos(0);  // every line wraps at the box's width, the lesson's title too
    // Projector mode's narrow column leaves the keys to the buttons' tooltips.
    ImGui::TextDisabled(s.settings.projector ? "%s  -  slide %d of %d" : "%s  -  slide %d of %d (Page Down / Page Up)",
                        lesson_->title.c_str(), slide_ + 1, int(lesson_->slides.size()));
    if (s.large_font) ImGui::PushFont(s.large_font);
    ImGui::TextUnformatted(slide.title.c_str());
    if (s.large_font) ImGui::PopFont();
    if (!slide.caption.empty()) ImGui::TextUnformatted(slide.caption.c_str());
    // Projector mode: the step's counter and caption, here rather than over the picture (issue 29),
    // where they fit in the column's height; else (a long caption in a short window) over the picture
    // from the next frame on, whole. The same estimate decides in both places, so it does not flip.
    float caption_h = 0, caption_drawn = 0;
    if (const Step* step = s.current_step(); s.settings.projector && step && s.timeline() && !s.race) {
      const std::string rows = break_at_spaces(step->caption, ImGui::GetContentRegionAvail().x);
      caption_h = ImGui::GetTextLineHeightWithSpacing() + ImGui::CalcTextSize(rows.c_str()).y +
                  ImGui::GetStyle().ItemSpacing.y * 3;
      if (s.lesson_has_caption) {
        const float y0 = ImGui::GetCursorPosY();
        ImGui::Separator();
        ImGui::TextColored(to_vec4(colors::kAccent), "step %d / %d", pb.step(), int(s.timeline()->steps.size()) - 1);
        ImGui::TextUnformatted(rows.c_str());
        caption_drawn = ImGui::GetCursorPosY() - y0;
      }
    }
    if (!slide.question.empty()) {
      ImGui::Separator();
      ImGui::TextColored(to_vec4(colors::kAccent), "Predict, then run: %s", slide.question.c_str());
      if (answer_shown_) {
        ImGui::TextColored(ImVec4(0.55f, 0.85f, 0.55f, 1), "Answer: %s", slide.answer.c_str());
      } else if (ImGui::SmallButton("run")) {
        if (pb.step_count() > 0 && pb.step() == pb.step_count() - 1) s.playback.first();
        if (!s.playback.playing()) s.playback.toggle_playing();
      }
    }
    ImGui::PopTextWrapPos();
    ImGui::BeginDisabled(slide_ == 0);
    if (ImGui::SmallButton("< previous")) show_slide(slide_ - 1);
    item_tooltip("Page Up");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(slide_ + 1 >= int(lesson_->slides.size()));
    if (ImGui::SmallButton("next >")) show_slide(slide_ + 1);
    item_tooltip("Page Down");
    ImGui::EndDisabled();
    const float content_h = ImGui::GetCursorPosY() - caption_drawn + caption_h + ImGui::GetStyle().WindowPadding.y;
    // The room the column would have with the caption in it: the picture then starts at the view's top.
    const float column_top = s.lesson_has_caption ? top : area.y + fs * 0.3f;
    lesson_caption_fits_ = content_h <= std::max(fs * 8, area.y + area.h - column_top);
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    s.lesson_rect = Rect{at.x, at.y, size.x, size.y};
  }
  ImGui::End();
}

}  // namespace sortscope::ui
