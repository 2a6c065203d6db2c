#include "color_by.h"

namespace sortscope {

const char* color_by_name(ColorBy mode) {
  switch (mode) {
    case ColorBy::Key: return "key";
    case ColorBy::Digit: return "digit";
    case ColorBy::Bucket: return "bucket";
    case ColorBy::Run: return "run";
  }
  return "?";
}

std::optional<ColorBy> parse_color_by(std::string_view text) {
  for (ColorBy m : kColorByModes)
    if (text == color_by_name(m)) return m;
  return std::nullopt;
}

ColorBy next_color_by(ColorBy mode) {
  for (size_t i = 0; i < kColorByModes.size(); ++i)
    if (kColorByModes[i] == mode) return kColorByModes[(i + 1) % kColorByModes.size()];
  return ColorBy::Key;
}

std::string color_by_choices() {
  std::string s;
  for (ColorBy m : kColorByModes) s += (s.empty() ? "" : ", ") + std::string(color_by_name(m));
  return s;
}

}  // namespace sortscope
