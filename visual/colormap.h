#pragma once
// Sortscope's value colour map, used by the bars, dots and heat map and shown in the legend.
// It is built in OKLCH (Ottosson's OKLab, 2020), where lightness is perceptual: lightness rises
// linearly from dark violet (low keys) through blue, teal and green to pale yellow (high keys), so
// order reads correctly in greyscale and for colour-blind viewers, as with matplotlib's viridis,
// whose shape it follows. Hue turns 295° -> 100°; chroma is the wanted ramp clipped to the sRGB
// gamut. The GPU samples the same 256-entry table as a texture, so CPU and GPU colours agree.
#include <array>
#include <cstdint>

namespace sortscope {

struct Rgb8 {
  uint8_t r = 0, g = 0, b = 0;
};

inline constexpr int kColormapEntries = 256;
using ColormapTable = std::array<Rgb8, kColormapEntries>;

// The built-in table above: entry i is the colour of t = i / 255.
const ColormapTable& builtin_colormap_table();
// The active table, which every view, the legend and the app's widgets draw with: the built-in one
// unless set_colormap_table() chose a palette (app/core/palette_file.h, assets/palettes).
const ColormapTable& colormap_table();
// Makes `table` the active one (a copy); views that keep the table as a GPU texture compare
// colormap_generation() with the one they uploaded and upload again when it moved. Call from the
// thread that draws (the app's UI thread, or before a render starts).
void set_colormap_table(const ColormapTable& table);
void reset_colormap_table();  // back to the built-in table
uint64_t colormap_generation();
// Colour of t in [0, 1] (clamped), linearly interpolated between table entries as GL_LINEAR
// sampling of the table texture does.
std::array<float, 3> colormap(float t);  // components in [0, 1]
Rgb8 colormap_rgb8(float t);

// The renderer's fixed colours (sRGB, 0..1). Dark, for projectors and video; none of them lies on
// the colour map, so padding and overlays never read as keys.
namespace palette {
inline constexpr std::array<float, 4> kBackground{0.075f, 0.082f, 0.102f, 1.0f};
inline constexpr std::array<float, 4> kPlotBackground{0.106f, 0.118f, 0.145f, 1.0f};
inline constexpr std::array<float, 4> kPanel{0.133f, 0.149f, 0.184f, 1.0f};
inline constexpr std::array<float, 4> kText{0.93f, 0.94f, 0.96f, 1.0f};
inline constexpr std::array<float, 4> kTextDim{0.62f, 0.65f, 0.71f, 1.0f};
inline constexpr std::array<float, 4> kPadding{0.42f, 0.42f, 0.44f, 1.0f};        // hatch stripes
inline constexpr std::array<float, 4> kPaddingBack{0.20f, 0.20f, 0.22f, 1.0f};    // between stripes
inline constexpr std::array<float, 4> kComparator{0.72f, 0.75f, 0.82f, 0.85f};     // pair compared, kept
inline constexpr std::array<float, 4> kSwapped{1.00f, 0.42f, 0.24f, 1.0f};         // pair compared, swapped
inline constexpr std::array<float, 4> kBlockA{0.30f, 0.34f, 0.42f, 1.0f};          // ownership strip
inline constexpr std::array<float, 4> kBlockB{0.52f, 0.57f, 0.67f, 1.0f};
inline constexpr std::array<float, 4> kHighlight{0.98f, 0.80f, 0.30f, 1.0f};       // pseudo-code line
}  // namespace palette

}  // namespace sortscope
