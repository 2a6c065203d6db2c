#include "class_palette.h"

#include <cstddef>

namespace sortscope {

const std::array<Rgb8, kClassColors>& class_palette() {
  // Okabe & Ito's order: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple;
  // then light grey where theirs has black.
  static constexpr std::array<Rgb8, kClassColors> kPalette{{{0xE6, 0x9F, 0x00},
                                                            {0x56, 0xB4, 0xE9},
                                                            {0x00, 0x9E, 0x73},
                                                            {0xF0, 0xE4, 0x42},
                                                            {0x00, 0x72, 0xB2},
                                                            {0xD5, 0x5E, 0x00},
                                                            {0xCC, 0x79, 0xA7},
                                                            {0xC8, 0xC8, 0xC8}}};
  return kPalette;
}

Rgb8 class_color(uint64_t c) { return class_palette()[std::size_t(c % kClassColors)]; }

}  // namespace sortscope
