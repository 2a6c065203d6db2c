#pragma once
// The device memory one rank of a distributed sort holds, buffer by buffer, from the same sizes the
// GPU path allocates (distributed_gpu.cu), so the memory check before a run and the run cannot
// drift apart (DESIGN.md: "the memory check reads the plan's real needs"). Plain C++ (no CUDA).
//
// A rank holds two large buffers and reuses each across the phases (docs/distributed.md has the
// table per phase):
//  - keys: its share of the input (regenerated before every run), then what it receives
//    (sample and radix sorts; merge receives there too), and the sorted output. Sized for the
//    share or the planned receive, whichever is larger.
//  - the scratch block (DeviceScratch): the send buffer while keys are packed and exchanged, then
//    the local sort's own scratch (its ping-pong buffers), and merge's output.
// Beside them: sample sort's local sort keeps its ping-pong buffers apart from the block (the
// one-GPU sample sort takes them from DeviceScratch's grown slots), merge's P-way merge has a
// scratch of its own for P > 2, and a few small buffers (counts, samples, splitters, tables).
#include <cstdint>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/scratch_layout.h"
#include "distributed_sort.h"

namespace sortscope {

// The receive a rank plans for beyond its share (sample and radix sorts, whose split is
// approximate): 1/16 more, within the balance bounds of uniform and duplicate-heavy input. A run
// that receives more grows the keys buffer then (radix on skewed input can send a rank all keys).
uint64_t planned_receive(DistributedSort sort, uint64_t share);

// Thread blocks of the pack (count and scatter by destination) over a share: each owns a
// contiguous chunk of whole tiles.
inline constexpr uint32_t kPackThreads = 256;
inline constexpr uint32_t kPackItems = 8;  // keys per thread per tile
uint32_t pack_blocks(uint64_t share);
// Keys each pack block owns: whole tiles of kPackThreads x kPackItems, pack_blocks of them cover the share.
uint64_t pack_chunk(uint64_t share);

// A distributed run's shape: what the memory of each of its ranks follows from.
struct RankMemoryQuery {
  DistributedSort sort = DistributedSort::RadixOnesweep;
  uint32_t ranks = 1;
  KeyType type = KeyType::U32;
  bool with_values = false;
  uint64_t n = 0;
  const Algorithm* local = nullptr;  // the one-GPU sort each rank runs, with its parameters
  ParamValues local_params;
  DistributedParams params;
};

// The packed send buffers inside the scratch block: room for a share's keys and values laid out by
// pieces_congruent_to (exchange_layout.h: at most q - 1 elements of gap before each of P pieces).
struct SendBuffers {
  ScratchLayout layout;
  ScratchBuffer<uint8_t> keys;
  ScratchBuffer<uint32_t> values;
};
SendBuffers send_buffers(uint64_t share, uint32_t ranks, KeyType type, bool with_values);
// Merge's output inside the scratch block (it merges from the keys buffer into it).
SendBuffers merge_output_buffers(uint64_t keys, KeyType type, bool with_values);

struct RankMemory {
  uint64_t capacity = 0;       // elements of the keys (and values) buffer
  uint64_t keys = 0;           // bytes of the keys and values buffers
  uint64_t send = 0;           // bytes of the packed send buffers (inside the block)
  uint64_t local_scratch = 0;  // the local sort's scratch at the receive (merge: at the share)
  uint64_t block = 0;          // the scratch block: max(send, local scratch carved from it, merge's output)
  uint64_t outside_block = 0;  // sample sort's ping-pong buffers, merge's P-way merge scratch
  uint64_t small = 0;          // counts, samples, splitters, pack tables
  uint64_t total() const { return keys + block + outside_block + small; }
};
// Rank `rank`'s buffers; `receive`: the keys it receives (0: as planned before a run).
RankMemory rank_memory(const RankMemoryQuery& q, uint32_t rank, uint64_t receive = 0);

// The most keys `ranks` ranks sort: a rank holds at most 2^32 - 1 (the local sorts' 32-bit offsets).
uint64_t max_distributed_keys(uint32_t ranks);

// CUDA's and CUB's temporary needs beyond the plan, kept free on every GPU.
inline constexpr uint64_t kRankMemoryMargin = uint64_t(256) << 20;

// "" when every rank fits its GPU's free memory (free_bytes[r], the margin kept), else one line:
// the need, what is free, which rank, and the largest n of this shape that would fit.
std::string check_rank_memory(const RankMemoryQuery& q, const std::vector<uint64_t>& free_bytes);

}  // namespace sortscope
