#include "verify.h"

namespace sortscope {

std::string Verdict::summary() const {
  if (ok()) return "verified: sorted, permutation of the input";
  std::string s = "FAILED: ";
  if (!sorted) s += "not sorted at index " + std::to_string(first_unsorted);
  if (!sorted && !permutation) s += ", and ";
  if (!permutation) s += "not a permutation of the input";
  return s;
}

MultisetHash multiset_hash_host(const HostKeys& keys) {
  MultisetHash h;
  const size_t n = keys.size();
  const bool has_values = keys.has_values();
  for (size_t i = 0; i < n; ++i) {
    uint64_t v = hashed_value_word(has_values, has_values ? keys.values[i] : 0);
    h.sum += pair_hash_a(keys.raw(i), v);
    h.mix += pair_hash_b(keys.raw(i), v);
  }
  h.count = n;
  return h;
}

Verdict verify_host(const MultisetHash& input, const HostKeys& output) {
  Verdict v;
  v.n = output.size();
  for (uint64_t i = 1; i < v.n; ++i) {
    if (output.ordered(i) < output.ordered(i - 1)) {
      v.first_unsorted = i;
      break;
    }
  }
  v.sorted = v.first_unsorted == UINT64_MAX;
  v.permutation = multiset_hash_host(output) == input;
  return v;
}

}  // namespace sortscope
