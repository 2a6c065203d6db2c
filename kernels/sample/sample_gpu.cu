// GPU sample sort and quicksort: the host driver of the passes (sample_schedule.h) over the
// kernels of sample_kernels.cuh.
#include "sample_gpu.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "common/piece_slots.h"
#include "common/param_dispatch.h"
#include "sample_kernels.cuh"
#include "sample_driver.h"
#include "sample_launches.h"
#include "sample_schedule.h"
#include "sample_steps.h"

namespace sortscope {
namespace {

using namespace sample_detail;

// Scratch slots (DeviceScratch): the ping-pong buffer of keys and of values, the pass tables
// (kLists + 1 holds explain mode's splitter capture), and explain mode's composed array.
// kGivenBuckets holds the bucket-index slot's answers (common/piece_slots.h) when that slot is set.
enum Slot { kAltKeys = 0, kAltValues = 1, kTables = 2, kScanTemp = 3, kLists = 4, kExplainView = 6, kGivenBuckets = 7 };

template <class T>
T* carve(unsigned char*& at, uint64_t count) {
  T* p = reinterpret_cast<T*>(at);
  at += (count * sizeof(T) + 255) / 256 * 256;
  return p;
}

template <class Word, bool kValues>
class GpuSampleSort {
 public:
  GpuSampleSort(const SamplePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx)
      : plan_(plan),
        stream_(ctx.stream),
        clock_(ctx.clock),
        out_(static_cast<Word*>(keys.keys)),
        vout_(keys.values),
        bucket_slot_(slot_of(ctx.slots, &PieceSlots::bucket_index)) {
    DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &own_;
    alt_ = static_cast<Word*>(scratch->get(kAltKeys, std::max<uint64_t>(1, plan.n) * sizeof(Word)));
    valt_ = kValues ? static_cast<uint32_t*>(scratch->get(kAltValues, std::max<uint64_t>(1, plan.n) * 4)) : nullptr;
    scratch_ = scratch;
    if (ctx.recorder) writer_.emplace(plan, *ctx.recorder);
  }

  void run() {
    run_sample_driver(plan_, *this, writer_ ? &*writer_ : nullptr);
    CUDA_CHECK(cudaStreamSynchronize(stream_));  // a last pass with nothing for level 2 did not wait
  }

  // The engine run_sample_driver drives (sample_driver.h).
  // The array as the timeline shows it (explain mode only): every stretch of buckets copied on the
  // device from the buffer it is in now into one view buffer, which the capture store snapshots on
  // the device (a device copy, or a density summary computed on the GPU past its budget). Reading
  // both whole buffers back and composing them on the host at every step took 2.6 s (sample sort)
  // and 26.7 s (quicksort, about ten passes) at 2^24 on an H200 (issue 32).
  ArrayState array(const std::vector<SampleBucket>& buckets) {
    if (!view_) view_ = static_cast<Word*>(scratch_->get(kExplainView, std::max<uint64_t>(1, plan_.n) * sizeof(Word)));
    for (const SampleBufferRun& r : buffer_runs(buckets))
      CUDA_CHECK(cudaMemcpyAsync(view_ + r.begin, (r.in_alt ? alt_ : out_) + r.begin, r.size * sizeof(Word),
                                 cudaMemcpyDeviceToDevice, stream_));
    return ArrayState{view_, nullptr, true, stream_};
  }

