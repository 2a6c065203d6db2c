#include "views/array_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <imgui.h>

#include "class_palette.h"
#include "colormap.h"
#include "views/legend.h"
#include "views/array_data.h"
#include "gl/gl_check.h"
#include "views/view_text.h"

#if SORTSCOPE_HAS_CUDA
#include "common/density_gpu.h"
#include "interop/fill_kernels.h"
#endif

namespace sortscope {
namespace {

// Bars and dots: one instance per key, six vertices (two triangles) each; the key's fraction comes
// from the texture buffer, so the same draw serves interop and upload fills. Colouring by class, the
// key's class comes from a second texture buffer and picks one of the class palette's colours
// (class_palette.h: kClassColors of them, repeating).
static_assert(kClassColors == 8, "the points shader's u_class_colors holds 8 colours");
const char* kPointsVertex = R"(#version 330 core
uniform samplerBuffer u_fractions;
uniform usamplerBuffer u_classes;
uniform int u_by_class;
uniform vec3 u_class_colors[8];
uniform vec2 u_size;      // viewport, px
uniform vec4 u_plot;      // x, y, w, h in viewport px (y down)
uniform float u_key_px;   // width of one position
uniform float u_gap;      // px left empty right of each bar
uniform int u_dots;
uniform float u_dot_px;
uniform float u_min_bar;  // so that the smallest key still shows
out float v_value;
out vec2 v_local;
out vec3 v_class_rgb;
void main() {
  int c = gl_VertexID;
  vec2 corner = vec2((c == 1 || c == 2 || c == 4) ? 1.0 : 0.0, (c == 2 || c == 4 || c == 5) ? 1.0 : 0.0);
  float f = texelFetch(u_fractions, gl_InstanceID).r;
  float i = float(gl_InstanceID);
  vec2 p;
  if (u_dots == 0) {
    float x0 = u_plot.x + i * u_key_px;
    float x1 = x0 + u_key_px;
    if (u_key_px >= 2.0) {  // whole pixels: crisp edges and even gaps
      x0 = floor(x0 + 0.5);
      x1 = floor(x1 + 0.5);
    }
    x1 = max(x1 - u_gap, x0 + min(u_key_px, 1.0));
    float h = u_min_bar + f * (u_plot.w - u_min_bar);
    float bottom = u_plot.y + u_plot.w;
    p = vec2(mix(x0, x1, corner.x), mix(bottom - h, bottom, corner.y));
  } else {
    vec2 center = vec2(u_plot.x + (i + 0.5) * u_key_px, u_plot.y + u_plot.w - f * u_plot.w);
    p = center + (corner - 0.5) * u_dot_px;
  }
  v_value = f;
  v_local = (corner - 0.5) * 2.0;
  v_class_rgb = u_by_class != 0 ? u_class_colors[int(texelFetch(u_classes, gl_InstanceID).r % 8u)] : vec3(0.0);
  gl_Position = vec4(p.x / u_size.x * 2.0 - 1.0, 1.0 - p.y / u_size.y * 2.0, 0.0, 1.0);
}
)";

const char* kPointsFragment = R"(#version 330 core
uniform sampler1D u_colormap;
uniform int u_dots;
uniform float u_dot_px;
uniform int u_by_class;
in float v_value;
in vec2 v_local;
in vec3 v_class_rgb;
out vec4 frag;
void main() {
  float alpha = 1.0;
  if (u_dots == 1) {  // round dots with a one-pixel soft edge
    float r = length(v_local) * 0.5 * u_dot_px;
    alpha = clamp(0.5 * u_dot_px - r + 0.5, 0.0, 1.0);
    if (alpha <= 0.0) discard;
  }
  vec3 rgb = u_by_class != 0 ? v_class_rgb : texture(u_colormap, (v_value * 255.0 + 0.5) / 256.0).rgb;
  frag = vec4(rgb, alpha);
}
)";

const char* kHeatVertex = R"(#version 330 core
uniform vec2 u_size;
uniform vec4 u_rect;
out vec2 v_pos;
void main() {
  int c = gl_VertexID;
  vec2 corner = vec2((c == 1 || c == 2 || c == 4) ? 1.0 : 0.0, (c == 2 || c == 4 || c == 5) ? 1.0 : 0.0);
  vec2 p = u_rect.xy + corner * u_rect.zw;
  v_pos = p;
  gl_Position = vec4(p.x / u_size.x * 2.0 - 1.0, 1.0 - p.y / u_size.y * 2.0, 0.0, 1.0);
}
)";

