// The menu bar: open, presets, export, view choices, projector mode, run controls, help.
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "ui/clip_log.h"
#include "core/asset_folders.h"
#include "lesson/preset_file.h"
#include "palette/palette_file.h"
#include "ui/palette_choice.h"
#include "records/record_explain.h"
#include "ui/export/export_job.h"
#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

// View > Panels: each panel shown, folded or hidden, for the mode on screen (projector mode keeps
// its own presentation layout); "auto" folds it when the picture needs the room.
void panels_menu(AppState& s) {
  PanelModes& modes = s.settings.projector ? s.settings.projector_panels : s.settings.panels;
  if (!ImGui::BeginMenu(s.settings.projector ? "Panels (projector layout)" : "Panels")) return;
  auto row = [](const char* name, PanelMode& mode, const char* folded) {
    if (!ImGui::BeginMenu(name)) return;
    for (PanelMode m : {PanelMode::Auto, PanelMode::Shown, PanelMode::Folded, PanelMode::Hidden}) {
      const char* label = m == PanelMode::Folded ? folded : panel_mode_name(m);
      if (ImGui::MenuItem(label, nullptr, mode == m)) mode = m;
    }
    ImGui::EndMenu();
  };
  row("Scenario", modes.scenario, "folded (a strip)");
  row("Step", modes.step, "folded (a strip)");
  row("Throughput", modes.throughput, "folded (one line)");
  ImGui::MenuItem("Transport", nullptr, &modes.transport);
  ImGui::Separator();
  if (ImGui::MenuItem("Defaults for this mode"))
    modes = s.settings.projector ? projector_panel_defaults() : PanelModes{};
  ImGui::EndMenu();
}

// BeginMenu that notes where its label is (AppState::menu_rects: a script's menu: command aims there).
void note_item(AppState& s, const std::string& path) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  s.menu_rects[path] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}
bool begin_menu(AppState& s, const std::string& path, const char* label, bool enabled = true) {
  const bool open = ImGui::BeginMenu(label, enabled);
  note_item(s, path);
  return open;
}
// MenuItem that notes where it is, under `path` (a script's menu: command clicks it).
bool menu_item(AppState& s, const std::string& path, const char* label, const char* shortcut, bool selected,
               bool enabled = true) {
  const bool chosen = ImGui::MenuItem(label, shortcut, selected, enabled);
  note_item(s, path);
  s.menu_items.insert(path);
  return chosen;
}

// File > Presets: the shipped presets (assets/presets, docs/presets.md) by title, their
// description in the tooltip; choosing one loads it as opening a scenario does (GuiApp::apply_preset).
// A preset that cannot be read is listed, greyed, with the reason in its tooltip.
void presets_menu(AppState& s) {
  static const std::vector<PresetEntry> presets = shipped_presets(this_executable());
  if (!begin_menu(s, "File/Presets", "Presets", !presets.empty())) return;
  for (const PresetEntry& e : presets) {
    if (!e.preset) {
      menu_item(s, "File/Presets/" + e.name, e.name.c_str(), nullptr, false, false);
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", e.error.c_str());
      continue;
    }
    const Preset& p = *e.preset;
    if (menu_item(s, "File/Presets/" + e.name, p.title.c_str(), p.slide.race.empty() ? nullptr : "race", false))
      s.want_preset = p;
    item_tooltip(p.description + "\n\n--preset " + p.name);
  }
  ImGui::EndMenu();
}

// View > Palette: the built-in key colour map and the shipped palettes (assets/palettes); the
// choice is kept in the settings.
void palette_menu(AppState& s) {
  if (!begin_menu(s, "View/Palette", "Palette")) return;
  if (menu_item(s, "View/Palette/built-in", "built-in", nullptr, s.settings.palette.empty())) choose_palette(s, "");
  static const std::vector<std::string> names = palette_names(this_executable());
  for (const std::string& n : names)
    if (menu_item(s, "View/Palette/" + n, n.c_str(), nullptr, s.settings.palette == n)) choose_palette(s, n);
  ImGui::EndMenu();
}

}  // namespace

std::string shown_scenario_line(const AppState& s) {
  if (!s.explain) return {};
  const Timeline& tl = s.explain->timeline;
  // Records: the key type, fields and layout (the timeline's values are the records' positions).
  const Algorithm* algo = s.timeline_algorithm();
  const std::string items = algo ? timeline_items_text(tl, *algo)
                                 : std::string(key_type_name(tl.key_type)) + (tl.with_values ? " + u32 values" : "");
  return fmt::format("{}  n = {}  {}{}{}", tl.algorithm, tl.n, items, s.input_file.empty() ? "" : "  from ",
                     std::filesystem::path(s.input_file).filename().string());
}

