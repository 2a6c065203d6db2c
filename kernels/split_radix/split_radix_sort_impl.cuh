#pragma once
// Host orchestration of the split radix kernels for one key width and values on/off (CUDA only):
// the launches of a measure-mode run (the digit totals, then one launch per place) and, in explain
// mode, the capture buffers, the per-split snapshot launches and the read-backs that
// SplitRadixStepWriter turns into the model's steps. Instantiated in split_radix_sort_*.cu.
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
#include "common/param_dispatch.h"
#include "split_radix_gpu.h"
#include "split_radix_kernels.cuh"
#include "split_radix_scratch.h"
#include "split_radix_steps.h"

namespace sortscope::split_radix_detail {

// Explain mode's capture buffers (device) and their host mirror.
struct CaptureBuffers {
  DeviceBuffer<uint8_t> bits;
  DeviceBuffer<uint32_t> zeros_before, zeros, all_dest, tile_counts, tile_offsets;
  DeviceBuffer<SplitRadixCapture> cap;
  SplitRadixCapture host;
  CaptureBuffers(const SplitRadixPlan& p, cudaStream_t stream) {
    host.tile = uint32_t(p.highlight_tile());
    bits.resize(p.tile_keys);
    zeros_before.resize(p.tile_keys);
    zeros.resize(1);
    tile_counts.resize(size_t(p.tiles) * p.digits);
    tile_offsets.resize(size_t(p.tiles) * p.digits);
    host.bits = bits.data();
    host.zeros_before = zeros_before.data();
    host.zeros = zeros.data();
    host.tile_counts = tile_counts.data();
    host.tile_offsets = tile_offsets.data();
    if (p.n <= kSplitRadixScatterMapMaxKeys) {
      all_dest.resize(p.n);
      host.all_dest = all_dest.data();
    }
    cap.resize(1);
    CUDA_CHECK(cudaMemcpyAsync(cap.data(), &host, sizeof(host), cudaMemcpyHostToDevice, stream));
  }
};

// The pass kernel's build for a key width, values and tile (PassShape in split_radix_kernels.cuh),
// from the same-run H200 measurements at 2^28 (docs/performance-history.md, "Two-bit rounds, index mode"):
// - index mode where a record is more than one 32-bit word (u32 + values 0.454x -> 0.502x, u64
//   0.583x -> 0.590x at D = 8, 256 x 8);
// - two bits a round, except u32 keys alone at keys_per_thread <= 8, where the one-bit build was as
//   fast at D = 8 and 1.7% faster at D = 4;
// - at keys_per_thread <= 8: 32 registers for u32 keys alone (a full SM of blocks hides each
//   other's barrier waits), 40 for index mode (6 blocks of 256; 32 spilled); at 16 the compiler's
//   (64 registers for u32 keys, 4 blocks of 256).
// The lecture block (32 threads) takes the compiler's registers: 2048 / 32 blocks an SM exceed the
// 32 an SM runs.
template <class Word, bool kValues, int THREADS, int KPT>
struct DefaultShapeOf {
  static constexpr bool index = kValues || sizeof(Word) > 4;
  static constexpr int round = index || KPT > 8 ? 2 : 1;
  static constexpr int min_blocks =
      KPT > 8 || THREADS == kSplitRadixLectureTile.threads ? 0 : index ? 1536 / THREADS : 2048 / THREADS;
  using type = PassShape<round, index, min_blocks>;
};
template <class Word, bool kValues, int THREADS, int KPT>
using DefaultShape = typename DefaultShapeOf<Word, kValues, THREADS, KPT>::type;

// A pass launch's kernel: the two-bit build where it applies (an even number of splits, measure
// mode), else the one-bit build of the same shape (odd bit counts, and explain mode, whose
// snapshots are per split). Both take the same shared memory.
template <class Word>
struct PassKernels {
  using Kernel = void (*)(PassArgs<Word>);
  Kernel one_bit = nullptr, two_bit = nullptr;
  size_t smem = 0;
  Kernel for_launch(int splits, bool explain) const {
    return two_bit && splits % 2 == 0 && !explain ? two_bit : one_bit;
  }
};

template <class Word, bool kValues, int THREADS, int KPT, class Shape>
PassKernels<Word> pass_kernels(const SplitRadixPlan& p) {
  PassKernels<Word> k;
  k.one_bit = split_pass_kernel<Word, kValues, THREADS, KPT, PassShape<1, Shape::index, Shape::min_blocks>>;
  if constexpr (Shape::round == 2) k.two_bit = split_pass_kernel<Word, kValues, THREADS, KPT, Shape>;
  k.smem = PassSmem<Word, kValues, Shape::index>::bytes(uint32_t(p.tile_keys), THREADS);
  if (k.smem > 48 * 1024) {
    CUDA_CHECK(cudaFuncSetAttribute(k.one_bit, cudaFuncAttributeMaxDynamicSharedMemorySize, int(k.smem)));
    if (k.two_bit) CUDA_CHECK(cudaFuncSetAttribute(k.two_bit, cudaFuncAttributeMaxDynamicSharedMemorySize, int(k.smem)));
  }
  return k;
}

template <class Word, bool kValues>
void split_radix_sort_typed(const SplitRadixPlan& p, DeviceKeys& keys, const GpuRunContext& ctx) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(ctx.stream);
  Word* a = static_cast<Word*>(keys.keys);
  uint32_t* va = keys.values;
  if (kValues && !va) throw std::logic_error("split-radix: values expected");
  std::optional<SplitRadixStepWriter> writer;
  if (ctx.recorder) writer.emplace(p, *ctx.recorder);
  if (writer) {
    keys_to_ordered_device(a, p.n, p.key_type, ctx.stream);
    writer->input(device_state(a, va, stream));
  }
  if (p.n == 0) return;

