#include "views/shape_batch.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "gl/gl_check.h"

namespace sortscope {
namespace {

const char* kVertex = R"(#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
layout(location = 2) in float a_hatch;
uniform vec2 u_size;
out vec4 v_color;
out float v_hatch;
void main() {
  v_color = a_color;
  v_hatch = a_hatch;
  gl_Position = vec4(a_pos.x / u_size.x * 2.0 - 1.0, 1.0 - a_pos.y / u_size.y * 2.0, 0.0, 1.0);
}
)";

const char* kFragment = R"(#version 330 core
in vec4 v_color;
in float v_hatch;
out vec4 frag;
void main() {
  // Padding hatch: 45-degree stripes 3 px wide every 8 px, fixed to the framebuffer so adjacent
  // padded positions join into one pattern.
  if (v_hatch > 0.5 && mod(gl_FragCoord.x + gl_FragCoord.y, 8.0) >= 3.0) discard;
  frag = v_color;
}
)";

}  // namespace

ShapeBatch::ShapeBatch()
    : program_("shapes", kVertex, kFragment), vao_(gl::make_vertex_array()), vbo_(gl::make_buffer()) {
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, x)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, r)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, hatch)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  GL_CHECK_AFTER("creating the shape batch");
}

void ShapeBatch::triangle(float x0, float y0, float x1, float y1, float x2, float y2, const Color& c) {
  vertices_.push_back({x0, y0, c[0], c[1], c[2], c[3], 0});
  vertices_.push_back({x1, y1, c[0], c[1], c[2], c[3], 0});
  vertices_.push_back({x2, y2, c[0], c[1], c[2], c[3], 0});
}

void ShapeBatch::rect(float x, float y, float w, float h, const Color& c) {
  if (w <= 0 || h <= 0) return;
  triangle(x, y, x + w, y, x + w, y + h, c);
  triangle(x, y, x + w, y + h, x, y + h, c);
}

void ShapeBatch::hatch_rect(float x, float y, float w, float h, const Color& c) {
  if (w <= 0 || h <= 0) return;
  size_t first = vertices_.size();
  rect(x, y, w, h, c);
  for (size_t i = first; i < vertices_.size(); ++i) vertices_[i].hatch = 1;
}

void ShapeBatch::polyline(const std::vector<std::array<float, 2>>& p, float thickness, const Color& c) {
  if (p.size() < 2) return;
  const float half = thickness * 0.5f;
  // Offset each point along the mean normal of its two segments (mitre, limited for sharp turns).
  std::vector<std::array<float, 2>> left(p.size()), right(p.size());
  for (size_t i = 0; i < p.size(); ++i) {
    auto seg_normal = [&](size_t a, size_t b) {
      float dx = p[b][0] - p[a][0], dy = p[b][1] - p[a][1];
      float len = std::sqrt(dx * dx + dy * dy);
      if (len < 1e-6f) return std::array<float, 2>{0, 0};
      return std::array<float, 2>{-dy / len, dx / len};
    };
    std::array<float, 2> n0 = i > 0 ? seg_normal(i - 1, i) : seg_normal(i, i + 1);
    std::array<float, 2> n1 = i + 1 < p.size() ? seg_normal(i, i + 1) : n0;
    float nx = n0[0] + n1[0], ny = n0[1] + n1[1];
    float len = std::sqrt(nx * nx + ny * ny);
    if (len < 1e-6f) {
      nx = n1[0];
      ny = n1[1];
      len = 1;
    }
    nx /= len;
    ny /= len;
    float cosine = nx * n1[0] + ny * n1[1];
    float scale = half / std::max(cosine, 0.35f);
    left[i] = {p[i][0] + nx * scale, p[i][1] + ny * scale};
    right[i] = {p[i][0] - nx * scale, p[i][1] - ny * scale};
  }
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    triangle(left[i][0], left[i][1], right[i][0], right[i][1], right[i + 1][0], right[i + 1][1], c);
    triangle(left[i][0], left[i][1], right[i + 1][0], right[i + 1][1], left[i + 1][0], left[i + 1][1], c);
  }
}

void ShapeBatch::draw(float width, float height) {
  if (vertices_.empty()) return;
  program_.use();
  glUniform2f(program_.uniform("u_size"), width, height);
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  // Orphan and refill: the batch is rebuilt every draw.
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices_.size() * sizeof(Vertex)), vertices_.data(), GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(vertices_.size()));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindVertexArray(0);
  GL_CHECK_AFTER("drawing the shape batch");
}

}  // namespace sortscope
