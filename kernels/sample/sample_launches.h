#pragma once
// The measure-mode launches of sample sort and quicksort, numbered once for the steps
// (Step::launch), the GPU driver's launch-clock marks (mark_launch) and the analytic model: each
// level-1 pass (and each level-3 pass after them, numbered on) is four launches (splitters, counts, scan of the count table, scatter; §6.1 steps
// 1-4), then level 2 is one (its kernels, on two streams, timed together). The number of passes
// depends on the keys, and on the GPU even on the run (later passes sample buckets whose order the
// scatter's atomics decide), so the timed measure run may make another number of passes than the
// recorded one: level 2 has a fixed index past every pass's, so its time never lands on a pass's
// step, and a pass's time goes to the recorded steps of the same pass number.
#include <cstdint>
#include <string>

#include "sample_plan.h"

namespace sortscope {

enum class SampleLaunch { Splitters, Count, Scan, Scatter };

// Passes numbered for the clock; a later pass (not seen in practice: each pass cuts every bucket
// it splits at least in two) runs untimed (-1).
inline constexpr uint32_t kSampleTimedPasses = 64;

int sample_launch_index(uint32_t pass, SampleLaunch what);
int sample_level2_launch_index();
// "level 1, pass 2: count keys per bucket and block", "level 3, pass 3: ...", "level 2: ..."
// (quicksort's words for its pivots and segments). `level`: 1, or 3 for a level-3 pass
// (sample_driver.h), which takes the next pass number after level 1's.
std::string sample_launch_name(const SamplePlan& plan, uint32_t pass, SampleLaunch what, int level = 1);
std::string sample_level2_launch_name(const SamplePlan& plan);

}  // namespace sortscope
