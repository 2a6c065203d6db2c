#pragma once
// Verification across ranks (issue 33): each rank's output sorted, the boundaries between ranks in
// order (rank i's last key <= the next non-empty rank's first key), and the multiset hash of all
// outputs together equal to the input's (the hashes are sums, so the ranks' hashes add up).
#include <cstdint>
#include <string>
#include <vector>

#include "common/host_keys.h"
#include "common/multiset_hash.h"

namespace sortscope {

// What every rank reports for the check: its hash, key count, and first and last keys (ordered bits).
struct RankVerdict {
  bool sorted = false;
  MultisetHash hash;
  uint64_t first = 0, last = 0;  // ordered bits; meaningless when hash.count == 0
};

struct DistributedVerdict {
  std::vector<bool> rank_sorted;
  int32_t first_unsorted_rank = -1;      // -1: all sorted
  int32_t first_bad_boundary = -1;       // i: rank i's last key > the next non-empty rank's first key
  bool permutation = false;
  bool ok() const { return first_unsorted_rank < 0 && first_bad_boundary < 0 && permutation; }
  // "verified across 4 ranks: each sorted, boundaries in order, permutation of the input" or why not.
  std::string summary() const;
};

// MultisetHash sums modulo 2^64, so the ranks' hashes add to the hash of their union.
MultisetHash combine_hashes(const MultisetHash& a, const MultisetHash& b);

RankVerdict rank_verdict_host(const HostKeys& output);
DistributedVerdict verify_ranks(const MultisetHash& input, const std::vector<RankVerdict>& ranks);

}  // namespace sortscope
