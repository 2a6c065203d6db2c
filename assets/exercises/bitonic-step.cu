// Exercise bitonic-step: one compare-exchange layer of bitonic sort (docs/lab.md).
//
// The lab sorts n keys (n a power of two: it pads with the largest word) with bitonic sort in its
// flip / half-cleaner form (Batcher 1968; kernels/bitonic/README.md), one launch of your code per
// layer. A layer has a merge size k and a stride j (powers of two, j < k). Key i pairs with
//     partner = i ^ (k - 1)   when j == k / 2   (the flip: mirror inside each block of k keys)
//     partner = i ^ j         otherwise          (a half-cleaner)
// and after the layer the lower index of every pair holds the smaller of the two keys. Every layer
// sorts ascending: there is no direction to keep track of.
//
// Launch: ceil(n / 256) blocks of 256 threads, one thread per key index
//     i = blockIdx.x * blockDim.x + threadIdx.x   (threads with i >= n have nothing to do).
// Keys are unsigned words (4 or 8 bytes: the key type's ordered bits), so < and > compare them in
// the key type's order, floats included.
template <class Key>
__device__ void bitonic_step(Key* keys, uint64_t n, uint64_t k, uint64_t j) {
  // TODO: find this thread's partner; let the lower index of each pair compare and exchange.
}
