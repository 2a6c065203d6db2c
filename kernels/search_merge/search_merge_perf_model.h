#pragma once
// The analytic model of a binary-search merge sort run (common/perf_model.h), from the document's
// own cost (Locicero 002 §3; README.md, "Model of the cost (002 §3)"), launch by launch as the GPU
// runs them in measure mode: the ordered-bits transform (signed and float keys), the local phase (one
// launch), every global pass, the copy back after an odd number of passes, the transform back.
// The document counts comparisons and probes, not instructions: each is counted as one thread
// instruction (a lower bound: a probe is a load, a compare and an index update), 32 to a warp
// instruction.
#include "common/perf_model.h"
#include "search_merge_plan.h"

namespace sortscope {

PerfModel search_merge_perf_model(const SearchMergePlan& plan);

}  // namespace sortscope
