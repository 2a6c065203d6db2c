#pragma once
// Host orchestration of the split radix kernels for one key width and values on/off (CUDA only):
// the launches of a measure-mode run and, in explain mode, the capture buffers and read-backs that
// SplitRadixStepWriter turns into the model's steps. Instantiated in split_radix_sort_*.cu.
#include <optional>
#include <stdexcept>
#include <vector>

#include <cub/device/device_scan.cuh>
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

// Digit-major [digits][tiles] on the device -> tiles x digits (row-major) as the step writer takes it.
template <class T, class U>
std::vector<U> tiles_by_digits(const std::vector<T>& digit_major, uint64_t tiles, uint32_t digits) {
  std::vector<U> m(digit_major.size());
  for (uint32_t d = 0; d < digits; ++d)
    for (uint64_t t = 0; t < tiles; ++t) m[size_t(t) * digits + d] = U(digit_major[size_t(d) * tiles + t]);
  return m;
}

// Explain mode's capture buffers (device) and their host mirror.
struct CaptureBuffers {
  DeviceBuffer<uint8_t> bits;
  DeviceBuffer<uint32_t> zeros_before, zeros, all_dest;
  DeviceBuffer<SplitRadixCapture> cap;
  SplitRadixCapture host;
  CaptureBuffers(const SplitRadixPlan& p, cudaStream_t stream) {
    host.tile = uint32_t(p.highlight_tile());
    bits.resize(p.tile_keys);
    zeros_before.resize(p.tile_keys);
    zeros.resize(1);
    host.bits = bits.data();
    host.zeros_before = zeros_before.data();
    host.zeros = zeros.data();
    if (p.n <= kSplitRadixScatterMapMaxKeys) {
      all_dest.resize(p.n);
      host.all_dest = all_dest.data();
    }
    cap.resize(1);
    CUDA_CHECK(cudaMemcpyAsync(cap.data(), &host, sizeof(host), cudaMemcpyHostToDevice, stream));
  }
};

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

  const uint64_t items = uint64_t(p.digits) * p.tiles;
  const uint64_t temp_bytes = split_radix_scan_temp_bytes(items);
  const SplitRadixScratch<Word> sl = split_radix_scratch<Word>(p, temp_bytes);
  DeviceScratch own;
  void* base = (ctx.scratch ? *ctx.scratch : own).carve(sl.layout);
  Word* b = sl.local_keys.in(base);
  uint32_t* vb = sl.local_values.in(base);
  uint32_t* counts = sl.counts.in(base);
  uint32_t* offsets = sl.offsets.in(base);
  void* temp = sl.scan_temp.in(base);

  using radix_detail::xform_for;
  const KeyXform<Word> none{};
  const KeyXform<Word> xin = writer ? none : xform_for<Word>(p.key_type, true);
  const KeyXform<Word> xout = writer ? none : xform_for<Word>(p.key_type, false);
  std::optional<CaptureBuffers> cb;
  if (writer) cb.emplace(p, stream);
  SplitRadixCapture* cap = writer ? cb->cap.data() : nullptr;
  const uint32_t n = uint32_t(p.n), tiles = uint32_t(p.tiles);

  dispatch_value<kSplitRadixThreads>(p.threads, "split-radix threads", [&](auto threads_c) {
    constexpr int THREADS = decltype(threads_c)::value;
    dispatch_value<kSplitRadixKeysPerThread>(p.keys_per_thread, "split-radix keys_per_thread", [&](auto kpt_c) {
      constexpr int KPT = decltype(kpt_c)::value;
      auto local = local_sort_kernel<Word, kValues, THREADS, KPT>;
      auto scatter = scatter_kernel<Word, kValues, THREADS, KPT>;
      const size_t smem = LocalSmem<Word, kValues>::bytes(uint32_t(p.tile_keys), THREADS);
      if (smem > 48 * 1024)
        CUDA_CHECK(cudaFuncSetAttribute(local, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
      for (int pass = 0; pass < p.passes; ++pass) {
        const int shift = p.pass_shift(pass), splits = p.pass_bits(pass);
        const KeyXform<Word> xf_in = pass == 0 ? xin : none, xf_out = pass + 1 == p.passes ? xout : none;
        if (writer) {
          // Every split's snapshot: the first s + 1 splits of every tile from the pass input.
          for (int s = 0; s < splits; ++s) {
            local<<<tiles, THREADS, smem, stream>>>(a, va, b, vb, n, tiles, shift, s + 1, p.digits, xf_in,
                                                      s + 1 == splits ? counts : nullptr, cap);
            CUDA_CHECK_LAUNCH("split radix local sort");
            const uint64_t ht = p.highlight_tile();
            const size_t tk = size_t(p.tile_end(ht) - p.tile_begin(ht));
            OneBitSplit os;
            os.pass = uint32_t(pass);
            os.split = uint32_t(s);
            os.splits = uint32_t(splits);
            os.bit = uint32_t(shift + s);
            os.tile = ht;
            os.begin = p.tile_begin(ht);
            os.bits = to_host(cb->bits.data(), tk, stream);
            os.zeros_before = to_host(cb->zeros_before.data(), tk, stream);
            os.zeros = to_host(cb->zeros.data(), 1, stream)[0];
            writer->split(std::move(os), device_state(b, vb, stream));
          }
        } else {
          mark_launch(ctx, p.launch_of_local_sort(pass));
          local<<<tiles, THREADS, smem, stream>>>(a, va, b, vb, n, tiles, shift, splits, p.digits, xf_in, counts,
                                                    nullptr);
          CUDA_CHECK_LAUNCH("split radix local sort");
        }
        std::vector<uint32_t> host_counts;
        if (writer) {
          host_counts = tiles_by_digits<uint32_t, uint32_t>(to_host(counts, items, stream), p.tiles, p.digits);
          writer->tile_histogram(pass, host_counts, device_state(b, vb, stream));
        }
        size_t tb = size_t(temp_bytes);
        mark_launch(ctx, p.launch_of_scan(pass));
        CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, tb, counts, offsets, items, stream));
        std::vector<uint64_t> scanned;
        if (writer) {
          scanned = tiles_by_digits<uint32_t, uint64_t>(to_host(offsets, items, stream), p.tiles, p.digits);
          writer->scan(pass, host_counts, scanned, device_state(b, vb, stream));
        }
        mark_launch(ctx, p.launch_of_scatter(pass));
        scatter<<<tiles, THREADS, 0, stream>>>(b, vb, a, va, n, tiles, shift, p.digits, counts, offsets, xf_out, cap);
        CUDA_CHECK_LAUNCH("split radix scatter");
        if (writer) {
          std::vector<uint32_t> dest;
          if (cb->host.all_dest) dest = to_host(cb->all_dest.data(), p.n, stream);
          writer->scatter(pass, host_counts, scanned, std::move(dest), device_state(a, va, stream));
        }
      }
    });
  });
  if (writer) keys_from_ordered_device(a, p.n, p.key_type, ctx.stream);
}

}  // namespace sortscope::split_radix_detail