  const SplitRadixScratch<Word> sl = split_radix_scratch<Word>(p);
  DeviceScratch own;
  void* base = (ctx.scratch ? *ctx.scratch : own).carve(sl.layout);
  Word* b = sl.other_keys.in(base);
  uint32_t* vb = sl.other_values.in(base);
  uint32_t* totals = sl.totals.in(base);
  uint32_t* counters = sl.tile_counters.in(base);
  unsigned long long* lookback = sl.lookback.in(base);
  // totals, counters and look-back words lie in this order in the block: one memset zeroes them
  // (timed with the totals).
  mark_launch(ctx, p.launch_of_totals());
  const char* zero_end = reinterpret_cast<const char*>(lookback + uint64_t(p.digits) * p.tiles);
  CUDA_CHECK(cudaMemsetAsync(totals, 0, size_t(zero_end - reinterpret_cast<const char*>(totals)), stream));

  using radix_detail::xform_for;
  const KeyXform<Word> none{};
  const KeyXform<Word> xin = writer ? none : xform_for<Word>(p.key_type, true);
  const KeyXform<Word> xout = writer ? none : xform_for<Word>(p.key_type, false);
  std::optional<CaptureBuffers> cb;
  // Explain mode scatters each pass into a third array, so the locally sorted tiles (in b) stay
  // for the histogram and scan steps' snapshots; the result is copied back to a.
  DeviceBuffer<Word> explain_keys;
  DeviceBuffer<uint32_t> explain_values;
  if (writer) {
    cb.emplace(p, stream);
    explain_keys.resize(p.n);
    if (kValues) explain_values.resize(p.n);
  }
  SplitRadixCapture* cap = writer ? cb->cap.data() : nullptr;
  const uint32_t n = uint32_t(p.n), tiles = uint32_t(p.tiles);

