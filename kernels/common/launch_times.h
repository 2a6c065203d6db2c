#pragma once
// Attribution of per-launch GPU times (common/launch_clock.h) to a timeline's steps.
#include <vector>

#include "timeline.h"

namespace sortscope {

// Sets every step's gpu_ms and launch_share from `launches`: a launch's time goes to the steps
// whose Step::launch is its index, split evenly among them where one (fused) launch covers several
// steps; steps without a timed launch get 0. Launches without a name take the first matching
// step's launch_name, or `fallback_names[launch]` where given (the analytic model's launches, for
// launches no step names such as a copy back); index -1 is the time marked as outside every
// numbered launch (ordered-bits transforms, copies). Returns the launches with their names, by index.
std::vector<LaunchTime> attribute_launch_times(std::vector<Step>& steps, std::vector<LaunchTime> launches,
                                               const std::vector<LaunchTime>& fallback_names = {});

}  // namespace sortscope
