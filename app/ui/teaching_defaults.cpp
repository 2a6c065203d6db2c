#include "teaching_defaults.h"

#include "registry.h"

namespace sortscope::ui {

bool apply_teaching_defaults(Scenario& s, const Scenario& before) {
  if (s.input.n >= kTeachingKeys) return false;
  const bool picked = s.algorithm != before.algorithm;
  const bool moved_below = before.input.n >= kTeachingKeys;
  if (!picked && !moved_below) return false;
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) return false;
  for (const ParamSpec& p : a->params()) {
    if (p.name != "radix_bits" || !p.allows(4)) continue;
    auto it = s.params.find(p.name);
    const int value = it == s.params.end() ? p.default_value : it->second;
    if (value != p.default_value || value == 4) return false;  // the user's choice, or already 4
    s.params[p.name] = 4;
    return true;
  }
  return false;
}

}  // namespace sortscope::ui
