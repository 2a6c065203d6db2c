#include "panels.h"

#include <algorithm>

namespace sortscope::ui {

bool begin_panel(const char* title, const Rect& r, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(r.pos());
  ImGui::SetNextWindowSize(ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f)));
  return ImGui::Begin(title, nullptr, kPanelFlags | extra);
}

}  // namespace sortscope::ui
