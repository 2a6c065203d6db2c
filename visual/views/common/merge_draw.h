#pragma once
// Drawing pieces shared by the merge views (views/common/primitive_views.h, views/merge/,
// views/network_merge/): the panel frame and its title, text in the context's fonts, colours of
// keys and of the two runs of a merge, the padding hatch, a step's keys read back for the views
// that show them, "nice" tick steps.
// Everything draws with ImGui's draw list into dl coordinates (top-left origin, y down).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "common/capture_store.h"
#include "views/aux_panel.h"

namespace sortscope::merge_view {

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1);

// Colours of the merge views (sRGB). The two inputs of a merge get Okabe & Ito's orange and sky
// blue, distinguishable by colour-blind viewers and far from the key colour map's violet-to-yellow
// ramp at the same lightness.
inline constexpr std::array<float, 4> kRunA{0.90f, 0.62f, 0.00f, 1.0f};     // A, first input, "X"
inline constexpr std::array<float, 4> kRunB{0.34f, 0.71f, 0.91f, 1.0f};     // B, second input, "Y"
inline constexpr std::array<float, 4> kPath{0.98f, 0.98f, 0.98f, 1.0f};     // the merge path, probes
inline constexpr std::array<float, 4> kWindow{0.55f, 0.60f, 0.72f, 0.50f};  // selection windows
inline constexpr std::array<float, 4> kRank{0.94f, 0.36f, 0.52f, 1.0f};     // target rank r, final splits, traced row
inline constexpr std::array<float, 4> kGrid{0.30f, 0.33f, 0.40f, 1.0f};

// One entry of a view's legend: a colour swatch and its label, or (swatch = false) a label alone.
struct LegendItem {
  ImU32 colour = 0;
  std::string label;
  bool swatch = true;
};

// What a view draws into: the context, a clip rectangle kept while it lives (nothing drawn by the
// view leaves its rectangle), and text helpers in the context's fonts.
class Canvas {
 public:
  Canvas(const AuxDrawContext& c, const Rect& r);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  // Panel background, a title line and an optional dim second line; returns what is left below.
  // Each comes in variants, longest first: the first that fits on one line is used; a title that
  // never fits wraps, a subtitle that never fits is dropped in a short panel and wraps in a tall one.
  Rect frame(const std::vector<std::string>& titles, const std::vector<std::string>& subtitles = {});

  ImDrawList* dl() const { return c_.dl; }
  const AuxDrawContext& ctx() const { return c_; }
  float s() const { return c_.scale; }  // UI scale: line widths and paddings
  float body_px() const { return c_.font_px; }
  float small_px() const { return c_.small_px; }

  float text_w(const std::string& t, bool small = true) const;
  // Draws text with its top-left at (x, y); returns its width.
  float text(float x, float y, const std::string& t, ImU32 col, bool small = true) const;
  // Right-aligned at x / centred on x.
  void text_right(float x, float y, const std::string& t, ImU32 col, bool small = true) const;
  void text_centre(float x, float y, const std::string& t, ImU32 col, bool small = true) const;

  void rect(float x0, float y0, float x1, float y1, ImU32 col) const;
  void outline(float x0, float y0, float x1, float y1, ImU32 col, float thickness) const;
  void line(float x0, float y0, float x1, float y1, ImU32 col, float thickness) const;
  // 45-degree stripes over a dark ground, like the array view's padding.
  void hatch(float x0, float y0, float x1, float y1) const;
  // A legend swatch and its label at (x, y); returns the x after it.
  float swatch(float x, float y, ImU32 col, const std::string& label) const;
  // A legend flowed into lines of `width`: the height it takes, and drawing it with its last line
  // ending at `bottom`.
  float legend_height(const std::vector<LegendItem>& items, float width) const;
  void legend(const std::vector<LegendItem>& items, float x, float bottom, float width) const;

 private:
  const AuxDrawContext& c_;
  Rect r_;
  ImFont* font_;
  ImFont* small_;
};

// Colour of a key (ordered bits of the timeline's key type) on the value colour map, as the array
// view colours it: its place in the timeline's display range.
ImU32 key_colour(const Timeline& t, uint64_t ordered_bits);
// The same on a range of the caller's (a stretch of the colour map over a narrow slice of keys).
ImU32 key_colour(const Timeline& t, uint64_t ordered_bits, DisplayRange range);
// A key's value (ordered bits of `type` back to a number, as the legend labels it).
double key_value(KeyType type, uint64_t ordered_bits);
// Range of the finite, non-padding keys of keys[0..n); false when there are none.
bool local_range(KeyType type, const uint64_t* keys, size_t n, DisplayRange& out);
// The trace's padding (merge buffer sentinels are shown as the largest word).
inline bool is_padding_word(uint64_t w) { return w == ~uint64_t(0); }

// Keys [first, first + count) of the context's current step, indexed by their position in the
// array: from a full host snapshot, or read from a full device snapshot when the stretch is at most
// max_device_bytes (CaptureStore::read_host: its own stream, so a displayed frame never waits for a
// sort running beside it; the last stretch read is cached, so redrawing it every frame is cheap).
// Not available for a density summary, a larger device stretch or a stretch outside the array:
// the views then draw what their snapshot alone says.
class StepKeys {
 public:
  static constexpr uint64_t kDefaultDeviceBytes = CaptureStore::kCachedReadBytes;
  StepKeys(const AuxDrawContext& c, uint64_t first, uint64_t count, uint64_t max_device_bytes = kDefaultDeviceBytes);
  bool available() const { return data_ != nullptr; }
  // Key at array position i, first <= i < first + count.
  uint64_t operator[](uint64_t i) const;

 private:
  std::vector<uint8_t> owned_;
  const uint8_t* data_ = nullptr;  // the word at position first
  uint64_t first_ = 0;
  int word_ = 4;
};

// A step of 1, 2 or 5 x 10^e that puts ticks at least min_px apart when a unit is px_per_unit wide.
uint64_t nice_step(double px_per_unit, double min_px);
// "16,384", "1.2M" for labels where space is short.
std::string short_count(uint64_t v);
// "2nd", "3rd", "4th", "21st".
std::string ordinal(uint64_t v);

}  // namespace sortscope::merge_view
