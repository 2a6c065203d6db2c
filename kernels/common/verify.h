#pragma once
// Verification of a sort's output: sorted under the key type's total order (ordered bits
// non-decreasing, key_type.h) and a permutation of the input (same multiset hash of (key, value)
// pairs, multiset_hash.h). GPU twin: verify_gpu.h.
#include <cstdint>
#include <string>

#include "host_keys.h"
#include "multiset_hash.h"

namespace sortscope {

struct Verdict {
  bool sorted = false;
  bool permutation = false;
  uint64_t first_unsorted = UINT64_MAX;  // smallest i with key[i] < key[i-1], UINT64_MAX if none
  uint64_t n = 0;                        // keys in the output
  bool ok() const { return sorted && permutation; }
  // "verified: sorted, permutation of the input", or "FAILED: not sorted at index 1234", ...
  std::string summary() const;
};

MultisetHash multiset_hash_host(const HostKeys& keys);
Verdict verify_host(const MultisetHash& input, const HostKeys& output);

}  // namespace sortscope
