// Exercise radix-scan: the offsets of one radix sort pass (docs/lab.md).
//
// Radix sort, reduce-then-scan (Merrill & Grimshaw 2010, section 4.1): after the counting, counts
// holds, digit-major, how many keys of each digit each block has: counts[d * blocks + b]; and
// digit_totals[d] the keys of digit d over all blocks. The scatter needs, for every block and digit,
// where that block's first key of that digit goes:
//     offsets[d * blocks + b] = (keys of all digits < d) + (counts[d * blocks + b'] for b' < b)
// (an exclusive prefix sum of the whole matrix in digit-major order).
//
// Launch: `digits` blocks of 256 threads; block d may compute row d.
__device__ void radix_scan(const uint32_t* counts, const uint32_t* digit_totals, uint32_t* offsets, uint32_t digits,
                           uint32_t blocks) {
  // TODO: the keys of smaller digits, then an exclusive scan of row blockIdx.x.
}
