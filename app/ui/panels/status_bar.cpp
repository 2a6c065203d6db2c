// The status bar: which mode runs the sorts (CUDA, or the CPU model with its reason), the device
// and its memory, what the capture store holds, what the worker is doing, export progress,
// notices, and the frame time.
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/export/export_job.h"
#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

void draw_status_bar(AppState& s) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 0.4f, ImGui::GetFontSize() * 0.15f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.09f, 0.09f, 0.11f, 1));
  bool open = begin_panel("status", "##status", s.rects.status,
                          ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(3);
  if (!open) {
    end_panel();
    return;
  }
  const float gap = ImGui::GetFontSize() * 1.2f;
  // The frame time keeps the right end; everything else flows left to right while it fits and
  // is left out (not drawn over it) when it does not. A notice comes right after the mode, so it
  // is the last thing to go.
  char fps[48];
  std::snprintf(fps, sizeof fps, "%.1f ms/frame", 1000.0f / std::max(ImGui::GetIO().Framerate, 1.0f));
  // Projector mode: the status shares its row with the transport and the throughput line (layout.h,
  // bottom_row) and the frame time is no news to a room: the mode's badge and the notices only.
  const bool show_fps = !s.settings.projector;
  const float fps_w = show_fps ? ImGui::CalcTextSize(fps).x : -gap;
  FlowLine flow(true, fps_w + gap);
  auto text = [&](const std::string& t, ImU32 color, bool elide_to_fit = false) {
    std::string shown = t;
    if (elide_to_fit) {
      if (flow.next(ImGui::CalcTextSize("...").x * 4)) {
        shown = elide(t, ImGui::GetContentRegionAvail().x - fps_w - gap);
      } else {
        return false;
      }
    } else if (!flow.next_text(t.c_str())) {
      return false;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(color));
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    if (shown != t) item_tooltip(t);
    return true;
  };
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), plain = ImGui::GetColorU32(ImGuiCol_Text);
  auto badge_fits = [&](const char* t) { return flow.next(ImGui::CalcTextSize(t).x + ImGui::GetFontSize() * 0.7f); };
  if (!s.device_ready) {
    if (badge_fits("starting")) badge("starting", colors::kDim);
    text("looking for a CUDA device...", dim, true);
  } else if (s.cpu_model_mode()) {
    if (badge_fits("CPU MODEL")) {
      badge("CPU MODEL", colors::kWarn);
      item_tooltip("No GPU kernels run: each algorithm's CPU model computes the same steps and snapshots. "
                   "Timings are CPU timings.");
    }
  } else {
    if (badge_fits("CUDA")) badge("CUDA", colors::kGood);
    if (text(s.device.name, plain)) item_tooltip(s.device.summary());
  }
  const bool notice = s.notice && ImGui::GetTime() < s.notice->until;
  if (notice) text(s.notice->text, s.notice->error ? colors::kBad : colors::kAccent, true);
  if (s.device_ready && s.cpu_model_mode() && !notice)
    text(s.device.gpu ? "forced CPU model" : s.device.no_gpu_reason, plain, true);
  if (s.device_ready && !s.cpu_model_mode())
    text(format_bytes(double(s.device.free_bytes)) + " free of " + format_bytes(double(s.device.total_bytes)), dim);

  if (s.export_job) {
    if (flow.next(ImGui::CalcTextSize("export").x + ImGui::GetFontSize() * 8 + ImGui::GetStyle().ItemSpacing.x)) {
      ImGui::TextUnformatted("export");
      ImGui::SameLine();
      ImGui::ProgressBar(s.export_job->progress(), ImVec2(ImGui::GetFontSize() * 8, 0));
    }
  }

  SessionStatus st = s.session->status();
  static const char* kSpin[] = {"|", "/", "-", "\\"};
  if (st.busy) text(std::string(kSpin[int(ImGui::GetTime() * 8) % 4]) + " " + st.activity, colors::kAccent, true);
  // A slide's or preset's race running off the UI thread (race_requests.cpp).
  if (!s.race_pending.empty())
    text(std::string(kSpin[int(ImGui::GetTime() * 8) % 4]) + " " + s.race_pending, colors::kAccent, true);

  if (const Timeline* tl = s.timeline(); tl && tl->store) {
    const CaptureStore& cs = *tl->store;
    text("capture " + format_bytes(double(cs.used_bytes())) + " / " + format_bytes(double(cs.budget_bytes())), dim);
    if (cs.summarised_count() > 0 && text(std::to_string(cs.summarised_count()) + " steps as density summaries", colors::kWarn))
      item_tooltip("Past the capture budget a step keeps a GPU-computed density summary (positions x values) "
                   "instead of the full array.");
  }

  if (show_fps) {
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - fps_w);
    ImGui::TextDisabled("%s", fps);
  }
  end_panel();
}

}  // namespace sortscope::ui
