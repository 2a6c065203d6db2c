// The panels' race parts (race_mode.h): the main view's lanes with the clock's toolbar, the racers'
// keys/s side by side in the throughput panel, and each lane's step in the step panel.
#include <algorithm>
#include <cmath>
#include <string>

#include "cli/scenario_options.h"
#include "race_mode.h"
#include "registry.h"
#include "ui/view_canvas.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

std::string lane_title(const AppState& s, size_t lane) {
  const RaceLane& l = s.race->run.lanes[lane];
  const Timeline& tl = l.result->timeline;
  const Algorithm* a = find_algorithm(tl.algorithm);
  return std::to_string(lane + 1) + "  " + (a ? a->title() : tl.algorithm) +
         (l.lab_piece.empty() ? std::string() : " with " + l.lab_piece);
}

}  // namespace

void draw_race_view(AppState& s) {
  const RaceSetup& r = *s.race;
  const bool by_time = r.clock.kind() == RaceClockKind::Time;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("clock");
  ImGui::SameLine();
  if (ImGui::RadioButton("by step", !by_time)) set_race_clock(s, RaceClockKind::Step);
  item_tooltip("Every lane shows the same fraction of its own steps, so all finish together: steps of different "
               "sorts are not the same work, and the step clock ranks nothing (C toggles)");
  ImGui::SameLine();
  const std::string time_label = race_clock_label(RaceClockKind::Time, r.run);
  if (ImGui::RadioButton(time_label.c_str(), by_time)) set_race_clock(s, RaceClockKind::Time);
  item_tooltip("Lanes advance in proportion to their GPU step times: " + race_times_label(r.run) +
               ". The faster sort finishes first (C toggles).");
  // The clock's reading, as exported frames carry it in their header.
  const RaceFrame frame = race_frame_at(r, race_time(s));
  ImGui::SameLine();
  ImGui::TextUnformatted(elide(frame.clock, ImGui::GetContentRegionAvail().x).c_str());
  item_tooltip(frame.info);
  // The lesson box's room on a race slide (lesson_box.cpp) stays free of lanes.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = std::max(avail.x - s.view_reserve_right, ImGui::GetFontSize() * 8);
  if (s.canvas) s.canvas->show(s, ImVec2(w, avail.y));
}

void draw_race_throughput(AppState& s) {
  const RaceSetup& r = *s.race;
  const std::string head = "Race: keys/s by " + race_times_label(r.run);
  ImGui::TextUnformatted(elide(head, ImGui::GetContentRegionAvail().x).c_str());
  item_tooltip(head + "\nn / the sum of the lane's step times; every lane sorted the same input (" + r.input + ")");
  double best = 0;
  float label_w = 0;
  for (size_t i = 0; i < r.run.lanes.size(); ++i) {
    best = std::max(best, r.run.lanes[i].keys_per_s());
    label_w = std::max(label_w, ImGui::CalcTextSize(lane_title(s, i).c_str()).x);
  }
  const float fs = ImGui::GetFontSize();
  const float value_w = ImGui::CalcTextSize("999 M keys/s  (9999.99 ms)").x;
  const double t = race_time(s);
  for (size_t i = 0; i < r.run.lanes.size(); ++i) {
    const RaceLane& lane = r.run.lanes[i];
    const bool done = r.clock.at(int(i), t).finished;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float row_h = ImGui::GetFrameHeight();
    const float w = ImGui::GetContentRegionAvail().x;
    ImGui::Dummy(ImVec2(std::max(w, 1.0f), row_h));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddText(ImVec2(p.x, p.y + (row_h - fs) * 0.5f), done ? colors::kAccent : IM_COL32(220, 222, 228, 255),
                lane_title(s, i).c_str());
    const float bar_x = p.x + label_w + fs, bar_w = std::max(w - label_w - fs - value_w, fs * 2);
    const double kps = lane.keys_per_s();
    const float frac = best > 0 ? float(kps / best) : 0;
    dl->AddRectFilled(ImVec2(bar_x, p.y + 2), ImVec2(bar_x + bar_w, p.y + row_h - 2), ImGui::GetColorU32(ImGuiCol_FrameBg), 3);
    dl->AddRectFilled(ImVec2(bar_x, p.y + 2), ImVec2(bar_x + bar_w * frac, p.y + row_h - 2),
                      colors::kSeries[i % (sizeof(colors::kSeries) / sizeof(colors::kSeries[0]))], 3);
    const std::string value = kps > 0 ? format_keys_per_s(kps) + "  (" + format_race_ms(lane.total_ms()) + ")"
                                      : std::string("no times");
    dl->AddText(ImVec2(bar_x + bar_w + fs * 0.5f, p.y + (row_h - fs) * 0.5f), colors::kDim, value.c_str());
    item_tooltip(lane_title(s, i) + ": " + value + "\n" + lane.result->verdict.summary());
  }
}

