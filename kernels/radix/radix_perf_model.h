#pragma once
// The analytic model of a radix sort run (common/perf_model.h), launch by launch as RadixPlan
// launches them. Merrill & Grimshaw 2010 count a radix sort's cost in the words it moves (§3, Fig. 6:
// per pass the upsweep reads the keys, the downsweep reads and writes keys and values); Adinets &
// Merrill 2022 bring onesweep to one read of the keys for all histograms and one read and write per
// pass. Neither counts instructions, so every launch carries bytes only and is memory bound: the
// model is the bandwidth bound, launch by launch (README.md, "Model").
#include "common/perf_model.h"
#include "radix_plan.h"

namespace sortscope {

PerfModel radix_perf_model(const RadixPlan& plan);

}  // namespace sortscope
