// F1: the keys, over everything, until F1 or Escape closes it.
#include "panels.h"
#include "widgets.h"

namespace sortscope::ui {

namespace {
struct KeyHelp {
  const char* keys;
  const char* what;
};
constexpr KeyHelp kKeys[] = {
    {"Space", "play / pause"},
    {"Left / Right", "step back / forward (pauses; nothing re-runs)"},
    {"Home / End", "first / last step"},
    {"+ / -", "faster / slower (steps per second)"},
    {"F", "fullscreen on / off"},
    {"P", "projector mode (larger font and widgets)"},
    {"Ctrl+S", "save the current frame as PNG"},
    {"Ctrl+E", "export video / GIF / frames"},
    {"F1", "this help"},
    {"Esc", "close this help or a dialog"},
};
}  // namespace

void draw_help_overlay(AppState& s) {
  if (!s.show_help) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 1.2f, ImGui::GetFontSize() * 0.9f));
  bool open = ImGui::Begin("Keys", &s.show_help,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                       ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar(2);
  if (open) {
    ImGui::SetWindowFocus();
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      for (const KeyHelp& k : kKeys) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(to_vec4(colors::kAccent), "%s", k.keys);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k.what);
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Drag the gaps between panels to resize them. Layout and settings are saved on exit.");
  }
  ImGui::End();
}

}  // namespace sortscope::ui
