// The transport: play/pause, step, first/last, speed, loop, and a scrub bar with a tick per step.
// Ticks are coloured by the kernel launch their step ran in, so a run of steps fused into one
// launch reads as one block of colour; with "time" on, by the step's GPU time (Step::gpu_ms, from
// explain mode's launch-clocked run) from cool to hot, so the steps that cost read at a glance.
// Everything here moves an index into the timeline: stepping
// back is as instant as stepping forward, nothing re-runs.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

double longest_step_ms(const Timeline* tl) {
  double m = 0;
  if (tl)
    for (const Step& st : tl->steps) m = std::max(m, st.gpu_ms);
  return m;
}

// 0 (no time) grey-blue .. 1 (the longest step) red, through yellow.
ImU32 time_colour(double f) {
  const float t = float(std::clamp(f, 0.0, 1.0));
  if (t <= 0) return IM_COL32(110, 120, 150, 160);
  const float r = 80 + 175 * std::min(1.0f, 2 * t), g = t < 0.5f ? 150 + 80 * 2 * t : 230 - 180 * (2 * t - 1);
  return IM_COL32(int(r), int(g), 60, 235);
}

// The scrub bar; returns true when the user moved the step.
bool scrub_bar(AppState& s, const Timeline* tl, float height) {
  Playback& pb = s.playback;
  const int steps = pb.step_count();
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  float width = ImGui::GetContentRegionAvail().x;
  ImGui::InvisibleButton("##scrub", ImVec2(std::max(width, 10.0f), height));
  s.scrub_rect = {p0.x, p0.y, width, height};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = ImGui::GetFontSize() * 0.5f;
  const float x0 = p0.x + pad, x1 = p0.x + width - pad;
  const float mid = p0.y + height * 0.5f;
  auto x_of = [&](int k) { return steps > 1 ? x0 + (x1 - x0) * float(k) / float(steps - 1) : x0; };

  dl->AddRectFilled(ImVec2(p0.x, p0.y), ImVec2(p0.x + width, p0.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg),
                    4.0f);
  bool changed = false;
  if (steps > 0) {
    // Played part of the track.
    dl->AddRectFilled(ImVec2(x0, mid - 2), ImVec2(x1, mid + 2), ImGui::GetColorU32(ImGuiCol_Border));
    dl->AddRectFilled(ImVec2(x0, mid - 2), ImVec2(x_of(pb.step()), mid + 2), colors::kAccent);
    // A tick per step (thinned when they would be closer than 3 px), launches in alternating shades
    // or step times from cool (short) to hot (the longest step).
    int every = std::max(1, int(std::ceil(3.0f * float(steps) / std::max(x1 - x0, 1.0f))));
    const double longest = s.ticks_by_time ? longest_step_ms(tl) : 0;
    for (int k = 0; k < steps; k += every) {
      const Step* step = tl && k < int(tl->steps.size()) ? &tl->steps[size_t(k)] : nullptr;
      int launch = step ? step->launch : -1;
      ImU32 c = launch < 0 ? IM_COL32(160, 160, 170, 200)
                           : (launch % 2 ? IM_COL32(120, 190, 240, 220) : IM_COL32(240, 190, 110, 220));
      if (longest > 0 && step) c = time_colour(step->gpu_ms / longest);
      float x = x_of(k);
      float h = height * (k == 0 || k == steps - 1 ? 0.42f : 0.28f);
      dl->AddLine(ImVec2(x, mid - h), ImVec2(x, mid + h), c, 1.0f);
    }
    // The handle.
    float hx = x_of(pb.step());
    dl->AddRectFilled(ImVec2(hx - 4, p0.y + 2), ImVec2(hx + 4, p0.y + height - 2), IM_COL32(235, 235, 240, 255), 3);
    dl->AddRect(ImVec2(hx - 4, p0.y + 2), ImVec2(hx + 4, p0.y + height - 2), colors::kAccent, 3, 0, 1.5f);

    // Click or drag: nearest step.
    if (ImGui::IsItemActive() && steps > 1) {
      float mx = ImGui::GetIO().MousePos.x;
      int k = int(std::lround((mx - x0) / std::max(x1 - x0, 1.0f) * float(steps - 1)));
      k = std::clamp(k, 0, steps - 1);
      if (k != pb.step()) {
        pb.set_step(k);
        changed = true;
      }
    }
    if (ImGui::IsItemHovered() && steps > 1) {
      float mx = ImGui::GetIO().MousePos.x;
      int k = std::clamp(int(std::lround((mx - x0) / std::max(x1 - x0, 1.0f) * float(steps - 1))), 0, steps - 1);
      if (tl && k < int(tl->steps.size())) {
        const Step& st = tl->steps[size_t(k)];
        std::string tip = "step " + std::to_string(k) + ": " + st.caption;
        if (!st.launch_name.empty()) tip += "\nlaunch " + std::to_string(st.launch) + ": " + st.launch_name;
        if (st.gpu_ms > 0)
          tip += "\n" + format_duration_ms(st.gpu_ms) + " on the GPU" +
                 (st.launch_share > 1 ? " (1/" + std::to_string(st.launch_share) + " of fused launch " +
                                            std::to_string(st.launch) + ")"
                                      : std::string());
        item_tooltip(tip);
      }
    }
  } else {
    const char* t = "no timeline yet";
    ImVec2 ts = ImGui::CalcTextSize(t);
    dl->AddText(ImVec2(p0.x + (width - ts.x) * 0.5f, mid - ts.y * 0.5f), colors::kDim, t);
  }
  return changed;
}


