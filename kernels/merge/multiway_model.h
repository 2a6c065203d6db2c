#pragma once
// CPU model of sorting by multiway merging: the same block sort, rounds, selections (the same
// algorithms and pivot hashes) and block-wise merges (the same buffer, network and ranking, thread
// by thread) as the kernels, hence the same snapshots, split matrices and traces.
#include <cstdint>
#include <vector>

#include "common/host_keys.h"
#include "common/recorder.h"
#include "multiway_plan.h"

namespace sortscope {

void multiway_model_sort(const MultiwayPlan& plan, HostKeys& keys, Recorder* recorder);

namespace merge {
// Block-wise merging of X and Y into Z with b "threads" (Leischner §5.3.4, Alg. 4), exactly as
// the kernel does it; `trace` (optional) receives the merge buffer step by step.
template <class T>
void blockwise_merge_host(const typename T::Item* x, uint32_t nx, const typename T::Item* y, uint32_t ny,
                          typename T::Item* z, int b, bool stable, MergeBufferTrace* trace);
// Pipelined 4-way merging of the four pieces piece[i] (len[i] items each) into z with b "threads"
// (Leischner §5.3.5; pipelined_schedule.h), exactly as the kernel does it; `trace` (optional)
// receives the tree's rounds.
template <class T>
void pipelined_merge_host(const typename T::Item* const piece[4], const uint32_t len[4], typename T::Item* z, int b,
                          PipelineTrace* trace);
}  // namespace merge

}  // namespace sortscope
