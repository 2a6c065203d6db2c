// Host orchestration of binary-search merge sort's kernels (search_merge_kernels.cuh): the launches
// of a measure-mode run and, in explain mode, one launch per recorded step with the capture read
// back into the snapshots that SearchMergeStepWriter records (the model's steps).
#include "search_merge_gpu.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include <cuda_runtime_api.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_readback.cuh"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "search_merge_kernels.cuh"
#include "search_merge_steps.h"

namespace sortscope {
namespace search_merge_detail {
namespace {

// Global passes: enough blocks to fill the device several times over; the kernels loop.
constexpr int kGlobalThreads = 256;
constexpr uint64_t kMaxGlobalBlocks = 65535;
// Explain mode sums every item's work per warp (WorkTally::flush): every block is whole warps.
static_assert(kGlobalThreads % 32 == 0 && kSearchMergeTiles[0] % 32 == 0, "blocks of whole warps");
// search=edges and block: one block is one group of a run, or several whole runs (search_merge_kernels.cuh).
static_assert(kGlobalThreads == kSearchMergeWindowKeys, "a block holds one search group");

unsigned blocks_for(uint64_t items) {
  return unsigned(std::clamp<uint64_t>((items + kGlobalThreads - 1) / kGlobalThreads, 1, kMaxGlobalBlocks));
}

// The sampled searches of a highlighted pair of `len` keys, from the capture's slots.
void read_searches(const SearchMergeCapture& c, uint64_t len, SiblingSearches& s) {
  const uint64_t stride = search_merge_sample_stride(len);
  for (uint64_t slot = 0; slot * stride < len && slot < uint64_t(kSlots); ++slot) {
    s.key.push_back(uint32_t(slot * stride));
    s.rank.push_back(c.slot_rank[slot]);
    const uint32_t probes = std::min<uint32_t>(c.slot_probes[slot], kMaxProbes);
    s.probes.insert(s.probes.end(), c.probes[slot], c.probes[slot] + probes);
    s.probe_begin.push_back(uint32_t(s.probes.size()));
  }
}

SearchMergeWork read_work(const SearchMergeCapture& c) {
  SearchMergeWork w;
  w.items = c.items;
  w.total = c.total;
  w.max = c.max_work;
  return w;
}

template <class Word, bool kValues>
void sort_typed(const SearchMergePlan& p, DeviceKeys& keys, const GpuRunContext& ctx) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(ctx.stream);
  Word* a = static_cast<Word*>(keys.keys);
  uint32_t* va = keys.values;
  std::optional<SearchMergeStepWriter> writer;
  if (ctx.recorder) writer.emplace(p, *ctx.recorder);
  keys_to_ordered_device(a, p.n, p.key_type, ctx.stream);
  if (writer) writer->input(device_state(a, va, stream));
  if (p.n == 0) return;

  const SearchMergeScratch sl = search_merge_scratch(p);
  DeviceScratch own;
  void* base = (ctx.scratch ? *ctx.scratch : own).carve(sl.layout);
  Word* b = static_cast<Word*>(static_cast<void*>(sl.keys.in(base)));
  uint32_t* vb = sl.values.in(base);

  // Explain mode's capture, cleared before every launch it watches.
  DeviceBuffer<SearchMergeCapture> cap_buf(writer ? 1 : 0);
  SearchMergeCapture* cap = writer ? cap_buf.data() : nullptr;
  auto clear = [&] {
    if (cap) CUDA_CHECK(cudaMemsetAsync(cap, 0, sizeof(SearchMergeCapture), stream));
  };
  auto read = [&] { return to_host(cap, 1, stream)[0]; };

