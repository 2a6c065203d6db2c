#pragma once
// The analytic model of a split radix sort run (common/perf_model.h), after Satish et al. 2010
// §4.4.2 (extract A.3, "GPU split radix, per pass"), launch by launch as SplitRadixPlan launches
// them: the digit totals of every place (one read of the keys), then per place one launch with the
// paper's per-pass work: the local sort (step 1a, 28 SIMD instructions per 32 keys per one-bit
// split), step 1b's 22 for the histogram, the scan (step 2: the look-back words only) and the
// scatter (step 3, about 16 instructions per 32 keys). README.md, "Cost (§4.4.2)".
#include "common/perf_model.h"
#include "split_radix_plan.h"

namespace sortscope {

// The paper's SIMD (warp) instruction counts per 32 keys (§4.4.2).
inline constexpr double kSplitOpsPerBit = 28;      // bit, scan, positions, write and read back
inline constexpr double kSplitOpsHistogram = 22;   // read 3, equality 7, store indices 4, differences 8
inline constexpr double kSplitOpsScatter = 16;     // read histograms and keys 4, radix 4, offset 6, store 2
// Ours, not the paper's (its scan read the count matrix): the digit totals per 32 keys and place.
inline constexpr double kSplitOpsTotalsPerPlace = 4;  // shift, mask, address, shared atomic

PerfModel split_radix_perf_model(const SplitRadixPlan& plan);

}  // namespace sortscope
