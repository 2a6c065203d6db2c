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
#include <cfloat>
#include <cmath>

#include <fmt/format.h>
#include <imgui.h>

#include "common/scenario.h"
#include "ui/clip_log.h"
#include "ui/gui_app.h"
#include "ui/lesson/text_column.h"
#include "ui/panels/panels.h"
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
  state_.lesson_text = {};
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

  // A column beside the picture (the lanes of a race slide, or the array and its details), in the
  // room the main view leaves it (s.view_reserve_right), from the picture's top to the view's
  // bottom, so nothing of the picture is hidden under it (issue 29). Its size is set, not measured
  // from the last frame's contents, so the first frame of a slide (and of the app) is laid out right.
  const Rect& area = s.rects.view;
  const bool laid_out = s.view_rect.w > 0;
  const Rect& pic = laid_out ? s.view_rect : area;
  const float fs = ImGui::GetFontSize();
  const float w = lesson_box_width();
  const float pad_y = s.settings.projector ? projector_padding().y : ImGui::GetStyle().WindowPadding.y;
  const bool beside = s.view_reserve_right > 0 && laid_out;
  const float top = laid_out ? pic.y : area.y + fs * 0.3f;
  const float left = beside ? pic.x + pic.w + (s.view_reserve_right - w) : area.x + area.w - w - fs * 0.3f;
  // Above the pseudo-code strip, which spans the view's width (main_view_panel.cpp).
  const Rect& code = s.code_strip_rect;
  const float bottom = code.h > 0 ? code.y - ImGui::GetStyle().ItemSpacing.y : area.y + area.h - pad_y;
  ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, std::max(bottom - top, fs * 4)), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.92f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoScrollWithMouse;
  if (ImGui::Begin("##lesson", nullptr, flags)) {
    clip_log_panel("lesson");
    ImGui::PushTextWrapPos(0);  // the lesson's and the slide's titles wrap at the box's width
    // Projector mode's narrow column leaves the keys to the buttons' tooltips.
    ImGui::TextDisabled(s.settings.projector ? "%s  -  slide %d of %d" : "%s  -  slide %d of %d (Page Down / Page Up)",
                        lesson_->title.c_str(), slide_ + 1, int(lesson_->slides.size()));
    if (s.large_font) ImGui::PushFont(s.large_font);
    ImGui::TextUnformatted(slide.title.c_str());
    if (s.large_font) ImGui::PopFont();
    ImGui::PopTextWrapPos();
    draw_lesson_texts(slide);
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    s.lesson_rect = Rect{at.x, at.y, size.x, size.y};
    check_window_overflow();
  }
  ImGui::End();
  clip_log_panel("window");
}

