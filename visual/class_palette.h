#pragma once
// The colours of key classes (colour by digit, bucket or run; color_by.h): Okabe and Ito's eight
// colours for colour-blind viewers ("Color Universal Design", 2008), their black replaced by a light
// grey so every class stands out from the dark plot background (each at least 3:1 against it, the
// projector palette's background included: both palettes keep the same dark background). Classes
// past the eighth take the colours again in order, so neighbouring classes (digit d and d + 1,
// bucket j and j + 1, run i and i + 1) always differ; the legend says that colours repeat.
#include <array>
#include <cstdint>

#include "colormap.h"

namespace sortscope {

inline constexpr int kClassColors = 8;

const std::array<Rgb8, kClassColors>& class_palette();
// Colour of class `c`: class_palette()[c % kClassColors].
Rgb8 class_color(uint64_t c);

}  // namespace sortscope
