#pragma once
// The legend of the array view, drawn with ImGui's draw list (in exported frames and in the app):
// the colour ramp with the key range at its ends (or, colouring by class, a swatch per class with
// what the classes are), and swatches for what else the view shows (padding, compared and swapped
// pairs, heat-map brightness).
#include <cstdint>
#include <string>
#include <vector>

#include "common/density.h"
#include "common/key_type.h"

struct ImDrawList;
struct ImFont;

namespace sortscope {

// What the keys' colours mean when the view colours them by class (color_by.h,
// views/key_coloring.h), or why it does not although asked to.
struct ClassLegend {
  std::string what;                 // "digit, bits 4..7 (pass 2)"; empty: the colours are the key ramp
  uint64_t classes = 0;             // a swatch each, up to kClassColors (class_palette.h)
  std::vector<std::string> labels;  // the swatches' labels; empty: the class numbers
  std::string note;                 // a class mode asked for but not shown, and why ("digit: not a
                                    // radix sort, colouring by key"): drawn first, before the ramp
};

struct LegendSpec {
  KeyType key_type = KeyType::U32;
  DisplayRange range;          // ramp ends (the timeline's range)
  bool heat = false;           // the heat map is shown: explain brightness
  double heat_reference = 0;   // keys per cell at full brightness
  bool padding = false;        // padding positions are shown
  bool comparators = false;    // comparator arcs are shown
  bool swapped = false;        // some arcs are swapped pairs
  ClassLegend classes;         // colour by class: the swatches instead of the ramp, or the note
};

// A key value for labels: integers in full with thousands separators up to 10^12, else 3
// significant digits; floats with 4.
std::string format_key_value(KeyType type, double value);
// An integer with thousands separators: 1048576 -> "1,048,576".
std::string format_count(unsigned long long value);

// One row starting at `x, y` (top-left, dl coordinates) no wider than `max_width`; returns the
// height used. Uses `font` at `font_size` for the labels.
float draw_legend(ImDrawList* dl, float x, float y, float max_width, const LegendSpec& spec, ImFont* font,
                  float font_size);

}  // namespace sortscope
