// The lesson box (gui --lesson FILE, app/lesson/lesson_file.h): over the view's top right, the
// lesson and slide titles, the slide's caption, its highlighted stretches of the array outlined
// over the picture, and a "predict, then run" question whose answer shows once the slide has been
// run to its last step. Page Down / Page Up (key_table.cpp) move between slides. A race slide
// shows the race's lanes as `gui --race` does (race_mode.h): its lanes run once, when the slide is
// first shown, and stay for the next visit; leaving it returns the view to one timeline.
#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "common/scenario.h"
#include "core/runner.h"
#include "gui_app.h"
#include "race_mode.h"
#include "registry.h"
#include "widgets.h"

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
  if (!slide.race.empty()) return show_race_slide(index);
  if (s.race) {  // leaving a race slide: back to the one timeline the session holds
    s.race.reset();
    s.race_moments.clear();
    s.playback.set_step_count(0);
    if (s.explain) s.playback.set_step_count(int(s.explain->timeline.steps.size()));
  }
  if (!slide.trace.empty()) {
    open_trace(slide.trace);
    if (!s.recording) return;  // the notice says why
  } else {
    const Scenario& want = *slide.scenario;
    const bool shown = s.explain && !s.recording && !s.scenario_dirty &&
                       scenario_to_json(s.explain->scenario, algorithm_params) == scenario_to_json(want, algorithm_params);
    if (!shown) {
      s.scenario = want;
      s.input_keys.reset();
      s.input_file.clear();
      s.input_specials.clear();
      s.scenario_dirty = true;
      pending_start_step_ = slide.step == kLastStep ? kPendingLast : slide.step;
      return;  // the step is set when the slide's timeline arrives
    }
  }
  const int steps = s.playback.step_count();
  if (steps > 0) s.playback.set_step(slide.step == kLastStep ? steps - 1 : std::min(slide.step, steps - 1));
}

void GuiApp::show_race_slide(int index) {
  const LessonSlide& slide = lesson_->slides[size_t(index)];
  AppState& s = state_;
  auto& setup = slide_races_[index];
  if (!setup) {
    // The lanes run here, on this thread, as `gui --race` runs them before its window opens: a
    // lesson's inputs are small, and the frames wait for them rather than show half a race.
    try {
      RunnerOptions ro;
      ro.force_cpu = options_.force_cpu;
      Runner runner(ro);
      setup = std::make_shared<const RaceSetup>(run_race_lanes(runner, slide.race, slide.clock, std::nullopt));
    } catch (const std::exception& e) {
      s.notify(fmt::format("slide {}: the race cannot run: {}", index + 1, e.what()), true, 10);
      return;
    }
  }
  pending_start_step_ = -1;
  start_race(s, setup);
  const std::vector<double>& m = s.race_moments;
  if (m.empty()) return;
  int moment = slide.step == kLastStep ? int(m.size()) - 1 : std::min(slide.step, int(m.size()) - 1);
  if (slide.at >= 0) {  // the first moment at or past that fraction of the clock (race_mode.cpp)
    const auto it = std::lower_bound(m.begin(), m.end(), slide.at * s.race->clock.end());
    moment = int(std::min<ptrdiff_t>(it - m.begin(), ptrdiff_t(m.size()) - 1));
  }
  s.playback.set_step(moment);
}

void GuiApp::draw_lesson() {
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

  // Over the picture's top right, below the view's banner and toolbar so their labels stay
  // readable (the panel's area until the picture has been laid out once).
  const Rect& area = s.rects.view;
  const Rect& pic = s.view_rect.w > 0 ? s.view_rect : area;
  const float fs = ImGui::GetFontSize();
  const float w = std::clamp(pic.w * 0.42f, fs * 16, fs * 30);
  const float top = s.view_rect.w > 0 ? pic.y + fs * 0.3f : area.y + fs * 3.2f;
  ImGui::SetNextWindowPos(ImVec2(pic.x + pic.w - w - fs * 0.3f, top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, std::max(fs * 8, area.y + area.h - top)));
  ImGui::SetNextWindowBgAlpha(0.92f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##lesson", nullptr, flags)) {
    ImGui::TextDisabled("%s  -  slide %d of %d (Page Down / Page Up)", lesson_->title.c_str(), slide_ + 1,
                        int(lesson_->slides.size()));
    if (s.large_font) ImGui::PushFont(s.large_font);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(slide.title.c_str());
    if (s.large_font) ImGui::PopFont();
    if (!slide.caption.empty()) ImGui::TextUnformatted(slide.caption.c_str());
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
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(slide_ + 1 >= int(lesson_->slides.size()));
    if (ImGui::SmallButton("next >")) show_slide(slide_ + 1);
    ImGui::EndDisabled();
  }
  ImGui::End();
}

}  // namespace sortscope::ui
