#pragma once
// Sorting records by their key with one of Sortscope's sorts (Bandyopadhyay & Sahni §III):
// the strategies on the CPU model, the stable reference, and the verification of a sorted set.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithm.h"
#include "records/host_records.h"

namespace sortscope {

// The sorts a record sort can use: the ones issue 14 names (radix-onesweep, radix - SRTS's
// descendant -, merge, sample-sort) and the CUB baseline (cub-radix: CUB's pairs sort of
// (key, index)). `stable` says whether the sort keeps equal keys in input order with its values;
// it decides how the direct strategy forms its pass keys and how a result is verified.
struct RecordSortAlgorithm {
  std::string_view id;
  bool stable;
};
const std::vector<RecordSortAlgorithm>& record_sort_algorithms();
const RecordSortAlgorithm* find_record_sort_algorithm(std::string_view id);  // null when not offered
// Whether the sort `id` can do the indirect gather in its own last pass (Rearrange::Fused): its
// Algorithm implements FusedRecordSort (fused_record_sort.h).
bool record_sort_fuses(std::string_view id);
std::string record_sort_algorithm_names();  // "radix-onesweep, radix, ..." for error messages

struct RecordSortOptions {
  RecordStrategy strategy = RecordStrategy::Indirect;
  Rearrange rearrange = Rearrange::Gather;  // indirect only
};
// "" when `algorithm` (an offered id) can run `options`, else one line: fused needs a sort that fuses.
std::string check_record_options(std::string_view algorithm, const RecordSortOptions& options);

// The direct strategy's passes (record_sort.cpp): LSD passes of kDirectDigitBits of the ordered key.
inline constexpr uint32_t kDirectDigitBits = 8;
uint32_t direct_passes(KeyType type);

// The reference: std::stable_sort of the record indices by ordered key, then the records gathered
// by it (every field follows its key; equal keys keep input order).
std::vector<uint32_t> stable_record_order(const HostRecords& records);
HostRecords reference_sort_records(const HostRecords& records);

// What the CPU model's strategies did, phase by phase, for an explain timeline (record_steps.h):
// the same run that sort_records_model makes, seen between its phases. Each call gets the state
// right after the phase; the references are valid during the call only.
class RecordSortObserver {
 public:
  virtual ~RecordSortObserver() = default;
  // Indirect: the (k_i, i) pairs built, then sorted (their values are the permutation: record
  // perm[j] belongs at j), then the records rearranged by it (gather or cycle chasing).
  virtual void pairs_built(const HostKeys& /*pairs*/) {}
  virtual void pairs_sorted(const HostKeys& /*pairs*/) {}
  virtual void rearranged(const HostRecords& /*records*/) {}
  // Direct: pass `pass` sorted its (digit, position) pairs (`perm`, record perm[j] moves to j) and
  // moved every record.
  virtual void direct_pass(uint32_t /*pass*/, const std::vector<uint32_t>& /*perm*/, const HostRecords& /*records*/) {}
};

// Sorts `records` in place (in their own layout) with `algorithm`'s CPU model (run_model with a
// u32 value per key) under `options`. Throws std::invalid_argument for an algorithm not offered.
// `observer`, when set, sees each phase (explain mode).
void sort_records_model(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                        HostRecords& records, RecordSortObserver* observer = nullptr);

// What a sorted record set was checked against. Stable sorts: byte for byte against
// reference_sort_records (every field follows its key, equal keys in input order). Unstable sorts:
// keys sorted and the output's multiset of (key, record) pairs equal to the input's.
struct RecordVerdict {
  bool sorted = false;
  bool fields_follow = false;
  bool checked_stable = false;  // true: compared with the stable sort; false: multiset of records
  bool no_fields = false;       // m = 0: the records are their keys alone, so no field can stray
  uint64_t first_bad = UINT64_MAX;
  bool ok() const { return sorted && fields_follow; }
  std::string summary() const;
};
RecordVerdict verify_records(const HostRecords& input, const HostRecords& output, bool stable);

// The same in O(n) for large sets, where the CPU's stable sort would cost more than the run:
// keys sorted, and either the bytes equal to `stable_sorted` (another stable sort's verified
// output of the same input, e.g. CUB pairs + gather; checked_stable) or, when it is null, the
// multiset of records equal by record_multiset_hash (a commutative sum of one 64-bit hash per
// record, as common/multiset_hash.h does for keys).
RecordVerdict verify_records_fast(const HostRecords& input, const HostRecords& output, const HostRecords* stable_sorted);
uint64_t record_multiset_hash(const HostRecords& records);

}  // namespace sortscope
