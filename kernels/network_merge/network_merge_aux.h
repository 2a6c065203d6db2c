#pragma once
// The snapshot of network-merge's own (common/aux_data.h): one call of the bitonic merge network,
// level by level (Satish et al. 2010 §5.3, Fig. 2 and Fig. 4; A.2 "GPU merge sort" 1: the shared
// buffer before the network and after each level). Recorded by network_merge_steps.h from the
// CPU model and the kernels alike; drawn by visual/views/network_merge/. The retained vector and
// the chunk cuts use the merge sorts' snapshots (merge/merge_aux.h: MergeBufferTrace,
// MergePathGrid, MergeBlockShares).
#include <cstdint>
#include <vector>

namespace sortscope {

// rows[l * 2S + i]: slot i of the 2S-slot buffer, ordered bits (padding slots as all ones, as
// MergeBufferTrace shows them). Row 0: the retained vector in [0, S), the loaded S-vector reversed
// in [S, 2S) (together a bitonic sequence); row l (1..log2 2S): after level l, whose comparators
// join slot i and i + stride (stride = S >> (l - 1), i with that bit clear), the min going to i.
struct NetworkLevels {
  uint32_t pass = 0;
  uint64_t unit = 0;       // the merge unit (pair or chunk) of the pass
  uint32_t call = 0;       // which of the unit's network calls
  uint32_t width = 0;      // S
  uint8_t loaded_from = 0; // the S-vector came from A (0) or B (1)
  std::vector<uint64_t> rows;
};

}  // namespace sortscope
