#pragma once
// CPU model of network-merge (network_merge_plan.h): the block sort and the merge passes on host
// items, recording the timeline's steps when `recorder` is set.
#include "common/host_keys.h"
#include "common/recorder.h"
#include "network_merge_plan.h"

namespace sortscope {

void network_merge_model_sort(const NetworkMergePlan& plan, HostKeys& keys, Recorder* recorder);

}  // namespace sortscope
