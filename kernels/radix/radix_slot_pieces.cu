// The built-in digit histogram and scan pieces (radix_slot_pieces.h): the pipeline's own upsweep
// and scan kernels (Merrill & Grimshaw 2010 §4.1) launched from a slot's arguments.
#include <algorithm>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/ordered_word.h"
#include "radix_kernels.cuh"
#include "radix_slot_pieces.h"

namespace sortscope {
namespace {

using radix_detail::RtsArgs;

constexpr int kPieceThreads = 256, kPieceKeysPerThread = 16;

template <class Bits>
RtsArgs<Bits> args_of(const Bits* in, uint32_t n, uint32_t block_keys, uint32_t blocks, int shift, int bits,
                      uint32_t* counts, uint32_t* offsets, uint32_t* totals) {
  RtsArgs<Bits> a{};
  a.in = in;
  a.n = n;
  a.block_keys = block_keys;
  a.tile_keys = uint32_t(kPieceThreads * kPieceKeysPerThread);
  a.blocks = blocks;
  a.shift = shift;
  a.bits = bits;
  a.counts = counts;
  a.offsets = offsets;
  a.digit_totals = totals;
  return a;
}

void launch_histogram_piece(void*, const DigitHistogramArgs& h, GpuStream stream) {
  if (h.blocks == 0) return;
  const size_t smem = size_t(kPieceThreads / 32) * (size_t(1) << h.bits) * sizeof(uint32_t);
  with_word(h.word_bytes, "radix histogram piece", [&](auto word) {
    using Bits = decltype(word);
    const auto kernel = radix_detail::rts_upsweep_kernel<Bits, kPieceKeysPerThread>;
    if (smem > 48 * 1024) CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    kernel<<<h.blocks, kPieceThreads, smem, stream>>>(args_of(static_cast<const Bits*>(h.keys), h.n, h.block_keys,
                                                              h.blocks, h.shift, h.bits, h.counts, nullptr,
                                                              h.digit_totals));
  });
  CUDA_CHECK_LAUNCH("rts_upsweep_kernel (histogram piece)");
}

void launch_scan_piece(void*, const DigitScanArgs& s, GpuStream stream) {
  if (s.digits == 0 || s.blocks == 0) return;
  int bits = 0;
  while ((1u << bits) < s.digits) ++bits;
  const int threads = int(std::min<uint32_t>(1024, (s.blocks + 31) / 32 * 32));
  radix_detail::rts_scan_kernel<uint32_t><<<s.digits, threads, 0, stream>>>(args_of<uint32_t>(
      nullptr, 0, 0, s.blocks, 0, bits, const_cast<uint32_t*>(s.counts), s.offsets, const_cast<uint32_t*>(s.digit_totals)));
  CUDA_CHECK_LAUNCH("rts_scan_kernel (scan piece)");
}

}  // namespace

PieceSlot<DigitHistogramArgs> radix_builtin_histogram_piece() { return {&launch_histogram_piece, nullptr}; }
PieceSlot<DigitScanArgs> radix_builtin_scan_piece() { return {&launch_scan_piece, nullptr}; }

}  // namespace sortscope
