#pragma once
// CPU model of Locicero's binary-search merge sort (search_merge_plan.h): the local phase and the
// global passes on host words, recording the timeline's steps when `recorder` is set.
#include "common/host_keys.h"
#include "common/recorder.h"
#include "search_merge_plan.h"

namespace sortscope {

void search_merge_model_sort(const SearchMergePlan& plan, HostKeys& keys, Recorder* recorder);

}  // namespace sortscope
