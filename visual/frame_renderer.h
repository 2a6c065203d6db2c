#pragma once
// FrameRenderer: one finished picture of one timeline step, for `sortscope render`, the video/GIF
// exporters and the app's "export PNG". A frame shows, top to bottom:
//   - the step's caption with "step i / N" at the right: its first sentence (what a student sees
//     happen) large, the rest (how the kernels do it) under it in the body font; then a line with
//     the algorithm, n, key type, the kernel launch the step ran in and its GPU time;
//   - the array view (bars, dots or heat map; comparator arcs; block-ownership strip; padding), with
//     the algorithm's pseudo-code beside it, the step's line highlighted, lines too wide for the
//     panel wrapped (code_rows.h), never cut (frames at least 800 px wide);
//   - when the step carries panel snapshots (views/aux_panel.h: digit histograms, look-back, merge
//     paths, ...), the aux panel under both, across the frame, about 45% of the height left for
//     views; a step without any gives the array the whole height (a slide shows what its step has);
//   - a progress strip with a tick per step, and the legend (colour ramp with the key range,
//     padding, compared/swapped pairs, heat-map brightness).
//
// Usage (headless, e.g. the CLI):
//   auto ctx = sortscope::gl::HeadlessContext::create();       // EGL: NVIDIA device or Mesa
//   sortscope::FrameRenderer frames(timeline, *sortscope::find_algorithm(timeline.algorithm));
//   for (int s = 0; s < frames.step_count(); ++s) {
//     std::vector<uint8_t> rgba = frames.render_rgba(s, 1280, 720);  // rows top-down
//     sortscope::write_png(fmt::format("frames/step_{:04d}.png", s), 1280, 720, rgba);
//   }
// In the app, construct it while the window's context is current; render_rgba leaves the app's
// framebuffer binding, viewport and ImGui context as they were.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/timeline.h"
#include "frame_text.h"
#include "gl/offscreen_target.h"
#include "gl/png_writer.h"  // write_png(path, width, height, rgba)
#include "views/array_view.h"

namespace sortscope {

struct FrameStyle {
  bool pseudo_code = true;  // the pseudo-code panel, where the frame is at least 800 px wide
  bool progress = true;     // the progress strip
  bool aux_panel = true;    // the aux panel, for timelines that carry panel snapshots
  bool network = true;      // the comparator network's strip (views/network_overview.h), for
                            // timelines of comparator layers (bitonic, odd-even merge) drawn with
                            // a pixel column a key at least
  int samples = 4;          // multisampling of the offscreen framebuffer (1: none)
  float text_scale = 1;     // text (and the panels sized by it) against the frame's own scale: the
                            // app passes its projector scale, so slides read from the back row
  ArrayViewOptions array;   // mode (auto/bars/dots/heat map), overlays
  std::string caption;      // when set, the header's caption instead of the step's (a lesson
                            // slide's title and caption: render/record --lesson)
  std::string source;       // where the timeline came from, in the info line: "recorded on NVIDIA
                            // H200 (GPU), 2026-11-23 18:04 UTC" for a trace; empty: "recorded on
                            // the GPU" or "CPU model" from the timeline
};

// Where the parts of the last frame went (pixels, top-left origin): for tests and the app.
struct FrameLayout {
  Rect header;     // caption and info line
  float caption_px = 0;  // the headline's text size: the caption font's, smaller for a long headline
  Rect caption_detail;   // the caption after its first sentence, in the body font (empty: none)
  Rect view;       // the array view's rectangle
  Rect code;       // pseudo-code panel (empty when hidden)
  bool code_below = false;   // the pseudo-code is a strip under the array (its lines around the step's),
                             // so a comparator network's arcs keep the frame's width (FrameRenderer)
  int code_rows = 0;         // rows the pseudo-code took after wrapping (>= its lines)
  int code_rows_shown = 0;   // of those, the rows that fit the panel's height (it scrolls to the step's line)
  float code_text_right = 0; // right end of the widest row's text: inside `code` when nothing is cut
  float code_title_right = 0; // right end of the code panel's title (wrapped): inside `code` when nothing is cut
  Rect aux;        // aux panel (empty when the step has no panel snapshots or it is hidden)
  bool aux_drawn = false;  // the step had panel snapshots and they were drawn into `aux`
  std::vector<Rect> aux_views;  // one rectangle per panel view drawn, in the step's order
  Rect network;    // the comparator network's strip (empty: hidden, or no comparator layers)
  Rect progress;   // progress strip (empty when hidden)
  Rect legend;     // legend row
};

class FrameRenderer {
 public:
  // Needs a current GL 3.3+ core context with glad loaded (a HeadlessContext, or the app's window).
  // Keeps references: `timeline` and `algorithm` must outlive the renderer.
  FrameRenderer(const Timeline& timeline, const Algorithm& algorithm, FrameStyle style = {});
  ~FrameRenderer();
  FrameRenderer(const FrameRenderer&) = delete;
  FrameRenderer& operator=(const FrameRenderer&) = delete;

  // Renders step `step` (0 .. step_count()-1) at width x height pixels and returns
  // width*height*4 bytes of RGBA, rows top-down (what write_png and video encoders take).
  // Throws std::out_of_range for a bad step, std::runtime_error for a bad size or a GL failure.
  std::vector<uint8_t> render_rgba(int step, int width, int height);
  int step_count() const { return int(timeline_.steps.size()); }

  FrameStyle& style() { return style_; }
  const FrameLayout& layout() const { return layout_; }                 // of the last frame
  const ArrayViewInfo& array_info() const { return view_.info(); }      // of the last frame
  const ArrayViewLayout& array_layout() const { return view_.layout(); }
  // The last frame as a GL texture (bottom-up rows), e.g. for ImGui::Image with uv0=(0,1), uv1=(1,0).
  const gl::OffscreenTarget& target() const { return target_; }
  // The text its views drew into the last frame, in the frame's pixels (views/view_text.h).
  const std::vector<DrawnText>& texts() const { return text_.texts(); }

 private:
  std::string caption_of(const Step& step) const;  // the step's caption, else its kind's
  void draw_overlay(int step, int width, int height);

  const Timeline& timeline_;
  const Algorithm& algorithm_;
  FrameStyle style_;
  FrameLayout layout_;
  gl::OffscreenTarget target_;
  ArrayView view_;
  FrameText text_;  // constructed after target_ and view_, destroyed before them
};

}  // namespace sortscope
