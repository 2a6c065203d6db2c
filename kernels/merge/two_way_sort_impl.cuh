#pragma once
// The two-way merge sort's launchers and driver over both layouts (items, two_way_kernels.cuh;
// keys and values apart, two_way_split_kernels.cuh): block sort, then per pass a partition (or
// none: fused_partition) and a merge, and explain mode's snapshots. Instantiated per item type in
// two_way_gpu_*.cu (the split layout of u64 pairs in a file of its own, so it compiles in parallel).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "common/piece_slots.h"
#include "four_way_kernels.cuh"
#include "two_way_kernels.cuh"
#include "two_way_split_kernels.cuh"

namespace sortscope::merge {

// Shared memory of one block must fit the device (16-byte items at large NT x VT do not).
inline void check_shared_bytes(size_t bytes, const char* kernel, int nt, int vt) {
  int dev = 0, max_optin = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&max_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (bytes > size_t(max_optin))
    throw std::invalid_argument(std::string("two-way merge sort: the ") + kernel + " tile of " + std::to_string(nt) +
                                " x " + std::to_string(vt) + " items needs " + std::to_string(bytes / 1024) +
                                " KiB of shared memory, the device allows " + std::to_string(max_optin / 1024) +
                                " KiB per block; choose fewer threads or keys per thread");
}

// Block sort of every tile (NT threads x VT items) into `out_items`, or straight into keys/values
// when out_items is null; `capture` (explain mode) receives the tile after every stage. kSplit:
// keys and values apart (two_way_split_kernels.cuh), always into out_keys / out_values.
template <class T, int NT, int VT, bool kSplit = false>
void launch_block_sort(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                       typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                       typename T::Item* capture, cudaStream_t stream) {
  if constexpr (kSplit) {
    constexpr size_t kSmem = SplitSmem<typename T::Key, NT * VT>::kBytes;
    check_shared_bytes(kSmem, "block sort", NT, VT);
    CUDA_CHECK(cudaFuncSetAttribute(block_sort_split_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(kSmem)));
    block_sort_split_kernel<T, NT, VT><<<unsigned(p.block_tiles), NT, kSmem, stream>>>(keys, values, p.n, out_keys,
                                                                                       out_values, capture);
    CUDA_CHECK_LAUNCH("block_sort_split_kernel");
  } else {
    constexpr size_t kSmem = (size_t(NT) * VT + kSmemPad) * sizeof(typename T::Item);
    check_shared_bytes(kSmem, "block sort", NT, VT);
    CUDA_CHECK(cudaFuncSetAttribute(block_sort_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));
    block_sort_kernel<T, NT, VT><<<unsigned(p.block_tiles), NT, kSmem, stream>>>(keys, values, p.n, out_items,
                                                                                 out_keys, out_values, capture);
    CUDA_CHECK_LAUNCH("block_sort_kernel");
  }
}

template <class T, int VT, bool kSplit = false>
void dispatch_block_sort(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                         typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                         typename T::Item* capture, cudaStream_t stream) {
  dispatch_value<kTwoWayBlockSortThreadChoices>(p.block_threads, "two-way merge sort block sort threads", [&](auto bt) {
    constexpr int kBlockThreads = decltype(bt)::value;
    // The lecture block sort is compiled for its one tile, 64 x 1 keys (two_way_lecture_block_sort).
    if constexpr (kBlockThreads == kTwoWayLectureBlockSortThreads && (VT != 1 || kSplit))
      throw std::logic_error("two-way merge sort: the 64-thread block sort is compiled for VT = 1 only");
    else
      launch_block_sort<T, kBlockThreads, VT, kSplit>(p, keys, values, out_items, out_keys, out_values, capture,
                                                      stream);
  });
}

// A 4-way pass (ways=4, four_way_kernels.cuh) doing levels `pass` and pass + 1 from `in` to `to`:
// the grid of 2-way splits (the partition kernel with runs of R, marked as level pass's partition),
// the tiles' 4-way splits (marked as level pass + 1's partition) and the merge (level pass + 1's
// merge; level pass's merge index stays unused).
template <class T, int NT, int VT>
void launch_four_way_pass(const TwoWayPlan& p, int pass, const typename T::Item* in, typename T::Item* to_items,
                          typename T::Key* to_keys, uint32_t* to_values, uint64_t* grid, uint64_t* splits4,
                          cudaStream_t stream, LaunchClock* clock) {
  using Item = typename T::Item;
  constexpr size_t kSmem = 2 * (size_t(NT) * VT + kSmemPad) * sizeof(Item);
  check_shared_bytes(kSmem, "4-way merge", NT, VT);
  CUDA_CHECK(cudaFuncSetAttribute(four_way_merge_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  int(kSmem)));
  const uint64_t r = p.run_in(pass);
  const unsigned search_blocks = unsigned((p.tiles + 255) / 256);
  mark_launch(clock, two_way_partition_launch_index(pass));
  launch_kernel(partition_kernel<T>, search_blocks, 256, 0, stream, p.dependent_launch, in, p.n, p.tile, r, p.tiles,
                p.narrow_partitions(), grid);
  CUDA_CHECK_LAUNCH("partition_kernel (4-way grid)");
  mark_launch(clock, two_way_partition_launch_index(pass + 1));
  launch_kernel(four_way_split_kernel<T>, search_blocks, 256, 0, stream, p.dependent_launch, in, p.n, p.tile, r,
                p.tiles, static_cast<const uint64_t*>(grid), splits4);
  CUDA_CHECK_LAUNCH("four_way_split_kernel");
  mark_launch(clock, two_way_merge_launch_index(pass + 1));
  launch_kernel(four_way_merge_kernel<T, NT, VT>, unsigned(p.tiles), NT, kSmem, stream, p.dependent_launch, in, p.n, r,
                static_cast<const uint64_t*>(splits4), to_items, to_keys, to_values);
  CUDA_CHECK_LAUNCH("four_way_merge_kernel");
}

// A pass's runs: items (the item layout) or keys and values apart (kSplit).
template <class T>
struct TwoWayRuns {
  typename T::Item* items = nullptr;
  typename T::Key* keys = nullptr;
  uint32_t* values = nullptr;
};

template <class T, int NT, int VT, bool kSplit>
void two_way_sort_config(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock, const PieceSlots* slots) {
  using Item = typename T::Item;
  using Key = typename T::Key;
  const uint64_t n = p.n;
  // Pieces from slots (the kernel lab) take keys without values, whose items are the words.
  const auto* block_slot = slot_of(slots, &PieceSlots::block_sort);
  const auto* path_slot = slot_of(slots, &PieceSlots::merge_path);
  if ((block_slot || path_slot) && (T::kValues || kSplit))
    throw std::invalid_argument("two-way merge sort: the block sort and merge path slots take keys without values");
  // A merge-path piece runs as the partition launch, so the merge blocks do not search themselves.
  const bool fused_partition = p.fused_partition && !path_slot;
  record_input(rec, two_way_input_step(p), n, keys, values, stream);
  if (p.block_tiles == 0) return;
  constexpr size_t kSmem =
      kSplit ? SplitSmem<Key, NT * VT>::kBytes : (size_t(NT) * VT + kSmemPad) * sizeof(Item);
  check_shared_bytes(kSmem, "merge", NT, VT);
  if constexpr (kSplit)
    CUDA_CHECK(cudaFuncSetAttribute(merge_split_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(kSmem)));
  else
    CUDA_CHECK(cudaFuncSetAttribute(merge_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));

  const TwoWayScratch<T> s = two_way_scratch<T>(p, rec != nullptr);
  void* base = scratch.carve(s.layout);
  Item* capture = s.stages.in(base);
  TwoWayRuns<T> in{s.runs_in.in(base), s.keys_in.in(base), s.values_in.in(base)};
  TwoWayRuns<T> out{s.runs_out.in(base), s.keys_out.in(base), s.values_out.in(base)};
  const TwoWayRuns<T> caller{nullptr, keys, values};
  Key* unpack_keys = s.unpack.keys.in(base);
  uint32_t* unpack_values = s.unpack.values.in(base);
  const auto record_runs = [&](Step step, const TwoWayRuns<T>& runs) {
    if (kSplit || !runs.items)
      rec->record(std::move(step), ArrayState{runs.keys, runs.values, true, stream});
    else
      record_device_items<T>(*rec, std::move(step), runs.items, n, stream, unpack_keys, unpack_values);
  };
  const bool one_tile = p.block_tiles == 1;
  mark_launch(clock, kTwoWayBlockSortLaunch);
  // One tile: the block sort is the whole sort and writes the caller's arrays (in place is safe:
  // the single block has read its tile before it writes).
  const TwoWayRuns<T> sorted = one_tile ? caller : in;
  if (block_slot)
    (*block_slot)(BlockSortArgs{keys, one_tile ? static_cast<void*>(keys) : static_cast<void*>(sorted.items),
                                int(sizeof(Key)), n, p.block_tile, p.block_tiles, p.block_threads},
                  stream);
  else
    dispatch_block_sort<T, VT, kSplit>(p, keys, values, sorted.items, sorted.keys, sorted.values, capture, stream);
  if (rec && !block_slot)  // a slot's piece has no stage captures
    for (int stage = 0; stage < p.block_stages; ++stage)
      record_device_items<T>(*rec, two_way_block_step(p, stage), capture + uint64_t(stage) * n, n, stream, unpack_keys,
                             unpack_values);
  if (one_tile) return;
  uint64_t* splits = s.splits.in(base);
  std::vector<uint64_t> host_splits;
  // The partition step's snapshot: the splits (written by the partition kernel, or by the merge
  // blocks with fused_partition) and the pass's input, which neither launch changes.
  const auto record_partition = [&](int pass) {
    host_splits.resize(p.tiles);
    CUDA_CHECK(cudaMemcpyAsync(host_splits.data(), splits, p.tiles * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    record_runs(two_way_partition_step(p, pass, host_splits), in);
  };
  // ways=4 in measure mode on items: every later pair of levels is one 4-way pass (explain mode
  // records the 2-way levels, which give the same runs).
  const bool four_way = p.ways == 4 && !rec && !kSplit && !path_slot;
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    if constexpr (!kSplit) {
      if (four_way && p.four_way_from(pass)) {
        const bool last = pass + 2 == p.passes;
        const TwoWayRuns<T> to = last ? caller : out;
        launch_four_way_pass<T, NT, VT>(p, pass, in.items, to.items, last ? keys : nullptr, last ? values : nullptr,
                                        splits, s.splits4.in(base), stream, clock);
        std::swap(in, out);
        ++pass;
        continue;
      }
    }
    if (!fused_partition) {
      mark_launch(clock, two_way_partition_launch_index(pass));
      // The split layout searches its key array (the keys alone order the items).
      if (path_slot)
        (*path_slot)(MergePathArgs{in.items, int(sizeof(Key)), n, p.tile, r, p.tiles, splits}, stream);
      else if constexpr (kSplit)
        launch_kernel(partition_kernel<KeyTraits<T>>, unsigned((p.tiles + 255) / 256), 256, 0, stream,
                      p.dependent_launch, static_cast<const Key*>(in.keys), n, p.tile, r, p.tiles,
                      p.narrow_partitions(), splits);
      else
        launch_kernel(partition_kernel<T>, unsigned((p.tiles + 255) / 256), 256, 0, stream, p.dependent_launch,
                      static_cast<const Item*>(in.items), n, p.tile, r, p.tiles, p.narrow_partitions(), splits);
      CUDA_CHECK_LAUNCH("partition_kernel");
      if (rec) record_partition(pass);
    }
    const bool last = pass + 1 == p.passes;
    const TwoWayRuns<T> to = last ? caller : out;
    mark_launch(clock, two_way_merge_launch_index(pass));
    // Fused: the blocks write their splits only for explain mode's snapshot.
    uint64_t* written_splits = fused_partition && !rec ? nullptr : splits;
    if constexpr (kSplit)
      launch_kernel(merge_split_kernel<T, NT, VT>, unsigned(p.tiles), NT, kSmem, stream, p.dependent_launch,
                    static_cast<const Key*>(in.keys), static_cast<const uint32_t*>(in.values), n, r, written_splits,
                    fused_partition, to.keys, to.values);
    else
      launch_kernel(merge_kernel<T, NT, VT>, unsigned(p.tiles), NT, kSmem, stream, p.dependent_launch,
                    static_cast<const Item*>(in.items), n, r, written_splits, fused_partition, to.items,
                    last ? keys : nullptr, last ? values : nullptr);
    CUDA_CHECK_LAUNCH("merge_kernel");
    if (rec && fused_partition) record_partition(pass);
    if (rec) record_runs(two_way_merge_step(p, pass), to);
    std::swap(in, out);
  }
}

// Every compiled (NT, VT) of one layout (two_way_plan.h's tables).
template <class T, bool kSplit>
void two_way_sort_layout(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock, const PieceSlots* slots) {
  dispatch_value<kTwoWayThreadChoices>(p.threads, "two-way merge sort threads", [&](auto nt) {
    dispatch_value<kTwoWayKeysChoices>(p.keys_per_thread, "two-way merge sort keys_per_thread", [&](auto vt) {
      two_way_sort_config<T, decltype(nt)::value, decltype(vt)::value, kSplit>(p, keys, values, stream, scratch, rec,
                                                                             clock, slots);
    });
  });
}

// The block sort alone (the multiway sort's run formation): every tile of plan.block_tile items.
template <class T>
void two_way_block_sort_items(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                              typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                              cudaStream_t stream) {
  dispatch_value<kTwoWayKeysChoices>(p.keys_per_thread, "block sort keys_per_thread", [&](auto vt) {
    dispatch_block_sort<T, decltype(vt)::value>(p, keys, values, out_items, out_keys, out_values, nullptr, stream);
  });
}

// Items that have a split layout: 64-bit keys with values (kTwoWaySplitValues).
template <class T>
inline constexpr bool kHasSplitLayout = T::kValues && sizeof(typename T::Key) == 8;

// The entry each item type's .cu file instantiates. The split layout's instantiation lives in a
// file of its own (two_way_gpu_pairs_u64_split.cu; `extern template` in two_way_gpu_pairs_u64.cu).
template <class T>
void two_way_sort_items(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                        DeviceScratch& scratch, Recorder* rec, LaunchClock* clock, const PieceSlots* slots) {
  if constexpr (kHasSplitLayout<T>)
    if (p.split_values) return two_way_sort_layout<T, true>(p, keys, values, stream, scratch, rec, clock, slots);
  two_way_sort_layout<T, false>(p, keys, values, stream, scratch, rec, clock, slots);
}

}  // namespace sortscope::merge
