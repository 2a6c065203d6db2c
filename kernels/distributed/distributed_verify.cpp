#include "distributed_verify.h"

#include <fmt/format.h>

#include "common/verify.h"

namespace sortscope {

MultisetHash combine_hashes(const MultisetHash& a, const MultisetHash& b) {
  return MultisetHash{a.sum + b.sum, a.mix + b.mix, a.count + b.count};
}

RankVerdict rank_verdict_host(const HostKeys& output) {
  RankVerdict v;
  v.hash = multiset_hash_host(output);
  const Verdict sorted = verify_host(v.hash, output);  // the permutation part is trivially true here
  v.sorted = sorted.sorted;
  if (output.size() > 0) {
    v.first = output.ordered(0);
    v.last = output.ordered(output.size() - 1);
  }
  return v;
}

DistributedVerdict verify_ranks(const MultisetHash& input, const std::vector<RankVerdict>& ranks) {
  DistributedVerdict d;
  MultisetHash total;
  const RankVerdict* previous = nullptr;  // the last non-empty rank so far
  for (size_t i = 0; i < ranks.size(); ++i) {
    const RankVerdict& r = ranks[i];
    d.rank_sorted.push_back(r.sorted);
    if (!r.sorted && d.first_unsorted_rank < 0) d.first_unsorted_rank = int32_t(i);
    total = combine_hashes(total, r.hash);
    if (r.hash.count == 0) continue;
    if (previous && previous->last > r.first && d.first_bad_boundary < 0)
      d.first_bad_boundary = int32_t(previous - ranks.data());
    previous = &r;
  }
  d.permutation = total == input;
  return d;
}

std::string DistributedVerdict::summary() const {
  if (ok())
    return fmt::format("verified across {} ranks: each sorted, boundaries in order, permutation of the input",
                       rank_sorted.size());
  if (first_unsorted_rank >= 0) return fmt::format("FAILED: rank {} is not sorted", first_unsorted_rank);
  if (first_bad_boundary >= 0)
    return fmt::format("FAILED: rank {}'s last key is greater than the next rank's first key", first_bad_boundary);
  return "FAILED: the ranks' outputs are not a permutation of the input (multiset hash differs)";
}

}  // namespace sortscope
