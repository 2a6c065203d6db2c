#pragma once
// Settings that persist between runs: window placement, splitter positions, projector mode,
// playback, view choices, the last scenario and the export choices. Stored as JSON in
// $XDG_CONFIG_HOME/sortscope/settings.json (~/.config/sortscope/settings.json without it).
// Unknown or missing fields fall back to defaults, so old files keep working.
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "color_by.h"
#include "common/scenario.h"
#include "layout.h"

namespace sortscope::ui {

enum class ArrayViewMode { Auto, Bars, Dots, Heat };
const char* view_mode_name(ArrayViewMode m);

struct WindowPlacement {
  int x = -1, y = -1;        // -1: let the window manager place it
  int width = 1600, height = 960;
  bool maximized = false;
};

struct ExportSettings {
  int fps = 30;
  int width = 1280, height = 720;
  double steps_per_second = 3;
  std::string last_path;     // last video/GIF/frames path chosen
  float text_scale = 0;      // text in exported frames: 0 = the projector scale in projector mode, else 1
};

struct Settings {
  WindowPlacement window;
  LayoutFractions layout;
  bool projector = false;
  float projector_scale = 1.75f;   // 1.5 .. 2
  double speed = 3;                // steps per second
  bool loop = false;
  ArrayViewMode view_mode = ArrayViewMode::Auto;
  ColorBy color_by = ColorBy::Key; // colour by key, digit, bucket or run (View > Colour by, K)
  bool show_aux = true;
  bool show_ownership = true;
  bool show_legend = true;
  bool show_details = true;        // the aux panel under the array (histograms, look-back, merge paths)
  bool sweep = true;               // measure keys/s against n in the background
  PanelModes panels;                                      // the layout in normal mode (View > Panels)
  PanelModes projector_panels = projector_panel_defaults();  // the presentation layout
  std::string palette;             // View > Palette: a palette name or file; "" for the built-in map
  std::optional<Scenario> scenario;
  ExportSettings export_;
};

std::filesystem::path settings_path();   // where settings live on this machine
nlohmann::json settings_to_json(const Settings& s);
Settings settings_from_json(const nlohmann::json& j);  // tolerant: bad fields keep defaults
// Missing or unreadable file: defaults. A file that exists but is damaged (not JSON, over 1 MiB) is
// first renamed to settings.json.bad-<UTC time> so nothing the user had is lost, and `error` says
// so. Out-of-range export values are clamped (frame_limits.h, frame_schedule.h).
Settings load_settings(const std::filesystem::path& path, std::string* error = nullptr);
// Writes atomically (common/output_file.h: temporary + rename, a linked file written through, its
// mode kept); returns "" or one line saying what failed.
std::string save_settings(const Settings& s, const std::filesystem::path& path);

}  // namespace sortscope::ui
