#include "settings.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <cstdint>
#include <limits>
#include <system_error>
#include <type_traits>
#include <optional>
#include <utility>

#include "common/bounded_json.h"
#include "common/json_number.h"
#include "common/output_file.h"
#include "common/small_file.h"
#include "core/config_dir.h"
#include "export/frame_schedule.h"
#include "frame_limits.h"
#include "registry.h"

namespace sortscope::ui {

const char* view_mode_name(ArrayViewMode m) {
  switch (m) {
    case ArrayViewMode::Auto: return "auto";
    case ArrayViewMode::Bars: return "bars";
    case ArrayViewMode::Dots: return "dots";
    case ArrayViewMode::Heat: return "heat";
  }
  return "auto";
}

std::filesystem::path settings_path() { return config_dir() / "settings.json"; }

namespace {
nlohmann::json panel_modes_to_json(const PanelModes& p) {
  return {{"scenario", panel_mode_name(p.scenario)},
          {"step", panel_mode_name(p.step)},
          {"throughput", panel_mode_name(p.throughput)},
          {"transport", p.transport}};
}
}  // namespace

nlohmann::json settings_to_json(const Settings& s) {
  nlohmann::json j;
  j["window"] = {{"x", s.window.x}, {"y", s.window.y}, {"width", s.window.width},
                 {"height", s.window.height}, {"maximized", s.window.maximized}};
  j["layout"] = {{"left", s.layout.left}, {"right", s.layout.right}, {"top", s.layout.top}};
  j["projector"] = s.projector;
  j["projector_scale"] = s.projector_scale;
  j["speed"] = s.speed;
  j["loop"] = s.loop;
  j["view_mode"] = view_mode_name(s.view_mode);
  j["color_by"] = color_by_name(s.color_by);
  j["show_aux"] = s.show_aux;
  j["show_ownership"] = s.show_ownership;
  j["show_legend"] = s.show_legend;
  j["show_details"] = s.show_details;
  j["sweep"] = s.sweep;
  j["palette"] = s.palette;
  j["panels"] = panel_modes_to_json(s.panels);
  j["projector_panels"] = panel_modes_to_json(s.projector_panels);
  if (s.scenario) j["scenario"] = scenario_to_json(*s.scenario, algorithm_params);
  j["export"] = {{"fps", s.export_.fps}, {"width", s.export_.width}, {"height", s.export_.height},
                 {"steps_per_second", s.export_.steps_per_second}, {"last_path", s.export_.last_path},
                 {"text_scale", s.export_.text_scale}};
  return j;
}

namespace {
// A field of the wrong kind, or a number its type cannot hold, keeps its default: settings never
// stop the app from starting. Numbers are checked before they are converted (common/json_number.h).
template <class T>
void get(const nlohmann::json& j, const char* key, T& out) {
  if (!j.is_object() || !j.contains(key)) return;
  const nlohmann::json& v = j.at(key);
  if constexpr (std::is_arithmetic_v<T>) {
    if (const std::optional<T> x = json_number<T>(v)) out = *x;
  } else {
    try {
      out = v.get<T>();
    } catch (const nlohmann::json::exception&) {
    }
  }
}
void get_panel_modes(const nlohmann::json& j, const char* key, PanelModes& out) {
  if (!j.contains(key) || !j[key].is_object()) return;
  const auto& p = j[key];
  for (auto [name, mode] : {std::pair{"scenario", &out.scenario}, std::pair{"step", &out.step},
                            std::pair{"throughput", &out.throughput}}) {
    std::string text;
    get(p, name, text);
    panel_mode_from_name(text, *mode);  // unknown names keep the default
  }
  get(p, "transport", out.transport);
}
}  // namespace

Settings settings_from_json(const nlohmann::json& j) {
  Settings s;
  if (!j.is_object()) return s;
  if (j.contains("window")) {
    const auto& w = j["window"];
    get(w, "x", s.window.x);
    get(w, "y", s.window.y);
    get(w, "width", s.window.width);
    get(w, "height", s.window.height);
    get(w, "maximized", s.window.maximized);
    s.window.width = std::clamp(s.window.width, 640, 16384);
    s.window.height = std::clamp(s.window.height, 400, 16384);
  }
  if (j.contains("layout")) {
    get(j["layout"], "left", s.layout.left);
    get(j["layout"], "right", s.layout.right);
    get(j["layout"], "top", s.layout.top);
  }
  get(j, "projector", s.projector);
  get(j, "projector_scale", s.projector_scale);
  s.projector_scale = std::clamp(s.projector_scale, 1.5f, 2.0f);
  get(j, "speed", s.speed);
  get(j, "loop", s.loop);
  std::string mode;
  get(j, "view_mode", mode);
  for (ArrayViewMode m : {ArrayViewMode::Auto, ArrayViewMode::Bars, ArrayViewMode::Dots, ArrayViewMode::Heat})
    if (mode == view_mode_name(m)) s.view_mode = m;
  std::string color_by;
  get(j, "color_by", color_by);
  s.color_by = parse_color_by(color_by).value_or(ColorBy::Key);
  get(j, "show_aux", s.show_aux);
  get(j, "show_ownership", s.show_ownership);
  get(j, "show_legend", s.show_legend);
  get(j, "show_details", s.show_details);
  get(j, "sweep", s.sweep);
  get(j, "palette", s.palette);
  if (s.palette.size() > 4096) s.palette.clear();  // a name or a path, never a document
  get_panel_modes(j, "panels", s.panels);
  get_panel_modes(j, "projector_panels", s.projector_panels);
  if (j.contains("scenario")) {
    try {
      s.scenario = scenario_from_json(j["scenario"], algorithm_params);
    } catch (const std::exception&) {
      s.scenario.reset();  // an algorithm that no longer exists, or a value it no longer allows: the default
    }
  }
  if (j.contains("export")) {
    const auto& e = j["export"];
    get(e, "fps", s.export_.fps);
    get(e, "width", s.export_.width);
    get(e, "height", s.export_.height);
    get(e, "steps_per_second", s.export_.steps_per_second);
    get(e, "last_path", s.export_.last_path);
    get(e, "text_scale", s.export_.text_scale);
    if (!(s.export_.text_scale == 0 || (s.export_.text_scale >= 1 && s.export_.text_scale <= 3)))
      s.export_.text_scale = 0;
    // Out-of-range values (a hand-edited file, an older version's limits) are clamped on load, so
    // they are neither used nor saved again.
    s.export_.fps = std::clamp(s.export_.fps, kMinFps, kMaxFps);
    s.export_.width = std::clamp(s.export_.width, kMinFrameSide, kMaxFrameSide);
    s.export_.height = std::clamp(s.export_.height, kMinFrameSide, kMaxFrameSide);
    if (!std::isfinite(s.export_.steps_per_second)) s.export_.steps_per_second = ExportSettings{}.steps_per_second;
    s.export_.steps_per_second = std::clamp(s.export_.steps_per_second, kMinStepsPerSecond, kMaxStepsPerSecond);
  }
  return s;
}

namespace {
constexpr std::uintmax_t kMaxSettingsBytes = 1 << 20;  // a settings file is a few hundred bytes

// "settings.json.bad-20260101T120000Z" beside the file.
std::filesystem::path backup_name(const std::filesystem::path& path) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
  std::filesystem::path b = path;
  b += std::string(".bad-") + stamp;
  return b;
}
}  // namespace