  dispatch_value<kSplitRadixThreads>(p.threads, "split-radix threads", [&](auto threads_c) {
    constexpr int THREADS = decltype(threads_c)::value;
    dispatch_value<kSplitRadixKeysPerThread>(p.keys_per_thread, "split-radix keys_per_thread", [&](auto kpt_c) {
      constexpr int KPT = decltype(kpt_c)::value;
      {
        // The digit totals: as many blocks as fit the GPU at once, looping over the tiles.
        auto totals_kernel = digit_totals_kernel<Word, THREADS, KPT>;
        int device = 0, sms = 0, per_sm = 0;
        CUDA_CHECK(cudaGetDevice(&device));
        CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, totals_kernel, THREADS, 0));
        const int grid = int(std::min<uint64_t>(p.tiles, uint64_t(sms) * uint64_t(std::max(per_sm, 1))));
        totals_kernel<<<grid, THREADS, 0, stream>>>(a, n, xin, p.digit_bits, p.passes, totals);
        CUDA_CHECK_LAUNCH("split radix digit totals");
      }
      PassKernels<Word> kernels = pass_kernels<Word, kValues, THREADS, KPT, DefaultShape<Word, kValues, THREADS, KPT>>(p);
      const size_t smem = kernels.smem;
      Word* src = a;
      uint32_t* vsrc = va;
      Word* dst = writer ? explain_keys.data() : b;
      uint32_t* vdst = writer ? explain_values.data() : vb;
      for (int pass = 0; pass < p.passes; ++pass) {
        const int splits = p.pass_bits(pass);
        PassArgs<Word> args{src, vsrc, dst, vdst, n, tiles, p.pass_shift(pass), splits, p.digits,
                            pass == 0 ? xin : none, pass + 1 == p.passes ? xout : none,
                            totals + size_t(pass) * p.digits, counters + pass, lookback, uint32_t(pass), cap};
        if (!writer) {
          mark_launch(ctx, p.launch_of_pass(pass));
          kernels.for_launch(splits, false)<<<tiles, THREADS, smem, stream>>>(args);
          CUDA_CHECK_LAUNCH("split radix pass");
          std::swap(src, dst);
          std::swap(vsrc, vdst);
          continue;
        }
        // Explain mode: every split's snapshot from a local-sort-only launch of the first s + 1
        // splits of every tile (into b), then the whole pass (into the third array).
        const uint64_t ht = p.highlight_tile();
        const size_t tk = size_t(p.tile_end(ht) - p.tile_begin(ht));
        for (int s = 0; s < splits; ++s) {
          PassArgs<Word> local = args;
          local.out = b;
          local.vout = vb;
          local.splits = s + 1;
          local.totals = nullptr;
          kernels.for_launch(s + 1, true)<<<tiles, THREADS, smem, stream>>>(local);
          CUDA_CHECK_LAUNCH("split radix local sort");
          OneBitSplit os;
          os.pass = uint32_t(pass);
          os.split = uint32_t(s);
          os.splits = uint32_t(splits);
          os.bit = uint32_t(args.shift + s);
          os.tile = ht;
          os.begin = p.tile_begin(ht);
          os.bits = to_host(cb->bits.data(), tk, stream);
          os.zeros_before = to_host(cb->zeros_before.data(), tk, stream);
          os.zeros = to_host(cb->zeros.data(), 1, stream)[0];
          writer->split(std::move(os), device_state(b, vb, stream));
        }
        kernels.for_launch(splits, true)<<<tiles, THREADS, smem, stream>>>(args);
        CUDA_CHECK_LAUNCH("split radix pass");
        const size_t cells = size_t(p.tiles) * p.digits;
        const std::vector<uint32_t> counts = to_host(cb->tile_counts.data(), cells, stream);
        const std::vector<uint32_t> offsets = to_host(cb->tile_offsets.data(), cells, stream);
        const std::vector<uint64_t> scanned(offsets.begin(), offsets.end());
        writer->tile_histogram(pass, counts, device_state(b, vb, stream));
        writer->scan(pass, counts, scanned, device_state(b, vb, stream));
        std::vector<uint32_t> dest;
        if (cb->host.all_dest) dest = to_host(cb->all_dest.data(), p.n, stream);
        writer->scatter(pass, counts, scanned, std::move(dest), device_state(dst, vdst, stream));
        CUDA_CHECK(cudaMemcpyAsync(a, dst, p.n * sizeof(Word), cudaMemcpyDeviceToDevice, stream));
        if (kValues) CUDA_CHECK(cudaMemcpyAsync(va, vdst, p.n * 4, cudaMemcpyDeviceToDevice, stream));
      }
      // An odd number of passes (measure mode) leaves the result in the scratch half.
      if (!writer && src != a) {
        mark_launch(ctx, p.launch_of_copy_back());
        CUDA_CHECK(cudaMemcpyAsync(a, src, p.n * sizeof(Word), cudaMemcpyDeviceToDevice, stream));
        if (kValues) CUDA_CHECK(cudaMemcpyAsync(va, vsrc, p.n * 4, cudaMemcpyDeviceToDevice, stream));
      }
    });
  });
  if (writer) keys_from_ordered_device(a, p.n, p.key_type, ctx.stream);
}

}  // namespace sortscope::split_radix_detail
