#include "launch_times.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace sortscope {

std::vector<LaunchTime> attribute_launch_times(std::vector<Step>& steps, std::vector<LaunchTime> launches,
                                               const std::vector<LaunchTime>& fallback_names) {
  std::map<int, int> sharing;  // launch index -> steps that ran in it
  for (const Step& s : steps)
    if (s.launch >= 0) ++sharing[s.launch];
  std::map<int, double> ms;
  for (const LaunchTime& l : launches) ms[l.launch] += l.ms;
  for (Step& s : steps) {
    s.gpu_ms = 0;
    s.launch_share = 0;
    if (s.launch < 0) continue;
    auto it = ms.find(s.launch);
    if (it == ms.end()) continue;
    s.launch_share = sharing[s.launch];
    s.gpu_ms = it->second / s.launch_share;
  }
  for (LaunchTime& l : launches) {
    if (!l.name.empty()) continue;
    auto step = std::find_if(steps.begin(), steps.end(), [&](const Step& s) {
      return s.launch == l.launch && !s.launch_name.empty();
    });
    auto model = std::find_if(fallback_names.begin(), fallback_names.end(),
                              [&](const LaunchTime& f) { return f.launch == l.launch; });
    if (l.launch < 0) l.name = "outside the numbered launches (key transforms, copies)";
    else if (step != steps.end()) l.name = step->launch_name;
    else if (model != fallback_names.end()) l.name = model->name;
    else l.name = fmt::format("launch {}", l.launch);
  }
  std::sort(launches.begin(), launches.end(),
            [](const LaunchTime& a, const LaunchTime& b) { return a.launch < b.launch; });
  return launches;
}

}  // namespace sortscope