// One cell per (column, bin): colour of the bin's value, brightness from the count (heat_intensity
// in array_data.h; keep the two in step). Colouring by class, the colour is instead the class of the
// cell's column (classes by place) or bin (classes by value): u_cell_classes, one entry each
// (heat_column_classes, heat_bin_classes in views/key_class_rule.h).
const char* kHeatFragment = R"(#version 330 core
uniform usamplerBuffer u_counts;
uniform usamplerBuffer u_cell_classes;
uniform int u_class_cells;  // 0: colour by value, 1: a class per column, 2: a class per bin
uniform vec3 u_class_colors[8];
uniform sampler1D u_colormap;
uniform vec4 u_rect;
uniform int u_columns;
uniform int u_bins;
uniform float u_reference;
uniform vec3 u_background;
in vec2 v_pos;
out vec4 frag;
void main() {
  int col = clamp(int(floor((v_pos.x - u_rect.x) / u_rect.z * float(u_columns))), 0, u_columns - 1);
  int bin = clamp(int(floor((u_rect.y + u_rect.w - v_pos.y) / u_rect.w * float(u_bins))), 0, u_bins - 1);
  uint count = texelFetch(u_counts, col * u_bins + bin).r;
  if (count == 0u) {
    frag = vec4(u_background, 1.0);
    return;
  }
  float t = (float(bin) + 0.5) / float(u_bins);
  float k = 0.15 + 0.85 * sqrt(min(1.0, float(count) / u_reference));
  vec3 rgb = texture(u_colormap, (t * 255.0 + 0.5) / 256.0).rgb;
  if (u_class_cells != 0)
    rgb = u_class_colors[int(texelFetch(u_cell_classes, u_class_cells == 1 ? col : bin).r % 8u)];
  frag = vec4(mix(u_background, rgb, k), 1.0);
}
)";

uint64_t word_at(const std::vector<uint8_t>& words, uint64_t i, int bytes) {
  uint64_t w = 0;
  std::memcpy(&w, words.data() + i * size_t(bytes), size_t(bytes));
  return w;
}

// Saves what draw() changes and puts it back, so that callers (the app, ImGui) find their state.
struct StateGuard {
  GLint viewport[4];
  GLint scissor[4];
  GLboolean scissor_on, blend_on;
  GLint blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a;
  StateGuard() {
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_SCISSOR_BOX, scissor);
    scissor_on = glIsEnabled(GL_SCISSOR_TEST);
    blend_on = glIsEnabled(GL_BLEND);
    glGetIntegerv(GL_BLEND_SRC_RGB, &blend_src_rgb);
    glGetIntegerv(GL_BLEND_DST_RGB, &blend_dst_rgb);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_src_a);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_dst_a);
  }
  ~StateGuard() {
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    glScissor(scissor[0], scissor[1], scissor[2], scissor[3]);
    scissor_on ? glEnable(GL_SCISSOR_TEST) : glDisable(GL_SCISSOR_TEST);
    blend_on ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
    glBlendFuncSeparate(GLenum(blend_src_rgb), GLenum(blend_dst_rgb), GLenum(blend_src_a), GLenum(blend_dst_a));
    glUseProgram(0);
    glBindVertexArray(0);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_1D, 0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
  }
};

}  // namespace

const char* source_name(ArrayViewInfo::Source source) {
  switch (source) {
    case ArrayViewInfo::Source::None: return "no snapshot";
    case ArrayViewInfo::Source::HostSnapshot: return "host memory";
    case ArrayViewInfo::Source::DeviceSnapshot: return "device memory";
    case ArrayViewInfo::Source::Summary: return "density summary";
  }
  return "?";
}

const char* fill_name(ArrayViewInfo::Fill fill) {
  switch (fill) {
    case ArrayViewInfo::Fill::None: return "none";
    case ArrayViewInfo::Fill::Interop: return "CUDA-GL interop";
    case ArrayViewInfo::Fill::Upload: return "upload";
    case ArrayViewInfo::Fill::Cached: return "cached";
  }
  return "?";
}

void register_array_view_overlays(ViewRegistry& registry) {
  registry.add_array_overlay<ComparatorStage>();
  registry.add_array_overlay<OddEvenStage>();
  registry.add_array_overlay<BlockOwnership>();
  registry.add_array_overlay<SortedRuns>();  // drawn as the keys' colours (colour by run)
}

ArrayView::ArrayView()
    : points_program_("array bars/dots", kPointsVertex, kPointsFragment),
      heat_program_("array heat map", kHeatVertex, kHeatFragment),
      vao_(gl::make_vertex_array()),
      colormap_(gl::make_texture()),
      fractions_(GL_R32F),
      counts_(GL_R32UI),
      classes_(GL_R32UI),
      cell_classes_(GL_R32UI) {
  upload_colormap();
  glBindTexture(GL_TEXTURE_1D, colormap_.id());
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_1D, 0);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels_);
  for (const gl::Program* p : {&points_program_, &heat_program_}) {
    p->use();
    glUniform1i(p->uniform("u_colormap"), 0);
    glUniform1i(p->uniform(p == &heat_program_ ? "u_counts" : "u_fractions"), 1);
  }
  std::array<float, 3 * kClassColors> class_rgb{};
  for (int c = 0; c < kClassColors; ++c) {
    const Rgb8 col = class_palette()[size_t(c)];
    class_rgb[size_t(3 * c)] = col.r / 255.0f;
    class_rgb[size_t(3 * c + 1)] = col.g / 255.0f;
    class_rgb[size_t(3 * c + 2)] = col.b / 255.0f;
  }
  for (const gl::Program* p : {&points_program_, &heat_program_}) {
    p->use();
    glUniform1i(p->uniform(p == &heat_program_ ? "u_cell_classes" : "u_classes"), 2);
    glUniform3fv(p->uniform("u_class_colors"), kClassColors, class_rgb.data());
  }
  glUseProgram(0);
  GL_CHECK_AFTER("creating the array view");
}

