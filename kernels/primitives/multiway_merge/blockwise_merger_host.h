#pragma once
// Block-wise merging (Leischner 2010 §5.3.4, Alg. 4) one step at a time on the host: the state of
// one merger (its 2b buffer and where each input's next b-block starts) and its two actions, the
// decision-and-load and the merge of the buffer, exactly as the kernels' threads do them
// (multiway_block.cuh). The CPU models drive it: the tree of two-way merges (merge/multiway_model.cpp)
// and the pipelined 4-way tree (merge/pipelined_model.cpp), whose head reads its inputs from buffers.
#include <cstdint>
#include <utility>
#include <vector>

#include "primitives/items/item_traits.h"
#include "tagged_item.h"

namespace sortscope::merge {

template <class T>
class BlockwiseMergerHost {
 public:
  using Item = typename T::Item;
  BlockwiseMergerHost(int b, bool stable, uint32_t nx, uint32_t ny)
      : b_(b), stable_(stable), nx_(nx), ny_(ny), buf_(2 * size_t(b)), tag_(2 * size_t(b)),
        merged_(stable ? 2 * size_t(b) : 0), mtag_(stable ? 2 * size_t(b) : 0) {}

  // Where a loaded block goes: the first load fills the retained half, later loads the fresh one.
  int retained_half() const { return stable_ ? 0 : b_; }
  int fresh_half() const { return stable_ ? b_ : 0; }
  uint32_t x_taken() const { return ux_; }
  uint32_t y_taken() const { return uy_; }

  // Alg. 4: the b-block of the input whose head is smaller (ties: X) enters [half, half + b);
  // padding (tag kTagPad) past an input's end. x(i), y(i): item i of X, Y. Returns 0 = X, 1 = Y,
  // 2 = padding (both exhausted).
  template <class X, class Y>
  int load(int half, X x, Y y) {
    const bool has_x = ux_ < nx_, has_y = uy_ < ny_;
    const int code = has_x && (!has_y || !(T::key(y(uy_)) < T::key(x(ux_)))) ? 0 : (has_y ? 1 : 2);
    for (int t = 0; t < b_; ++t) {
      const bool from_x = code == 0;
      const uint32_t pos = (from_x ? ux_ : uy_) + uint32_t(t);
      const bool real = code != 2 && pos < (from_x ? nx_ : ny_);
      buf_[size_t(half + t)] = real ? (from_x ? x(pos) : y(pos)) : max_item<T>();
      tag_[size_t(half + t)] = real ? (from_x ? kTagX : kTagY) : kTagPad;
    }
    if (code == 0) ux_ += uint32_t(b_);
    if (code == 1) uy_ += uint32_t(b_);
    return code;
  }

  // The buffer as the trace shows it (ordered bits, padding as the largest word), before merge().
  void show(std::vector<uint64_t>& to) const {
    for (size_t i = 0; i < buf_.size(); ++i) to.push_back(shown_key<T>(buf_[i], tag_[i]));
  }

  // Merges the buffer's two sorted halves: the bitonic network (the kernel's comparator layers in
  // order), or parallel ranking (§5.3.3, the older lower half first on ties). Then merged(i) is the
  // merged buffer, its b smallest first.
  void merge() {
    if (!stable_) {
      for (int t = 0; t < b_; ++t) cmpswap(size_t(t), size_t(2 * b_ - 1 - t));
      for (int stride = b_ / 2; stride > 0; stride >>= 1)
        for (int t = 0; t < b_; ++t) {
          const int i = (t / stride) * 2 * stride + t % stride;
          cmpswap(size_t(i), size_t(i + stride));
        }
      return;
    }
    for (int t = 0; t < b_; ++t) {  // each key's rank in the other half, as each GPU thread finds it
      const size_t l = size_t(t), u = size_t(b_ + t);
      const size_t pl = size_t(t + rank_in_upper<T>(buf_.data(), tag_.data(), b_, buf_[l], tag_[l]));
      const size_t pu = size_t(t + rank_in_lower<T>(buf_.data(), tag_.data(), b_, buf_[u], tag_[u]));
      merged_[pl] = buf_[l], mtag_[pl] = tag_[l];
      merged_[pu] = buf_[u], mtag_[pu] = tag_[u];
    }
    // The b largest stay for the next step (the network leaves them in the upper half already).
    for (int t = 0; t < b_; ++t) buf_[size_t(t)] = merged_[size_t(b_ + t)], tag_[size_t(t)] = mtag_[size_t(b_ + t)];
  }
  const Item& merged(int i) const { return stable_ ? merged_[size_t(i)] : buf_[size_t(i)]; }
  uint64_t merged_shown(int i) const {
    return stable_ ? shown_key<T>(merged_[size_t(i)], mtag_[size_t(i)]) : shown_key<T>(buf_[size_t(i)], tag_[size_t(i)]);
  }

 private:
  void cmpswap(size_t i, size_t j) {
    if (tagged_less<T>(buf_[j], tag_[j], buf_[i], tag_[i])) {
      std::swap(buf_[i], buf_[j]);
      std::swap(tag_[i], tag_[j]);
    }
  }

  int b_;
  bool stable_;
  uint32_t nx_, ny_, ux_ = 0, uy_ = 0;  // start of the block each input holds "in registers"
  std::vector<Item> buf_;
  std::vector<uint8_t> tag_;
  std::vector<Item> merged_;  // parallel ranking's output
  std::vector<uint8_t> mtag_;
};

}  // namespace sortscope::merge
