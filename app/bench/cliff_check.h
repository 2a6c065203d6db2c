#pragma once
// The no-cliff check (issue 32): a sort's throughput at 2n must be at least `floor` (0.9) times its
// throughput at n, for every n from `from_n` (2^24) up to the largest size measured. A cliff is where
// a sort stops scaling with the input (sample sort's level-2 buckets outgrowing a block at 2^30, say):
// doubling n should roughly double the time, never triple it. Built from a BenchReport of one run:
// only verified states count; where a sort ran one input with several parameter sets, its fastest
// stands for it (as in the winner map).
#include <cstdint>
#include <string>
#include <vector>

#include "bench_report.h"

namespace sortscope {

struct CliffStep {
  uint64_t n = 0, next_n = 0;  // next_n = 2n
  double keys_per_s = 0, next_keys_per_s = 0;
  double ratio() const { return keys_per_s > 0 ? next_keys_per_s / keys_per_s : 0; }
};

struct CliffRow {
  std::string label;  // "sample-sort u64 keys, uniform"
  std::vector<CliffStep> steps;  // ascending n; only steps with both sizes measured and verified
  std::vector<size_t> cliffs;    // indices into steps whose ratio is below the floor
};

struct CliffReport {
  uint64_t from_n = 0;
  double floor = 0;
  std::vector<CliffRow> rows;  // one per sort and input (key type, values, distribution), in report order
  size_t cliff_count() const;
};

CliffReport find_cliffs(const BenchReport& report, uint64_t from_n = uint64_t(1) << 24, double floor = 0.9);

// One line per row: "sample-sort u64 keys, uniform: 2^24->2^25 0.98x, ..., 2^29->2^30 0.61x CLIFF".
std::vector<std::string> describe_cliffs(const CliffReport& report);

}  // namespace sortscope
