#include "preset_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "common/small_file.h"
#include "core/asset_folders.h"

namespace sortscope {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr size_t kMaxTitle = 120;
constexpr size_t kMaxDescription = 300;
// The slide's fields a preset uses: what to show and where. A caption, highlights, a question or a
// trace belong to lessons (the description is the preset's caption).
constexpr const char* kFields[] = {"preset", "description", "scenario", "step", "race", "clock", "at", "shows", "color_by"};

[[noreturn]] void fail(const std::string& where, const std::string& why) { throw PresetError(where + " " + why); }

std::string one_line(const json& j, const char* key, const std::string& where, size_t max) {
  if (!j.contains(key)) fail(where, fmt::format("needs a \"{}\"", key));
  const json& v = j.at(key);
  if (!v.is_string()) fail(where + "." + key, "must be a string");
  const std::string& s = v.get_ref<const std::string&>();
  if (s.empty() || s.size() > max) fail(where + "." + key, fmt::format("must be 1 to {} bytes", max));
  if (s.find_first_of("\n\r") != std::string::npos) fail(where + "." + key, "must be one line");
  return s;
}

}  // namespace

Preset parse_preset(const std::string& body, const std::string& name) {
  const std::string where = "preset " + name.substr(0, 64);
  if (body.size() > kMaxPresetBytes) fail(where, "is larger than 64 KiB");
  std::string why;
  json j = parse_bounded_json(body, &why);
  if (j.is_discarded()) fail(where, "is " + why);
  if (!j.is_object()) fail(where, "must be a JSON object with \"preset\", \"description\" and \"scenario\"");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(std::begin(kFields), std::end(kFields), it.key()) == std::end(kFields)) {
      std::string known;
      for (const char* f : kFields) known += (known.empty() ? "" : ", ") + std::string(f);
      fail(where, fmt::format("has an unknown field '{}' (known: {})", it.key().substr(0, 64), known));
    }
  Preset p;
  p.name = name;
  p.title = one_line(j, "preset", where, kMaxTitle);
  p.description = one_line(j, "description", where, kMaxDescription);
  if (!j.contains("scenario")) fail(where, "needs a \"scenario\" (with a \"race\": the input the racers share)");
  j.erase("description");
  j["title"] = j.at("preset");
  j.erase("preset");
  try {
    p.slide = parse_lesson_slide(j, where, ".");
  } catch (const PresetError&) {
    throw;
  } catch (const LessonError& e) {
    throw PresetError(e.what());
  }
  return p;
}

Preset read_preset(const std::string& name_or_path, const std::string& exe_path) {
  const fs::path path = find_asset("presets", name_or_path, exe_path);
  if (path.empty()) {
    std::string names;
    for (const std::string& n : asset_names("presets", exe_path)) names += (names.empty() ? "" : ", ") + n;
    throw PresetError(fmt::format("preset '{}': no such file, and no shipped preset of that name (shipped: {}; looked in {})",
                                  name_or_path.substr(0, 200), names.empty() ? "none" : names,
                                  asset_folders_text("presets", exe_path)));
  }
  std::string body;
  try {
    body = read_small_file(path.string(), kMaxPresetBytes);
  } catch (const SmallFileError& e) {
    throw PresetError(fmt::format("preset '{}': {}", path.string(), e.what()));
  }
  try {
    return parse_preset(body, path.stem().string());
  } catch (const PresetError& e) {
    throw PresetError(fmt::format("{} ({})", e.what(), path.string()));
  }
}

std::vector<PresetEntry> shipped_presets(const std::string& exe_path) {
  std::vector<PresetEntry> out;
  for (const std::string& n : asset_names("presets", exe_path)) {
    PresetEntry e;
    e.name = n;
    try {
      e.preset = read_preset(n, exe_path);
    } catch (const PresetError& err) {
      e.error = err.what();
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace sortscope
