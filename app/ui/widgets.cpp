#include "widgets.h"

#include <algorithm>
#include <cfloat>

namespace sortscope::ui {

ImVec4 to_vec4(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

void item_tooltip(const std::string& text) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  item_tooltip(text);
}

void badge(const char* text, ImU32 background, ImU32 foreground) {
  ImVec2 ts = ImGui::CalcTextSize(text);
  float pad = ImGui::GetFontSize() * 0.35f;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec2 size(ts.x + 2 * pad, ImGui::GetFrameHeight());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), background, size.y * 0.3f);
  dl->AddText(ImVec2(p.x + pad, p.y + (size.y - ts.y) * 0.5f), foreground, text);
  ImGui::Dummy(size);
}

void section_header(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(colors::kAccent));
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

void field_label(const char* label, float column) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(column);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

float field_column(std::initializer_list<const char*> labels, float max_fraction) {
  float w = 0;
  for (const char* l : labels) w = std::max(w, ImGui::CalcTextSize(l).x);
  w += ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::GetStyle().WindowPadding.x;
  return std::min(w, ImGui::GetContentRegionAvail().x * max_fraction);
}

void colored_wrapped(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(color));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace sortscope::ui
