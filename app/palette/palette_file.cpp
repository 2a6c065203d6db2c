#include "palette_file.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "common/small_file.h"
#include "core/asset_folders.h"

namespace sortscope {
namespace {

using nlohmann::json;

constexpr size_t kMaxName = 64;
constexpr size_t kMaxDescription = 1024;

[[noreturn]] void fail(const std::string& why) { throw PaletteError("palette: " + why); }

std::string text(const json& j, const char* key, size_t max_bytes, bool required) {
  std::string why;
  if (std::optional<std::string> s = bounded_json_text(j, key, max_bytes, &why)) return *s;
  if (!why.empty()) fail(why);
  if (required) fail(fmt::format("needs a \"{}\"", key));
  return {};
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Rgb8 parse_colour(const json& v, size_t i) {
  const std::string where = fmt::format("stop {}", i + 1);
  if (!v.is_string()) fail(where + " must be a colour \"#rrggbb\"");
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() != 7 || s[0] != '#') fail(fmt::format("{} must be a colour \"#rrggbb\", not \"{}\"", where, s.substr(0, 16)));
  uint8_t c[3];
  for (int k = 0; k < 3; ++k) {
    const int hi = hex_digit(s[size_t(1 + 2 * k)]), lo = hex_digit(s[size_t(2 + 2 * k)]);
    if (hi < 0 || lo < 0) fail(fmt::format("{} has a character that is not hexadecimal in \"{}\"", where, s));
    c[k] = uint8_t(hi * 16 + lo);
  }
  return {c[0], c[1], c[2]};
}

// Entry i is at t = i / 255; stop k at t = k / (stops - 1); between two stops, linear in sRGB
// (as matplotlib's listed and segmented colour maps interpolate).
ColormapTable interpolate(const std::vector<Rgb8>& stops) {
  ColormapTable t{};
  const double segments = double(stops.size() - 1);
  for (int i = 0; i < kColormapEntries; ++i) {
    const double x = double(i) / (kColormapEntries - 1) * segments;
    const size_t k = std::min(size_t(x), stops.size() - 2);
    const double f = x - double(k);
    const Rgb8 a = stops[k], b = stops[k + 1];
    auto mix = [f](uint8_t p, uint8_t q) { return uint8_t(std::lround(double(p) * (1 - f) + double(q) * f)); };
    t[size_t(i)] = {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
  }
  return t;
}

}  // namespace

Palette parse_palette(const std::string& body) {
  if (body.size() > kMaxPaletteBytes) fail(fmt::format("is larger than {} KiB", kMaxPaletteBytes >> 10));
  std::string why;
  const json j = parse_bounded_json(body, &why);
  if (j.is_discarded()) fail("is " + why);
  if (!j.is_object()) fail("must be a JSON object with \"name\" and \"stops\"");
  static const std::set<std::string> known{"name", "description", "stops"};
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!known.count(it.key()))
      fail(fmt::format("has an unknown field '{}' (known: description, name, stops)", it.key().substr(0, 64)));
  Palette p;
  p.name = text(j, "name", kMaxName, true);
  if (p.name.empty()) fail("\"name\" is empty");
  p.description = text(j, "description", kMaxDescription, false);
  if (!j.contains("stops") || !j.at("stops").is_array() || j.at("stops").size() < 2 ||
      j.at("stops").size() > kMaxPaletteStops)
    fail(fmt::format("\"stops\" must be a list of 2 to {} colours \"#rrggbb\", low keys first", kMaxPaletteStops));
  const json& stops = j.at("stops");
  for (size_t i = 0; i < stops.size(); ++i) p.stops.push_back(parse_colour(stops[i], i));
  p.table = interpolate(p.stops);
  return p;
}

Palette read_palette(const std::string& name_or_path, const std::string& exe_path) {
  namespace fs = std::filesystem;
  const std::string path = find_asset("palettes", name_or_path, exe_path);
  if (path.empty())
    throw PaletteError(fmt::format("palette '{}': no such file, and no shipped palette of that name (shipped: {}; looked in {})",
                                   name_or_path, fmt::join(palette_names(exe_path), ", "),
                                   asset_folders_text("palettes", exe_path)));
  std::string body;
  try {
    body = read_small_file(path, kMaxPaletteBytes);
  } catch (const SmallFileError& e) {
    throw PaletteError(fmt::format("palette '{}': {}", path, e.what()));
  }
  try {
    return parse_palette(body);
  } catch (const PaletteError& e) {
    throw PaletteError(fmt::format("{} ({})", e.what(), path));
  }
}

std::vector<std::string> palette_names(const std::string& exe_path) { return asset_names("palettes", exe_path); }

void use_palette(const std::string& name_or_path, const std::string& exe_path) {
  if (name_or_path.empty()) return;
  set_colormap_table(read_palette(name_or_path, exe_path).table);
}

}  // namespace sortscope
