#pragma once
// RaceFrameRenderer: one picture of a race (issue 15, "A race"): two to four timelines of different
// algorithms on the same input, a lane each (race_layout.h), at one moment of the race's clock. A
// frame shows, top to bottom:
//   - the race's title ("Race by GPU time") with the clock's reading at the right, and a line with
//     the input (n, key type) and where the times come from;
//   - the lanes: each a label band (lane number, algorithm, step i / N, its time so far, a thin bar
//     of its own progress, a "finished 1st" marker once done by time ("done" by step, which ranks
//     nothing), its keys/s then) over its array view;
//   - the race's progress strip with a mark where each lane finishes, and the key colour legend
//     (every lane sorts the same keys, so one legend serves all).
// The caller says where each lane stands (RaceFrame: app/core/race_clock.h computes it); the
// renderer draws only. Used by `sortscope render --race`, `record --race` and the app's race view.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/timeline.h"
#include "frame_renderer.h"  // FrameStyle
#include "frame_text.h"
#include "gl/offscreen_target.h"
#include "race_layout.h"
#include "views/array_view.h"

struct ImDrawList;

namespace sortscope {

struct RaceLaneSource {
  const Timeline* timeline = nullptr;
  const Algorithm* algorithm = nullptr;
  std::string lab_piece;  // a kernel-lab lane: "your merge-path piece (mine.cu)", shown after the title
};

// What one lane shows in a frame.
struct RaceLaneFrame {
  int step = 0;           // the step it shows
  std::string time;       // its time so far ("0.412 ms"); "" where it has none
  bool finished = false;  // its last step is done
  int place = 0;          // its finishing place (1 = first) once finished by time; 0: unranked
                          // (by step every lane ends together: "done")
  std::string result;     // shown once finished, e.g. "2.49 G keys/s"
};

// One moment of the race.
struct RaceFrame {
  // Title and clock both empty: no header (the app's view says them elsewhere).
  std::string title;   // "Race by GPU time"
  std::string clock;   // the clock's reading, right of the title: "0.412 / 0.951 ms", "step 12 / 45"
  std::string info;    // input and the times' source
  float progress = 0;  // the race so far, 0..1
  std::vector<float> finishes;  // where each lane finishes on the progress strip, 0..1 (optional)
  std::vector<RaceLaneFrame> lanes;  // one per source, in order
};

struct RaceFrameLayout {
  Rect header;
  std::vector<RaceLaneRects> lanes;
  std::vector<Rect> lane_bars;  // each lane's own progress bar (in its label band)
  std::vector<Rect> badges;     // each lane's "finished" marker (empty while it runs)
  Rect progress;                // the race's progress strip
  Rect legend;
};

// "1st", "2nd", "3rd", "4th", ...
std::string ordinal(int place);

class RaceFrameRenderer {
 public:
  // Needs a current GL 3.3+ context. Keeps pointers: the timelines and algorithms must outlive it.
  // Throws std::invalid_argument when a source is null or there are no lanes.
  explicit RaceFrameRenderer(std::vector<RaceLaneSource> lanes, FrameStyle style = {});
  ~RaceFrameRenderer();
  RaceFrameRenderer(const RaceFrameRenderer&) = delete;
  RaceFrameRenderer& operator=(const RaceFrameRenderer&) = delete;

  // Renders `frame` at width x height and returns RGBA rows top-down (write_png's and the video
  // encoders' layout). Throws std::out_of_range for a lane's step outside its timeline or a frame
  // with the wrong number of lanes, std::runtime_error for a bad size or a GL failure.
  std::vector<uint8_t> render_rgba(const RaceFrame& frame, int width, int height);
  // Draws `frame` into the bound framebuffer, width x height pixels (the app's main view draws into
  // its own target this way); the same checks, no read-back.
  void draw(const RaceFrame& frame, int width, int height);

  int lanes() const { return int(lanes_.size()); }
  FrameStyle& style() { return style_; }
  const RaceFrameLayout& layout() const { return layout_; }  // of the last frame
  const ArrayViewInfo& lane_info(int lane) const { return views_.at(size_t(lane))->info(); }
  const gl::OffscreenTarget& target() const { return target_; }
  // The text its views drew into the last frame, in the frame's pixels (views/view_text.h).
  const std::vector<DrawnText>& texts() const { return text_.texts(); }

 private:
  void draw_overlay(const RaceFrame& frame, int width, int height);
  void draw_side_label(ImDrawList* dl, size_t lane, const RaceLaneRects& r, const RaceLaneFrame& f);

  std::vector<RaceLaneSource> lanes_;
  FrameStyle style_;
  RaceFrameLayout layout_;
  gl::OffscreenTarget target_;
  std::vector<std::unique_ptr<ArrayView>> views_;  // one per lane: each caches its own lane's fills
  FrameText text_;
};

}  // namespace sortscope