ArrayView::~ArrayView() = default;

void ArrayView::upload_colormap() {
  colormap_generation_ = colormap_generation();
  const auto& table = colormap_table();
  glBindTexture(GL_TEXTURE_1D, colormap_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGB8, kColormapEntries, 0, GL_RGB, GL_UNSIGNED_BYTE, table.data());
  glBindTexture(GL_TEXTURE_1D, 0);
}

void ArrayView::bind_colormap() {
  // The app's View > Palette menu may have chosen another table since the last upload.
  glActiveTexture(GL_TEXTURE0);
  if (colormap_generation_ != colormap_generation()) upload_colormap();
  glBindTexture(GL_TEXTURE_1D, colormap_.id());
}

void ArrayView::compute_layout(const Step& step, const ArraySnapshot& snap, const Timeline& t, Rect r,
                               bool full) {
  layout_ = {};
  layout_.view = r;
  const uint64_t padded = std::max<uint64_t>(snap.padded_n ? snap.padded_n : t.padded_n, 1);
  const BlockOwnership* owner = find_aux<BlockOwnership>(step.aux);
  const float gap = 4;
  float strip_h = 0, band_h = 0;
  if (owner && owner->tile_keys && options_.ownership_strip) strip_h = std::clamp(std::round(r.h * 0.045f), 10.0f, 24.0f);
  pairs_.clear();
  if (options_.comparators && full && r.w / float(padded) >= kMinComparatorPx)
    pairs_ = step_comparator_pairs(step.aux, padded);
  if (!pairs_.empty()) {
    // As deep as the widest arc needs (arcs are half ellipses, depth ~ half their span), at most
    // a fifth of the view.
    const float key_px = r.w / float(padded);
    uint64_t widest = 0;
    for (const ComparatorPair& p : pairs_) widest = std::max(widest, p.hi - p.lo);
    const float arrow = std::clamp(key_px * 0.3f, 2.5f, 6.0f);
    const float need = 0.5f * float(widest) * key_px + 4.0f + arrow * 1.6f + 8.0f;
    band_h = std::clamp(std::round(need), 24.0f, std::max(24.0f, std::round(r.h * 0.2f)));
  }
  float plot_h = r.h - band_h - strip_h - (strip_h > 0 ? gap : 0);
  if (plot_h < r.h * 0.4f) {  // tiny views: keys first
    band_h = 0;
    strip_h = 0;
    plot_h = r.h;
  }
  layout_.plot = {r.x, r.y, r.w, plot_h};
  layout_.key_px = r.w / float(padded);
  const uint64_t n = std::min<uint64_t>(snap.n, padded);
  layout_.keys = {r.x, r.y, r.w * float(double(n) / double(padded)), plot_h};
  if (band_h > 0) layout_.comparators = {r.x, r.y + plot_h, r.w, band_h};
  if (strip_h > 0) layout_.strip = {r.x, r.bottom() - strip_h, r.w, strip_h};
}

const std::vector<uint8_t>& ArrayView::host_words(const Timeline& t, int step) {
  const FillKey key{t.store.get(), t.steps.at(size_t(step)).keys.index, 0, 0};
  for (int i = 0; i < 2; ++i)
    if (host_cache_[i].key == key) {
      host_cache_next_ = 1 - i;
      return host_cache_[i].words;
    }
  HostCopy& slot = host_cache_[host_cache_next_];
  host_cache_next_ = 1 - host_cache_next_;
  slot.key = key;
  slot.words = t.store->read_host(t.steps[size_t(step)].keys);
  return slot.words;
}

ArrayViewInfo::Fill ArrayView::fill_keys(GlFillBuffer& buffer, size_t bytes, const ArraySnapshot& snap,
                                         const GlFillBuffer::DeviceFill& device, const HostFill& host,
                                         const std::function<std::vector<uint8_t>()>& read_back) {
  if (snap.on_device) {
    if (device && buffer.fill_on_device(bytes, device, nullptr)) return ArrayViewInfo::Fill::Interop;
    info_.interop_problem = buffer.interop_problem();
    host(read_back().data());
  } else {
    host(snap.host.data());
  }
  return ArrayViewInfo::Fill::Upload;
}