Settings load_settings(const std::filesystem::path& path, std::string* error) {
  std::error_code exists_ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, exists_ec))) return {};  // first start
  std::string why;
  try {
    // Bounded: a FIFO or a device in the settings' place is refused at once instead of blocking
    // every start of the app; JSON nested past kMaxJsonDepth is refused before it is parsed.
    const nlohmann::json j = parse_bounded_json(read_small_file(path.string(), kMaxSettingsBytes), &why);
    if (!j.is_discarded()) return settings_from_json(j);
  } catch (const std::exception& e) {
    why = e.what();
  }
  // A damaged file is kept under another name before the defaults (saved on exit) replace it.
  const std::filesystem::path backup = backup_name(path);
  std::error_code ec;
  std::filesystem::rename(path, backup, ec);
  if (error)
    *error = "unreadable settings " + path.string() + " (" + why + "): " +
             (ec ? "could not keep a copy (" + ec.message() + ")" : "kept as " + backup.string()) +
             "; using defaults";
  return {};
}

std::string save_settings(const Settings& s, const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) return "cannot create " + path.parent_path().string() + ": " + ec.message();
  try {
    write_file_atomically(path.string(), [&](OutputFile& out) { out.write(settings_to_json(s).dump(2) + "\n"); });
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

}  // namespace sortscope::ui
