// The status bar: which mode runs the sorts (CUDA, or the CPU model with its reason), the device
// and its memory, what the capture store holds, what the worker is doing, export progress,
// notices, and the frame time.
#include <cmath>
#include <cstdio>

#include "export_job.h"
#include "panels.h"
#include "widgets.h"

namespace sortscope::ui {

void draw_status_bar(AppState& s) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 0.4f, ImGui::GetFontSize() * 0.15f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.09f, 0.09f, 0.11f, 1));
  bool open = begin_panel("##status", s.rects.status,
                          ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(3);
  if (!open) {
    ImGui::End();
    return;
  }
  const float gap = ImGui::GetFontSize() * 1.2f;
  if (!s.device_ready) {
    badge("starting", colors::kDim);
    ImGui::SameLine();
    ImGui::TextDisabled("looking for a CUDA device...");
  } else if (s.cpu_model_mode()) {
    badge("CPU MODEL", colors::kWarn);
    item_tooltip("No GPU kernels run: each algorithm's CPU model computes the same steps and snapshots. "
                 "Timings are CPU timings.");
    ImGui::SameLine();
    ImGui::TextUnformatted(s.device.gpu ? "forced CPU model" : s.device.no_gpu_reason.c_str());
  } else {
    badge("CUDA", colors::kGood);
    ImGui::SameLine();
    ImGui::TextUnformatted(s.device.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("%s free of %s", format_bytes(double(s.device.free_bytes)).c_str(),
                        format_bytes(double(s.device.total_bytes)).c_str());
    item_tooltip(s.device.summary());
  }

  if (const Timeline* tl = s.timeline(); tl && tl->store) {
    ImGui::SameLine(0, gap);
    const CaptureStore& st = *tl->store;
    ImGui::TextDisabled("capture %s / %s", format_bytes(double(st.used_bytes())).c_str(),
                        format_bytes(double(st.budget_bytes())).c_str());
    if (st.summarised_count() > 0) {
      ImGui::SameLine();
      ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(colors::kWarn));
      ImGui::Text("%d steps as density summaries", st.summarised_count());
      ImGui::PopStyleColor();
      item_tooltip("Past the capture budget a step keeps a GPU-computed density summary (positions x values) "
                   "instead of the full array.");
    }
  }

  SessionStatus st = s.session->status();
  if (st.busy) {
    ImGui::SameLine(0, gap);
    static const char* kSpin[] = {"|", "/", "-", "\\"};
    ImGui::TextColored(to_vec4(colors::kAccent), "%s %s", kSpin[int(ImGui::GetTime() * 8) % 4], st.activity.c_str());
  }

  if (s.export_job) {
    ImGui::SameLine(0, gap);
    ImGui::TextUnformatted("export");
    ImGui::SameLine();
    ImGui::ProgressBar(s.export_job->progress(), ImVec2(ImGui::GetFontSize() * 8, 0));
  }

  if (s.notice && ImGui::GetTime() < s.notice->until) {
    ImGui::SameLine(0, gap);
    ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(s.notice->error ? colors::kBad : colors::kAccent));
    ImGui::TextUnformatted(s.notice->text.c_str());
    ImGui::PopStyleColor();
  }

  char fps[48];
  std::snprintf(fps, sizeof fps, "%.1f ms/frame", 1000.0f / std::max(ImGui::GetIO().Framerate, 1.0f));
  float w = ImGui::CalcTextSize(fps).x;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
  ImGui::TextDisabled("%s", fps);
  ImGui::End();
}

}  // namespace sortscope::ui
