#pragma once
// What every records panel (records_views.h) starts with: the panel's frame and titles
// (begin_panel), nothing more when its content rectangle is too small to draw in, and the draw
// list, small font, sizes and text colours the views draw with.
#include <optional>

#include "views/common/panel_frame.h"

namespace sortscope {

struct RecordPanel {
  Rect content;       // inside the titles
  ImDrawList* dl = nullptr;
  ImFont* sf = nullptr;  // the small font
  float spx = 0;      // its size in pixels
  float sc = 1;       // the context's scale
  ImU32 dim = 0, txt = 0, hi = 0;  // dim and bright text, the highlight
};

// The panel begun, or nothing (the panel already ended) when `drawable` is false or the content is
// narrower than min_w or lower than min_h pixels. Call radix_view::end_panel after drawing.
std::optional<RecordPanel> begin_record_panel(const AuxDrawContext& c, const Rect& r,
                                              const radix_view::Alternatives& titles,
                                              const radix_view::Alternatives& subtitles, float min_w, float min_h,
                                              bool drawable = true);

}  // namespace sortscope
