// Exercise radix-histogram: the digit counts of one pass of LSD radix sort (docs/lab.md).
//
// Radix sort, reduce-then-scan (Merrill & Grimshaw 2010, section 4.1), sorts by `bits`-bit digits,
// least significant first. Each pass starts with your function: block b counts the digits of its
// keys [b * block_keys, min(n, (b + 1) * block_keys)), where a key's digit is
//     (key >> shift) & ((1 << bits) - 1).
// It writes counts[digit * blocks + b] for every digit (digit-major: all blocks' counts of digit 0,
// then of digit 1, ...) and adds each count to digit_totals[digit] (zeroed before; every block adds
// to the same totals). The scan and the scatter that follow are the lab's.
//
// Launch: `blocks` blocks of 256 threads, with (1 << bits) * 4 bytes of dynamic shared memory
// (declare it as extern __shared__ uint32_t name[]). Keys are unsigned words (4 or 8 bytes: the key
// type's ordered bits).
template <class Key>
__device__ void radix_histogram(const Key* keys, uint32_t n, uint32_t block_keys, uint32_t blocks, int shift,
                                int bits, uint32_t* counts, uint32_t* digit_totals) {
  // TODO: count this block's digits, then write its column of counts and add to digit_totals.
}