ArrayViewInfo::Fill ArrayView::fill_fractions(const Timeline& t, const Step& step, const ArraySnapshot& snap) {
  const FillKey key{t.store.get(), step.keys.index, 0, 0};
  if (key == fractions_key_) return ArrayViewInfo::Fill::Cached;
  fractions_key_ = {};
  const uint64_t n = snap.n;
  GlFillBuffer::DeviceFill device;
#if SORTSCOPE_HAS_CUDA
  device = [&](void* dst, GpuStream s) { key_fractions_device(snap.device, n, t.key_type, t.range, static_cast<float*>(dst), s); };
#endif
  const ArrayViewInfo::Fill how = fill_keys(
      fractions_, n * sizeof(float), snap, device,
      [&](const uint8_t* words) {
        const std::vector<float> f = key_fractions_host(words, n, t.key_type, t.range);
        fractions_.upload(f.data(), f.size() * sizeof(float));
      },
      [&] { return t.store->read_host(step.keys); });
  fractions_key_ = key;
  return how;
}

ArrayViewInfo::Fill ArrayView::fill_heat(const Timeline& t, const Step& step, const ArraySnapshot& snap,
                                         uint32_t columns, uint32_t bins) {
  const FillKey key{t.store.get(), step.keys.index, columns, bins};
  if (key == counts_key_) return ArrayViewInfo::Fill::Cached;
  counts_key_ = {};
  const size_t bytes = size_t(columns) * bins * sizeof(uint32_t);
  ArrayViewInfo::Fill how = ArrayViewInfo::Fill::Upload;
  if (!snap.full) {
    counts_.upload(snap.density.counts.data(), bytes);
  } else if (snap.on_device) {
#if SORTSCOPE_HAS_CUDA
    const KeyType type = t.key_type;
    const DisplayRange range = t.range;
    const void* src = snap.device;
    const uint64_t n = snap.n;
    // The summary is computed straight into the mapped GL buffer: no copy of the counts at all.
    if (counts_.fill_on_device(
            bytes,
            [&](void* dst, GpuStream s) {
              density_summary_device(src, n, type, range, columns, bins, static_cast<uint32_t*>(dst), s);
            },
            nullptr))
      how = ArrayViewInfo::Fill::Interop;
#endif
    if (how != ArrayViewInfo::Fill::Interop) {
      info_.interop_problem = counts_.interop_problem();
      std::vector<uint8_t> words = t.store->read_host(step.keys);
      DensitySummary s = density_summary_host(words.data(), snap.n, t.key_type, t.range, columns, bins);
      counts_.upload(s.counts.data(), bytes);
    }
  } else {
    DensitySummary s = density_summary_host(snap.host.data(), snap.n, t.key_type, t.range, columns, bins);
    counts_.upload(s.counts.data(), bytes);
  }
  counts_key_ = key;
  return how;
}

void ArrayView::set_class_legend() {
  info_.classes.what = coloring_.rule->what;
  info_.classes.classes = coloring_.rule->classes;
  info_.classes.labels = coloring_.rule->labels;
}

void ArrayView::update_coloring(const Timeline& t, int step) {
  const ColoringKey key{t.store.get(), step, options_.color_by};
  if (key == coloring_key_) return;
  coloring_ = key_coloring(t, step, options_.color_by);
  coloring_key_ = key;
}

ArrayViewInfo::Fill ArrayView::fill_classes(const Timeline& t, int step, const ArraySnapshot& snap) {
  const Step& st = t.steps[size_t(step)];
  const ClassFillKey key{t.store.get(), st.keys.index, coloring_.requested, coloring_.source_step, coloring_.source_aux};
  if (key == classes_key_) return ArrayViewInfo::Fill::Cached;
  classes_key_ = {};
  const uint64_t n = info_.n;
  const KeyClassLookup lookup = coloring_.rule->lookup();
  GlFillBuffer::DeviceFill device;
#if SORTSCOPE_HAS_CUDA
  device = [&](void* dst, GpuStream s) { key_classes_device(snap.device, n, t.key_type, lookup, static_cast<uint32_t*>(dst), s); };
#endif
  const ArrayViewInfo::Fill how = fill_keys(
      classes_, n * sizeof(uint32_t), snap, device,
      [&](const uint8_t* words) {
        const std::vector<uint32_t> c = key_classes_host(words, n, key_bytes(t.key_type), lookup);
        classes_.upload(c.data(), c.size() * sizeof(uint32_t));
      },
      [&] { return t.store->read_host(st.keys); });
  classes_key_ = key;
  return how;
}

