// Pipelined 4-way merging on the host (Leischner 2010 §5.3.5, Fig. 8): the schedule of
// pipelined_schedule.h with three block-wise mergers (blockwise_merger_host.h) and two ring
// buffers of 2b keys, exactly as the kernel (multiway_pipelined.cuh) runs them, so a part's output
// and the highlighted block's PipelineTrace are the kernel's.
#include <stdexcept>
#include <vector>

#include "primitives/multiway_merge/blockwise_merger_host.h"
#include "multiway_model.h"
#include "primitives/multiway_merge/pipelined_schedule.h"

namespace sortscope::merge {

template <class T>
void pipelined_merge_host(const typename T::Item* const piece[4], const uint32_t len[4], typename T::Item* z, int b,
                          PipelineTrace* trace) {
  using Item = typename T::Item;
  const uint32_t n[2] = {len[0] + len[1], len[2] + len[3]}, total = n[0] + n[1];
  const uint32_t cap = 2 * uint32_t(b);
  if (trace) {
    trace->merge_threads = uint32_t(b);
    trace->capacity = cap;
    trace->piece_keys.assign(len, len + 4);
    trace->rounds = 0;
  }
  if (total == 0) return;
  std::vector<Item> ring[2] = {std::vector<Item>(cap), std::vector<Item>(cap)};
  uint32_t produced[2] = {0, 0};
  // The pipelined tree runs the bitonic network (merge=pipelined-4way is not stable).
  BlockwiseMergerHost<T> leaf[2] = {{b, false, len[0], len[1]}, {b, false, len[2], len[3]}};
  BlockwiseMergerHost<T> head(b, false, n[0], n[1]);
  auto piece_at = [&](int p) { return [&, p](uint32_t i) { return piece[p][i]; }; };
  for (int i = 0; i < 2; ++i)
    if (n[i]) leaf[i].load(leaf[i].retained_half(), piece_at(2 * i), piece_at(2 * i + 1));
  // The head reads its inputs from the rings, only what its leaf has produced and not overwritten.
  auto ring_at = [&](int i) {
    return [&, i](uint32_t pos) {
      const uint32_t taken = i == 0 ? head.x_taken() : head.y_taken();
      if (pos >= produced[i] || pos + cap < produced[i] || pos < taken)
        throw std::logic_error("pipelined merge: the head read past its buffer");
      return ring[i][pos % cap];
    };
  };
  const uint32_t rounds = pipe_rounds(total, uint32_t(b));
  for (uint32_t r = 0; r < rounds; ++r) {
    uint8_t ran = 0;
    for (int i = 0; i < 2; ++i) {
      const uint32_t taken = i == 0 ? head.x_taken() : head.y_taken();
      if (!pipe_leaf_refills(n[i], produced[i], taken, uint32_t(b))) continue;
      leaf[i].load(leaf[i].fresh_half(), piece_at(2 * i), piece_at(2 * i + 1));
      leaf[i].merge();
      for (uint32_t t = 0; t < uint32_t(b) && produced[i] + t < n[i]; ++t) ring[i][(produced[i] + t) % cap] = leaf[i].merged(int(t));
      produced[i] = std::min(produced[i] + uint32_t(b), n[i]);
      ran |= uint8_t(1u << i);
    }
    if (trace) {
      trace->leaves.push_back(ran);
      trace->fill.push_back(pipe_fill(n[0], produced[0], head.x_taken()));
      trace->fill.push_back(pipe_fill(n[1], produced[1], head.y_taken()));
    }
    int from;
    if (r == 0) {
      from = head.load(head.retained_half(), ring_at(0), ring_at(1));
    } else {
      from = head.load(head.fresh_half(), ring_at(0), ring_at(1));
      head.merge();
      const uint32_t o = (r - 1) * uint32_t(b);
      for (uint32_t t = 0; t < uint32_t(b) && o + t < total; ++t) z[o + t] = head.merged(int(t));
    }
    if (trace) {
      trace->head_from.push_back(uint8_t(from));
      trace->output.push_back(std::min<uint64_t>(uint64_t(r) * uint64_t(b), total));
    }
  }
  if (trace) trace->rounds = rounds;
}

template void pipelined_merge_host<KeysU32>(const KeysU32::Item* const[4], const uint32_t[4], KeysU32::Item*, int,
                                            PipelineTrace*);
template void pipelined_merge_host<KeysU64>(const KeysU64::Item* const[4], const uint32_t[4], KeysU64::Item*, int,
                                            PipelineTrace*);
template void pipelined_merge_host<PairsU32>(const PairsU32::Item* const[4], const uint32_t[4], PairsU32::Item*, int,
                                             PipelineTrace*);
template void pipelined_merge_host<PairsU64>(const PairsU64::Item* const[4], const uint32_t[4], PairsU64::Item*, int,
                                             PipelineTrace*);

}  // namespace sortscope::merge
