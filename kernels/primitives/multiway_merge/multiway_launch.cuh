#pragma once
// The definitions of multiway_launch.h, included only by the files that compile them once per item
// type (multiway_merge_<items>.cu). CUDA only.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/param_dispatch.h"
#include "primitives/items/item_traits.h"
#include "multiway_kernels.cuh"
#include "multiway_launch.h"
#include "multiway_merge_scratch.h"
#include "multiway_pipelined.cuh"
#include "multiway_round.h"

namespace sortscope::merge {

template <class T>
void launch_selection(bool quick, const RoundArgs& a, const typename T::Item* in, const SelectCapture& cap,
                      cudaStream_t stream) {
  const uint64_t selections = a.groups * a.rows;
  if (selections == 0) return;
  if (quick) {
    const unsigned threads = (a.k + 31) / 32 * 32;
    select_quick_kernel<T><<<unsigned(selections), threads, 0, stream>>>(in, a, cap);
    CUDA_CHECK_LAUNCH("select_quick_kernel");
  } else {
    constexpr unsigned kWarps = 4;
    const size_t smem = kWarps * osipov_warp_bytes<T>(a.k);
    if (smem > 48 * 1024)
      CUDA_CHECK(cudaFuncSetAttribute(select_osipov_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    select_osipov_kernel<T><<<unsigned((selections + kWarps - 1) / kWarps), kWarps * 32, smem, stream>>>(in, a, cap);
    CUDA_CHECK_LAUNCH("select_osipov_kernel");
  }
}

// The compiled merge-thread choices (kMultiwayMergeThreadChoices) become templates here.
template <class T>
void launch_part_merge(int b, bool stable, bool pipelined, const RoundArgs& a, int levels, int max_level, const typename T::Item* in,
                       typename T::Item* scratch, typename T::Item* out, typename T::Key* final_keys,
                       uint32_t* final_values, const BufferCapture& cap, cudaStream_t stream) {
  const uint64_t parts = a.groups * (a.rows - 1);
  if (parts == 0) return;
  const unsigned grid = unsigned(parts);
  dispatch_value<kMultiwayMergeThreadChoices>(b, "multiway merge merge_threads", [&](auto bc) {
    constexpr int B = decltype(bc)::value;
    if (pipelined)
      part_pipelined_kernel<T, B><<<grid, B, 0, stream>>>(in, a, scratch, out, final_keys, final_values, levels,
                                                          max_level, cap);
    else if (stable)
      part_merge_kernel<T, B, true><<<grid, B, 0, stream>>>(in, a, scratch, out, final_keys, final_values, levels,
                                                            max_level, cap);
    else
      part_merge_kernel<T, B, false><<<grid, B, 0, stream>>>(in, a, scratch, out, final_keys, final_values, levels,
                                                             max_level, cap);
  });
  CUDA_CHECK_LAUNCH("part_merge_kernel");
}

template <class T>
void multiway_merge_items(const typename T::Key* keys, const uint32_t* values, const std::vector<uint64_t>& seq_begin,
                          uint64_t part_keys, int merge_threads, bool stable, bool quick, typename T::Key* out_keys,
                          uint32_t* out_values, cudaStream_t stream, DeviceScratch& scratch,
                          std::vector<uint32_t>* iterations) {
  using Item = typename T::Item;
  const uint32_t k = uint32_t(seq_begin.size() - 1);
  const uint64_t n = seq_begin.back() - seq_begin.front();
  if (k == 0 || k > 256) throw std::invalid_argument("multiway merge: between 1 and 256 sequences");
  if (n == 0) return;
  const MultiwayRound r = multiway_merge_round(n, k, part_keys);
  const MultiwayScratch<T> s = multiway_merge_scratch<T>(n, k, part_keys);
  void* base = scratch.carve(s.layout);
  const Item* in;
  if constexpr (T::kValues) {
    Item* packed = s.runs_in.in(base);
    pack_items_kernel<T><<<unsigned(std::min<uint64_t>((n + 255) / 256, 8192)), 256, 0, stream>>>(
        keys + seq_begin[0], values + seq_begin[0], n, packed);
    CUDA_CHECK_LAUNCH("pack_items_kernel");
    in = packed;
  } else {
    in = reinterpret_cast<const Item*>(keys + seq_begin[0]);
  }
  RoundArgs a;
  a.n = n;
  a.k = k;
  a.groups = 1;
  a.rows = r.parts_per_group + 1;
  a.part_keys = part_keys;
  a.seed = kMultiwaySeed;
  uint64_t* seq = s.seq_begin.in(base);
  std::vector<uint64_t> rel(seq_begin.begin(), seq_begin.end());
  for (auto& v : rel) v -= seq_begin[0];
  CUDA_CHECK(cudaMemcpyAsync(seq, rel.data(), (k + 1) * 8, cudaMemcpyHostToDevice, stream));
  a.seq_begin = seq;
  a.splits = s.splits.in(base);
  a.iterations = s.iterations.in(base);
  launch_selection<T>(quick, a, in, SelectCapture{}, stream);
  launch_part_merge<T>(merge_threads, stable, false, a, r.levels, r.levels - 1, in, s.tree.in(base), s.runs_out.in(base),
                       out_keys, out_values, BufferCapture{}, stream);
  if (iterations) {
    iterations->resize(a.rows);
    CUDA_CHECK(cudaMemcpyAsync(iterations->data(), a.iterations, a.rows * 4, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
}

}  // namespace sortscope::merge
