#include "panels.h"

#include <algorithm>

#include "ui/clip_log.h"

namespace sortscope::ui {

bool begin_panel(const char* name, const char* title, const Rect& r, ImGuiWindowFlags extra) {
  clip_log_panel(name);
  ImGui::SetNextWindowPos(r.pos());
  ImGui::SetNextWindowSize(ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f)));
  return ImGui::Begin(title, nullptr, kPanelFlags | extra);
}

void end_panel() {
  check_window_overflow();
  ImGui::End();
}

}  // namespace sortscope::ui
