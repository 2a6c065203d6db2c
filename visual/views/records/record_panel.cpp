#include "views/records/record_panel.h"

namespace sortscope {

using namespace radix_view;

std::optional<RecordPanel> begin_record_panel(const AuxDrawContext& c, const Rect& r, const Alternatives& titles,
                                              const Alternatives& subtitles, float min_w, float min_h, bool drawable) {
  RecordPanel p;
  p.content = begin_panel(c, r, titles, subtitles);
  if (!drawable || p.content.w < min_w || p.content.h < min_h) {
    end_panel(c);
    return std::nullopt;
  }
  p.dl = c.dl;
  p.sf = small(c);
  p.spx = c.small_px;
  p.sc = c.scale;
  p.dim = to_u32(palette::kTextDim);
  p.txt = to_u32(palette::kText);
  p.hi = to_u32(palette::kHighlight);
  return p;
}

}  // namespace sortscope
