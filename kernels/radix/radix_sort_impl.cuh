#pragma once
// Host orchestration of the radix kernels for one key width and values on/off (CUDA only): the
// launches of a measure-mode run and, in explain mode, the capture buffers and the read-backs that
// become RadixPassRecords for RadixStepWriter. Instantiated in radix_sort_*.cu.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <cuda_runtime_api.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_readback.cuh"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "common/param_dispatch.h"
#include "common/piece_slots.h"
#include "radix_gpu.h"
#include "radix_kernels.cuh"
#include "radix_scratch.h"
#include "radix_steps.h"

namespace sortscope::radix_detail {

// Opts the kernel in to `bytes` of dynamic shared memory, or says which tile is too large.
template <class Kernel>
void allow_shared_memory(Kernel kernel, size_t bytes) {
  if (bytes <= 48 * 1024) return;
  int device = 0, max_bytes = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&max_bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (bytes > size_t(max_bytes))
    throw std::runtime_error("radix: this tile (threads x keys_per_thread) needs " + std::to_string(bytes / 1024) +
                             " KiB of shared memory, the GPU gives a block at most " +
                             std::to_string(max_bytes / 1024) + " KiB; choose fewer threads or keys per thread");
  CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
}

// Explain mode's device-side capture buffers for one multi-block pass (reused pass after pass).
struct PassCaptureBuffers {
  DeviceBuffer<uint32_t> highlight_dest, all_dest, tile_counts, tile_offsets, events;
  DeviceBuffer<RadixCapture> cap;
  RadixCapture host;

  PassCaptureBuffers(const RadixPlan& p, cudaStream_t stream) {
    const uint32_t hb = radix_highlight_block(p);
    host.highlight_block = hb;
    highlight_dest.resize(std::max<uint64_t>(1, p.block_end(hb) - p.block_begin(hb)));
    host.highlight_dest = highlight_dest.data();
    if (radix_captures_scatter_map(p)) {
      all_dest.resize(p.n);
      host.all_dest = all_dest.data();
    }
    if (p.variant == RadixVariant::Onesweep) {
      tile_counts.resize(p.tiles * p.digits);
      tile_offsets.resize(p.tiles * p.digits);
      events.resize(3 * p.tiles + 1);
      host.tile_counts = tile_counts.data();
      host.tile_offsets = tile_offsets.data();
      host.aggregate_at = events.data();
      host.inclusive_at = events.data() + p.tiles;
      host.depth = events.data() + 2 * p.tiles;
      host.clock = events.data() + 3 * p.tiles;
    }
    cap.resize(1);
    CUDA_CHECK(cudaMemcpyAsync(cap.data(), &host, sizeof(RadixCapture), cudaMemcpyHostToDevice, stream));
  }
};

// kRecords: the records' fused sort (radix_records.h), onesweep over several tiles only: pass 0
// reads its keys from records_in and takes the input positions as values; the last pass moves
// `rows` (when rows.out is set) instead of writing the values.
template <class Bits, bool kValues, bool kHooks, bool kRecords = false>
class RadixRun {
 public:
  RadixRun(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx)
      : p_(plan), keys_(static_cast<Bits*>(keys.keys)), values_(keys.values), ctx_(ctx),
        stream_(reinterpret_cast<cudaStream_t>(ctx.stream)),
        scratch_(ctx.scratch ? *ctx.scratch : own_scratch_) {
    if (ctx.recorder && !kHooks) throw std::logic_error("radix: explain mode needs the capture hooks");
    if (kValues && !values_) throw std::logic_error("radix: values expected");
    explain_ = ctx.recorder != nullptr;
    if (explain_) writer_.emplace(p_, *ctx.recorder);
    // A histogram or scan piece from a slot (the kernel lab) reads ordered bits, as explain mode's
    // kernels do: the keys are transformed in place around the sort.
    histogram_slot_ = slot_of(ctx.slots, &PieceSlots::digit_histogram);
    scan_slot_ = slot_of(ctx.slots, &PieceSlots::digit_scan);
    ordered_in_place_ = explain_ || histogram_slot_ || scan_slot_;
    xin_ = ordered_in_place_ ? KeyXform<Bits>{} : xform_for<Bits>(p_.key_type, true);
    xout_ = ordered_in_place_ ? KeyXform<Bits>{} : xform_for<Bits>(p_.key_type, false);
  }

