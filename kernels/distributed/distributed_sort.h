#pragma once
// Sorting across GPUs (ranks): which of the three distributed sorts runs, its parameters, and what a
// run reports per rank (the numbers explain mode draws and `run --gpus` prints). Every distributed
// sort starts with rank i holding the i-th contiguous share of the input and ends with rank i
// holding a sorted range, rank i's last key <= rank i+1's first key (README.md).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/key_type.h"

namespace sortscope {

// The three ways to split the work: approximate (sample), exact (selection), histogram (radix).
enum class DistributedSort { SampleSort, Merge, RadixOnesweep };

// The algorithm ids that have a distributed form: "sample-sort", "merge", "radix-onesweep".
std::optional<DistributedSort> distributed_sort_of(std::string_view algorithm_id);
const char* distributed_sort_id(DistributedSort sort);
std::string distributed_sort_ids();  // "sample-sort, merge, radix-onesweep" for messages

// Simulated ranks (the CPU model) go up to 16; real GPUs up to what the host has.
inline constexpr uint32_t kMaxSimulatedRanks = 16;
inline constexpr uint32_t kMaxRanks = 1024;

// The radix histogram's digits fit one block's shared memory (4096 u32 counters).
inline constexpr int kMaxTopBits = 12;

struct DistributedParams {
  // Sample sort: regular-random samples per rank per splitter (Leischner §6.2's oversampling,
  // raised because a rank's bucket is n/P keys: 4096 per splitter keeps max/mean within a few
  // percent, Sanders & Winkel 2004's bound sqrt(n/(P a)) relative spread).
  uint32_t samples_per_splitter = 4096;
  // Radix: the top bits histogrammed and split into contiguous digit ranges per rank.
  int top_bits = 12;  // 1..kMaxTopBits
  uint64_t seed = 1;  // sample positions and selection pivots
};

// The phases every distributed sort reports, in order (a phase a sort lacks has time 0): merge
// sorts first (presort) and merges last (finish); sample sort and radix sort last (finish). With the
// input and output in host memory (`--host-io`) the copies to and from the GPUs come first and last
// (copy in, copy out); they stay 0 for data resident in GPU memory and for the simulated ranks.
enum class DistributedPhase { CopyIn, Presort, Sample, Splitters, Count, Exchange, Finish, CopyOut, Count_ };
inline constexpr int kDistributedPhases = int(DistributedPhase::Count_);
// "copy in", "local sort", "sample", "splitters", "count" (merge: "pack", copying its cut runs to
// the send buffer), "exchange", then "merge" or "local sort", "copy out".
const char* distributed_phase_name(DistributedSort sort, DistributedPhase phase);

// What one run did, per rank: the picture of explain mode and the report of `run --gpus`.
struct DistributedRunInfo {
  DistributedSort sort = DistributedSort::SampleSort;
  uint32_t ranks = 1;
  bool simulated = true;        // CPU model: times are host times, never GPU times
  KeyType type = KeyType::U32;
  bool with_values = false;
  uint64_t n = 0;
  std::vector<uint64_t> keys_before;     // per rank, its share of the input
  std::vector<uint64_t> keys_after;      // per rank, what it holds sorted at the end
  std::vector<uint64_t> exchange_bytes;  // ranks x ranks, [i * ranks + j] = bytes rank i sent to j
  std::vector<uint64_t> splitters;       // ordered bits of the P - 1 boundary keys (the first key of ranks 1..P-1 for merge and radix)
  std::vector<double> phase_ms;          // ranks x kDistributedPhases
  std::vector<double> phase_bytes;       // ranks x kDistributedPhases: bytes the phase read + wrote or sent
  std::vector<uint64_t> rank_first;      // per rank, the smallest and largest key it holds now
  std::vector<uint64_t> rank_last;       // (ordered bits; both 0 for an empty rank)
  uint32_t selection_iterations = 0;     // merge: the rounds of the multi-sequence selection
  double alltoall_busbw_gbs = 0;         // measured in the same run, 0 when not measured
  bool host_io = false;                  // input and output in host memory: the copy phases count
  // GPU runs: each rank's exchange on its own stream (CUDA events around the grouped sends and
  // receives), without the host's issue and wait around them; empty for the simulated ranks. Not in
  // traces.
  std::vector<double> exchange_device_ms;

  uint64_t bytes_per_key() const { return uint64_t(key_bytes(type)) + (with_values ? 4 : 0); }
  double& ms(uint32_t rank, DistributedPhase p) { return phase_ms[rank * kDistributedPhases + int(p)]; }
  double ms(uint32_t rank, DistributedPhase p) const { return phase_ms[rank * kDistributedPhases + int(p)]; }
  double& bytes(uint32_t rank, DistributedPhase p) { return phase_bytes[rank * kDistributedPhases + int(p)]; }
  double bytes(uint32_t rank, DistributedPhase p) const { return phase_bytes[rank * kDistributedPhases + int(p)]; }
  // max over ranks of keys_after / (n / ranks): 1.0 is perfect balance.
  double imbalance() const;
  // Bytes that crossed between different ranks (the diagonal stays local).
  uint64_t bytes_between_ranks() const;
};

// An empty info of `ranks` ranks with every per-rank vector sized.
DistributedRunInfo make_run_info(DistributedSort sort, uint32_t ranks, KeyType type, bool with_values, uint64_t n,
                                 bool simulated);

// Bytes in decimal units as GB/s count them: "16.4 KB", "2.15 GB".
std::string decimal_bytes(double bytes);

// Rank r's share of n keys split over P ranks: contiguous, the first n % P ranks one key more.
uint64_t rank_share_begin(uint64_t n, uint32_t ranks, uint32_t rank);

}  // namespace sortscope
