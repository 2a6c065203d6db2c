#pragma once
// The array view: the key array of one timeline step drawn into a rectangle of the current
// framebuffer, as bars (up to about one key per pixel column), dots (a few keys per column) or a
// density heat map (columns x value bins) above that; chosen automatically, overridable. Keys are
// coloured by value (colormap.h), or by class: the digit of the current radix pass, the bucket or
// partition, the sorted run or merge block (ArrayViewOptions::color_by, views/key_coloring.h,
// class_palette.h; in the heat map by column or value bin, views/key_class_rule.h); padding
// positions (>= timeline.n) are hatched grey. Overlays: the
// comparator pairs of the step for small n (ComparatorStage, OddEvenStage: arcs under the bars, an arrowhead
// where the smaller key goes, orange where the pair was swapped), and a strip showing which thread
// block owns which keys (BlockOwnership: alternating shades).
//
// Data path (DESIGN.md, "Views"): a full snapshot in device memory fills the view's GL buffers
// through CUDA-GL interop (key fractions for bars/dots, and each key's class when colouring by
// class, key_classes_device; density counts computed by
// density_summary_device straight into the mapped buffer for the heat map); host snapshots, density
// summaries and contexts without interop use glBufferSubData. A fill happens only when the step,
// mode or heat-map grid changes, so redrawing the same step costs one draw call per layer.
//
// Usage (a GL 3.3 context current; the app draws it into a texture or straight into its window):
//   ArrayView view;                                         // once per context
//   view.draw(timeline, step, Rect{x, y, w, h}, fb_w, fb_h);  // into the bound framebuffer
//   view.draw_labels(ImGui::GetWindowDrawList(), origin);   // block numbers, inside an ImGui frame
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "color_by.h"
#include "common/timeline.h"
#include "gl/gl_objects.h"
#include "gl/shader.h"
#include "interop/gl_fill_buffer.h"
#include "views/array_data.h"
#include "views/key_coloring.h"
#include "views/legend.h"
#include "views/rect.h"
#include "views/shape_batch.h"
#include "views/view_registry.h"

struct ImDrawList;
struct ImFont;

namespace sortscope {

struct ArrayViewOptions {
  ArrayMode mode = ArrayMode::Auto;
  bool comparators = true;      // arcs of the step's comparators, where keys are >= kMinComparatorPx wide
  bool ownership_strip = true;  // the block-ownership strip, where the step names its tile
  bool bar_gaps = true;         // a 1-px gap between bars that are at least 4 px wide
  bool bar_numbers = true;      // each key's value on its bar, for at most kMaxNumberedBars keys
  ColorBy color_by = ColorBy::Key;  // colour by value, or by class where the step has classes
};

// Up to this many keys, bars carry their keys' values (small-ints: docs/inputs.md), so a class can
// read the array as numbers.
inline constexpr uint64_t kMaxNumberedBars = 64;

// Keys narrower than this get no comparator arcs (they would be a grey smear). 2.5 px: a 256-key
// network beside the pseudo-code of a 1280-px export (about 2.8 px a key) keeps its arcs.
inline constexpr float kMinComparatorPx = 2.5f;

// Where the last draw put things, in framebuffer pixels (top-left origin).
struct ArrayViewLayout {
  Rect view;         // the rectangle given to draw()
  Rect plot;         // positions left to right, values bottom to top
  Rect keys;         // the part of plot holding positions < n (the rest is padding)
  Rect comparators;  // arcs band under the plot (empty when not drawn)
  Rect strip;        // ownership strip (empty when not drawn)
  float key_px = 0;  // width of one position
};

// What the last draw showed: for captions, the status bar and tests.
struct ArrayViewInfo {
  enum class Source { None, HostSnapshot, DeviceSnapshot, Summary };
  enum class Fill { None, Interop, Upload, Cached };
  ArrayMode mode = ArrayMode::Auto;  // the mode drawn (never Auto once something was drawn)
  Source source = Source::None;
  Fill fill = Fill::None;            // how the GL buffer got this step's data (Cached: unchanged)
  std::string interop_problem;       // why uploads were used for a device snapshot ("" otherwise)
  uint64_t n = 0, padded_n = 0;
  uint32_t heat_columns = 0, heat_bins = 0;
  double heat_reference = 0;         // count at which a cell saturates (array_data.h)
  size_t comparator_pairs = 0;       // drawn
  size_t swapped_pairs = 0;          // of those, pairs whose keys changed in this step
  uint64_t tile_keys = 0, blocks = 0;  // ownership strip
  ClassLegend classes;               // colour by class: what the colours are, or why keys kept theirs
  ArrayViewInfo::Fill class_fill = ArrayViewInfo::Fill::None;  // how the classes' buffer was filled
};

// The overlays this view draws (ComparatorStage, OddEvenStage, BlockOwnership; SortedRuns as the
// keys' colours when colouring by run) in the view registry.
void register_array_view_overlays(ViewRegistry& registry);

const char* source_name(ArrayViewInfo::Source source);  // "host memory", "device memory", "density summary"
const char* fill_name(ArrayViewInfo::Fill fill);        // "CUDA-GL interop", "upload", "cached"

class ArrayView {
 public:
  ArrayView();  // needs the GL 3.3 context it will draw in to be current
  ~ArrayView();
  ArrayView(const ArrayView&) = delete;
  ArrayView& operator=(const ArrayView&) = delete;

  ArrayViewOptions& options() { return options_; }
  const ArrayViewOptions& options() const { return options_; }