  void run_records(const Bits* records_in, const RecordRows& rows) {
    static_assert(kRecords && kValues && !kHooks, "the records' run is onesweep's, measure mode only");
    if (explain_ || p_.single_block || p_.variant != RadixVariant::Onesweep)
      throw std::logic_error("radix: the records' fused sort needs onesweep over several tiles, measure mode");
    records_in_ = records_in;
    rows_ = rows;
    if (p_.n > 0) onesweep();
  }

  void run() {
    if ((histogram_slot_ || scan_slot_) && p_.n > 0 && (p_.single_block || p_.variant != RadixVariant::ReduceThenScan))
      throw std::invalid_argument("radix: the digit histogram and scan slots are pieces of the multi-block "
                                  "reduce-then-scan passes (n above " + std::to_string(kSingleBlockMaxKeys) + ")");
    if (ordered_in_place_) keys_to_ordered_device(keys_, p_.n, p_.key_type, ctx_.stream);
    if (explain_) writer_->input(device_state(keys_, values_, stream_));
    if (p_.n > 0) {
      if (p_.single_block) single_block();
      else if (p_.variant == RadixVariant::ReduceThenScan) reduce_then_scan();
      else onesweep();
    }
    if (ordered_in_place_) keys_from_ordered_device(keys_, p_.n, p_.key_type, ctx_.stream);
  }

 private:
  // ---- single block ------------------------------------------------------------------------
  void single_block() {
    constexpr int KPT = kSingleBlockKeysPerThread;
    const int warps = p_.threads / kWarpThreads;
    const size_t smem = TileSmem<Bits>::bytes(uint32_t(p_.tile_keys), warps, p_.digits, kValues, false);
    auto kernel = single_block_kernel<Bits, kValues, KPT, kHooks>;
    allow_shared_memory(kernel, smem);
    SingleBlockArgs<Bits> a{keys_, values_, uint32_t(p_.n), p_.passes, p_.radix_bits,
                            p_.ranking, xin_, xout_, nullptr};

    // Explain: one capture record per pass, each with its own buffers.
    std::vector<DeviceBuffer<uint32_t>> bufs;
    std::vector<DeviceBuffer<Bits>> pass_keys;
    DeviceBuffer<RadixCapture> caps;
    std::vector<Bits> input_host;
    if (explain_) {
      input_host = to_host(keys_, p_.n, stream_);
      std::vector<RadixCapture> host(size_t(p_.passes));
      for (auto& c : host) {
        bufs.emplace_back(p_.n);  // highlight (= all keys)
        c.highlight_dest = bufs.back().data();
        bufs.emplace_back(p_.n);
        c.all_dest = bufs.back().data();
        bufs.emplace_back(p_.digits);
        c.block_counts = bufs.back().data();
        pass_keys.emplace_back(p_.n);
        c.pass_keys = pass_keys.back().data();
        if (kValues) {
          bufs.emplace_back(p_.n);
          c.pass_values = bufs.back().data();
        }
      }
      caps.resize(host.size());
      CUDA_CHECK(cudaMemcpyAsync(caps.data(), host.data(), host.size() * sizeof(RadixCapture),
                                 cudaMemcpyHostToDevice, stream_));
      a.cap = caps.data();
      kernel<<<1, p_.threads, smem, stream_>>>(a);
      CUDA_CHECK_LAUNCH("single_block_kernel");
      for (int pass = 0; pass < p_.passes; ++pass) {
        const RadixCapture& c = host[size_t(pass)];
        RadixPassRecord rec;
        rec.pass = pass;
        rec.rows = 1;
        rec.counts = to_host(c.block_counts, p_.digits, stream_);
        rec.scanned = digit_major_scan(rec.counts, 1, p_.digits);
        rec.highlight_dest = to_host(c.highlight_dest, p_.n, stream_);
        if (radix_captures_scatter_map(p_)) rec.all_dest = to_host(c.all_dest, p_.n, stream_);
        writer_->pass(rec, input_host.data(),
                      device_state(c.pass_keys, kValues ? c.pass_values : nullptr, stream_));
        input_host = to_host(static_cast<const Bits*>(c.pass_keys), p_.n, stream_);
      }
      return;
    }
    mark_launch(ctx_, 0);
    kernel<<<1, p_.threads, smem, stream_>>>(a);
    CUDA_CHECK_LAUNCH("single_block_kernel");
  }