// Under the titles: the slide's caption, its question (and answer, once run), and in projector
// mode the step's counter and caption, here rather than over the picture (issue 29: the picture and
// its details keep 60% of the window); at the largest scale at which they fit the column, else a
// page of whole rows at a time with a "more" button (lesson/text_column.h). The buttons stay at
// the column's foot.
void GuiApp::draw_lesson_texts(const LessonSlide& slide) {
  AppState& s = state_;
  const Playback& pb = s.playback;
  const ImGuiStyle& st = ImGui::GetStyle();
  const float fs = ImGui::GetFontSize();
  std::vector<ColumnText> texts;
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
  if (!slide.caption.empty()) texts.push_back({slide.caption, ink, false});
  if (!slide.question.empty()) {
    texts.push_back({"Predict, then run: " + slide.question, colors::kAccent, !texts.empty()});
    if (answer_shown_) texts.push_back({"Answer: " + slide.answer, IM_COL32(140, 217, 140, 255), false});
  }
  const Step* step = s.current_step();
  if (s.lesson_has_caption && step && s.timeline() && !s.race) {
    texts.push_back({fmt::format("step {} / {}", pb.step(), int(s.timeline()->steps.size()) - 1), colors::kAccent,
                     !texts.empty()});
    texts.push_back({step->caption, ink, false});
    if (std::string note = no_details_note(s); !note.empty()) texts.push_back({std::move(note), colors::kDim, false});
  }

  // The foot: the "more" button where the texts take pages, "run" while the answer is hidden, and
  // previous / next; small buttons, a font's height each.
  const float row = fs + st.ItemSpacing.y;
  const bool run_button = !slide.question.empty() && !answer_shown_;
  const float foot = row * (1 + (run_button ? 1 : 0));
  const float texts_top = ImGui::GetCursorPosY();
  float foot_top = ImGui::GetWindowHeight() - st.WindowPadding.y - foot;
  TextColumnMetrics m;
  m.width = ImGui::GetContentRegionAvail().x;
  m.room = foot_top - texts_top - st.ItemSpacing.y;
  m.line_px = fs;
  m.gap_px = st.ItemSpacing.y * 2 + 1;
  ImFont* font = ImGui::GetFont();
  const TextColumnLayout layout = lay_out_text_column(texts, m, [&](std::string_view t, float scale) {
    return font->CalcTextSizeA(fs * scale, FLT_MAX, 0, t.data(), t.data() + t.size()).x;
  });
  // Pages: the rows from lesson_text_first_ that fit whole above the "more" button's row; another
  // slide or step starts at the top.
  const float room = layout.pages ? m.room - row : m.room;
  if (layout.pages) foot_top -= row;
  if (lesson_text_of_ != std::pair(slide_, pb.step()) || lesson_text_first_ >= layout.lines.size())
    lesson_text_first_ = 0;
  lesson_text_of_ = {slide_, pb.step()};
  const size_t first = layout.pages ? lesson_text_first_ : 0;
  const size_t end = text_column_page_end(layout, first, room);

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float top_y = first < layout.lines.size() ? layout.lines[first].y : 0;
  for (size_t i = first; i < end; ++i) {
    const ColumnLine& l = layout.lines[i];
    const float y = origin.y + l.y - top_y;
    if (l.rule)
      dl->AddLine(ImVec2(origin.x, std::round(y + l.h * 0.5f)), ImVec2(origin.x + m.width, std::round(y + l.h * 0.5f)),
                  ImGui::GetColorU32(ImGuiCol_Separator));
    else
      dl->AddText(font, fs * layout.scale, ImVec2(origin.x, y), l.colour, l.text.c_str());
  }
  ImGui::Dummy(ImVec2(m.width, std::max(room, 1.0f)));
  if (layout.pages && ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) {  // a row a notch
    const int by = ImGui::GetIO().MouseWheel < 0 ? 1 : -1;
    lesson_text_first_ = size_t(std::clamp(int(first) + by, 0, int(layout.lines.size()) - 1));
  }
  // Nothing cut: a row that does not fit whole is not drawn, and what is left out is said.
  if (end == first && !layout.lines.empty())
    note_clipped("the texts have no room under the titles (" + std::to_string(int(room)) + " px)");
  for (const std::string& word : layout.wide_words) note_clipped("'" + word + "' is wider than the column");
  s.lesson_text = {layout.scale, int(layout.lines.size()), int(first), int(end - first)};

  ImGui::SetCursorPosY(foot_top);
  if (layout.pages) {
    const auto left_out = std::count_if(layout.lines.begin() + long(end), layout.lines.end(),
                                        [](const ColumnLine& l) { return !l.rule; });
    const std::string label = left_out > 0 ? fmt::format("more below ({} rows)", left_out) : std::string("back to the top");
    if (ImGui::SmallButton(label.c_str())) lesson_text_first_ = left_out > 0 ? end : 0;
    item_tooltip("The texts are longer than the column, even at their smallest size: a page at a time (or the "
                 "mouse wheel over them).");
  }
  if (run_button && ImGui::SmallButton("run")) {
    if (pb.step_count() > 0 && pb.step() == pb.step_count() - 1) s.playback.first();
    if (!s.playback.playing()) s.playback.toggle_playing();
  }
  ImGui::BeginDisabled(slide_ == 0);
  if (ImGui::SmallButton("< previous")) show_slide(slide_ - 1);
  item_tooltip("Page Up");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(slide_ + 1 >= int(lesson_->slides.size()));
  if (ImGui::SmallButton("next >")) show_slide(slide_ + 1);
  item_tooltip("Page Down");
  ImGui::EndDisabled();
}

}  // namespace sortscope::ui