void ArrayView::draw_points(bool dots, bool by_class) {
  const Rect& v = layout_.view;
  const Rect& p = layout_.plot;
  const float key_px = layout_.key_px;
  points_program_.use();
  glUniform2f(points_program_.uniform("u_size"), v.w, v.h);
  glUniform4f(points_program_.uniform("u_plot"), p.x - v.x, p.y - v.y, p.w, p.h);
  glUniform1f(points_program_.uniform("u_key_px"), key_px);
  glUniform1f(points_program_.uniform("u_gap"),
              options_.bar_gaps && key_px >= 4 ? std::max(1.0f, std::floor(key_px * 0.15f)) : 0.0f);
  glUniform1i(points_program_.uniform("u_dots"), dots ? 1 : 0);
  glUniform1f(points_program_.uniform("u_dot_px"), std::clamp(key_px * 0.9f, 3.0f, 9.0f));
  glUniform1f(points_program_.uniform("u_min_bar"), std::min(2.0f, p.h));
  glUniform1i(points_program_.uniform("u_by_class"), by_class ? 1 : 0);
  bind_colormap();
  if (by_class) {
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_BUFFER, classes_.texture());
  }
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_BUFFER, fractions_.texture());
  glBindVertexArray(vao_.id());
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, GLsizei(info_.n));
  GL_CHECK_AFTER(dots ? "drawing the array as dots" : "drawing the array as bars");
}

int ArrayView::fill_cell_classes(const Timeline& t) {
  const HeatClasses kind = heat_classes_kind(*coloring_.rule);
  if (kind == HeatClasses::None) return 0;
  const CellClassKey key{coloring_key_, coloring_.source_step, coloring_.source_aux, info_.heat_columns, info_.heat_bins};
  if (!(key == cell_classes_key_)) {
    cell_classes_key_ = {};
    const std::vector<uint32_t> c = kind == HeatClasses::ByColumn
                                        ? heat_column_classes(*coloring_.rule, info_.n, info_.heat_columns)
                                        : heat_bin_classes(*coloring_.rule, t.key_type, t.range, info_.heat_bins);
    cell_classes_.upload(c.data(), c.size() * sizeof(uint32_t));
    cell_classes_key_ = key;
  }
  return kind == HeatClasses::ByColumn ? 1 : 2;
}

void ArrayView::draw_heat(const Rect& local, int class_cells) {
  heat_program_.use();
  const Rect& v = layout_.view;
  glUniform2f(heat_program_.uniform("u_size"), v.w, v.h);
  glUniform4f(heat_program_.uniform("u_rect"), local.x, local.y, local.w, local.h);
  glUniform1i(heat_program_.uniform("u_columns"), GLint(info_.heat_columns));
  glUniform1i(heat_program_.uniform("u_bins"), GLint(info_.heat_bins));
  glUniform1f(heat_program_.uniform("u_reference"), float(info_.heat_reference));
  const auto& bg = palette::kPlotBackground;
  glUniform3f(heat_program_.uniform("u_background"), bg[0], bg[1], bg[2]);
  glUniform1i(heat_program_.uniform("u_class_cells"), class_cells);
  bind_colormap();
  if (class_cells) {
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_BUFFER, cell_classes_.texture());
  }
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_BUFFER, counts_.texture());
  glBindVertexArray(vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 6);
  GL_CHECK_AFTER("drawing the array as a heat map");
}

void ArrayView::add_comparators(const Timeline& t, int step, float ox, float oy) {
  const Rect& band = layout_.comparators;
  const uint64_t padded = info_.padded_n;
  const std::vector<ComparatorPair>& pairs = pairs_;
  if (pairs.empty() || pairs.size() > 8192) return;
  // Swapped pairs: the keys at their positions changed from the step before (this step's snapshot
  // is the array after its comparators ran).
  std::vector<bool> swapped(pairs.size(), false);
  const Step& prev_step = t.steps[size_t(std::max(step - 1, 0))];
  if (step > 0 && prev_step.keys.valid() && t.store->get(prev_step.keys).full) {
    const int wb = key_bytes(t.key_type);
    const std::vector<uint8_t> prev = host_words(t, step - 1);  // copy: the next call may evict it
    const std::vector<uint8_t>& cur = host_words(t, step);
    if (prev.size() == cur.size() && cur.size() >= padded * size_t(wb))
      for (size_t k = 0; k < pairs.size(); ++k)
        swapped[k] = word_at(prev, pairs[k].lo, wb) != word_at(cur, pairs[k].lo, wb) ||
                     word_at(prev, pairs[k].hi, wb) != word_at(cur, pairs[k].hi, wb);
  }
  const float top = band.y - oy + 1;
  const float key_px = layout_.key_px;
  const float thickness = pairs.size() <= 64 ? 2.0f : (pairs.size() <= 256 ? 1.5f : 1.0f);
  const float arrow = std::clamp(key_px * 0.3f, 2.5f, 6.0f);
  const float depth_max = band.h - arrow * 1.6f - 6;
  std::vector<std::array<float, 2>> pts;
  for (int pass = 0; pass < 2; ++pass) {  // kept pairs first, swapped ones on top
    for (size_t k = 0; k < pairs.size(); ++k) {
      if (swapped[k] != (pass == 1)) continue;
      const Color color = swapped[k] ? palette::kSwapped : palette::kComparator;
      const float x0 = layout_.plot.x - ox + (float(pairs[k].lo) + 0.5f) * key_px;
      const float x1 = layout_.plot.x - ox + (float(pairs[k].hi) + 0.5f) * key_px;
      const float span = x1 - x0;
      const float depth = std::min(depth_max, 0.5f * span + 4.0f);
      const int segments = std::clamp(int(span / 6), 8, 48);
      pts.clear();
      for (int s = 0; s <= segments; ++s) {
        const float a = 3.14159265f * float(s) / float(segments);
        pts.push_back({x0 + 0.5f * (1 - std::cos(a)) * span, top + arrow * 1.6f + std::sin(a) * depth});
      }
      over_.polyline(pts, thickness, color);
      // Arrowhead at the lower index: the smaller key of the pair ends up there.
      over_.triangle(x0, top, x0 - arrow, top + arrow * 1.8f, x0 + arrow, top + arrow * 1.8f, color);
    }
  }
  info_.comparator_pairs = pairs.size();
  info_.swapped_pairs = size_t(std::count(swapped.begin(), swapped.end(), true));
}