  // ---- reduce-then-scan ----------------------------------------------------------------------
  void reduce_then_scan() {
    const uint32_t digits = p_.digits, blocks = p_.blocks;
    const int warps = p_.threads / kWarpThreads;
    const RadixScratch<Bits> s = radix_scratch<Bits>(p_);
    void* base = scratch_.carve(s.layout);
    Bits* alt = s.alt_keys.in(base);
    uint32_t* valt = s.alt_values.in(base);
    const size_t matrix = size_t(digits) * blocks;
    uint32_t* counts = s.counts.in(base);
    uint32_t* offsets = s.offsets.in(base);
    uint32_t* totals = s.totals.in(base);
    CUDA_CHECK(cudaMemsetAsync(totals, 0, size_t(p_.passes) * digits * sizeof(uint32_t), stream_));

    std::optional<PassCaptureBuffers> capture;
    if (explain_) capture.emplace(p_, stream_);
    const size_t up_smem = size_t(warps) * digits * sizeof(uint32_t);
    const size_t down_smem = TileSmem<Bits>::bytes(uint32_t(p_.tile_keys), warps, digits, kValues, explain_);
    const int scan_threads = int(std::min<uint32_t>(1024, (blocks + 31) / 32 * 32));

    dispatch_value<kRadixKeysPerThread>(p_.keys_per_thread, "radix sort keys_per_thread", [&](auto kpt_c) {
      constexpr int KPT = decltype(kpt_c)::value;
      auto up = rts_upsweep_kernel<Bits, KPT>;
      auto down = rts_downsweep_kernel<Bits, kValues, KPT, kHooks>;
      allow_shared_memory(up, up_smem);
      allow_shared_memory(down, down_smem);
      Bits* in = keys_;
      Bits* out = alt;
      uint32_t* vin = values_;
      uint32_t* vout = valt;
      for (int pass = 0; pass < p_.passes; ++pass) {
        RtsArgs<Bits> a{in, out, vin, vout, uint32_t(p_.n), uint32_t(p_.block_keys),
                        uint32_t(p_.tile_keys), blocks, p_.pass_shift(pass), p_.radix_bits,
                        p_.ranking,
                        pass == 0 ? xin_ : KeyXform<Bits>{},
                        pass == p_.passes - 1 ? xout_ : KeyXform<Bits>{},
                        counts, offsets, totals + size_t(pass) * digits,
                        capture ? capture->cap.data() : nullptr};
        mark_launch(ctx_, p_.launch_of_upsweep(pass));
        if (histogram_slot_)
          (*histogram_slot_)(DigitHistogramArgs{in, int(sizeof(Bits)), uint32_t(p_.n), uint32_t(p_.block_keys), blocks,
                                                a.shift, a.bits, counts, a.digit_totals}, ctx_.stream);
        else
          up<<<blocks, p_.threads, up_smem, stream_>>>(a);
        CUDA_CHECK_LAUNCH("rts_upsweep_kernel");
        RadixPassRecord rec;
        if (explain_) {
          rec.pass = pass;
          rec.rows = blocks;
          rec.counts = transpose(to_host(counts, matrix, stream_), digits, blocks);
          writer_->upsweep(rec, device_state(in, vin, stream_));
        }
        mark_launch(ctx_, p_.launch_of_scan(pass));
        if (scan_slot_)
          (*scan_slot_)(DigitScanArgs{counts, a.digit_totals, offsets, digits, blocks}, ctx_.stream);
        else
          rts_scan_kernel<Bits><<<digits, scan_threads, 0, stream_>>>(a);
        CUDA_CHECK_LAUNCH("rts_scan_kernel");
        if (explain_) {
          std::vector<uint32_t> o = transpose(to_host(offsets, matrix, stream_), digits, blocks);
          rec.scanned.assign(o.begin(), o.end());
          writer_->scan(rec, device_state(in, vin, stream_));
        }
        mark_launch(ctx_, p_.launch_of_pass(pass));
        down<<<blocks, p_.threads, down_smem, stream_>>>(a);
        CUDA_CHECK_LAUNCH("rts_downsweep_kernel");
        if (explain_) finish_pass(rec, *capture, in, out, vout);
        std::swap(in, out);
        std::swap(vin, vout);
      }
      if (in != keys_) {  // odd number of passes: the result is in the alternate buffer
        mark_launch(ctx_, 3 * p_.passes);  // the copy back (RadixPlan::launch_names)
        CUDA_CHECK(cudaMemcpyAsync(keys_, in, p_.n * sizeof(Bits), cudaMemcpyDeviceToDevice, stream_));
        if (kValues)
          CUDA_CHECK(cudaMemcpyAsync(values_, vin, p_.n * 4, cudaMemcpyDeviceToDevice, stream_));
      }
    });
  }

