#pragma once
// One frame-size limit for every picture Sortscope draws (render, record, the app's export, the
// --size options that ask for them): each side kMinFrameSide..kMaxFrameSide pixels. Below 64 the
// frame has no room for its labels; above 8192 one RGBA frame passes 256 MiB and GL drivers'
// renderbuffer limits. Checked where the size is parsed, before any work (app/parse/size_parse.h),
// and again by FrameRenderer and VideoExporter.
#include <string>

namespace sortscope {

constexpr int kMinFrameSide = 64;
constexpr int kMaxFrameSide = 8192;

inline bool frame_size_ok(long long width, long long height) {
  return width >= kMinFrameSide && height >= kMinFrameSide && width <= kMaxFrameSide && height <= kMaxFrameSide;
}
// "frame size 40x40 is outside 64x64 .. 8192x8192 (each side 64 to 8192 pixels)"
inline std::string frame_size_error(long long width, long long height) {
  return "frame size " + std::to_string(width) + "x" + std::to_string(height) + " is outside " +
         std::to_string(kMinFrameSide) + "x" + std::to_string(kMinFrameSide) + " .. " +
         std::to_string(kMaxFrameSide) + "x" + std::to_string(kMaxFrameSide);
}

}  // namespace sortscope