void ArrayView::add_strip(const BlockOwnership& owner, uint64_t padded_n, float ox, float oy) {
  const Rect& s = layout_.strip;
  const uint64_t tile = owner.tile_keys;
  const uint64_t blocks = (padded_n + tile - 1) / tile;
  info_.tile_keys = tile;
  info_.blocks = blocks;
  const float block_px = float(tile) * layout_.key_px;
  if (block_px < 2.0f || blocks > 200000) {
    // Blocks narrower than two pixels would alias into noise: one even shade, the count in the labels.
    const Color mid{0.5f * (palette::kBlockA[0] + palette::kBlockB[0]), 0.5f * (palette::kBlockA[1] + palette::kBlockB[1]),
                    0.5f * (palette::kBlockA[2] + palette::kBlockB[2]), 1.0f};
    over_.rect(s.x - ox, s.y - oy, s.w, s.h, mid);
    return;
  }
  for (uint64_t b = 0; b < blocks; ++b) {
    const float x0 = std::round(layout_.plot.x - ox + float(b * tile) * layout_.key_px);
    const float x1 = std::round(layout_.plot.x - ox + float(std::min((b + 1) * tile, padded_n)) * layout_.key_px);
    over_.rect(x0, s.y - oy, x1 - x0, s.h, b % 2 ? palette::kBlockB : palette::kBlockA);
  }
}