  // digit-major [digits][blocks] -> row-major [blocks][digits]
  static std::vector<uint32_t> transpose(const std::vector<uint32_t>& dm, uint32_t digits, uint32_t blocks) {
    std::vector<uint32_t> r(dm.size());
    for (uint32_t d = 0; d < digits; ++d)
      for (uint32_t b = 0; b < blocks; ++b) r[size_t(b) * digits + d] = dm[size_t(d) * blocks + b];
    return r;
  }

  // Explain: destinations of the pass, then the step.
  void finish_pass(RadixPassRecord& rec, PassCaptureBuffers& c, const Bits* in, const Bits* out,
                   const uint32_t* vout) {
    const uint32_t hb = radix_highlight_block(p_);
    const uint64_t begin = p_.block_begin(hb), count = p_.block_end(hb) - begin;
    rec.highlight_dest = to_host(c.highlight_dest.data(), count, stream_);
    if (radix_captures_scatter_map(p_)) rec.all_dest = to_host(c.all_dest.data(), p_.n, stream_);
    std::vector<Bits> hl = to_host(in + begin, count, stream_);
    writer_->pass(rec, hl.data(), device_state(out, vout, stream_));
  }

  // ---- onesweep ------------------------------------------------------------------------------
  // The digit width is a template parameter of the pass kernel (8: the 256-digit ranking; 11: the
  // wide one of radix_block.cuh; 4: the lecture's, the 8-bit code over 16 digits), so the 8-bit
  // kernels are the same code as without the other widths.
  void onesweep() {
    if (p_.radix_bits == int(kOnesweepBits)) return onesweep_bits<int(kOnesweepBits)>();
    if constexpr (!kRecords) {
      if (p_.radix_bits == kOnesweepWideBits) return onesweep_bits<kOnesweepWideBits>();
      if (p_.radix_bits == kOnesweepLectureBits) return onesweep_bits<kOnesweepLectureBits>();
    }
    throw std::logic_error("radix: no onesweep kernels for " + std::to_string(p_.radix_bits) + "-bit digits" +
                           (kRecords ? " in the records' fused sort" : ""));
  }

