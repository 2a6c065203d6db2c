// Palette files (app/palette/palette_file.h) and the shared asset lookup (app/core/asset_folders.h):
// every shipped palette parses and rises in lightness (order must read on a projector and in
// greyscale); the shipped "sortscope" file matches the built-in map; stops interpolate as documented;
// each mistake is refused with one line; set_colormap_table switches what colormap() returns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "colormap.h"
#include "core/asset_folders.h"
#include "palette/palette_file.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

double luma(Rgb8 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

TEST(Palette, EveryShippedPaletteParsesAndRisesInLightness) {
  size_t palettes = 0;
  for (const auto& e : fs::directory_iterator(SORTSCOPE_PALETTE_DIR)) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const Palette p = read_palette(e.path().string(), "");
    EXPECT_EQ(p.name, e.path().stem().string()) << "a palette is chosen by its file name";
    EXPECT_FALSE(p.description.empty());
    for (int i = 16; i < kColormapEntries; i += 16)
      EXPECT_GT(luma(p.table[size_t(i)]), luma(p.table[size_t(i - 16)])) << "entry " << i;
    EXPECT_GT(luma(p.table[255]) - luma(p.table[0]), 120);
    ++palettes;
  }
  EXPECT_GE(palettes, 3u);
}

TEST(Palette, ShippedSortscopeMatchesTheBuiltInMap) {
  const Palette p = read_palette(std::string(SORTSCOPE_PALETTE_DIR) + "/sortscope.json", "");
  const ColormapTable& b = builtin_colormap_table();
  for (size_t i = 0; i < size_t(kColormapEntries); ++i) {
    EXPECT_NEAR(p.table[i].r, b[i].r, 1) << i;
    EXPECT_NEAR(p.table[i].g, b[i].g, 1) << i;
    EXPECT_NEAR(p.table[i].b, b[i].b, 1) << i;
  }
}

TEST(Palette, StopsInterpolateEvenlyInSrgb) {
  const Palette p = parse_palette(R"({"name": "grey", "stops": ["#000000", "#ff0000", "#FFFFFF"]})");
  ASSERT_EQ(p.stops.size(), 3u);
  EXPECT_EQ(p.table[0].r, 0);
  EXPECT_EQ(p.table[255].g, 255);
  // Entry 51 is t = 0.2, 40 % of the way to the middle stop.
  EXPECT_EQ(p.table[51].r, 102);
  EXPECT_EQ(p.table[51].g, 0);
  // Entry 204 is t = 0.8, 60 % of the way from red to white.
  EXPECT_EQ(p.table[204].r, 255);
  EXPECT_EQ(p.table[204].g, 153);
}

std::string refusal(const std::string& text) {
  try {
    parse_palette(text);
  } catch (const PaletteError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "accepted";
}

TEST(Palette, MistakesAreRefusedWithOneLine) {
  EXPECT_EQ(refusal(R"({"name": "a", "stops": ["#000000", "#ffffff"]})"), "accepted");
  EXPECT_NE(refusal("{nope").find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusal("[1]").find("JSON object"), std::string::npos);
  EXPECT_NE(refusal(R"({"stops": ["#000000", "#ffffff"]})").find("\"name\""), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "", "stops": ["#000000", "#ffffff"]})").find("empty"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": ")" + std::string(65, 'x') + R"(", "stops": ["#000000", "#ffffff"]})").find("64"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "stops": ["#000000"]})").find("2 to 256"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "stops": "#000000"})").find("2 to 256"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "stops": ["#000000", "#fffff"]})").find("stop 2"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "stops": ["#000000", "#fffffg"]})").find("hexadecimal"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "stops": ["#000000", 7]})").find("stop 2"), std::string::npos);
  EXPECT_NE(refusal(R"({"name": "a", "colors": [], "stops": ["#000000", "#ffffff"]})").find("unknown field 'colors'"),
            std::string::npos);
  std::string many = R"({"name": "a", "stops": [)";
  for (int i = 0; i < 257; ++i) many += std::string(i ? "," : "") + "\"#000000\"";
  EXPECT_NE(refusal(many + "]}").find("2 to 256"), std::string::npos);
  EXPECT_NE(refusal(std::string(kMaxPaletteBytes + 1, ' ')).find("larger"), std::string::npos);
}

TEST(Palette, ShippedPalettesAreFoundByNameThroughTheAssetFolders) {
  setenv("SORTSCOPE_PALETTES", SORTSCOPE_PALETTE_DIR, 1);
  EXPECT_EQ(asset_folders("palettes", "").front(), SORTSCOPE_PALETTE_DIR);
  EXPECT_EQ(read_palette("cividis", "").name, "cividis");
  EXPECT_EQ(read_palette("cividis.json", "").name, "cividis");
  const std::vector<std::string> names = palette_names("");
  for (const char* n : {"sortscope", "cividis", "projector"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  try {
    read_palette("no-such-palette", "");
    ADD_FAILURE();
  } catch (const PaletteError& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("no-such-palette"), std::string::npos) << w;
    EXPECT_NE(w.find("cividis"), std::string::npos) << "names the shipped ones: " << w;
  }
  unsetenv("SORTSCOPE_PALETTES");
  // Without the variable, a build tree's <exe dir>/../assets/<kind> comes first.
  EXPECT_EQ(asset_folders("presets", "/opt/s/bin/sortscope").front(), "/opt/s/assets/presets");
}

TEST(Palette, TheActiveTableSwitchesEveryColour) {
  const uint64_t g = colormap_generation();
  const Palette p = parse_palette(R"({"name": "rb", "stops": ["#ff0000", "#0000ff"]})");
  set_colormap_table(p.table);
  EXPECT_NE(colormap_generation(), g);
  EXPECT_EQ(colormap_rgb8(0).r, 255);
  EXPECT_EQ(colormap_rgb8(1).b, 255);
  reset_colormap_table();
  EXPECT_EQ(colormap_rgb8(0).r, builtin_colormap_table()[0].r);
  EXPECT_EQ(colormap_table()[255].g, builtin_colormap_table()[255].g);
}

}  // namespace
}  // namespace sortscope
