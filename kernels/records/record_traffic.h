#pragma once
// The first-order traffic model of records sorting (extract of Bandyopadhyay & Sahni, B.3; the
// paper itself reasons only qualitatively, §III, §VIII): bytes each strategy moves through device
// memory, with the random gather's transaction amplification alpha made explicit.
#include <cstdint>

#include "common/record_layout.h"

namespace sortscope {

inline constexpr uint32_t kSectorBytes = 32;  // the smallest DRAM transaction a random access costs

struct RecordTraffic {
  double direct_bytes = 0;     // P passes: read the keys, read and write whole records
  double sort_pairs_bytes = 0; // indirect: P passes over the (key, index) pairs
  double rearrange_bytes = 0;  // indirect: read the index, gather (alpha x nominal), write the records
  double gather_alpha = 1;     // bytes the gather fetches / bytes it uses
  uint32_t passes = 0;         // P: 8-bit digit passes of the key
  double indirect_bytes() const { return sort_pairs_bytes + rearrange_bytes; }
};

// The bytes a random read of `bytes` contiguous bytes fetches (whole 32-byte sectors, aligned).
double random_read_alpha(uint32_t bytes);
RecordTraffic record_traffic(const RecordShape& shape, uint64_t n);

}  // namespace sortscope