void ArrayView::draw(const Timeline& t, int step, Rect rect, int fb_width, int fb_height) {
  if (step < 0 || size_t(step) >= t.steps.size())
    throw std::out_of_range("array view: step " + std::to_string(step) + " is outside the timeline (0.." +
                            std::to_string(int(t.steps.size()) - 1) + ")");
  rect = {std::round(rect.x), std::round(rect.y), std::round(rect.w), std::round(rect.h)};
  info_ = {};
  bar_numbers_.clear();
  if (rect.w < 1 || rect.h < 1) return;
  const Step& st = t.steps[size_t(step)];
  const bool has_snapshot = st.keys.valid() && t.store;
  static const ArraySnapshot kNone{};
  const ArraySnapshot& snap = has_snapshot ? t.store->get(st.keys) : kNone;
  const uint64_t padded = std::max<uint64_t>(snap.padded_n ? snap.padded_n : t.padded_n, 1);
  compute_layout(st, snap, t, rect, has_snapshot && snap.full);
  info_.n = std::min<uint64_t>(snap.n, padded);
  info_.padded_n = padded;

  StateGuard guard;
  glViewport(GLint(rect.x), GLint(float(fb_height) - rect.bottom()), GLsizei(rect.w), GLsizei(rect.h));
  glScissor(GLint(rect.x), GLint(float(fb_height) - rect.bottom()), GLsizei(rect.w), GLsizei(rect.h));
  glEnable(GL_SCISSOR_TEST);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  (void)fb_width;
  const float ox = rect.x, oy = rect.y;
  const Rect& plot = layout_.plot;
  const Rect& keys = layout_.keys;

  under_.clear();
  under_.rect(plot.x - ox, plot.y - oy, plot.w, plot.h, palette::kPlotBackground);
  if (keys.w < plot.w) {  // positions >= n: padding, hatched over the whole height
    const float px0 = keys.right() - ox;
    under_.rect(px0, plot.y - oy, plot.right() - keys.right(), plot.h, palette::kPaddingBack);
    under_.hatch_rect(px0, plot.y - oy, plot.right() - keys.right(), plot.h, palette::kPadding);
  }
  under_.draw(rect.w, rect.h);

  if (has_snapshot && info_.n > 0) {
    info_.source = !snap.full ? ArrayViewInfo::Source::Summary
                   : snap.on_device ? ArrayViewInfo::Source::DeviceSnapshot
                                    : ArrayViewInfo::Source::HostSnapshot;
    ArrayMode mode = resolve_array_mode(options_.mode, snap.full, padded, plot.w);
    if (mode != ArrayMode::Heatmap && info_.n > uint64_t(max_texels_)) mode = ArrayMode::Heatmap;
    info_.mode = mode;
    if (mode == ArrayMode::Heatmap) {
      uint32_t columns, bins;
      if (!snap.full) {
        columns = snap.density.columns;
        bins = snap.density.bins;
      } else {
        // One column per pixel of the key area and a bin per two pixels of height, so a cell is
        // about one screen pixel wide: fine enough to show single runs, coarse enough to count.
        columns = uint32_t(std::clamp<double>(std::round(keys.w), 1.0, 2048.0));
        columns = uint32_t(std::min<uint64_t>(columns, info_.n));
        bins = uint32_t(std::clamp<double>(std::round(plot.h / 2), 8.0, 256.0));
        while (uint64_t(columns) * bins > uint64_t(max_texels_) && bins > 8) bins /= 2;
      }
      info_.heat_columns = columns;
      info_.heat_bins = bins;
      info_.heat_reference = heat_reference(info_.n, columns, bins);
      info_.fill = fill_heat(t, st, snap, columns, bins);
      int class_cells = 0;
      if (options_.color_by != ColorBy::Key) {
        update_coloring(t, step);
        if (coloring_.rule) class_cells = fill_cell_classes(t);
        if (class_cells) set_class_legend();
        else info_.classes.note = coloring_.rule ? heat_map_classes_note(options_.color_by) : coloring_.note;
      }
      draw_heat({keys.x - ox, keys.y - oy, keys.w, keys.h}, class_cells);
    } else {
      info_.fill = fill_fractions(t, st, snap);
      bool by_class = false;
      if (options_.color_by != ColorBy::Key) {
        update_coloring(t, step);
        if (coloring_.rule && snap.full) {
          info_.class_fill = fill_classes(t, step, snap);
          set_class_legend();
          by_class = true;
        } else {
          info_.classes.note = coloring_.note;
        }
      }
      draw_points(mode == ArrayMode::Dots, by_class);
      if (mode == ArrayMode::Bars) collect_bar_numbers(t, step, snap);
    }
  }

  over_.clear();
  if (!layout_.comparators.empty())
    add_comparators(t, step, ox, oy);
  if (!layout_.strip.empty())
    if (const BlockOwnership* owner = find_aux<BlockOwnership>(st.aux)) add_strip(*owner, padded, ox, oy);
  over_.draw(rect.w, rect.h);
  GL_CHECK_AFTER("drawing the array view");
}

void ArrayView::collect_bar_numbers(const Timeline& t, int step, const ArraySnapshot& snap) {
  if (!options_.bar_numbers || info_.n > kMaxNumberedBars || !snap.full) return;
  const std::vector<uint8_t>& words = host_words(t, step);  // ordered key words (key_type.h)
  const int wb = key_bytes(t.key_type);
  if (words.size() < info_.n * size_t(wb)) return;
  const std::vector<float> f = key_fractions_host(words.data(), info_.n, t.key_type, t.range);
  for (uint64_t i = 0; i < info_.n; ++i) {
    uint64_t ordered = 0;
    std::memcpy(&ordered, words.data() + i * size_t(wb), size_t(wb));
    const uint64_t raw = dispatch_key_type(t.key_type, [&](auto traits) -> uint64_t {
      using Bits = typename decltype(traits)::Bits;
      return uint64_t(traits.from_ordered(Bits(ordered)));
    });
    bar_numbers_.push_back({f[i], format_key_value(t.key_type, key_display_value(t.key_type, raw))});
  }
}

