// File > Save trace: the timeline shown, written as a trace file (app/trace/trace_file.h) that
// `sortscope gui --trace`, `render --trace` and `record --trace` replay on any machine. A recording
// keeps its own header (device, date); a live run gets this machine's, with the measured timing of
// the same scenario when the session has it.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/panels/panels.h"
#include "trace/trace_file.h"

namespace sortscope::ui {

namespace {

std::string save_trace(const AppState& s, const std::string& path) {
  if (!s.explain) return "nothing to save yet";
  if (!is_trace_path(path)) return "a trace file ends in .sstrace";
  try {
    TraceInfo info;
    if (s.recording) {
      info = *s.recording;
    } else {
      const MeasureResult* m = s.measure && s.measure_generation == s.explain_generation ? s.measure.get() : nullptr;
      info = make_trace_info(*s.explain, s.device,
                             s.input_file.empty() ? (m ? m->input_source : std::string("generated")) : s.input_file, m);
    }
    write_trace(path, info, s.explain->timeline);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

}  // namespace

void draw_save_trace_dialog(AppState& s) {
  if (!s.show_save_trace) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  static std::string path = "run.sstrace";
  if (ImGui::Begin("Save trace", &s.show_save_trace,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::TextUnformatted("The timeline shown, every step and snapshot, as a .sstrace file that");
    ImGui::TextUnformatted("sortscope gui --trace FILE shows on any machine, without a GPU.");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28);
    const bool enter = ImGui::InputText("##trace-path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::BeginDisabled(path.empty() || !s.explain);
    if (ImGui::Button("Save") || (enter && !path.empty())) {
      const std::string error = save_trace(s, path);
      if (error.empty()) {
        s.notify("trace saved: " + path);
        s.show_save_trace = false;
      } else {
        s.notify("cannot save the trace: " + error, true, 10);
      }
    }
    ImGui::EndDisabled();
  }
  ImGui::End();
}

}  // namespace sortscope::ui
