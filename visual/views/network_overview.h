#pragma once
// The whole comparator network of a timeline as one strip (bitonic and odd-even merge sorts; Batcher
// 1968): a column per step, its height the layer's stride on a log scale, shaded by kernel launch,
// the current step white and the steps to come faint, so a student sees where this layer lies in
// the network. The app draws it under the array (clicking a column goes there) and exported frames
// (render, record) over the progress strip, the same drawing.
#include "rect.h"

struct ImDrawList;
struct ImFont;

namespace sortscope {

struct Timeline;

// True when some step of `tl` is a comparator layer (carries a ComparatorStage or an OddEvenStage).
bool timeline_has_network(const Timeline& tl);

// The strip into `r` for the timeline at `step`, its label ("network: merge size 64, stride 8") in
// the strip's top-left corner in `font` at `font_px` (registered with the view text log).
void draw_network_overview(ImDrawList* dl, const Rect& r, const Timeline& tl, int step, ImFont* font, float font_px);

}  // namespace sortscope
