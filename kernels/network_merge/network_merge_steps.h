#pragma once
// The steps of network-merge, made here for the CPU model and the kernels alike (timeline.h:
// make_step), so both record the same captions, launches and snapshots. Plain C++.
#include <cstdint>
#include <vector>

#include "common/timeline.h"
#include "primitives/merge_path/merge_path_aux.h"
#include "network_merge_aux.h"
#include "network_merge_plan.h"

namespace sortscope {

// The snapshots of the pass's highlighted unit, before its calls are filled in (by the model's
// observer, network_merge_trace.h, or from the kernel's capture).
MergeBufferTrace network_merge_buffer_trace(const NetworkMergePlan& plan, int pass);
NetworkLevels network_merge_levels(const NetworkMergePlan& plan, int pass);
struct NetworkMergeCapture;
// Fills both from what the merge kernel captured.
void network_merge_traces_from_capture(const NetworkMergePlan& plan, const NetworkMergeCapture& capture,
                                       MergeBufferTrace& buffer, NetworkLevels& levels);

Step network_merge_input_step(const NetworkMergePlan& plan);
// After block-sort stage `stage`: the tiles hold sorted runs of 2 << stage keys.
Step network_merge_block_step(const NetworkMergePlan& plan, int stage);
// splits[u]: unit u's A-split of its first output diagonal, relative to its pair (plan.units()).
Step network_merge_partition_step(const NetworkMergePlan& plan, int pass, const std::vector<uint64_t>& splits);
// The first network call of the pass's highlighted unit, level by level.
Step network_merge_network_step(const NetworkMergePlan& plan, int pass, NetworkLevels levels);
// The pass merged; `buffer`: every network call of the highlighted unit (the retained vector).
Step network_merge_merge_step(const NetworkMergePlan& plan, int pass, MergeBufferTrace buffer);

}  // namespace sortscope
