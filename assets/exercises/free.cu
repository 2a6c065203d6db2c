// Exercise free: a whole sort of your own (docs/lab.md).
//
// The lab calls my_sort again and again, with pass = 0, 1, 2, ..., until one of its threads sets
// *done = 1 (at most 65536 passes). keys[0..n) must then be sorted ascending. scratch holds n keys
// of device memory for you (it starts as zeros). Keys are unsigned words (the key type's ordered
// bits: compare them with < and >).
//
// Launch: ceil(n / 256) blocks of 256 threads, one thread per key index
//     i = blockIdx.x * blockDim.x + threadIdx.x.
template <class Key>
__device__ void my_sort(Key* keys, uint64_t n, Key* scratch, uint32_t pass, uint32_t* done) {
  // TODO: one step of your sort per pass; set *done = 1 after the last one.
  if (blockIdx.x == 0 && threadIdx.x == 0) *done = 1;
}
