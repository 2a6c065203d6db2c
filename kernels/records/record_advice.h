#pragma once
// Which sort and strategy the bytes-moved model expects to be fastest for a record set (issue 32):
// every offered sort (record_sort.h, CUB left out: it is the baseline) under every strategy it can
// run, ranked by the bytes its phases move (record_phase_bytes.h) with each random read rounded out
// to the sectors it fetches (the gather's alpha, record_traffic.h). The model counts bytes only, so
// it ranks by traffic, not by measured time: `bench --fields` measures.
#include <cstdint>
#include <string>
#include <vector>

#include "common/record_layout.h"
#include "records/record_sort.h"

namespace sortscope {

struct RecordChoiceBytes {
  std::string algorithm;
  RecordSortOptions options;
  double bytes = 0;  // sort + phases, random reads at alpha
};

struct RecordAdvice {
  std::vector<RecordChoiceBytes> choices;  // fewest bytes first; empty where no sort has a model
  const RecordChoiceBytes* best() const { return choices.empty() ? nullptr : &choices.front(); }
};

// The bytes one choice moves for n records of `shape` (the parameters' defaults); 0 where the sort
// has no model at this n.
double record_choice_bytes(const Algorithm& algorithm, const RecordSortOptions& options, const RecordShape& shape,
                           uint64_t n);

RecordAdvice advise_record_sort(const RecordShape& shape, uint64_t n);

// "model: fewest bytes with radix-onesweep indirect (gather): 5.1 GB, the choice here moves 6.2x
// that (sample-sort direct: 8 passes, each moving every record)". `algorithm` / `options`: the run's.
std::string describe_record_advice(const RecordAdvice& advice, const std::string& algorithm,
                                   const RecordSortOptions& options, const RecordShape& shape, uint64_t n);

// "direct (8 passes)", "indirect (gather)".
std::string record_choice_name(const RecordSortOptions& options, KeyType key);

}  // namespace sortscope