  const uint32_t tile = uint32_t(p.tile), tiles = uint32_t(p.tiles), ht = uint32_t(p.highlight_tile());
  const uint32_t ht_keys = uint32_t(p.tile_end(ht) - p.tile_begin(ht));
  const size_t words = sizeof(Word) + (kValues ? sizeof(uint32_t) : 0);
  // Launch indices as the analytic model numbers them (search_merge_perf_model.cpp): the local
  // sort 0, global pass p 1 + p; the copy back outside them.
  mark_launch(ctx, 0);
  switch (p.local) {
    case SearchMergeLocal::Rank:
    case SearchMergeLocal::RankStable: {
      clear();
      local_rank_kernel<Word, kValues><<<tiles, tile, tile * sizeof(Word), stream>>>(
          a, va, p.n, tile, p.local == SearchMergeLocal::RankStable, cap, ht);
      CUDA_CHECK_LAUNCH("binary-search-merge local rank sort");
      if (writer) {
        const SearchMergeCapture c = read();
        RankTile r;
        r.less.assign(c.less, c.less + ht_keys);
        r.equal.assign(c.equal, c.equal + ht_keys);
        r.dest.assign(c.dest, c.dest + ht_keys);
        writer->rank(std::move(r), device_state(a, va, stream));
      }
      break;
    }
    case SearchMergeLocal::Transposition: {
      clear();
      local_transposition_kernel<Word, kValues><<<tiles, tile, tile * words, stream>>>(a, va, p.n, tile, cap, ht);
      CUDA_CHECK_LAUNCH("binary-search-merge local transposition sort");
      if (writer) {
        const SearchMergeCapture c = read();
        TranspositionTrace t;
        t.swaps.assign(c.swaps, c.swaps + tile);
        writer->transposition(std::move(t), device_state(a, va, stream));
      }
      break;
    }
    case SearchMergeLocal::BinaryMerge: {
      int stages = 0;
      for (uint64_t run = 1; run < p.tile && run < p.n; run *= 2) ++stages;
      const size_t smem = 2 * tile * words;
      if (!writer) {
        local_merge_kernel<Word, kValues><<<tiles, tile, smem, stream>>>(a, va, p.n, tile, 0, stages, nullptr, ht);
        CUDA_CHECK_LAUNCH("binary-search-merge local merge");
        break;
      }
      for (int stage = 0; stage < stages; ++stage) {  // one launch per recorded stage
        clear();
        local_merge_kernel<Word, kValues><<<tiles, tile, smem, stream>>>(a, va, p.n, tile, stage, stage + 1, cap, ht);
        CUDA_CHECK_LAUNCH("binary-search-merge local merge");
        const SearchMergeCapture c = read();
        const uint64_t run = uint64_t(1) << stage;
        const uint32_t la = uint32_t(std::min<uint64_t>(run, ht_keys));
        const uint32_t lc = uint32_t(std::min<uint64_t>(run, ht_keys - la));
        SiblingSearches s = search_merge_pair(uint32_t(stage), true, run, p.tile_begin(ht), la, lc);
        read_searches(c, uint64_t(la) + lc, s);
        writer->merge_stage(stage, run, read_work(c), std::move(s), device_state(a, va, stream));
      }
      break;
    }
  }

  Word* src = a;
  Word* dst = b;
  uint32_t* src_v = va;
  uint32_t* dst_v = vb;
  const bool half = p.global == SearchMergeGlobal::Half;
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t run = p.run_of_pass(pass), pairs = (p.n + 2 * run - 1) / (2 * run), hq = pairs / 2;
    clear();
    mark_launch(ctx, 1 + pass);
    if (half) {
      auto kernel = p.search == SearchMergeSearch::Block   ? global_half_kernel<Word, kValues, PassSearch::Block>
                    : p.search == SearchMergeSearch::Edges ? global_half_kernel<Word, kValues, PassSearch::Edges>
                                                           : global_half_kernel<Word, kValues, PassSearch::Key>;
      kernel<<<blocks_for(pairs * run), kGlobalThreads, 0, stream>>>(src, src_v, dst, dst_v, p.n, run, pairs, cap, hq);
    } else {
      auto kernel = p.search == SearchMergeSearch::Block   ? global_full_kernel<Word, kValues, PassSearch::Block>
                    : p.search == SearchMergeSearch::Edges ? global_full_kernel<Word, kValues, PassSearch::Edges>
                                                           : global_full_kernel<Word, kValues, PassSearch::Key>;
      kernel<<<blocks_for(p.n), kGlobalThreads, 0, stream>>>(src, src_v, dst, dst_v, p.n, run, cap, hq);
    }
    CUDA_CHECK_LAUNCH("binary-search-merge global pass");
    if (writer) {
      const SearchMergeCapture c = read();
      const uint64_t pb = hq * 2 * run;
      const uint32_t la = uint32_t(std::min(run, p.n - pb)), lc = uint32_t(std::min(run, p.n - pb - la));
      SiblingSearches s = search_merge_pair(uint32_t(pass), false, run, pb, la, lc);
      read_searches(c, half ? la : uint64_t(la) + lc, s);
      writer->global_pass(pass, read_work(c), std::move(s), device_state(dst, dst_v, stream));
    }
    std::swap(src, dst);
    std::swap(src_v, dst_v);
  }
  mark_launch(ctx, -1);
  if (src != a) {  // an odd number of passes ends in the scratch buffer
    CUDA_CHECK(cudaMemcpyAsync(a, src, p.n * sizeof(Word), cudaMemcpyDeviceToDevice, stream));
    if (kValues) CUDA_CHECK(cudaMemcpyAsync(va, src_v, p.n * sizeof(uint32_t), cudaMemcpyDeviceToDevice, stream));
  }
  keys_from_ordered_device(a, p.n, p.key_type, ctx.stream);
}

}  // namespace
}  // namespace search_merge_detail

void search_merge_sort_gpu(const SearchMergePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  using namespace search_merge_detail;
  if (plan.n != keys.n || plan.key_type != keys.type || plan.with_values != (keys.values != nullptr))
    throw std::logic_error("binary-search-merge: the plan was made for a different input");
  if (plan.tile > uint64_t(kMaxTile)) throw std::logic_error("binary-search-merge: tile larger than a block");
  const bool wide = key_bytes(plan.key_type) == 8;
  if (wide) {
    if (plan.with_values) sort_typed<uint64_t, true>(plan, keys, ctx);
    else sort_typed<uint64_t, false>(plan, keys, ctx);
  } else {
    if (plan.with_values) sort_typed<uint32_t, true>(plan, keys, ctx);
    else sort_typed<uint32_t, false>(plan, keys, ctx);
  }
}

}  // namespace sortscope