  template <int kBits>
  void onesweep_bits() {
    constexpr uint32_t digits = 1u << kBits;
    constexpr bool kWide = kBits > int(kOnesweepBits);
    const int warps = p_.threads / kWarpThreads;
    // Look-back words (a tile counter, then flags) per pass when one launch covers a pass, so one
    // memset zeroes the histogram and every pass's look-back at once; with several portions per
    // pass one region is reused and zeroed before each launch (radix_scratch.h).
    const RadixScratch<Bits> s = radix_scratch<Bits>(p_);
    void* base = scratch_.carve(s.layout);
    Bits* alt = s.alt_keys.in(base);
    uint32_t* valt = s.alt_values.in(base);
    const size_t hist_words = size_t(p_.passes) * digits;
    const size_t lb_words = s.lookback_words;
    const bool one_portion = s.one_portion;
    const size_t lb_regions = one_portion ? size_t(p_.passes) : 1;
    uint32_t* bins = s.bins.in(base);
    uint32_t* hist = s.hist_lookback.in(base);
    uint32_t* lookback = hist + hist_words;
    Bits* alt2 = s.alt_keys2.in(base);  // odd pass counts only (radix_scratch.h)
    uint32_t* valt2 = s.alt_values2.in(base);

    CUDA_CHECK(cudaMemsetAsync(hist, 0, (hist_words + (one_portion ? lb_regions * lb_words : 0)) * sizeof(uint32_t),
                               stream_));
    histogram<kBits>(hist);
    mark_launch(ctx_, p_.launch_of_histogram() + 1);
    onesweep_scan_kernel<digits><<<p_.passes, onesweep_scan_threads<digits>(), 0, stream_>>>(hist, bins, 2 * digits);
    CUDA_CHECK_LAUNCH("onesweep_scan_kernel");
    if (explain_) writer_->all_place_histogram(to_host(hist, hist_words, stream_),
                                               device_state(keys_, values_, stream_));

    std::optional<PassCaptureBuffers> capture;
    if (explain_) capture.emplace(p_, stream_);
    // after-keys exchanges the values through the key buffer (no value buffer).
    const bool value_buffer = kValues && (kRecords || !radix_after_keys(p_.value_load));
    const size_t smem = TileSmem<Bits>::bytes(uint32_t(p_.tile_keys), warps, digits, value_buffer, explain_, kWide);
    const PassBuffers bufs{alt, valt, alt2, valt2, bins, lookback, lb_words, one_portion};

    dispatch_value<kRadixKeysPerThread>(p_.keys_per_thread, "radix sort keys_per_thread", [&](auto kpt_c) {
      constexpr int KPT = decltype(kpt_c)::value;
      if constexpr (kWide && KPT == kRadixLectureKeysPerThread) {
        throw std::logic_error("radix: no wide-digit kernel for the lecture tile (make_radix_plan refuses it)");
      } else if constexpr (kWide || kBits < int(kOnesweepBits)) {
        // wide and lecture digits: late values, any block size (make_radix_plan)
        onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, RadixValueLoad::Late, 0, false, kBits>, smem,
                        bufs, capture);
      } else if constexpr (KPT == kRadixLectureKeysPerThread) {
        // the lecture tile: late values, any block size (make_radix_plan)
        onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, RadixValueLoad::Late, 0, kRecords>, smem, bufs,
                        capture);
      } else {
      // One pass kernel per value load; T: compiled for exactly T threads (0: any block size).
      auto with_block = [&](auto threads_c) {
        constexpr int T = decltype(threads_c)::value;
        using L = RadixValueLoad;
        if constexpr (kValues) {
          switch (p_.value_load) {
            case L::Early:
              return onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, L::Early, T, kRecords>, smem, bufs,
                                     capture);
            case L::Staged:
              return onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, L::Staged, T, kRecords>, smem,
                                     bufs, capture);
            case L::AfterKeys:  // the records' run (values in the value buffer) takes late instead
              if constexpr (!kRecords)
                return onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, L::AfterKeys, T>, smem, bufs,
                                       capture);
              break;
            case L::AfterKeysBatched:
              if constexpr (!kRecords)
                return onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, L::AfterKeysBatched, T>, smem,
                                       bufs, capture);
              break;
            default: break;
          }
        }
        onesweep_passes(onesweep_pass_kernel<Bits, kValues, KPT, kHooks, L::Late, T, kRecords>, smem, bufs, capture);
      };
      if (p_.block_compile != RadixBlockCompile::Exact) return with_block(std::integral_constant<int, 0>{});
      // Exact kernels exist for the shapes of kRadixExactShapes only (make_radix_plan refuses others).
      dispatch_value<kRadixThreads>(p_.threads, "radix sort threads", [&](auto threads_c) {
        if constexpr (radix_exact_shape(decltype(threads_c)::value, KPT)) with_block(threads_c);
        else throw std::logic_error("radix: no block_compile=exact kernel for this tile shape");
      });
      }
    });
  }

  // The onesweep buffers of one run: the alternate key/value buffers (the second pair for odd
  // pass counts), the bins and the look-back regions.
  struct PassBuffers {
    Bits* alt;
    uint32_t* valt;
    Bits* alt2;
    uint32_t* valt2;
    uint32_t* bins;
    uint32_t* lookback;
    size_t lb_words;
    bool one_portion;
  };

  // Onesweep's all-places histogram into `hist` (zeroed): as many blocks as fit the GPU at once,
  // each looping over tiles. histogram=lanes (one counter column per lane, 16-bit halves) also
  // caps the tiles a block takes at kLanesHistMaxTiles, so that its halves cannot overflow.
  // Wide digits count one shared histogram per place (radix_params_as_run sets histogram=shared).
  template <int kBits>
  void histogram(uint32_t* hist) {
    const Bits* in = records_in_ ? records_in_ : keys_;
    int device = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    auto grid_for = [&](uint64_t tile_keys, uint64_t min_blocks) {
      const uint64_t tiles = (p_.n + tile_keys - 1) / tile_keys;
      const uint64_t resident = std::max<uint64_t>(min_blocks, uint64_t(sms) * uint64_t(std::max(per_sm, 1)));
      return int(std::min<uint64_t>(tiles, resident));
    };
    mark_launch(ctx_, p_.launch_of_histogram());
    if (kBits == int(kOnesweepBits) && p_.histogram == RadixHistogram::Lanes) {  // 8-bit places only
      // 512 threads x 8 keys: 16 warps a block, so that with one block per SM (64-bit keys: 128 KiB)
      // some warps load while others count.
      constexpr int kKpt = 8, kThreads = 512;
      auto kernel = onesweep_histogram_lanes_kernel<Bits, kKpt, kThreads>;
      const size_t smem = lanes_hist_words<Bits>() * sizeof(uint32_t);
      if (p_.passes != int(sizeof(Bits)) * 8 / int(kOnesweepBits))
        throw std::logic_error("radix: the lanes histogram counts every 8-bit place of the key");
      allow_shared_memory(kernel, smem);
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, smem));
      const uint64_t tiles = (p_.n + kThreads * kKpt - 1) / (kThreads * kKpt);
      const int grid = grid_for(kThreads * kKpt, (tiles + kLanesHistMaxTiles - 1) / kLanesHistMaxTiles);
      kernel<<<grid, kThreads, smem, stream_>>>(in, uint32_t(p_.n), xin_, hist);
      CUDA_CHECK_LAUNCH("onesweep_histogram_lanes_kernel");
      return;
    }
    // 128 threads x 16 keys per tile (CUB's shape on Hopper). Wide digits: 512 x 8, so that the
    // few blocks an SM that 2048 counters per place allow (u64: 48 KiB a block) still hold 2048
    // threads.
    constexpr int kKpt = kBits <= int(kOnesweepBits) ? 16 : 8, kThreads = kBits <= int(kOnesweepBits) ? 128 : 512;
    auto kernel = onesweep_histogram_kernel<Bits, kKpt, kThreads, kBits>;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0));
    kernel<<<grid_for(kThreads * kKpt, 0), kThreads, 0, stream_>>>(in, uint32_t(p_.n), xin_, p_.passes, hist);
    CUDA_CHECK_LAUNCH("onesweep_histogram_kernel");
  }

  // The passes of onesweep with one instantiation of the pass kernel.
  // An odd pass count (11-bit digits, 32-bit keys) runs keys -> alt -> alt2 -> keys: pass 1
  // writes the second buffer, so the last pass ends in the caller's buffer without a copy back.
  template <class Kernel>
  void onesweep_passes(Kernel kernel, size_t smem, const PassBuffers& b, std::optional<PassCaptureBuffers>& capture) {
    const uint32_t digits = p_.digits;
    uint32_t* const bins = b.bins;
    uint32_t* const lookback = b.lookback;
    const size_t lb_words = b.lb_words;
    const bool one_portion = b.one_portion;
    const bool odd = p_.passes % 2 != 0;
    allow_shared_memory(kernel, smem);
    Bits* in = keys_;
    Bits* next_out = b.alt;
    uint32_t* vin = values_;
    uint32_t* next_vout = b.valt;
    for (int pass = 0; pass < p_.passes; ++pass) {
      const bool third = odd && pass == 1;
      Bits* out = third ? b.alt2 : next_out;
      uint32_t* vout = third ? b.valt2 : next_vout;
      if (explain_)
        CUDA_CHECK(cudaMemsetAsync(capture->host.clock, 0, sizeof(uint32_t), stream_));
      for (uint32_t q = 0; q < p_.portions; ++q) {
        const uint64_t first = uint64_t(q) * p_.portion_tiles;
        const uint32_t ptiles = uint32_t(std::min<uint64_t>(p_.portion_tiles, p_.tiles - first));
        uint32_t* lb = one_portion ? lookback + size_t(pass) * lb_words : lookback;
        if (!one_portion)
          CUDA_CHECK(cudaMemsetAsync(lb, 0, (1 + size_t(ptiles) * digits) * sizeof(uint32_t), stream_));
        uint32_t* pass_bins = bins + size_t(pass) * 2 * digits;
        // The records' run: pass 0 reads the records' keys and no values (input positions).
        const bool first_records = kRecords && pass == 0;
        OnesweepArgs<Bits> a{first_records ? records_in_ : in, out, first_records ? nullptr : vin, vout,
                             uint32_t(p_.n), uint32_t(p_.tile_keys),
                             uint32_t(first), ptiles, p_.pass_shift(pass),
                             p_.ranking,
                             pass == 0 ? xin_ : KeyXform<Bits>{},
                             pass == p_.passes - 1 ? xout_ : KeyXform<Bits>{},
                             pass_bins + (q % 2) * digits,
                             q + 1 < p_.portions ? pass_bins + ((q + 1) % 2) * digits : nullptr,
                             lb, capture ? capture->cap.data() : nullptr,
                             kRecords && pass == p_.passes - 1 ? rows_ : RecordRows{}};
        mark_launch(ctx_, p_.launch_of_pass(pass) + int(q));
        kernel<<<ptiles, p_.threads, smem, stream_>>>(a);
        CUDA_CHECK_LAUNCH("onesweep_pass_kernel");
      }
      if (explain_) {
        RadixPassRecord rec;
        rec.pass = pass;
        rec.rows = uint32_t(p_.tiles);
        rec.counts = to_host(capture->host.tile_counts, p_.tiles * digits, stream_);
        std::vector<uint32_t> off = to_host(capture->host.tile_offsets, p_.tiles * digits, stream_);
        rec.scanned.assign(off.begin(), off.end());
        std::vector<uint32_t> ev = to_host(capture->events.data(), 3 * p_.tiles + 1, stream_);
        LookbackState lb;
        lb.tiles = uint32_t(p_.tiles);
        lb.measured = true;
        lb.aggregate_at.assign(ev.begin(), ev.begin() + p_.tiles);
        lb.inclusive_at.assign(ev.begin() + p_.tiles, ev.begin() + 2 * p_.tiles);
        lb.depth.assign(ev.begin() + 2 * p_.tiles, ev.begin() + 3 * p_.tiles);
        lb.ticks = ev[3 * p_.tiles];
        rec.lookback = std::move(lb);
        finish_pass(rec, *capture, in, out, vout);
      }
      // The next pass writes where this one read (after pass 1 of an odd count: the caller's buffer,
      // which pass 0 read).
      next_out = third ? next_out : in;
      next_vout = third ? next_vout : vin;
      in = out;
      vin = vout;
    }
    if (in != keys_) {  // never: even pass counts alternate, odd ones take the third buffer
      CUDA_CHECK(cudaMemcpyAsync(keys_, in, p_.n * sizeof(Bits), cudaMemcpyDeviceToDevice, stream_));
      if (kValues)
        CUDA_CHECK(cudaMemcpyAsync(values_, vin, p_.n * 4, cudaMemcpyDeviceToDevice, stream_));
    }
  }

  const RadixPlan& p_;
  Bits* keys_;
  uint32_t* values_;
  const GpuRunContext& ctx_;
  cudaStream_t stream_;
  DeviceScratch own_scratch_;
  DeviceScratch& scratch_;
  bool explain_ = false;
  const PieceSlot<DigitHistogramArgs>* histogram_slot_ = nullptr;
  const PieceSlot<DigitScanArgs>* scan_slot_ = nullptr;
  bool ordered_in_place_ = false;  // explain mode or a slot: keys transformed in place around the sort
  std::optional<RadixStepWriter> writer_;
  KeyXform<Bits> xin_, xout_;
  const Bits* records_in_ = nullptr;  // kRecords: where pass 0 reads the keys
  RecordRows rows_{};                 // kRecords: what the last pass moves
};

// The records' fused sort for one key width (radix_records_u32.cu, radix_records_u64.cu).
template <class Bits>
void radix_records_typed(const RadixPlan& plan, const void* keys_in, void* keys_out, uint32_t* perm,
                         const RecordRows& rows, const GpuRunContext& ctx) {
  DeviceKeys keys{plan.key_type, keys_out, perm, plan.n};
  RadixRun<Bits, true, false, true>(plan, keys, ctx).run_records(static_cast<const Bits*>(keys_in), rows);
}

template <class Bits, bool kValues, bool kHooks>
void radix_sort_typed(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  RadixRun<Bits, kValues, kHooks>(plan, keys, ctx).run();
}

}  // namespace sortscope::radix_detail
