#include "views/aux_panel.h"

#include <type_traits>
#include <vector>

#include "views/merge_aux_views.h"
#include "views/radix_aux_views.h"

namespace sortscope {

namespace {

// Snapshot types drawn as panel views; the others (ComparatorStage, BlockOwnership) are overlays
// of the array view.
template <class T>
constexpr bool kPanelType = !std::is_same_v<T, ComparatorStage> && !std::is_same_v<T, BlockOwnership>;

bool is_panel(const AuxData& a) {
  return std::visit([](const auto& v) { return kPanelType<std::decay_t<decltype(v)>>; }, a);
}

}  // namespace

bool has_aux_panel(const Step& step) {
  for (const AuxData& a : step.aux)
    if (is_panel(a)) return true;
  return false;
}

bool timeline_has_aux_panel(const Timeline& timeline) {
  for (const Step& s : timeline.steps)
    if (has_aux_panel(s)) return true;
  return false;
}

bool draw_aux_panel(const AuxDrawContext& c) {
  std::vector<const AuxData*> views;
  for (const AuxData& a : c.current().aux)
    if (is_panel(a)) views.push_back(&a);
  if (views.empty() || c.area.empty()) return false;
  // Several snapshots in one step share the area side by side, in the order the step lists them.
  const float gap = 8 * c.scale;
  const float w = (c.area.w - gap * float(views.size() - 1)) / float(views.size());
  for (size_t i = 0; i < views.size(); ++i) {
    const Rect r{c.area.x + float(i) * (w + gap), c.area.y, w, c.area.h};
    std::visit(
        [&](const auto& v) {
          if constexpr (kPanelType<std::decay_t<decltype(v)>>) draw_aux_view(c, r, v);
        },
        *views[i]);
  }
  return true;
}

}  // namespace sortscope
