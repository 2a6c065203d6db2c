#pragma once
// The analytic model over n, for the throughput panel's plot of keys/s against n (issue 32: a model
// "within 2x of the measurement from 2^16 to 2^30 ..., or the plot marks the sizes where it is not
// valid"; and "the runs plot keeps the measured points readable"). At each n the sweep measured, the
// scenario's parameters are resolved for that n (auto values differ by n: sample sort's k and levels,
// the one-sweep's tiles) and the model predicted for the device; sizes where the model says it is not
// valid (PerfModel::not_valid) are left out with their reason, and the plot draws the valid sizes as
// runs of points, so that a line never bridges a size the model cannot speak for. Pure functions.
#include <string>
#include <vector>

#include "common/perf_model.h"
#include "common/scenario.h"
#include "algorithm.h"

namespace sortscope {

struct ModelCurvePoint {
  double n = 0;
  double keys_per_s = 0;   // 0 where not valid or not predicted
  std::string not_valid;   // the model's reason, "" where valid
};

// One point per n of `ns` (in their order); empty where the algorithm has no model or `facts` cannot
// predict (check_device_facts).
std::vector<ModelCurvePoint> model_curve(const Algorithm& algorithm, const Scenario& scenario,
                                         const std::vector<double>& ns, const DeviceFacts& facts);

// The valid points as runs of consecutive ones: a point that is not valid, or that lies more than
// `off_scale` times above `measured_max` (a model far above every measurement would squeeze the
// measured points onto the axis's bottom), ends a run. off_scale or measured_max <= 0: no cap.
struct ModelCurveRun {
  std::vector<double> n, keys_per_s;
};
std::vector<ModelCurveRun> model_curve_runs(const std::vector<ModelCurvePoint>& points, double measured_max,
                                            double off_scale);

// What the legend says of the sizes left out: "not valid at 2^25..2^30: <reason>" (the reason of the
// first such size; "2^25, 2^27" where they are not consecutive), and "above the plot at 2^16" for
// those capped; "" where none was left out.
std::string model_curve_gaps(const std::vector<ModelCurvePoint>& points, double measured_max, double off_scale);

}  // namespace sortscope
