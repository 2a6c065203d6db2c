#include "teaching_params.h"

#include <algorithm>

namespace sortscope {

ParamValues teaching_params(const Algorithm& a, const InputSpec& in) {
  if (!is_lecture_size(in.n)) return {};
  return a.teaching_params(in.n, in.key, in.with_values);
}

std::vector<std::string> apply_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in) {
  std::vector<std::string> taught;
  const ParamValues teach = teaching_params(a, in);
  if (teach.empty()) return taught;
  for (const ParamSpec& p : a.params()) {
    const auto t = teach.find(p.name);
    if (t == teach.end()) continue;
    // Only a parameter the scenario does not name: any value it names wins, `auto` included (a
    // measuring command fills every default in, so its scenario never takes teaching values).
    if (params.count(p.name)) continue;
    params[p.name] = t->second;
    taught.push_back(p.name);
  }
  return taught;
}

void apply_teaching_params(const Algorithm& a, Scenario& s) {
  for (std::string& name : apply_teaching_params(a, s.params, s.input))
    if (std::find(s.taught.begin(), s.taught.end(), name) == s.taught.end()) s.taught.push_back(std::move(name));
}

ParamValues mark_taught(ParamValues params, const std::vector<std::string>& taught) {
  for (const std::string& name : taught) params[name] = kParamAuto;
  return params;
}

}  // namespace sortscope
