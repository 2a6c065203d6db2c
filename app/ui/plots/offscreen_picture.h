#pragma once
// One picture drawn offscreen with ImGui and written as PNG, for the CLI's pictures (the crossover
// picture, crossover_picture.h; the winner map, winner_map_picture.h): a headless OpenGL context
// (gl/headless_context.h, Mesa's llvmpipe where there is no GPU), a target of the picture's size,
// the app's fonts in a FrameText ImGui context, and the pixels written whole or not at all
// (gl/png_writer.h).
#include <functional>
#include <string>

#include <imgui.h>

#include "frame_text.h"

namespace sortscope {

// `draw` runs inside one undecorated window over the whole picture, in the small font, and gets the
// fonts and the frame's background draw list (for text over the whole picture). Throws
// std::runtime_error (one line, starting with `option`) when there is no context or the file
// cannot be written.
void write_offscreen_picture(const std::string& path, int width, int height, const std::string& option,
                             const char* what, const std::function<void(const FrameFonts&, ImDrawList*)>& draw);

}  // namespace sortscope
