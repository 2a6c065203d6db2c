// File > Open: the path of a .npy file whose keys the app sorts from then on (every key type, and
// structured key-value arrays; kernels/common/npy_io.h reads them). Dear ImGui has no file chooser:
// a path field, and the window takes a dropped file as well.
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "panels.h"
#include "parse/size_parse.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {
void close_input_file(AppState& s) {
  s.input_keys.reset();
  s.input_records.reset();
  s.input_file.clear();
  s.input_specials.clear();
  s.scenario_dirty = true;
}
}  // namespace

void input_file_rows(AppState& s) {
  const std::string name = std::filesystem::path(s.input_file).filename().string();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("file");
  ImGui::SameLine();
  ImGui::TextColored(to_vec4(colors::kAccent), "%s", elide(name, ImGui::GetContentRegionAvail().x).c_str());
  item_tooltip(s.input_file + "\n" + s.input_specials);
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s, n = %s%s", std::string(key_type_name(s.scenario.input.key)).c_str(),
                      format_size(s.scenario.input.n).c_str(), s.scenario.input.with_values ? ", with values" : "");
  if (!s.input_specials.empty()) ImGui::TextDisabled("%s", s.input_specials.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::SmallButton("generated input")) close_input_file(s);
  item_tooltip("Sort generated keys again (the distribution, n and key type below).");
}

void draw_open_dialog(AppState& s) {
  if (!s.show_open) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  static std::string path;
  if (ImGui::Begin("Open keys", &s.show_open,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    if (path.empty() && !s.input_file.empty()) path = s.input_file;
    ImGui::TextUnformatted("A .npy file of keys: <u4 <i4 <f4 <u8 <i8 <f8, or a structured array with");
    ImGui::TextUnformatted("fields key and value; or a trace (.sstrace), shown as recorded.");
    ImGui::TextUnformatted("Dropping a file on the window opens it too.");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28);
    const bool enter = ImGui::InputText("##path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::BeginDisabled(path.empty());
    if (ImGui::Button("Open") || (enter && !path.empty())) {
      s.want_open_file = path;
      s.show_open = false;
    }
    ImGui::EndDisabled();
    if (!s.input_file.empty()) {
      ImGui::SameLine();
      if (ImGui::Button("Generated input again")) {
        close_input_file(s);
        s.show_open = false;
      }
    }
  }
  ImGui::End();
}

}  // namespace sortscope::ui
