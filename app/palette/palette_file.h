#pragma once
// Palettes: the key colour map as a shipped or user file (assets/palettes/*.json, docs/palettes.md):
//   {"name": "cividis", "description": "...", "stops": ["#00204d", ..., "#ffea46"]}
// The stops are evenly spaced over the keys' range, low key first, and linearly interpolated in
// sRGB into the 256-entry table every view draws with (visual/colormap.h).
//
// The parser is strict and bounded: at most 64 KiB of JSON, 2 to 256 stops, a name of 1 to 64
// bytes, a description of at most 1024; an unknown field or a malformed colour ends in one line.
#include <stdexcept>
#include <string>
#include <vector>

#include "colormap.h"

namespace sortscope {

struct PaletteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Palette {
  std::string name, description;
  std::vector<Rgb8> stops;
  ColormapTable table;  // the stops interpolated to kColormapEntries colours
};

constexpr size_t kMaxPaletteBytes = size_t(64) << 10;
constexpr size_t kMaxPaletteStops = 256;

// Parses a palette's text. Throws PaletteError with one line.
Palette parse_palette(const std::string& text);
// Reads FILE, or when no such file exists, the shipped palette of that name (`cividis` or
// `cividis.json`) from asset_folders("palettes") (core/asset_folders.h). Throws one line.
Palette read_palette(const std::string& name_or_path, const std::string& exe_path);
// The shipped palettes' names, for the app's View > Palette menu.
std::vector<std::string> palette_names(const std::string& exe_path);
// `--palette NAME|FILE` of render, record and gui: reads it and makes it the active colour map
// (set_colormap_table); "" keeps the built-in one. Throws PaletteError with one line.
void use_palette(const std::string& name_or_path, const std::string& exe_path);

}  // namespace sortscope
