// Exercise block-sort: sort one tile in shared memory, merge sort's first pass (docs/lab.md).
//
// Two-way merge sort (kernels/merge/README.md) first sorts every tile of keys inside one thread
// block; the merge passes that follow are the built-in ones. The lab's harness loads your block's
// tile into shared memory, pads it to `count` keys (a power of two) with the largest word, and calls
// this with every thread of the block; after it returns, tile[0..count) must be sorted ascending.
// You may use __syncthreads() (every thread of the block calls this function).
//
// blockDim.x threads (512 here); count is up to 8192. Keys are unsigned words (the key type's
// ordered bits).
template <class Key>
__device__ void block_sort(Key* tile, uint32_t count) {
  // TODO: sort tile[0..count) with the whole block.
}