  std::vector<SampleBucket> distribute(SamplePass pass, std::vector<SampleBucket>& buckets) {
    // The previous pass returned without waiting for its scatter (below); its host tables are freed
    // once the stream is done with them.
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    const uint32_t parents = uint32_t(pass.parents.size()), slots = pass.slots(), k = pass.k;
    const uint64_t sample_keys = uint64_t(plan_.oversampling) * k;
    std::vector<uint32_t> block_parent(pass.total_blocks);
    for (uint32_t pi = 0; pi < parents; ++pi)
      for (uint32_t b = 0; b < pass.parents[pi].blocks; ++b) block_parent[pass.parents[pi].first_block + b] = pi;
    // One allocation for the pass's device tables.
    const uint64_t bytes = 256 * 8 + (uint64_t(parents) * sizeof(SampleParent) + uint64_t(pass.total_blocks) * 4 +
                                      uint64_t(parents) * k * sizeof(Word) + pass.table_entries * 16 +
                                      uint64_t(parents) * (slots + 2) * 8 +
                                      (writer_ ? uint64_t(parents) * sample_keys * sizeof(Word) : 0));
    unsigned char* at = static_cast<unsigned char*>(scratch_->get(kTables, bytes));
    SampleParent* d_parents = carve<SampleParent>(at, parents);
    uint32_t* d_block_parent = carve<uint32_t>(at, pass.total_blocks);
    Word* d_trees = carve<Word>(at, uint64_t(parents) * k);
    unsigned long long* d_table = carve<unsigned long long>(at, pass.table_entries);
    unsigned long long* d_scanned = carve<unsigned long long>(at, pass.table_entries);
    unsigned long long* d_child = carve<unsigned long long>(at, uint64_t(parents) * slots);
    unsigned long long* d_lo = carve<unsigned long long>(at, parents);
    unsigned long long* d_hi = carve<unsigned long long>(at, parents);
    Word* d_samples = writer_ ? carve<Word>(at, uint64_t(parents) * sample_keys) : nullptr;

    CUDA_CHECK(cudaMemcpyAsync(d_parents, pass.parents.data(), parents * sizeof(SampleParent), cudaMemcpyHostToDevice, stream_));
    CUDA_CHECK(cudaMemcpyAsync(d_block_parent, block_parent.data(), block_parent.size() * 4, cudaMemcpyHostToDevice, stream_));
    CUDA_CHECK(cudaMemsetAsync(d_child, 0, uint64_t(parents) * slots * 8, stream_));
    CUDA_CHECK(cudaMemsetAsync(d_lo, 0xFF, uint64_t(parents) * 8, stream_));
    CUDA_CHECK(cudaMemsetAsync(d_hi, 0, uint64_t(parents) * 8, stream_));

    // Step 1. (Launch-clock marks: sample_launches.h; the host's bookkeeping between the scan and
    // the scatter is marked as outside every launch.) A digit pass has no sample: no launch, no step.
    if (!pass.digits) {
      mark_launch(clock_, sample_launch_index(pass.index, SampleLaunch::Splitters));
      SplitterCapture<Word> cap{d_samples};
      SplitterCapture<Word>* d_cap = nullptr;
      if (writer_) {
        d_cap = reinterpret_cast<SplitterCapture<Word>*>(scratch_->get(kLists + 1, sizeof(cap)));
        CUDA_CHECK(cudaMemcpyAsync(d_cap, &cap, sizeof(cap), cudaMemcpyHostToDevice, stream_));
      }
      splitter_kernel<Word><<<parents, 256, 0, stream_>>>(out_, alt_, d_parents, d_trees, plan_.seed, pass.index, k,
                                                          plan_.oversampling, plan_.always_three_way, d_cap);
      CUDA_CHECK_LAUNCH("splitter_kernel");
      if (writer_) {
        std::vector<SampleParent> got(parents);
        CUDA_CHECK(cudaMemcpyAsync(got.data(), d_parents, parents * sizeof(SampleParent), cudaMemcpyDeviceToHost, stream_));
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        uint32_t degenerate = 0;
        for (const auto& p : got) degenerate += p.degenerate;
        std::vector<Word> sample(sample_keys);
        CUDA_CHECK(cudaMemcpy(sample.data(), d_samples, sample.size() * sizeof(Word), cudaMemcpyDeviceToHost));
        writer_->splitters(pass, plan_.always_three_way ? 0 : degenerate,
                           std::vector<uint64_t>(sample.begin(), sample.end()), array(buckets));
      }
    }

    // Step 2 (its descent by the bucket-index slot's piece when one is set; a digit pass has none).
    const uint32_t* given = bucket_slot_ && !pass.digits ? index_buckets(pass, d_parents, d_trees) : nullptr;
    // A level-3 pass, or a by-size pass over small buckets, cuts into a few buckets (k = 2 to 32): a
    // warp's 32 keys fall into at most k of them, so one shared atomic a key would serialise on a few
    // counters (§6.3.3: "the worst case occurs if all keys processed by the same SIMD group go to the
    // same bucket"); the warp-aggregated ranking takes one atomic per distinct bucket of the warp
    // instead (README.md, "Level 3"; unmeasured against the plan's ranking).
    const SampleRank rank = (pass.level == 3 || plan_.k_by_size) && pass.k < 32 ? SampleRank::Match : plan_.rank;
    PassArgs args{d_parents,
                  d_block_parent,
                  k,
                  slots,
                  plan_.count_replicas,
                  plan_.scatter_replicas,
                  pass.log_k,
                  plan_.descent == SampleDescent::Half,
                  rank,
                  plan_.rounds == SampleRounds::Split,
                  plan_.value_load == SampleValueLoad::Early,
                  given,
                  pass.digits};
    mark_launch(clock_, sample_launch_index(pass.index, SampleLaunch::Count));
    dispatch_value<kSampleKeysPerThread>(plan_.keys_per_thread, "sample sort keys_per_thread", [&](auto kpt) {
      count_kernel<Word, decltype(kpt)::value><<<pass.total_blocks, plan_.threads, 0, stream_>>>(
          out_, alt_, d_trees, args, d_table, d_child, d_lo, d_hi);
    });
    CUDA_CHECK_LAUNCH("count_kernel");
    std::vector<uint64_t> table, scanned;
    if (writer_) {
      table.resize(pass.table_entries);
      CUDA_CHECK(cudaMemcpyAsync(table.data(), d_table, pass.table_entries * 8, cudaMemcpyDeviceToHost, stream_));
      CUDA_CHECK(cudaStreamSynchronize(stream_));
      writer_->counts(pass, table, array(buckets));
    }

    // Step 3: CUB's exclusive scan over the whole table (the thesis used Thrust's).
    size_t temp = 0;
    mark_launch(clock_, sample_launch_index(pass.index, SampleLaunch::Scan));
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp, d_table, d_scanned, pass.table_entries, stream_));
    void* d_temp = scratch_->get(kScanTemp, std::max<size_t>(temp, 1));
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d_temp, temp, d_table, d_scanned, pass.table_entries, stream_));
    if (writer_) {
      scanned.resize(pass.table_entries);
      CUDA_CHECK(cudaMemcpyAsync(scanned.data(), d_scanned, pass.table_entries * 8, cudaMemcpyDeviceToHost, stream_));
      CUDA_CHECK(cudaStreamSynchronize(stream_));
      writer_->scan(pass, table, scanned, array(buckets));
    }

    // The bucket sizes and the min/max test come back to the host (§6.2's host bookkeeping).
    mark_launch(clock_, -1);
    std::vector<uint64_t> child(uint64_t(parents) * slots), lo(parents), hi(parents);
    CUDA_CHECK(cudaMemcpyAsync(pass.parents.data(), d_parents, parents * sizeof(SampleParent), cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaMemcpyAsync(child.data(), d_child, child.size() * 8, cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaMemcpyAsync(lo.data(), d_lo, parents * 8, cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaMemcpyAsync(hi.data(), d_hi, parents * 8, cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    uint32_t constant = 0;
    for (uint32_t pi = 0; pi < parents; ++pi) {
      SampleParent& p = pass.parents[pi];
      if (pass.digits) sample_settle_digit_parent(pass, p, child.data() + uint64_t(pi) * slots, lo[pi], hi[pi]);
      else p.constant = (p.degenerate && lo[pi] == hi[pi]) ? 1 : 0;
      constant += p.constant;
    }
    if (bucket_slot_ && !pass.digits) check_progress(pass, child);
    if (constant)
      CUDA_CHECK(cudaMemcpyAsync(d_parents, pass.parents.data(), parents * sizeof(SampleParent), cudaMemcpyHostToDevice, stream_));

    // Step 4.
    mark_launch(clock_, sample_launch_index(pass.index, SampleLaunch::Scatter));
    dispatch_value<kSampleKeysPerThread>(plan_.keys_per_thread, "sample sort keys_per_thread", [&](auto kpt) {
      constexpr int kKpt = decltype(kpt)::value;
      if (plan_.scatter == SampleScatter::Local) {
        const auto kernel = scatter_local_kernel<Word, kValues, kKpt>;
        const int smem = int(plan_.subtile_keys() * (sizeof(Word) + (kValues ? 4 : 0) + 1));
        CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        kernel<<<pass.total_blocks, plan_.threads, smem, stream_>>>(out_, alt_, vout_, valt_, out_, alt_, vout_, valt_,
                                                                    d_trees, args, d_scanned);
      } else {
        scatter_kernel<Word, kValues, kKpt><<<pass.total_blocks, plan_.threads, 0, stream_>>>(
            out_, alt_, vout_, valt_, out_, alt_, vout_, valt_, d_trees, args, d_scanned);
      }
    });
    CUDA_CHECK_LAUNCH("scatter_kernel");

    std::vector<SampleBucket> children;
    children.reserve(uint64_t(parents) * slots);
    for (uint32_t pi = 0; pi < parents; ++pi)
      append_pass_children(pass, pass.parents[pi], child.data() + uint64_t(pi) * slots, children);
    if (writer_) {
      replace_parents(pass, children, buckets);
      writer_->scatter(pass, constant, child, buckets, array(buckets));
    }
    // No wait for the scatter: the host's bookkeeping of the children (the driver's lists, level 2's
    // order largest first) runs while the GPU scatters. At 2^28 u64 keys it took 2-3 ms of host time a
    // run, with the GPU idle (H200, docs/PERFORMANCE.md "radix-hybrid"). The host tables the stream
    // still copies from stay alive until the next pass or level 2 has waited for it.
    parents_in_flight_ = std::move(pass.parents);
    block_parent_in_flight_ = std::move(block_parent);
    return children;
  }

  void second_level(const std::vector<SampleSmallBucket>& all) {
    mark_launch(clock_, sample_level2_launch_index());
    // Final buckets larger than a chunk that lie in the scratch buffer (= parts and constant buckets:
    // det-duplicates leaves parts of n/2, n/4, ... keys) are moved home by a grid of chunks, not by
    // one block each; the sorters get the rest of the list, still largest first.
    std::vector<SampleSmallBucket> small;
    std::vector<SampleMoveChunk> chunks;
    const int64_t traced_in_all = writer_ ? traced_level2_bucket(plan_, all) : -1;
    int64_t traced = -1;
    for (size_t i = 0; i < all.size(); ++i) {
      const SampleSmallBucket& b = all[i];
      if (b.done && b.in_alt && b.size > kSampleMoveChunk) {
        for (uint64_t off = 0; off < b.size; off += kSampleMoveChunk)
          chunks.push_back({b.begin + off, std::min<uint64_t>(kSampleMoveChunk, b.size - off)});
        continue;
      }
      if (int64_t(i) == traced_in_all) traced = int64_t(small.size());
      small.push_back(b);
    }
    // carve() rounds each piece to 256 bytes.
    const uint64_t bytes = small.size() * (sizeof(SampleSmallBucket) + sizeof(uint32_t)) +
                           chunks.size() * sizeof(SampleMoveChunk) + 1280;
    unsigned char* at = static_cast<unsigned char*>(scratch_->get(kLists, bytes));
    int* d_error = carve<int>(at, 1);
    SampleSmallBucket* d_small = carve<SampleSmallBucket>(at, small.size());
    uint32_t* d_bunched = carve<uint32_t>(at, small.size());  // the rank kernel's flags
    SampleMoveChunk* d_chunks = carve<SampleMoveChunk>(at, chunks.size());
    CUDA_CHECK(cudaMemsetAsync(d_error, 0, sizeof(int), stream_));
    CUDA_CHECK(cudaMemsetAsync(d_bunched, 0, small.size() * sizeof(uint32_t), stream_));
    CUDA_CHECK(cudaMemcpyAsync(d_small, small.data(), small.size() * sizeof(SampleSmallBucket), cudaMemcpyHostToDevice, stream_));
    if (!chunks.empty()) {
      CUDA_CHECK(cudaMemcpyAsync(d_chunks, chunks.data(), chunks.size() * sizeof(SampleMoveChunk),
                                 cudaMemcpyHostToDevice, stream_));
      for_grids(0, chunks.size(), [&](uint64_t first, uint32_t count) {
        move_home_kernel<Word, kValues><<<count, 256, 0, stream_>>>(out_, alt_, vout_, valt_, d_chunks + first);
        CUDA_CHECK_LAUNCH("move_home_kernel");
      });
    }
    Level2Args args{d_small, plan_.seed, plan_.base, plan_.quicksort_threshold,
                    plan_.engine == SampleEngine::SampleSort && plan_.version == SampleVersion::Revised, d_error};
    // Explain mode: the traced bucket's block writes its stack steps (SampleLevel2Stack).
    DeviceBuffer<SampleLevel2Step> d_steps(traced >= 0 ? SampleLevel2Stack::kMaxSteps : 0);
    DeviceBuffer<uint32_t> d_step_count(traced >= 0 ? 1 : 0);
    if (traced >= 0) CUDA_CHECK(cudaMemsetAsync(d_step_count.data(), 0, sizeof(uint32_t), stream_));
    // The list is largest first, so each sorter takes a contiguous range: the thesis's level 2 the
    // buckets above the radix sorts' capacity (all of them when level2 = thesis), then the radix
    // size classes. The few large buckets run on a second stream, beside the radix sorts, so their
    // long blocks do not hold up the rest.
    const bool radix = plan_.level2 != SampleLevel2::Thesis;
    auto above = [&](uint64_t keys) {
      return uint64_t(std::partition_point(small.begin(), small.end(),
                                           [&](const SampleSmallBucket& b) { return b.size > keys; }) -
                      small.begin());
    };
    const uint64_t to_thesis = radix ? above(block_max()) : small.size();
    const uint64_t to_16k = radix ? above(kSampleRadixMax) : small.size();
    const uint64_t to_8k = radix ? above(4096) : small.size(), to_4k = radix ? above(2048) : small.size();
    const uint64_t to_2k = radix ? above(1024) : small.size();
    GpuStream side = stream_;
    cudaEvent_t ready = nullptr, finished = nullptr;
    if (radix && to_thesis > 0) {
      CUDA_CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
      CUDA_CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));
      CUDA_CHECK(cudaEventCreateWithFlags(&finished, cudaEventDisableTiming));
      CUDA_CHECK(cudaEventRecord(ready, stream_));
      CUDA_CHECK(cudaStreamWaitEvent(side, ready, 0));
    }
    // One block per bucket; a grid is at most 2^31 - 1 blocks.
    for_grids(0, to_thesis, [&](uint64_t first, uint32_t count) {
      Level2Args part = args;
      part.buckets = d_small + first;
      if (traced >= int64_t(first) && traced < int64_t(first + count)) {
        part.trace_steps = d_steps.data();
        part.trace_count = d_step_count.data();
        part.trace_block = uint64_t(traced) - first;
      }
      level2_kernel<Word, kValues><<<count, 256, 0, side>>>(out_, alt_, vout_, valt_, part);
      CUDA_CHECK_LAUNCH("level2_kernel");
    });
    launch_rank_wide(d_small, d_bunched, args, to_thesis, to_16k);
    launch_radix<512, 16>(d_small, d_bunched, to_16k, to_8k);
    launch_radix<256, 16>(d_small, d_bunched, to_8k, to_4k);
    launch_radix<256, 8>(d_small, d_bunched, to_4k, to_2k);
    launch_radix<128, 8>(d_small, d_bunched, to_2k, radix ? small.size() : to_2k);
    if (side != stream_) {
      CUDA_CHECK(cudaEventRecord(finished, side));
      CUDA_CHECK(cudaStreamWaitEvent(stream_, finished, 0));
      CUDA_CHECK(cudaEventDestroy(ready));
      CUDA_CHECK(cudaEventDestroy(finished));
      CUDA_CHECK(cudaStreamDestroy(side));
    }
    mark_launch(clock_, -1);
    int error = 0;
    CUDA_CHECK(cudaMemcpyAsync(&error, d_error, sizeof(int), cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));  // also keeps `small` and `chunks` alive for their copies
    if (error) throw std::runtime_error("sample sort: a level-2 block's segment stack overflowed");
    if (traced >= 0) {
      uint32_t steps = 0;
      CUDA_CHECK(cudaMemcpy(&steps, d_step_count.data(), sizeof(uint32_t), cudaMemcpyDeviceToHost));
      SampleLevel2Stack trace;
      trace.bucket_begin = small[size_t(traced)].begin;
      trace.bucket_size = small[size_t(traced)].size;
      trace.base = plan_.base;
      trace.truncated = steps > SampleLevel2Stack::kMaxSteps;
      trace.steps.resize(std::min(steps, SampleLevel2Stack::kMaxSteps));
      if (!trace.steps.empty())
        CUDA_CHECK(cudaMemcpy(trace.steps.data(), d_steps.data(), trace.steps.size() * sizeof(SampleLevel2Step),
                              cudaMemcpyDeviceToHost));
      writer_->level2_stack(std::move(trace));
    }
  }

 private:
  // The bucket-index slot (common/piece_slots.h): the piece writes the bucket of every key of each
  // parent whose sample is not degenerate (the splitter kernel decides that on the device, so the
  // parents come back first), at the key's position in a buffer of n; count and scatter read it.
  const uint32_t* index_buckets(const SamplePass& pass, const SampleParent* d_parents, const Word* d_trees) {
    std::vector<SampleParent> got(pass.parents.size());
    CUDA_CHECK(cudaMemcpyAsync(got.data(), d_parents, got.size() * sizeof(SampleParent), cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    auto* buckets = static_cast<uint32_t*>(scratch_->get(kGivenBuckets, std::max<uint64_t>(1, plan_.n) * 4));
    for (size_t pi = 0; pi < got.size(); ++pi) {
      const SampleParent& p = got[pi];
      if (p.degenerate || p.size == 0) continue;
      (*bucket_slot_)(BucketIndexArgs{(p.in_alt ? alt_ : out_) + p.begin, int(sizeof(Word)), p.size,
                                      d_trees + pi * pass.k, pass.log_k, buckets + p.begin},
                      stream_);
    }
    return buckets;
  }

  // A bucket-index piece that sends every key of a bucket to one child would have the next pass
  // split the same keys again, forever. A correct descent cannot: the splitters are keys of the
  // bucket, so all its keys in one child means every splitter is equal, a degenerate sample, which
  // splits three ways and never reaches the piece.
  void check_progress(const SamplePass& pass, const std::vector<uint64_t>& child) const {
    const uint32_t slots = pass.slots();
    for (size_t pi = 0; pi < pass.parents.size(); ++pi) {
      const SampleParent& p = pass.parents[pi];
      if (p.degenerate || p.size < 2) continue;
      for (uint32_t j = 0; j < pass.k; ++j)
        if (child[pi * slots + j] == p.size)
          throw std::runtime_error("sample sort: the bucket-index piece put all " + std::to_string(p.size) +
                                   " keys of a bucket into its bucket " + std::to_string(j) +
                                   " (the splitters are not all equal), so the sort would never end");
    }
  }

  template <class F>
  static void for_grids(uint64_t from, uint64_t to, F&& launch) {
    for (uint64_t first = from; first < to; first += 0x7FFFFFFFull)
      launch(first, uint32_t(std::min<uint64_t>(to - first, 0x7FFFFFFFull)));
  }

  // The largest bucket level 2 sorts by one block at once on this device: the rank kernel's widest
  // class needs kWideRankSmem bytes of shared memory a block (Hopper: up to 227 KiB).
  static constexpr int kWideRankSmem = int(sizeof(Level2RankStorage<Word, kValues, 1024, 16>));
  uint64_t block_max() const {
    if (plan_.level2 != SampleLevel2::Rank) return sample_level2_block_max(plan_.level2);
    int device = 0, optin = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    return optin >= kWideRankSmem + 1024 ? kSampleRankBlockMax : kSampleRadixMax;
  }

  // Level 2, buckets [from, to) of the list of 8193..16384 keys (level2 = rank): the rank kernel with
  // 1024 threads, then the thesis's level 2 for the buckets it flagged as bunched.
  void launch_rank_wide(const SampleSmallBucket* d_small, uint32_t* d_bunched, const Level2Args& args, uint64_t from,
                        uint64_t to) {
    if (from >= to) return;
    const auto rank = level2_rank_kernel<Word, kValues, 1024, 16>;
    CUDA_CHECK(cudaFuncSetAttribute(rank, cudaFuncAttributeMaxDynamicSharedMemorySize, kWideRankSmem));
    for_grids(from, to, [&](uint64_t first, uint32_t count) {
      rank<<<count, 1024, kWideRankSmem, stream_>>>(out_, alt_, vout_, valt_, d_small + first, d_bunched + first);
      CUDA_CHECK_LAUNCH("level2_rank_kernel");
    });
    for_grids(from, to, [&](uint64_t first, uint32_t count) {
      Level2Args part = args;
      part.buckets = d_small + first;
      part.only_flagged = d_bunched + first;
      level2_kernel<Word, kValues><<<count, 256, 0, stream_>>>(out_, alt_, vout_, valt_, part);
      CUDA_CHECK_LAUNCH("level2_kernel");
    });
  }

  // Level 2 by one block a bucket, buckets [from, to) of the list, kThreads x kItems keys each: the
  // block radix sort, or the rank kernel and the radix sort after it for the buckets it flagged.
  template <int kThreads, int kItems>
  void launch_radix(const SampleSmallBucket* d_small, uint32_t* d_bunched, uint64_t from, uint64_t to) {
    if (from >= to) return;
    const auto radix = level2_radix_kernel<Word, kValues, kThreads, kItems>;
    const int radix_smem = int(sizeof(typename Level2RadixSort<Word, kValues, kThreads, kItems>::TempStorage));
    CUDA_CHECK(cudaFuncSetAttribute(radix, cudaFuncAttributeMaxDynamicSharedMemorySize, radix_smem));
    const bool by_rank = plan_.level2 == SampleLevel2::Rank;
    if (by_rank) {
      const auto rank = level2_rank_kernel<Word, kValues, kThreads, kItems>;
      const int rank_smem = int(sizeof(Level2RankStorage<Word, kValues, kThreads, kItems>));
      CUDA_CHECK(cudaFuncSetAttribute(rank, cudaFuncAttributeMaxDynamicSharedMemorySize, rank_smem));
      for_grids(from, to, [&](uint64_t first, uint32_t count) {
        rank<<<count, kThreads, rank_smem, stream_>>>(out_, alt_, vout_, valt_, d_small + first, d_bunched + first);
        CUDA_CHECK_LAUNCH("level2_rank_kernel");
      });
    }
    for_grids(from, to, [&](uint64_t first, uint32_t count) {
      radix<<<count, kThreads, radix_smem, stream_>>>(out_, alt_, vout_, valt_, d_small + first,
                                                      by_rank ? d_bunched + first : nullptr);
      CUDA_CHECK_LAUNCH("level2_radix_kernel");
    });
  }

  const SamplePlan& plan_;
  GpuStream stream_;
  LaunchClock* clock_;
  Word* out_;
  uint32_t* vout_;
  Word* alt_ = nullptr;
  uint32_t* valt_ = nullptr;
  DeviceScratch own_;
  DeviceScratch* scratch_ = nullptr;
  Word* view_ = nullptr;  // explain mode: the composed array (kExplainView)
  const PieceSlot<BucketIndexArgs>* bucket_slot_ = nullptr;  // null: the kernels' own descent
  std::optional<SampleStepWriter> writer_;
  // The last pass's host tables, which its uploads read, kept until the stream has passed them
  // (distribute returns before its scatter is done).
  std::vector<SampleParent> parents_in_flight_;
  std::vector<uint32_t> block_parent_in_flight_;
};

}  // namespace

void sample_sort_gpu(const SamplePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n || plan.key_type != keys.type || plan.with_values != (keys.values != nullptr))
    throw std::logic_error("sample sort: the plan was made for a different input");
  mark_launch(ctx, -1);  // the ordered-bits transforms lie outside the plan's launches
  keys_to_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  if (plan.key_bits == 32) {
    if (plan.with_values) GpuSampleSort<uint32_t, true>(plan, keys, ctx).run();
    else GpuSampleSort<uint32_t, false>(plan, keys, ctx).run();
  } else {
    if (plan.with_values) GpuSampleSort<uint64_t, true>(plan, keys, ctx).run();
    else GpuSampleSort<uint64_t, false>(plan, keys, ctx).run();
  }
  mark_launch(ctx, -1);
  keys_from_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
}

}  // namespace sortscope
