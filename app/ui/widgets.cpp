#include "widgets.h"

#include "text_wrap.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>

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
  // A label longer than its column would run under the widget ("keys_per_t"): the widget goes on
  // the next line, full width, instead.
  const float start = ImGui::GetItemRectMin().x - ImGui::GetWindowPos().x;
  if (start + ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x <= column) ImGui::SameLine(column);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

float field_column(std::initializer_list<const char*> labels, float max_fraction) {
  float w = 0;
  for (const char* l : labels) w = std::max(w, ImGui::CalcTextSize(l).x);
  w += ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::GetStyle().WindowPadding.x;
  return std::min(w, ImGui::GetContentRegionAvail().x * max_fraction);
}

std::string break_at_spaces(const std::string& text, float width) {
  return break_lines(text, width,
                     [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; });
}

void colored_wrapped(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(color));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

bool checkbox_wrapped(const char* label, bool* value) {
  ImGui::PushID(label);
  bool changed = ImGui::Checkbox("##box", value);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::AlignTextToFramePadding();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(label);
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemClicked()) {
    *value = !*value;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

std::string elide(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  size_t n = text.size();
  while (n > 0 && ImGui::CalcTextSize(text.c_str(), text.c_str() + n).x + dots > width) --n;
  while (n > 0 && (text[n - 1] == ' ' || (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80)) --n;  // whole UTF-8
  return text.substr(0, n) + "...";
}

std::string format_duration_ms(double ms) {
  char buf[48];
  if (ms > 0 && ms < 1.0) std::snprintf(buf, sizeof buf, ms < 0.01 ? "%.2f \xC2\xB5s" : "%.0f \xC2\xB5s", ms * 1000.0);
  else if (ms < 100) std::snprintf(buf, sizeof buf, "%.2f ms", ms);
  else std::snprintf(buf, sizeof buf, "%.0f ms", ms);
  return buf;
}

bool FlowLine::next(float width) {
  if (placed_) ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x - reserve_ >= width || (!placed_ && !one_line_)) {
    placed_ = true;
    return true;
  }
  if (one_line_) {
    left_out_ = true;
    return false;
  }
  ImGui::NewLine();
  return true;
}

}  // namespace sortscope::ui
