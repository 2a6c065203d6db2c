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

}  // namespace sortscope
