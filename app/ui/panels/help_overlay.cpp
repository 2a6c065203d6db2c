// F1: the keys (key_table.h, the table docs/app.md prints), over everything, until F1 or Escape
// closes it. Sized to its content: it only scrolls when the window is too small to hold it.
#include "key_table.h"
#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

void draw_help_overlay(AppState& s) {
  if (!s.show_help) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(io.DisplaySize.x * 0.95f, io.DisplaySize.y * 0.95f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 1.2f, ImGui::GetFontSize() * 0.9f));
  bool open = ImGui::Begin("Keys", &s.show_help,
                           ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                               ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar(2);
  if (open) {
    ImGui::SetWindowFocus();
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit)) {
      for (const KeyBinding& k : key_table()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(to_vec4(colors::kAccent), "%s", k.keys);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k.what);
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Keys are ignored while you type in a text field.");
    ImGui::TextDisabled("Drag the gaps between panels to resize them; View > Panels folds or hides them.");
    ImGui::TextDisabled("Layout and settings are saved on exit.");
  }
  ImGui::End();
}

}  // namespace sortscope::ui
