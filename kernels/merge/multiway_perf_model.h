#pragma once
// The analytic model of a sort by multiway merging (common/perf_model.h), after Leischner 2010
// §5.3.4 and Fig. 11 (extract 1.7), launch by launch in the order the GPU runs them
// (multiway_sort_impl.cuh): the two-way block sort (its model: two_way_perf_model.h), then per round
// the run offsets, the multi-sequence selection and the part merge, whose block-wise merge tree
// takes ceil(log2 k) levels in one launch. Per key and tree level: 12 + 2·32/b instructions outside
// the network (§5.3.4) and the network's own, as Fig. 11 measured them per block size b: bitonic,
// or parallel ranking for the stable merge; merge=pipelined-4way: half the levels, each
// 21 + 4·32/b outside the networks (§5.3.5) and two bitonic networks a key. README.md, "Model".
#include "common/perf_model.h"
#include "multiway_plan.h"

namespace sortscope {

// Fig. 11's dynamic instructions per key inside block-wise merging on a G200, for b = 64, 128, 256.
double leischner_network_ops_per_key(int merge_threads, bool stable);
// Warp-lane instructions per key and tree level of the part merge: outside the network (§5.3.4;
// pipelined 4-way §5.3.5) plus the network(s) a key passes.
double multiway_ops_per_key_level(int merge_threads, bool stable, bool pipelined);

PerfModel multiway_perf_model(const MultiwayPlan& plan, int key_bytes, bool with_values, bool transform);

}  // namespace sortscope
