// The lab's entry kernels for radix-histogram (do not edit). Launched with `blocks` blocks of 256
// threads and (1 << bits) * 4 bytes of dynamic shared memory.
extern "C" __global__ void lab_entry_w4(const unsigned int* keys, uint32_t n, uint32_t block_keys, uint32_t blocks,
                                        int shift, int bits, uint32_t* counts, uint32_t* digit_totals) {
  radix_histogram<unsigned int>(keys, n, block_keys, blocks, shift, bits, counts, digit_totals);
}
extern "C" __global__ void lab_entry_w8(const unsigned long long* keys, uint32_t n, uint32_t block_keys,
                                        uint32_t blocks, int shift, int bits, uint32_t* counts,
                                        uint32_t* digit_totals) {
  radix_histogram<unsigned long long>(keys, n, block_keys, blocks, shift, bits, counts, digit_totals);
}