void ArrayView::draw_labels(ImDrawList* dl, float origin_x, float origin_y, ImFont* font, float font_size) const {
  if (!dl) return;
  if (!font) {
    font = ImGui::GetFont();
    font_size = ImGui::GetFontSize();
  }
  const float size = font_size > 0 ? font_size : font->FontSize;
  const ImU32 dim = ImGui::ColorConvertFloat4ToU32(
      ImVec4(palette::kTextDim[0], palette::kTextDim[1], palette::kTextDim[2], 1.0f));
  set_text_view("array", {origin_x + layout_.view.x, origin_y + layout_.view.y, layout_.view.w, layout_.view.h});
  // "padding" over the hatched area, where it fits.
  const Rect& plot = layout_.plot;
  const Rect& keys = layout_.keys;
  const float pad_w = plot.right() - keys.right();
  const ImVec2 pad_text = font->CalcTextSizeA(size, FLT_MAX, 0, "padding");
  if (info_.padded_n > info_.n && pad_w >= pad_text.x + 8) {
    const float x = origin_x + keys.right() + 0.5f * (pad_w - pad_text.x);
    const float y = origin_y + plot.y + 6;
    dl->AddRectFilled(ImVec2(x - 4, y - 2), ImVec2(x + pad_text.x + 4, y + pad_text.y + 2),
                      ImGui::ColorConvertFloat4ToU32(ImVec4(palette::kPaddingBack[0], palette::kPaddingBack[1],
                                                            palette::kPaddingBack[2], 1.0f)));
    draw_view_text(dl, font, size, ImVec2(x, y), dim, "padding");
  }
  // Each key's value above its bar (inside its top where the bar reaches the top), at the view's
  // text size or smaller so the widest number fits the bar; none where even 8 px would not fit.
  if (!bar_numbers_.empty()) {
    float widest = 0;
    for (const BarNumber& b : bar_numbers_) widest = std::max(widest, font->CalcTextSizeA(size, FLT_MAX, 0, b.text.c_str()).x);
    const float px = widest > 0 ? std::min(size, size * (layout_.key_px - 2) / widest) : size;
    if (px >= 8) {
      const ImU32 text = ImGui::ColorConvertFloat4ToU32(ImVec4(palette::kText[0], palette::kText[1], palette::kText[2], 1.0f));
      const float min_bar = std::min(2.0f, plot.h);
      for (size_t i = 0; i < bar_numbers_.size(); ++i) {
        const BarNumber& b = bar_numbers_[i];
        const ImVec2 ts = font->CalcTextSizeA(px, FLT_MAX, 0, b.text.c_str());
        const float top = plot.bottom() - (min_bar + b.fraction * (plot.h - min_bar));
        // Above the bar; where the bar reaches the top, inside it in dark text (bars are bright there).
        const bool inside = top - ts.y - 2 < plot.y + 1;
        const float y = inside ? top + 2 : top - ts.y - 2;
        const float cx = plot.x + (float(i) + 0.5f) * layout_.key_px;
        dl->AddText(font, px, ImVec2(origin_x + cx - ts.x * 0.5f, origin_y + y), inside ? IM_COL32(16, 18, 24, 255) : text,
                    b.text.c_str());
      }
    }
  }
  // Block numbers in the ownership strip, every k-th block so that labels never collide.
  const Rect& s = layout_.strip;
  // A line of text taller than the strip would run out of the view: no numbers then.
  if (s.empty() || info_.tile_keys == 0 || font->CalcTextSizeA(size, FLT_MAX, 0, "0").y > s.h + 2) return;
  const float block_px = float(info_.tile_keys) * layout_.key_px;
  // "block 3" where every block has room for it, else just the numbers; where not even those fit,
  // one line says how many blocks own how many keys each.
  const std::string summary = std::to_string(info_.blocks) + " thread blocks of " + std::to_string(info_.tile_keys) + " keys";
  const ImVec2 summary_size = font->CalcTextSizeA(size, FLT_MAX, 0, summary.c_str());
  if (block_px < 2.0f || block_px < font->CalcTextSizeA(size, FLT_MAX, 0, "000").x) {
    const float x = origin_x + s.x + 0.5f * (s.w - summary_size.x);
    draw_view_text(dl, font, size, ImVec2(x, origin_y + s.y + 0.5f * (s.h - summary_size.y)), IM_COL32(16, 18, 24, 255),
                   summary);
    return;
  }
  const std::string widest = "block " + std::to_string(info_.blocks - 1);
  const bool words = font->CalcTextSizeA(size, FLT_MAX, 0, widest.c_str()).x + 8 <= block_px;
  const float label_w = font->CalcTextSizeA(size, FLT_MAX, 0, widest.c_str() + (words ? 0 : 6)).x;
  const uint64_t every = uint64_t(std::ceil((label_w + 8) / block_px));
  for (uint64_t b = 0; b < info_.blocks; b += every) {
    const std::string label = (words ? "block " : "") + std::to_string(b);
    const ImVec2 ts = font->CalcTextSizeA(size, FLT_MAX, 0, label.c_str());
    const float cx = s.x + (float(b) + 0.5f) * block_px;
    if (cx + ts.x * 0.5f > s.right()) break;
    const Color& shade = b % 2 ? palette::kBlockB : palette::kBlockA;
    const bool light = shade[0] * 0.3f + shade[1] * 0.59f + shade[2] * 0.11f > 0.45f;
    const ImU32 col = light ? IM_COL32(16, 18, 24, 255) : IM_COL32(235, 238, 245, 255);
    draw_view_text(dl, font, size, ImVec2(origin_x + cx - ts.x * 0.5f, origin_y + s.y + 0.5f * (s.h - ts.y)), col,
                   label);
  }
}

}  // namespace sortscope
