#pragma once
// What the merge kernel writes in explain mode for the pass's highlighted unit (one network): every
// call's buffer before and after the network, which list it loaded from, where its outputs start,
// and the first call's buffer after every level - the words network_merge_trace.h collects on the
// host (ordered bits, padding as all ones), so the GPU's snapshots equal the model's. Plain C++.
#include <cstdint>

#include "network_merge_plan.h"

namespace sortscope {

struct NetworkMergeCapture {
  // A unit merges at most `chunk` <= 4096 keys: at most chunk / S + 1 calls of 2S slots each.
  static constexpr uint32_t kMaxChunk = 4 * 1024;
  static constexpr uint32_t kMaxWidth = 128;
  static constexpr uint32_t kMinWidth = 4;
  static constexpr uint32_t kMaxCalls = kMaxChunk / kMinWidth + 1;
  static constexpr uint32_t kMaxSlots = 2 * kMaxChunk + 2 * kMaxWidth;  // calls x 2S, summed
  static constexpr uint32_t kMaxLevelRows = 9;                           // log2(2 x 128) + 1
  uint32_t calls = 0;
  uint32_t loaded_from[kMaxCalls];
  uint64_t out_begin[kMaxCalls];
  uint64_t before[kMaxSlots];
  uint64_t after[kMaxSlots];
  uint64_t rows[kMaxLevelRows * 2 * kMaxWidth];
};

static_assert(uint64_t(NetworkMergeCapture::kMaxChunk) >= uint64_t(kNetworkMergeChunkChoices[4]),
              "the capture holds a unit of the largest chunk");

}  // namespace sortscope