// From `from` (the top-left of an earlier item) to the bottom-right of the last item drawn.
Rect item_span(ImVec2 from) {
  const ImVec2 to = ImGui::GetItemRectMax();
  return {from.x, from.y, to.x - from.x, to.y - from.y};
}

// The buttons play/pause, step and first/last; compact (projector mode in a narrow window): bare
// labels and half the frame padding.
const char* const kButtonLabels[] = {"|<", " < ", " play  ", " > ", ">|"};
const char* const kCompactLabels[] = {"|<", "<", "play", ">", ">|"};

float buttons_width(bool compact) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float pad = compact ? st.FramePadding.x * 0.5f : st.FramePadding.x;
  float w = 0;
  for (int i = 0; i < 5; ++i) {
    // The play button's widest label ("pause" where it is wider).
    const char* label = i == 2 ? (compact ? "pause" : " pause ") : (compact ? kCompactLabels[i] : kButtonLabels[i]);
    w += ImGui::CalcTextSize(label).x + 2 * pad + (i ? st.ItemSpacing.x : 0);
  }
  return w;
}

void transport_buttons(Playback& pb, bool have, bool compact) {
  const char* const* labels = compact ? kCompactLabels : kButtonLabels;
  if (compact)
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                        ImVec2(ImGui::GetStyle().FramePadding.x * 0.5f, ImGui::GetStyle().FramePadding.y));
  ImGui::BeginDisabled(!have);
  if (ImGui::Button(labels[0])) pb.first();
  item_tooltip("First step (Home)");
  ImGui::SameLine();
  if (ImGui::Button(labels[1])) pb.step_back_paused();
  item_tooltip("Step back (Left): reads the timeline, nothing re-runs");
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, to_vec4(pb.playing() ? colors::kWarn : colors::kGood));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.08f, 0.08f, 0.1f, 1));
  if (ImGui::Button(pb.playing() ? (compact ? "pause" : " pause ") : labels[2])) pb.toggle_playing();
  ImGui::PopStyleColor(2);
  item_tooltip("Play / pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button(labels[3])) pb.step_forward_paused();
  item_tooltip("Step forward (Right)");
  ImGui::SameLine();
  if (ImGui::Button(labels[4])) pb.last();
  item_tooltip("Last step (End)");
  ImGui::EndDisabled();
  if (compact) ImGui::PopStyleVar();
}

