#pragma once
// The analytic model of a bitonic sort run (common/perf_model.h), launch by launch as the plan
// launches them, with Leischner's cost of a GPU bitonic network (thesis §5.3.2, extract 1.5): n·log(n)/2
// + n global reads and as many writes, 14·n·log(n) + 12n instructions. Per launch: every key read
// and written once, 14 thread instructions per key per comparator layer and 12 per key for the
// launch's global load and store, 32 threads to a warp instruction. README.md, "Model".
#include "bitonic_plan.h"
#include "common/key_type.h"
#include "common/perf_model.h"

namespace sortscope {

inline constexpr double kLeischnerBitonicOpsPerKeyLayer = 14;  // thread instructions (§5.3.2)
inline constexpr double kLeischnerBitonicOpsPerKeyLoad = 12;

PerfModel bitonic_perf_model(const BitonicPlan& plan, KeyType type, bool with_values);

}  // namespace sortscope
