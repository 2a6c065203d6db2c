#include "sample_launches.h"

#include <fmt/format.h>

namespace sortscope {

int sample_launch_index(uint32_t pass, SampleLaunch what) {
  return pass < kSampleTimedPasses ? int(4 * pass) + int(what) : -1;
}

int sample_level2_launch_index() { return int(4 * kSampleTimedPasses); }

std::string sample_launch_name(const SamplePlan& plan, uint32_t pass, SampleLaunch what, int level) {
  const bool quick = plan.engine == SampleEngine::Quicksort;
  const char* name = "";
  switch (what) {
    case SampleLaunch::Splitters:
      name = quick ? "pivots (sample, median)" : "splitters (sample, sort, search tree)";
      break;
    case SampleLaunch::Count: name = quick ? "count <, =, > per block" : "count keys per bucket and block"; break;
    case SampleLaunch::Scan: name = "scan of the count table"; break;
    case SampleLaunch::Scatter: name = quick ? "scatter to the parts" : "scatter to the buckets"; break;
  }
  return fmt::format("level {}, pass {}: {}", level, pass + 1, name);
}

std::string sample_level2_launch_name(const SamplePlan& plan) {
  return plan.engine == SampleEngine::Quicksort ? "level 2: every segment sorted by one block"
                                                : "level 2: every bucket sorted by one block";
}

}  // namespace sortscope
