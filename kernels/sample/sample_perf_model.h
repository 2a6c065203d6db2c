#pragma once
// The analytic model of a sample sort or quicksort run (common/perf_model.h), after Leischner 2010
// §6.1-§6.3: the expected level-1 distribution passes (log_k(n / M) of them, each the splitters
// from a sample, a count kernel and a scatter kernel over all keys, and the scan of the count
// table between them), with levels = 3 one more over the expected share of keys level 1 leaves above
// a block (sample_bucket_spread.h), then level 2 over every bucket; launches numbered as sample_launches.h. The thesis names the
// distribution's cost centres (§6.3.3): the search-tree traversal, log2(k) steps of one shared
// read, an add and a shift; the atomic counter increment; the scattered write. Those are counted,
// per key, in both the count and the scatter kernel (the scatter finds each key's bucket again);
// level 2 is counted in bytes only. README.md, "Model".
#include "common/perf_model.h"
#include "sample_plan.h"

namespace sortscope {

// Thread instructions per search-tree level (§6.3.3: one shared read, an add, a shift).
inline constexpr double kLeischnerTreeOpsPerLevel = 3;

PerfModel sample_perf_model(const SamplePlan& plan);


}  // namespace sortscope
