#pragma once
// --text-scale S|auto (render, record): the exported frames' text against the frame's own scale
// (FrameStyle::text_scale). A frame's text shrinks with the frame (visual/frame_text.h: 1x at
// 1280x720), so an 800x450 GIF would carry 0.6x pseudo-code; `auto` (the default) keeps frames
// below 1280 px wide at the text size of a 1280-px frame, up to 1.6x.
#include <string>

#include <CLI/CLI.hpp>

namespace sortscope {

CLI::Option* add_text_scale_option(CLI::App& cmd, std::string& value);

// The text scale for a frame `width` px wide: the number given (0.5..3), or auto's. Throws
// std::runtime_error with one line for anything else.
float export_text_scale(const std::string& value, int width);

}  // namespace sortscope