// Projector mode: one row, the scrub bar beside the buttons (gui_app.cpp sizes it). The speed
// buttons stay in the row: where it is narrow (a 1024-px window and below) the row compacts, in
// this order, until they fit: the counter to "9/14" with half gaps and a shorter scrub bar, then
// the buttons' bare labels and half padding, then a scrub bar of 2.5 ems (the keys step a lecture
// along); only a row too narrow for all that (below an 800-px window) drops the speed.
void transport_row(AppState& s, const Timeline* tl) {
  Playback& pb = s.playback;
  const bool have = pb.step_count() > 0;
  const float fs = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  char speed[32], speed_short[32], counter[64], counter_short[32];
  std::snprintf(speed, sizeof speed, pb.speed() < 1 ? "%.2f steps/s" : "%.0f steps/s", pb.speed());
  std::snprintf(speed_short, sizeof speed_short, pb.speed() < 1 ? "%.2f/s" : "%.0f/s", pb.speed());
  if (have) {
    std::snprintf(counter, sizeof counter, "step %d / %d", pb.step(), pb.step_count() - 1);
    std::snprintf(counter_short, sizeof counter_short, "%d/%d", pb.step(), pb.step_count() - 1);
  } else {
    std::snprintf(counter, sizeof counter, "step - / -");
    std::snprintf(counter_short, sizeof counter_short, "-/-");
  }
  struct Fit {
    bool compact_buttons, short_counter;
    float gap, scrub_min;
  };
  const Fit fits[] = {{false, false, fs, fs * 9},
                      {false, true, fs * 0.5f, fs * 6},
                      {true, true, fs * 0.5f, fs * 4},
                      {true, true, fs * 0.35f, fs * 2.5f}};
  const float avail = ImGui::GetContentRegionAvail().x;
  const auto speed_w = [&](bool compact) {
    const float pad = compact ? st.FramePadding.x * 0.5f : st.FramePadding.x;
    return 2 * (ImGui::CalcTextSize("+").x + 2 * pad) + ImGui::CalcTextSize(speed_short).x + 2 * st.ItemSpacing.x;
  };
  const Fit* fit = nullptr;
  for (const Fit& f : fits) {
    const float need = buttons_width(f.compact_buttons) + f.gap + speed_w(f.compact_buttons) + f.gap +
                       ImGui::CalcTextSize(f.short_counter ? counter_short : counter).x + f.gap + f.scrub_min;
    if (need <= avail) {
      fit = &f;
      break;
    }
  }
  const Fit& f = fit ? *fit : fits[3];
  transport_buttons(pb, have, f.compact_buttons);
  if (fit) {
    if (f.compact_buttons)
      ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(st.FramePadding.x * 0.5f, st.FramePadding.y));
    ImGui::SameLine(0, f.gap);
    if (ImGui::Button("-")) pb.slower();
    item_tooltip("Slower (-)");
    const ImVec2 from = ImGui::GetItemRectMin();
    ImGui::SameLine();
    ImGui::TextUnformatted(speed_short);
    item_tooltip(speed);
    ImGui::SameLine();
    if (ImGui::Button("+")) pb.faster();
    item_tooltip("Faster (+)");
    s.speed_rect = item_span(from);
    if (f.compact_buttons) ImGui::PopStyleVar();
  }
  ImGui::SameLine(0, f.gap);
  ImGui::TextUnformatted(f.short_counter ? counter_short : counter);
  if (f.short_counter) item_tooltip(counter);
  ImGui::SameLine(0, f.gap);
  scrub_bar(s, tl, ImGui::GetFrameHeight());
}

}  // namespace

