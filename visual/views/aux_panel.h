#pragma once
// The aux panel: a step's auxiliary snapshots (kernels/common/aux_data.h) drawn beside or below the
// array, with ImGui's draw list, so one drawing serves exported frames (FrameRenderer) and the app's
// main view alike. Which snapshot types are panel views, how wide each wants to be and what draws
// it is the view registry's (view_registry.h), filled by each algorithm family from its own folder
// (views/radix/, views/merge/, ...); overlays of the array view (ComparatorStage, BlockOwnership)
// and types nobody registered are not drawn here.
//
// Usage:
//   AuxDrawContext c{dl, area, &timeline, step, fonts...};
//   if (has_aux_panel(timeline.steps[step])) draw_aux_panel(c);
#include <vector>

#include "color_by.h"
#include "common/timeline.h"
#include "views/rect.h"

struct ImDrawList;
struct ImFont;

namespace sortscope {

// Everything a panel view needs to draw one step into `area` (dl coordinates, top-left origin).
struct AuxDrawContext {
  ImDrawList* dl = nullptr;
  Rect area;
  const Timeline* timeline = nullptr;
  int step = 0;
  ImFont* font = nullptr;        // labels and titles
  float font_px = 13;
  ImFont* small = nullptr;       // axis ticks and numbers
  float small_px = 11;
  float scale = 1;               // UI scale (projector mode > 1): line widths, paddings
  ColorBy classes_by = ColorBy::Key;  // the array view colours keys by this mode's classes (color_by.h):
                                      // panels then draw digits, buckets and ranks in the same colours
  const Step& current() const { return timeline->steps[size_t(step)]; }
};

// True when the step carries a snapshot that a panel view draws.
bool has_aux_panel(const Step& step);
// True when any step of the timeline does (the caller reserves room for the panel throughout, so
// the array view does not jump in size while playing).
bool timeline_has_aux_panel(const Timeline& timeline);
// Draws the step's panel views into c.area. Several views share it in the step's order, widths
// weighted by what each needs (a scanned histogram shows two maps), in one row or, where the
// area is too narrow for that, in two. Returns false, drawing nothing, when the step has none.
// `view_rects`, when given, receives each view's rectangle in the step's order (for tests and
// hit-testing).
bool draw_aux_panel(const AuxDrawContext& c, std::vector<Rect>* view_rects = nullptr);
// For a step without panel snapshots in a timeline that has them: the empty panel, with `message`
// centred in it, so the room the caller reserved does not look broken.
void draw_aux_placeholder(const AuxDrawContext& c, const char* message);

}  // namespace sortscope
