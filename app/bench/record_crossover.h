#pragma once
// The crossover explorer's data (issue 14): per layout x algorithm (one key input), the measured
// time against m of the direct and the indirect-gather strategy and of the baseline, the B.3
// model's lines, and the m where direct and indirect swap. The picture (app/ui/crossover_picture.h)
// draws these; the Markdown lists the crossovers. Plain data, testable without a GL context.
#include <string>
#include <vector>

#include "record_bench_runner.h"

namespace sortscope {

struct CrossoverCurve {
  std::vector<double> m, ms;  // ascending m
};

struct CrossoverPanel {
  RecordLayout layout = RecordLayout::Hybrid;
  std::string algorithm;  // with its parameters
  std::string input;      // "n=10M key=u32 dist=uniform"
  CrossoverCurve direct, indirect, baseline;  // measured medians (indirect: by gather)
  // The model: direct = its B.3 bytes at the measured bandwidth (a bound: no compute, no launch);
  // indirect = the fitted pairs time of this algorithm plus the rearrangement with the fitted
  // alpha (record_alpha_fit.h), or, without a fit, its B.3 bytes with the computed alpha.
  CrossoverCurve direct_model, indirect_model;
  bool indirect_model_fitted = false;
  double alpha = 0;                 // the alpha of indirect_model
  std::vector<double> crossovers;   // interpolated m where the measured direct and indirect swap
  std::vector<double> model_crossovers;  // the same for the two model lines
  std::string measured_summary;     // who is faster where, measured ("indirect faster at every m = 2..20")
  std::string model_summary;        // the same for the model lines ("" without a bandwidth)
};

std::vector<CrossoverPanel> crossover_panels(const RecordBenchReport& report);

// Where two curves measured at the same ascending m swap (linear interpolation of the difference
// between neighbouring m; an m where they are equal counts once).
std::vector<double> curve_crossings(const std::vector<double>& m, const std::vector<double>& a,
                                    const std::vector<double>& b);

}  // namespace sortscope
