#include "teaching_defaults.h"

#include "registry.h"
#include "teaching_params.h"

namespace sortscope::ui {

bool apply_teaching_defaults(Scenario& s, const Scenario& before, std::string* what) {
  if (!is_lecture_size(s.input.n)) return false;
  const bool picked = s.algorithm != before.algorithm;
  const bool moved_below = !is_lecture_size(before.input.n);
  if (!picked && !moved_below) return false;
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) return false;
  // The panel fills every parameter in: one still at its default is not the user's choice.
  ParamValues unset = s.params;
  for (const ParamSpec& p : a->params())
    if (auto it = unset.find(p.name); it != unset.end() && it->second == p.default_value) unset.erase(it);
  bool changed = false;
  const TeachingChoice choice = choose_teaching_params(*a, unset, s.input);
  for (const std::string& name : choice.taught) {
    int& value = s.params[name];
    if (value == unset[name]) continue;
    value = unset[name];
    if (what) *what += (what->empty() ? "" : " ") + name + "=" + format_param_value(*find_param(a->params(), name), value);
    changed = true;
  }
  // What the user's values leave out at this size, said where the values are (teaching_params.h).
  if (changed && what && !choice.skips.empty()) *what += " (at this size skips " + choice.skips + ")";
  return changed;
}

}  // namespace sortscope::ui