void draw_menu_bar(AppState& s) {
  ImGui::SetNextWindowPos(s.rects.menu.pos());
  ImGui::SetNextWindowSize(s.rects.menu.size());
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));  // exactly the bar's height, not 32 px
  clip_log_panel("menu");
  ImGui::Begin("##menu", nullptr,
               kPanelFlags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_MenuBar | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar(3);
  s.menu_rects.clear();
  s.menu_items.clear();
  if (ImGui::BeginMenuBar()) {
    ImGui::TextColored(to_vec4(colors::kAccent), "Sortscope");
    ImGui::Spacing();
    if (begin_menu(s, "File", "File")) {
      if (ImGui::MenuItem("Open keys (.npy) or trace (.sstrace)...")) s.show_open = true;
      presets_menu(s);
      if (ImGui::MenuItem("Save trace (.sstrace)...", nullptr, false, s.explain != nullptr)) s.show_save_trace = true;
      ImGui::Separator();
      if (ImGui::MenuItem("Save frame as PNG", "Ctrl+S", false, s.explain != nullptr)) {
        s.want_save_png = true;  // saved by GuiApp, the same path as Ctrl+S
      }
      if (ImGui::MenuItem("Export video / GIF / frames...", "Ctrl+E", false, s.explain != nullptr)) s.show_export = true;
      if (ImGui::MenuItem("Export timings as CSV...", nullptr, false, !s.history.all_results().empty())) {
        s.show_export = true;
        s.export_csv_tab = true;
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Quit", "Ctrl+Q")) s.want_quit = true;
      ImGui::EndMenu();
    }
    if (begin_menu(s, "View", "View")) {
      if (ImGui::BeginMenu("Array view")) {
        for (ArrayViewMode m : {ArrayViewMode::Auto, ArrayViewMode::Bars, ArrayViewMode::Dots, ArrayViewMode::Heat})
          if (ImGui::MenuItem(view_mode_name(m), nullptr, s.settings.view_mode == m)) s.settings.view_mode = m;
        ImGui::EndMenu();
      }
      if (ImGui::BeginMenu("Colour by")) {
        for (ColorBy m : kColorByModes)
          if (ImGui::MenuItem(color_by_name(m), m == s.settings.color_by ? "K" : nullptr, s.settings.color_by == m))
            s.settings.color_by = m;
        ImGui::EndMenu();
      }
      ImGui::MenuItem("Auxiliary views", nullptr, &s.settings.show_aux);
      ImGui::MenuItem("Block ownership strip", nullptr, &s.settings.show_ownership);
      ImGui::MenuItem("Legend", nullptr, &s.settings.show_legend);
      ImGui::MenuItem("Details panel", nullptr, &s.settings.show_details);
      palette_menu(s);
      ImGui::Separator();
      ImGui::MenuItem("Projector mode", "P", &s.settings.projector);
      if (ImGui::BeginMenu("Projector scale")) {
        for (float f : {1.5f, 1.75f, 2.0f}) {
          char label[16];
          std::snprintf(label, sizeof label, "%.2gx", f);
          if (ImGui::MenuItem(label, nullptr, s.settings.projector_scale == f)) {
            s.settings.projector_scale = f;
            s.settings.projector = true;
          }
        }
        ImGui::EndMenu();
      }
      panels_menu(s);
      if (ImGui::MenuItem("Fullscreen", "F")) s.want_fullscreen_toggle = true;
      if (ImGui::MenuItem("Reset layout")) s.settings.layout = LayoutFractions{};
      ImGui::EndMenu();
    }
    if (begin_menu(s, "Run", "Run")) {
      if (ImGui::MenuItem("Measure again")) s.session->remeasure();
      ImGui::MenuItem("Re-measure continuously", nullptr, &s.continuous);
      bool sweep = s.settings.sweep;
      if (ImGui::MenuItem("Sweep keys/s against n", nullptr, &sweep)) {
        s.settings.sweep = sweep;
        s.session->set_sweep_enabled(sweep);
      }
      if (ImGui::MenuItem("Clear throughput history")) s.history.clear();
      ImGui::Separator();
      ImGui::MenuItem("Sweep two parameters (heat map)...", "W", &s.sweep.show);
      ImGui::EndMenu();
    }
    if (begin_menu(s, "Lab", "Lab")) {
      ImGui::MenuItem("Kernel lab: write a piece of a real sort...", "L", &s.show_lab);
      ImGui::EndMenu();
    }
    if (begin_menu(s, "Help", "Help")) {
      if (ImGui::MenuItem("Keys", "F1")) s.show_help = true;
      ImGui::EndMenu();
    }
    // The scenario being shown, on the right.
    if (s.explain) {
      const std::string text = shown_scenario_line(s);
      float w = ImGui::CalcTextSize(text.c_str()).x + ImGui::GetFontSize();
      if (ImGui::GetCursorPosX() + ImGui::GetFontSize() <= ImGui::GetWindowWidth() - w) {  // never over the menus
        ImGui::SameLine(ImGui::GetWindowWidth() - w);
        ImGui::TextDisabled("%s", text.c_str());
      }
    }
    ImGui::EndMenuBar();
  }
  ImGui::End();
}

}  // namespace sortscope::ui
