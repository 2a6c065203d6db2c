#pragma once
// --color-by key|digit|bucket|run of render, record and gui: what the array's colours say about a
// key (visual/color_by.h): its value, or its digit in the current radix pass, its bucket or
// partition, its sorted run or merge block. A mode the algorithm has no classes for colours by key
// and the legend says why. Given, it wins over a lesson slide's or a preset's own mode
// (lesson/lesson_file.h: slide_color_by).
#include <optional>

#include <CLI/CLI.hpp>

#include "color_by.h"

namespace sortscope {

// Sets `mode` when the option is given. A wrong word is refused with one line listing the modes.
CLI::Option* add_color_by_option(CLI::App& cmd, std::optional<ColorBy>& mode);

}  // namespace sortscope
