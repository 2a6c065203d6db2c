#include "views/key_coloring.h"

#include <fmt/format.h>

#include "views/view_registry.h"

namespace sortscope {
namespace {

std::optional<KeyClassRule> rule_of_step(const Step& st, ColorBy mode, const KeyClassSite& site, int* aux_index) {
  const ViewRegistry& registry = view_registry();
  for (size_t i = 0; i < st.aux.size(); ++i)
    if (std::optional<KeyClassRule> r = registry.key_classes(mode, st.aux[i], site)) {
      *aux_index = int(i);
      return r;
    }
  return std::nullopt;
}

}  // namespace

KeyColoring key_coloring(const Timeline& t, int step, ColorBy mode) {
  KeyColoring c;
  c.requested = mode;
  if (mode == ColorBy::Key) return c;
  const int steps = int(t.steps.size());
  if (step >= 0 && step < steps) {
    for (int s = step; s >= 0 && !c.rule; --s)
      if ((c.rule = rule_of_step(t.steps[size_t(s)], mode, KeyClassSite{t.n, false}, &c.source_aux))) c.source_step = s;
    for (int s = step + 1; s < steps && !c.rule; ++s)
      if ((c.rule = rule_of_step(t.steps[size_t(s)], mode, KeyClassSite{t.n, true}, &c.source_aux))) {
        c.source_step = s;
        // Positions move between here and there; a key's value class does not.
        if (c.rule->positional) c.rule->what += fmt::format(" (after step {})", s);
      }
  }
  if (!c.rule) {
    c.source_aux = -1;
    c.note = no_classes_note(mode);
  }
  return c;
}

std::string no_classes_note(ColorBy mode) {
  switch (mode) {
    case ColorBy::Key: return "";
    case ColorBy::Digit: return "digit: no radix pass here, colouring by key";
    case ColorBy::Bucket: return "bucket: no buckets, partitions or ranks here, colouring by key";
    case ColorBy::Run: return "run: no sorted runs or merge blocks here, colouring by key";
  }
  return "";
}

std::string heat_map_classes_note(ColorBy mode) {
  if (mode == ColorBy::Key) return "";
  return fmt::format("{0}: the heat map colours by key (bars and dots show each key's {0})", color_by_name(mode));
}

}  // namespace sortscope
