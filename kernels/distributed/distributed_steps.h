#pragma once
// The steps a distributed sort's explain mode records (one per phase it has, after the input),
// their catalog and pseudo-code per sort, and the captions filled in from the run.
#include <string>
#include <vector>

#include "common/timeline.h"
#include "distributed_sort.h"

namespace sortscope {

enum class DistributedStep { Input, Presort, Sample, Splitters, Count, Exchange, Finish };

// The phase a step ends (Input: none, DistributedPhase::Count_).
DistributedPhase phase_of(DistributedStep step);

const std::vector<StepKind>& distributed_step_kinds(DistributedSort sort);
const std::vector<std::string>& distributed_pseudo_code(DistributedSort sort);
// What the student sees happen at this step, then how the ranks do it (kernels/README.md).
std::string distributed_caption(DistributedSort sort, DistributedStep step, const DistributedRunInfo& info);

// The phases a sort runs, in order: sample sort's sample, splitters, count, exchange, local sort;
// merge's local sort, splitters, pack (its count phase), exchange, merge; radix's count (histogram
// and pack), splitters, exchange, local sort; each opened by the copy in and closed by the copy out
// (a --host-io run's copies between host and GPU memory, 0 otherwise).
const std::vector<DistributedPhase>& distributed_phase_order(DistributedSort sort);

// A timeline of the simulated ranks given a GPU run's measured figures (`trace --gpus P` on GPUs):
// each step's snapshot takes the run's per-rank time and bytes of every phase up to the step's own
// and its all-to-all bandwidth, and is no longer labelled simulated. The keys, splitters and
// exchange stay the simulated ranks', which split exactly as the GPUs do; a measured run that split
// otherwise (other keys per rank) is refused: returns why, or "" when adopted.
std::string adopt_measured_phases(std::vector<Step>& steps, const DistributedRunInfo& measured);

}  // namespace sortscope
