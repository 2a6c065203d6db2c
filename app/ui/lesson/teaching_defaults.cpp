#include "teaching_defaults.h"

#include "registry.h"

namespace sortscope::ui {

bool apply_teaching_defaults(Scenario& s, const Scenario& before, std::string* what) {
  if (s.input.n >= kTeachingKeys) return false;
  const bool picked = s.algorithm != before.algorithm;
  const bool moved_below = before.input.n >= kTeachingKeys;
  if (!picked && !moved_below) return false;
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) return false;
  bool changed = false;
  for (const ParamSpec& p : a->params()) {
    if (!p.teaching_value) continue;
    auto it = s.params.find(p.name);
    const int value = it == s.params.end() ? p.default_value : it->second;
    if (value != p.default_value || value == *p.teaching_value) continue;  // the user's choice, or already set
    s.params[p.name] = *p.teaching_value;
    if (what) *what += (what->empty() ? "" : " ") + p.name + "=" + format_param_value(p, *p.teaching_value);
    changed = true;
  }
  return changed;
}

}  // namespace sortscope::ui
