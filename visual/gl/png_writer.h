#pragma once
// PNG files through stb_image_write. Written to a temporary file beside the target and renamed, so
// a reader never sees half a frame and a failure leaves nothing behind.
#include <cstdint>
#include <string>
#include <vector>

namespace sortscope {

// rgba: width*height*4 bytes, rows top-down (OffscreenTarget::read_rgba, FrameRenderer::render_rgba).
// Throws std::runtime_error naming the path when it cannot be written.
void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);
// The same image as PNG bytes in memory.
std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace sortscope
