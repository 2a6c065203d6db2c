#pragma once
// CPU model of bitonic sort: the plan's layers (bitonic_plan.h) applied to host words, one
// comparator layer at a time, recording the same steps and snapshots as the GPU kernels. It is
// the oracle of the GPU tests (bit for bit, keys and values) and the no-GPU fallback.
#include <cstdint>

#include "bitonic_plan.h"
#include "common/host_keys.h"
#include "common/recorder.h"

namespace sortscope {

// Applies one comparator layer to n_padded ordered-bits words (and values when not null):
// for every pair (lo, hi = lo ^ mask) with lo < hi, swaps when keys[lo] > keys[hi].
template <class Word>
void bitonic_apply_layer_host(Word* keys, uint32_t* values, uint64_t n_padded, const BitonicLayer& layer);

// Sorts `keys` (native keys, values follow) by walking `plan` (made for keys.size() keys);
// records step 0 and one step per layer when `recorder` is set.
void bitonic_model_sort(const BitonicPlan& plan, HostKeys& keys, Recorder* recorder);

}  // namespace sortscope
