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
  Rect lane;          // the whole lane
  Rect label;         // its band of text at the top, or its column at the left (side)
  Rect view;          // the array view under it (beside it)
  bool side = false;  // the label is a column left of the view
};

// `lanes` (>= 1) lanes in `area`, `gap` pixels apart, each with a label band `label_h` high. Where
// a band would leave the view under 2.5 bands of height (four lanes in a projector's picture), the
// label is a column at the lane's left instead, about a fifth of the width, so the arrays keep the
// lane's whole height (issue 29: 2-4 lanes share the picture's height). Whole pixels.
std::vector<RaceLaneRects> race_lane_rects(Rect area, int lanes, float label_h, float gap);

}  // namespace sortscope
