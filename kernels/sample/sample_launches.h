#pragma once
// The measure-mode launches of sample sort and quicksort, numbered once for the steps
// (Step::launch), the GPU driver's launch-clock marks (mark_launch) and the analytic model: each
// level-1 pass is four launches (splitters, counts, scan of the count table, scatter; §6.1 steps
// 1-4), then level 2 is one (its kernels, on two streams, timed together). The number of passes
// depends on the keys, so level 2's index is given the passes the run made.
#include <cstdint>
#include <string>

#include "sample_plan.h"

namespace sortscope {

enum class SampleLaunch { Splitters, Count, Scan, Scatter };

int sample_launch_index(uint32_t pass, SampleLaunch what);
int sample_level2_launch_index(uint32_t passes);
// "pass 2: count keys per bucket", "level 2: ..." (quicksort's words for its pivots and segments).
std::string sample_launch_name(const SamplePlan& plan, uint32_t pass, SampleLaunch what);
std::string sample_level2_launch_name(const SamplePlan& plan);

}  // namespace sortscope
