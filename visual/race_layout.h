#pragma once
// The race's lanes (issue 15, "A race") in a rectangle: stacked top to bottom, one per algorithm, each
// a label band (name, step, time, finished marker) over its array view. Stacked rather than side by
// side so that every lane keeps the full width: positions line up across lanes and the same input
// reads the same way in each. The exported frames (race_frame_renderer.h) and the app's main view
// both split their view rectangle with it.
#include <vector>

#include "views/rect.h"

namespace sortscope {

struct RaceLaneRects {
  Rect lane;   // the whole lane
  Rect label;  // its band of text at the top
  Rect view;   // the array view under it
};

// `lanes` (>= 1) lanes in `area`, `gap` pixels apart, each with a label band `label_h` high (less
// where the lane is too short to keep a view at least as high as the band). Whole pixels.
std::vector<RaceLaneRects> race_lane_rects(Rect area, int lanes, float label_h, float gap);

}  // namespace sortscope
