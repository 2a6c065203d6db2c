// The status bar: which mode runs the sorts (CUDA, or the CPU model with its reason), the device
// and its memory, what the capture store holds, what the worker is doing, export progress,
// notices, and the frame time.
//
// Nothing is cut so that it says less, or the opposite, of what it means ("built wit..." for "built
// without CUDA" in projector mode's 104-px status cell at 800 px): a standing text (the mode, its
// reason, the device) shows whole, else in a shorter form that keeps its meaning (the whole in its
// tooltip), else is left out, the mode's badge's tooltip saying it; a mode badge with no room at all
// goes to the clip log (clip_log.h). Only a passing text (a notice, the worker's activity: seconds on
// screen) is shortened to fit, its whole in the tooltip. The words as drawn go to the script's
// report (status_words.h), where a test checks that no standing word is cut.
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>

#include <fmt/format.h>

#include "ui/clip_log.h"
#include "ui/export/export_job.h"
#include "panels.h"
#include "status_words.h"
#include "ui/widgets.h"

namespace sortscope::ui {
namespace {
std::vector<std::string> g_words;  // this frame's (status_words.h)
}  // namespace

const std::vector<std::string>& status_bar_words() { return g_words; }

void draw_status_bar(AppState& s) {
  g_words.clear();
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
  auto show = [&](const std::string& shown, const std::string& whole, ImU32 color) {
    ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(color));
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    if (shown != whole) item_tooltip(whole);
    g_words.push_back(shown);
  };
  // A standing text: the first of `forms` (the whole, then shorter ones that keep its meaning) that
  // fits whole; none: left out.
  auto text = [&](std::initializer_list<std::string> forms, ImU32 color) {
    for (const std::string& f : forms)
      if (flow.next_text(f.c_str())) {
        show(f, *forms.begin(), color);
        return true;
      }
    return false;
  };
  // A passing text: as much as fits, the whole in the tooltip.
  auto passing = [&](const std::string& t, ImU32 color) {
    if (flow.next(ImGui::CalcTextSize("...").x * 4)) show(elide(t, ImGui::GetContentRegionAvail().x - fps_w - gap), t, color);
  };
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), plain = ImGui::GetColorU32(ImGuiCol_Text);
  // The mode's badge: its word, else a shorter one, else (no room even for that) noted as cut.
  auto mode_badge = [&](std::initializer_list<const char*> words, ImU32 color, const std::string& tooltip) {
    for (const char* w : words)
      if (flow.next(ImGui::CalcTextSize(w).x + ImGui::GetFontSize() * 0.7f)) {
        badge(w, color);
        if (!tooltip.empty()) item_tooltip(tooltip);
        g_words.push_back(w);
        return;
      }
    note_clipped(fmt::format("the mode badge '{}' left out", *words.begin()));
  };
  if (!s.device_ready) {
    mode_badge({"starting"}, colors::kDim, "");
    passing("looking for a CUDA device...", dim);
  } else if (s.cpu_model_mode()) {
    const std::string why = s.device.gpu ? "forced CPU model" : s.device.no_gpu_reason;
    mode_badge({"CPU MODEL", "CPU"}, colors::kWarn,
               fmt::format("CPU model ({}): no GPU kernels run; each algorithm's CPU model computes the same steps "
                           "and snapshots. Timings are CPU timings.",
                           why));
  } else {
    mode_badge({"CUDA"}, colors::kGood, "");
    if (text({s.device.name}, plain)) item_tooltip(s.device.summary());
  }
  const bool notice = s.notice && ImGui::GetTime() < s.notice->until;
  if (notice) passing(s.notice->text, s.notice->error ? colors::kBad : colors::kAccent);
  if (s.device_ready && s.cpu_model_mode() && !notice) {
    // The reason in words that keep its meaning at every width (the badge's tooltip has it too):
    // "no NVIDIA driver on this machine", "no NVIDIA driver"; "built without CUDA", "no CUDA".
    const std::string why = s.device.no_gpu_reason;
    if (s.device.gpu) text({"forced CPU model", "forced"}, plain);
    else text({why, why.substr(0, why.find(':')), why.rfind("built without", 0) == 0 ? "no CUDA" : "no GPU"}, plain);
  }
  if (s.device_ready && !s.cpu_model_mode())
    text({format_bytes(double(s.device.free_bytes)) + " free of " + format_bytes(double(s.device.total_bytes))}, dim);

  if (s.export_job) {
    if (flow.next(ImGui::CalcTextSize("export").x + ImGui::GetFontSize() * 8 + ImGui::GetStyle().ItemSpacing.x)) {
      ImGui::TextUnformatted("export");
      ImGui::SameLine();
      ImGui::ProgressBar(s.export_job->progress(), ImVec2(ImGui::GetFontSize() * 8, 0));
    }
  }

  SessionStatus st = s.session->status();
  static const char* kSpin[] = {"|", "/", "-", "\\"};
  if (st.busy) passing(std::string(kSpin[int(ImGui::GetTime() * 8) % 4]) + " " + st.activity, colors::kAccent);
  // A slide's or preset's race running off the UI thread (race_requests.cpp).
  if (!s.race_pending.empty())
    passing(std::string(kSpin[int(ImGui::GetTime() * 8) % 4]) + " " + s.race_pending, colors::kAccent);

  if (const Timeline* tl = s.timeline(); tl && tl->store) {
    const CaptureStore& cs = *tl->store;
    text({"capture " + format_bytes(double(cs.used_bytes())) + " / " + format_bytes(double(cs.budget_bytes()))}, dim);
    if (cs.summarised_count() > 0 && text({std::to_string(cs.summarised_count()) + " steps as density summaries"}, colors::kWarn))
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