void draw_race_throughput_line(AppState& s) {
  const RaceSetup& r = *s.race;
  FlowLine flow(true, ImGui::CalcTextSize("...").x + ImGui::GetStyle().ItemSpacing.x);  // room for its "..."
  std::string left_out;
  auto piece = [&](const std::string& str, bool dim) {
    if (!flow.next_text(str.c_str())) {
      left_out += (left_out.empty() ? "" : "\n") + str;
      return;
    }
    if (dim) ImGui::TextDisabled("%s", str.c_str());
    else ImGui::TextUnformatted(str.c_str());
  };
  if (r.run.times == RaceTimes::None) {
    piece("race: no GPU times", false);
    piece(r.run.why_no_times, true);
  } else {
    for (size_t i = 0; i < r.run.lanes.size(); ++i)
      piece(lane_title(s, i) + " " + format_keys_per_s(r.run.lanes[i].keys_per_s()), false);
    piece("(GPU time " + r.run.times_source + ")", true);
  }
  if (!left_out.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("...");
    item_tooltip(left_out);
  }
}

void draw_race_steps(AppState& s) {
  const RaceSetup& r = *s.race;
  const double t = race_time(s);
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("race %s: %s", race_clock_label(r.clock.kind(), r.run).c_str(),
                      r.clock.kind() == RaceClockKind::Time
                          ? (format_race_ms(t) + " of " + format_race_ms(r.clock.end())).c_str()
                          : (std::to_string(int(std::lround(100 * std::clamp(t, 0.0, 1.0)))) +
                             "% of each lane's own steps").c_str());
  for (size_t i = 0; i < r.run.lanes.size(); ++i) {
    const RaceLane& lane = r.run.lanes[i];
    const Timeline& tl = lane.result->timeline;
    const RaceLanePosition p = r.clock.at(int(i), t);
    ImGui::Separator();
    ImGui::TextUnformatted(lane_title(s, i).c_str());
    ImGui::TextDisabled("step %d / %d", p.step, int(tl.steps.size()) - 1);
    if (p.finished) {
      ImGui::SameLine();
      badge(p.place > 0 ? ("finished " + ordinal(p.place)).c_str() : "done", colors::kAccent);
    }
    const Step& st = tl.steps[size_t(p.step)];
    const Algorithm* a = find_algorithm(tl.algorithm);
    const std::string caption = !st.caption.empty() || !a || st.kind < 0 || size_t(st.kind) >= a->step_kinds().size()
                                    ? st.caption
                                    : a->step_kinds()[size_t(st.kind)].caption;
    ImGui::TextUnformatted(caption.c_str());
    badge(lane.result->verdict.ok() ? "verified" : "FAILED", lane.result->verdict.ok() ? colors::kGood : colors::kBad);
    item_tooltip(lane.result->verdict.summary());
  }
  ImGui::PopTextWrapPos();
}

void draw_race_scenario(AppState& s) {
  const RaceSetup& r = *s.race;
  ImGui::PushTextWrapPos(0);
  section_header("Race");
  for (size_t i = 0; i < r.run.lanes.size(); ++i) {
    ImGui::TextUnformatted(lane_title(s, i).c_str());
    ImGui::TextDisabled("%s", describe_algorithm_params(r.run.lanes[i].result->scenario).c_str());
  }
  section_header("Input (every lane)");
  ImGui::TextUnformatted(r.input.c_str());
  ImGui::Spacing();
  if (!s.race_note.empty())  // a lesson's race slide, a preset's race: where the lanes came from
    ImGui::TextDisabled("%s", s.race_note.c_str());
  else
    ImGui::TextDisabled("The racers ran, each verified, before the window opened (gui --race); this panel shows "
                        "them rather than a scenario to edit. Run gui without --race to edit one.");
  ImGui::PopTextWrapPos();
  if (s.race_leavable && ImGui::Button("Back to the scenario")) stop_race(s);
  if (s.race_leavable) item_tooltip("Leave the race for the scenario shown before it, to edit and run");
}

}  // namespace sortscope::ui
