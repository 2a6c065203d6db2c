#pragma once
// A rectangle in framebuffer pixels, origin at the top-left (as in images and ImGui), y down.
namespace sortscope {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
  bool empty() const { return w <= 0 || h <= 0; }
};

}  // namespace sortscope