void draw_transport_panel(AppState& s) {
  // Projector mode: one row, the scrub bar beside the buttons (gui_app.cpp sizes it).
  const bool one_row = s.settings.projector;
  if (one_row) ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, projector_padding());
  const bool open = begin_panel("transport", "Transport", s.rects.transport, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoTitleBar);
  if (one_row) ImGui::PopStyleVar();
  if (!open) {
    end_panel();
    return;
  }
  Playback& pb = s.playback;
  const Timeline* tl = s.timeline();
  const bool have = pb.step_count() > 0;
  s.speed_rect = {};
  if (one_row) {
    transport_row(s, tl);
    end_panel();
    return;
  }
  transport_buttons(pb, have, false);

  // The speed, loop and step counter follow while they fit; a narrow panel drops the words first
  // ("3 steps/s" -> "3/s"), then the loop box; the counter always stays (the scrub bar's row
  // takes it when the button row is full).
  const float fs = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  char speed[32];
  std::snprintf(speed, sizeof speed, pb.speed() < 1 ? "%.2f steps/s" : "%.0f steps/s", pb.speed());
  char speed_short[32];
  std::snprintf(speed_short, sizeof speed_short, pb.speed() < 1 ? "%.2f/s" : "%.0f/s", pb.speed());
  char counter[64];
  if (have) std::snprintf(counter, sizeof counter, "step %d / %d", pb.step(), pb.step_count() - 1);
  else std::snprintf(counter, sizeof counter, "step - / -");
  const float button_w = ImGui::CalcTextSize("+").x + st.FramePadding.x * 2;
  const float counter_w = ImGui::CalcTextSize(counter).x;
  const float loop_w = ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + ImGui::CalcTextSize("loop").x;
  // Room to the right of the last item drawn.
  auto room_after = [&] {
    return ImGui::GetWindowContentRegionMax().x - (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x);
  };
  const float speed_group = 2 * button_w + ImGui::CalcTextSize(speed).x + 2 * st.ItemSpacing.x;
  const bool long_speed = room_after() >= fs * 1.5f + speed_group + fs * 1.5f + loop_w + fs + counter_w;
  ImGui::SameLine(0, fs * 1.5f);
  if (ImGui::Button("-")) pb.slower();
  item_tooltip("Slower (-)");
  const ImVec2 from = ImGui::GetItemRectMin();
  ImGui::SameLine();
  ImGui::TextUnformatted(long_speed ? speed : speed_short);
  if (!long_speed) item_tooltip(speed);
  ImGui::SameLine();
  if (ImGui::Button("+")) pb.faster();
  item_tooltip("Faster (+)");
  s.speed_rect = item_span(from);
  bool loop = pb.loop();
  if (room_after() >= fs * 1.5f + loop_w + fs + counter_w) {
    ImGui::SameLine(0, fs * 1.5f);
    if (ImGui::Checkbox("loop", &loop)) pb.set_loop(loop);
  }
  // Only where the timeline has step times (explain mode on the GPU).
  const float time_w = ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + ImGui::CalcTextSize("time").x;
  if (longest_step_ms(tl) > 0 && room_after() >= fs + time_w + fs + counter_w) {
    ImGui::SameLine(0, fs);
    ImGui::Checkbox("time", &s.ticks_by_time);
    item_tooltip("Colour the ticks by each step's GPU time (a measure-mode run of its own), cool to hot");
  }
  // Step counter on the right, or at the start of the scrub bar's row.
  const bool counter_on_row = room_after() >= fs + counter_w;
  if (counter_on_row) {
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - counter_w);
    ImGui::TextUnformatted(counter);
  }
  const float bar_h = std::max(ImGui::GetContentRegionAvail().y - 2.0f, ImGui::GetFrameHeight());
  if (!counter_on_row) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(counter);
    ImGui::SameLine();
  }

  scrub_bar(s, tl, bar_h);
  end_panel();
}

}  // namespace sortscope::ui
