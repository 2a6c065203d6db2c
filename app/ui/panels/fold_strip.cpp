// A folded side panel (layout.h, PanelMode::Folded): a strip one button wide with the panel's
// title written letter under letter, so a lecture keeps the room and the panel stays one click away.
#include <string>

#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

bool draw_fold_strip(const char* name, const char* title, const Rect& r) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  const std::string id = std::string("##fold-") + name;
  bool open = begin_panel(name, id.c_str(), r, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar(2);
  bool clicked = false;
  if (open) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    clicked = ImGui::InvisibleButton("##unfold", ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f)));
    const bool hovered = ImGui::IsItemHovered();
    item_tooltip(std::string(title) + " (folded): click to show it; View > Panels folds or hides panels.");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (hovered) dl->AddRectFilled(p, ImVec2(p.x + r.w, p.y + r.h), ImGui::GetColorU32(ImGuiCol_FrameBgHovered));
    const float fs = ImGui::GetFontSize();
    float y = p.y + fs * 0.6f;
    for (const char* c = title; *c && y + fs < p.y + r.h; ++c, y += fs) {
      const char glyph[2] = {*c, 0};
      const float w = ImGui::CalcTextSize(glyph).x;
      dl->AddText(ImVec2(p.x + (r.w - w) * 0.5f, y), ImGui::GetColorU32(ImGuiCol_TextDisabled), glyph);
    }
  }
  end_panel();
  return clicked;
}

}  // namespace sortscope::ui
