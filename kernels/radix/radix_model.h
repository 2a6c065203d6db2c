#pragma once
// The CPU model of both radix variants: the same plan (passes, blocks, tiles) as the GPU path and
// the same snapshots through RadixStepWriter. Each pass is a stable counting sort whose histogram
// rows are the plan's blocks (or tiles), so the counts, the digit-major scan, the destinations and
// the array after the pass equal the GPU's exactly. Onesweep's look-back times are not
// deterministic on the GPU; the model shows a simulated schedule (kModelTilesInFlight tiles).
#include <cstdint>

#include "common/host_keys.h"
#include "radix_plan.h"
#include "radix_steps.h"

namespace sortscope {

inline constexpr uint32_t kModelTilesInFlight = 8;

// Sorts `keys` (native; plan.n of them, values with them, stable) as ordered bits
// (common/ordered_model.h). Records every step through `writer` when set.
void radix_model_sort(const RadixPlan& plan, HostKeys& keys, RadixStepWriter* writer);

// The model's look-back schedule for a onesweep pass over `tiles` tiles (exposed for tests).
LookbackState radix_model_lookback(const RadixPlan& plan);

}  // namespace sortscope
