#pragma once
// What the array view's colours say about a key (issue 29, "what a lecturer reaches for"): its value
// on the key colour map (colormap.h), or the class it belongs to in the step's algorithm: its digit
// in the current radix pass, its bucket or partition, or the sorted run / merge block it is in
// (views/key_coloring.h finds the classes; class_palette.h colours them). Chosen with --color-by on
// gui, render and record, and in the app (the view toolbar, View > Colour by, the K key).
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sortscope {

enum class ColorBy { Key, Digit, Bucket, Run };

inline constexpr std::array<ColorBy, 4> kColorByModes{ColorBy::Key, ColorBy::Digit, ColorBy::Bucket, ColorBy::Run};

const char* color_by_name(ColorBy mode);  // "key", "digit", "bucket", "run": the CLI's and the settings' words
std::optional<ColorBy> parse_color_by(std::string_view text);
// The next mode in kColorByModes, after Run back to Key (the K key).
ColorBy next_color_by(ColorBy mode);
// "key, digit, bucket, run": for help texts and errors.
std::string color_by_choices();

}  // namespace sortscope
