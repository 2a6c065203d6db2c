#include "race_layout.h"

#include <algorithm>
#include <cmath>

namespace sortscope {

std::vector<RaceLaneRects> race_lane_rects(Rect area, int lanes, float label_h, float gap) {
  std::vector<RaceLaneRects> out;
  if (lanes <= 0) return out;
  gap = std::max(0.0f, std::round(gap));
  const float lane_h = std::max(0.0f, std::floor((area.h - gap * float(lanes - 1)) / float(lanes)));
  const float band = std::round(std::min(label_h, lane_h * 0.5f));
  const bool side = lane_h - band < 2.5f * label_h && area.w >= 10 * label_h;
  const float column = std::round(std::clamp(area.w * 0.2f, 4 * label_h, 8 * label_h));
  for (int i = 0; i < lanes; ++i) {
    RaceLaneRects r;
    r.lane = {std::round(area.x), std::round(area.y + float(i) * (lane_h + gap)), std::round(area.w), lane_h};
    r.side = side;
    if (side) {
      r.label = {r.lane.x, r.lane.y, column, lane_h};
      r.view = {r.lane.x + column + gap, r.lane.y, r.lane.w - column - gap, lane_h};
    } else {
      r.label = {r.lane.x, r.lane.y, r.lane.w, band};
      r.view = {r.lane.x, r.lane.y + band, r.lane.w, lane_h - band};
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace sortscope