  // Draws step `step` of `timeline` into `rect` of the bound framebuffer, which is fb_width x
  // fb_height pixels. Leaves viewport and scissor as it found them, and no program, vertex array,
  // buffer or texture bound. Throws std::out_of_range for a step outside the timeline.
  void draw(const Timeline& timeline, int step, Rect rect, int fb_width, int fb_height);
  // Text of the last draw ("padding", block numbers in the ownership strip), between
  // ImGui::NewFrame and ImGui::Render. `origin`: where the framebuffer's top-left lies in dl;
  // font null: ImGui's current font and size.
  void draw_labels(ImDrawList* dl, float origin_x, float origin_y, ImFont* font = nullptr,
                   float font_size = 0) const;

  const ArrayViewLayout& layout() const { return layout_; }
  const ArrayViewInfo& info() const { return info_; }

 private:
  struct FillKey {
    const void* store = nullptr;
    int32_t snapshot = -1;
    uint32_t columns = 0, bins = 0;
    bool operator==(const FillKey&) const = default;
  };
  void compute_layout(const Step& step, const ArraySnapshot& snap, const Timeline& t, Rect rect, bool full);
  // One value per key into `buffer` (`bytes` in all): written by `device` through CUDA-GL interop
  // where the snapshot lives in device memory and the context allows it (`device` empty in builds
  // without CUDA), else computed by `host` from the key words (the snapshot's, or `read_back()`'s)
  // and uploaded.
  using HostFill = std::function<void(const uint8_t* words)>;
  ArrayViewInfo::Fill fill_keys(GlFillBuffer& buffer, size_t bytes, const ArraySnapshot& snap,
                                const GlFillBuffer::DeviceFill& device, const HostFill& host,
                                const std::function<std::vector<uint8_t>()>& read_back);
  ArrayViewInfo::Fill fill_fractions(const Timeline& t, const Step& step, const ArraySnapshot& snap);
  ArrayViewInfo::Fill fill_heat(const Timeline& t, const Step& step, const ArraySnapshot& snap,
                                uint32_t columns, uint32_t bins);
  // The classes of the step's keys (coloring_.rule) into classes_; fills only when they changed.
  ArrayViewInfo::Fill fill_classes(const Timeline& t, int step, const ArraySnapshot& snap);
  // coloring_ for this step and options_.color_by, found again only when either changed.
  void update_coloring(const Timeline& t, int step);
  void draw_points(bool dots, bool by_class);
  // Heat map: the class of each column or bin into cell_classes_ (heat_column_classes,
  // heat_bin_classes); returns the shader's u_class_cells (0: the rule has no class per cell).
  int fill_cell_classes(const Timeline& t);
  void draw_heat(const Rect& local, int class_cells);
  void set_class_legend();  // info_.classes from coloring_.rule
  // Arcs for pairs_, the comparators of the step's network layer (step_comparator_pairs).
  void add_comparators(const Timeline& t, int step, float ox, float oy);
  void add_strip(const BlockOwnership& owner, uint64_t padded_n, float ox, float oy);
  const std::vector<uint8_t>& host_words(const Timeline& t, int step);

  ArrayViewOptions options_;
  ArrayViewLayout layout_;
  std::vector<ComparatorPair> pairs_;  // the step's comparators, when the layout gave them a band
  // The numbers on the bars of the last draw (bar_numbers): each key's bar height 0..1 and value.
  struct BarNumber {
    float fraction;
    std::string text;
  };
  std::vector<BarNumber> bar_numbers_;
  void collect_bar_numbers(const Timeline& t, int step, const ArraySnapshot& snap);
  ArrayViewInfo info_;

  gl::Program points_program_;
  gl::Program heat_program_;
  gl::VertexArray vao_;
  gl::Texture colormap_;
  uint64_t colormap_generation_ = 0;  // of the table in colormap_ (colormap.h)
  void upload_colormap();
  void bind_colormap();  // to texture unit 0, uploading the active table first if it changed
  GlFillBuffer fractions_;
  GlFillBuffer counts_;
  GlFillBuffer classes_;  // GL_R32UI: each key's class (colour by digit, bucket, run)
  GlFillBuffer cell_classes_;  // GL_R32UI: the heat map's class per column or per bin
  KeyColoring coloring_;
  struct ColoringKey {
    const void* store = nullptr;
    int step = -1;
    ColorBy mode = ColorBy::Key;
    bool operator==(const ColoringKey&) const = default;
  } coloring_key_;
  struct ClassFillKey {
    const void* store = nullptr;
    int32_t snapshot = -1;
    ColorBy mode = ColorBy::Key;
    int source_step = -1, source_aux = -1;
    bool operator==(const ClassFillKey&) const = default;
  } classes_key_;
  struct CellClassKey {
    ColoringKey coloring;
    int source_step = -1, source_aux = -1;
    uint32_t columns = 0, bins = 0;
    bool operator==(const CellClassKey&) const = default;
  } cell_classes_key_;
  ShapeBatch under_;  // backgrounds and padding, drawn before the keys
  ShapeBatch over_;   // arcs and strip, drawn after
  FillKey fractions_key_, counts_key_;
  int max_texels_ = 0;

  // Host copies of small snapshots for the comparator overlay (this step and the one before).
  struct HostCopy {
    FillKey key;
    std::vector<uint8_t> words;
  };
  HostCopy host_cache_[2];
  int host_cache_next_ = 0;
};

}  // namespace sortscope
