#pragma once
// Flat-coloured triangles in a view's local pixel space (origin top-left of the viewport, y down):
// backgrounds, padding hatches, the ownership strip and the comparator arcs. Collected on the CPU
// (a few thousand vertices at most) and drawn in one call.
#include <array>
#include <vector>

#include "gl/gl_objects.h"
#include "gl/shader.h"

namespace sortscope {

using Color = std::array<float, 4>;

class ShapeBatch {
 public:
  ShapeBatch();  // needs a current GL 3.3 context
  void clear() { vertices_.clear(); }
  bool empty() const { return vertices_.empty(); }

  void rect(float x, float y, float w, float h, const Color& c);
  // Diagonal stripes of colour c (the background shows between them): padding positions.
  void hatch_rect(float x, float y, float w, float h, const Color& c);
  void triangle(float x0, float y0, float x1, float y1, float x2, float y2, const Color& c);
  // An open polyline of the given thickness (mitred joints, for smooth arcs).
  void polyline(const std::vector<std::array<float, 2>>& points, float thickness, const Color& c);

  // Draws into the current GL viewport, which is `width` x `height` pixels; keeps the batch.
  void draw(float width, float height);

 private:
  struct Vertex {
    float x, y;
    float r, g, b, a;
    float hatch;
  };
  std::vector<Vertex> vertices_;
  gl::Program program_;
  gl::VertexArray vao_;
  gl::Buffer vbo_;
};

}  // namespace sortscope
