// The cub-radix baseline: CUB's DeviceRadixSort (cub_radix.cu) as a library baseline. Its CPU model
// (std::stable_sort on the ordered bits) gives CUB's order exactly: an LSD radix sort is stable.
#include "cub_radix.h"

#include "library_baseline.h"

namespace sortscope {

namespace {
// CUB's onesweep on sm_80+: one read for all histograms, then per 8-bit place one read and one
// write of keys and values; signed and float keys add the transform kernels (read + write, twice).
double cub_radix_bytes_moved(uint64_t n, KeyType type, bool with_values) {
  const double kb = key_bytes(type), vb = with_values ? 4 : 0, passes = kb;  // 8 bits per place
  double bytes = double(n) * (kb + passes * (2 * kb + 2 * vb));
  if (type != KeyType::U32 && type != KeyType::U64) bytes += 4 * kb * double(n);
  return bytes;
}

#if SORTSCOPE_HAS_CUDA
void cub_radix_sort(const ParamValues&, void* words, uint32_t* values, uint64_t n, int word_bytes, GpuStream stream,
                    DeviceScratch& scratch) {
  cub_radix_sort_ordered(words, values, n, word_bytes, stream, scratch);
}
uint64_t cub_radix_scratch(const ParamValues&, uint64_t n, int word_bytes, bool with_values) {
  return cub_radix_scratch_bytes(n, word_bytes, with_values);
}
#endif
}  // namespace

const Algorithm& cub_radix_algorithm() {
  static const LibraryBaseline kAlgorithm(LibrarySort{
      "cub-radix",
      "CUB radix sort (baseline)",
      "cub::DeviceRadixSort (CCCL): onesweep LSD radix sort (Adinets & Merrill 2022) on sm_80+; "
      "the baseline of the radix sorts.",
      "cub::DeviceRadixSort",
      {},
      {"keys <- ordered_bits(keys)            // a separate kernel for signed and float keys",
       "cub::DeviceRadixSort::SortPairs(DoubleBuffer(keys, alt), DoubleBuffer(values, alt), n, 0, bits)",
       "keys <- native(keys)"},
      {{"input", "Input: the keys as ordered bits", 0},
       {"sorted", "cub::DeviceRadixSort: sorted in one library call (onesweep on sm_80+)", 1}},
      [](const ParamValues&, bool with_values) { return std::string(with_values ? "SortPairs" : "SortKeys"); },
#if SORTSCOPE_HAS_CUDA
      cub_radix_sort,
      cub_radix_scratch,
#else
      nullptr,
      nullptr,
#endif
      cub_radix_bytes_moved,
  });
  return kAlgorithm;
}

}  // namespace sortscope
