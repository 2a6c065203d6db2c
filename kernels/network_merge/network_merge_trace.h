#pragma once
// The CPU model's explain-mode observer of one merge unit (network_merge_network.h's hooks): it
// collects the unit's MergeBufferTrace (every network call: the loaded S-vector beside the
// retained vector, and the merged buffer) and the first call's NetworkLevels, as ordered-bits
// words with padding shown as all ones (primitives/multiway_merge/tagged_item.h's shown_key) - the
// same words the kernels' capture writes (network_merge_kernels.cuh).
#include <cstdint>

#include "primitives/merge_path/merge_path_aux.h"
#include "network_merge_aux.h"
#include "network_merge_network.h"

namespace sortscope::network_merge {

template <class T>
uint64_t shown_slot(const NetworkSlot<typename T::Item>& slot) {
  return slot.pad ? ~uint64_t(0) : uint64_t(T::key(slot.item));
}

template <class T>
class UnitTraceObserver {
 public:
  // buffer and network: as network_merge_buffer_trace / network_merge_levels make them.
  UnitTraceObserver(MergeBufferTrace& buffer, NetworkLevels& network, int levels)
      : s_(network.width), levels_(levels), buffer_(buffer), network_(network) {}

  // MergeBufferTrace's layout for a bitonic network: the new block in [0, S), the kept keys in [S, 2S).
  void before(std::size_t call, int from, std::size_t written, const NetworkSlot<typename T::Item>* buf) {
    buffer_.steps = uint32_t(call + 1);
    buffer_.loaded_from.push_back(uint8_t(from));
    buffer_.out_begin.push_back(written);
    for (uint32_t i = 0; i < s_; ++i) buffer_.before.push_back(shown_slot<T>(buf[s_ + i]));
    for (uint32_t i = 0; i < s_; ++i) buffer_.before.push_back(shown_slot<T>(buf[i]));
    if (call == 0) network_.loaded_from = uint8_t(from);
  }

  void level(std::size_t call, int level, const NetworkSlot<typename T::Item>* buf) {
    if (call == 0)
      for (uint32_t i = 0; i < 2 * s_; ++i) network_.rows.push_back(shown_slot<T>(buf[i]));
    if (level == levels_)
      for (uint32_t i = 0; i < 2 * s_; ++i) buffer_.after.push_back(shown_slot<T>(buf[i]));
  }

 private:
  uint32_t s_;
  int levels_;
  MergeBufferTrace& buffer_;
  NetworkLevels& network_;
};

}  // namespace sortscope::network_merge
