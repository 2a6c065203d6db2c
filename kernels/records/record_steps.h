#pragma once
// The step catalog of a record sort in explain mode (captions, pseudo-code lines) and the writer
// that turns the CPU model's phases (RecordSortObserver, record_sort.h) into timeline steps with
// the records' snapshots (record_aux.h): Bandyopadhyay & Sahni §III-§IV, the extract's B.2 items 1-2.
//
//   indirect: input (the layout's memory map) -> (k_i, i) built (the keys into the output's key
//             array for ByField and Hybrid) -> the pairs sorted by the chosen sort's key-value
//             path, summarised as one step (its own steps: `render --algo X --values`), which
//             leaves the keys sorted in place -> gather: the fields / rows, with their bytes and a
//             warp's memory map of the random reads; or cycles: the permutation's cycles, one
//             cycle rotated move by move, then every other cycle. Where the sort takes the index
//             itself (radix-onesweep on more than one block: index_in_sort, record_phase_bytes.h)
//             no pairs are built (ByRecord's keys are copied out of the rows); fused then has the
//             sort's last pass move the fields / rows instead of the gather (record_gpu.cu runs
//             exactly these phases);
//   direct:   input -> one step per LSD pass of 8 bits, every record moved with its key.
// The array shows each position's key; its value is the input position of the record there now,
// so the records visibly ride with their keys.
#include <cstdint>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/recorder.h"
#include "records/record_aux.h"
#include "records/record_sort.h"

namespace sortscope {

// GatherKeys is kept for the traces of earlier runs (which gathered the key array); no run records
// it now: the keys are sorted where the output keeps them.
enum class RecordStepKind { Input, BuildPairs, SortPairs, GatherKeys, GatherFields, GatherRows, Cycles, CycleMove,
                            CyclesRest, DirectPass, CopyKeys, FusedMove };

const std::vector<StepKind>& record_step_kinds(const RecordSortOptions& options);
const std::vector<std::string>& record_pseudo_code(const RecordSortOptions& options);

// Moves of the highlighted cycle shown one step each; a longer cycle's remaining moves are one step.
inline constexpr uint32_t kMaxCycleMoveSteps = 12;

class RecordStepWriter final : public RecordSortObserver {
 public:
  // `input`: the records before the sort, kept by reference (it must outlive the writer: a copy of
  // 2^24 records of 32 fields would cost 2.2 GB and a second); the recorder's timeline has n = input.n,
  // padded_n = n and values (the records' input positions).
  RecordStepWriter(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                   const HostRecords& input, Recorder& recorder);
  void input();
  void pairs_built(const HostKeys& pairs) override;
  void pairs_sorted(const HostKeys& pairs) override;
  void rearranged(const HostRecords& records) override;
  void direct_pass(uint32_t pass, const std::vector<uint32_t>& perm, const HostRecords& records) override;

 private:
  Step step(RecordStepKind kind, std::string caption) const;
  void record(Step s, const HostRecords& records, const std::vector<uint32_t>& ids);
  void record_keys(Step s, const std::vector<uint64_t>& ordered, const std::vector<uint32_t>& ids);
  RecordBytesMoved bytes_done(uint32_t done) const;
  // The phases done once the run's phase `p` is (its position in bytes_.phases + 1).
  uint32_t done_after(RecordBytesMoved::Phase p) const;
  void cycles(const HostRecords& sorted);

  const Algorithm& algorithm_;
  ParamValues params_;
  RecordSortOptions options_;
  const HostRecords& input_;
  Recorder& rec_;
  RecordBytesMoved bytes_;
  bool in_sort_ = false;        // the sort takes the index itself (index_in_sort): no pairs built
  std::vector<uint32_t> perm_;  // indirect: the sorted pairs' indices
  std::vector<uint32_t> ids_;   // direct: the input position of the record at each place
  RecordPermutationCycles cycles_;  // cycles: the statistics and the highlighted cycle, for the last step
};

}  // namespace sortscope
