#pragma once
// What block ranking (block_rank.cuh; Merrill & Grimshaw 2010 §4.2) computes for one block, as a
// snapshot a step carries: the model and the GPU path record it for the highlighted block.
#include <cstdint>
#include <vector>

namespace sortscope {

// The stable local ranks inside one highlighted block: ranks[i] is where key begin + i
// lands if the block's keys alone were sorted by the current digit.
struct LocalRanks {
  uint32_t block = 0;
  uint64_t begin = 0;
  std::vector<uint32_t> ranks;
};

}  // namespace sortscope
