#pragma once
// The algorithm's analytic model (common/perf_model.h) evaluated for the device a run measured on,
// to stand beside the measurement: `sortscope run`, the CSV's model columns and the app's
// throughput panel read it.
#include <string>

#include "algorithm.h"
#include "common/perf_model.h"
#include "common/scenario.h"
#include "device_info.h"

namespace sortscope {

struct ModelReport {
  PerfModel model;             // empty: the algorithm has no model
  DeviceFacts facts;           // what it was evaluated for
  ModelPrediction prediction;  // empty when not predicted
  std::string why_not;         // "" when predicted, else one line why not
  bool predicted() const { return why_not.empty() && !model.empty(); }
};

// The device's facts: its SM count and clock, and as bandwidth the copy bandwidth measured in the
// same run when `measured_copy_gbs` > 0 (the model's "measured bandwidth"), else the theoretical
// peak from the memory clock and bus width. Four warp instructions per SM per clock (sm_50 on).
DeviceFacts device_facts(const DeviceInfo& device, double measured_copy_gbs);

// The model of the scenario (its input, and `ran`: the parameters as they ran, autos resolved)
// predicted with `facts`; why_not says what is missing when it cannot be.
ModelReport model_report(const Algorithm& algorithm, const Scenario& scenario, const ParamValues& ran,
                         const DeviceFacts& facts);

}  // namespace sortscope
