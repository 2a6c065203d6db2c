// Reference solution of the radix-scan exercise: the keys of smaller digits by a block reduction,
// then row blockIdx.x scanned 256 counts at a time (Hillis-Steele in shared memory), carried on.
__device__ void radix_scan(const uint32_t* counts, const uint32_t* digit_totals, uint32_t* offsets, uint32_t digits,
                           uint32_t blocks) {
  __shared__ uint32_t buf[256];
  __shared__ uint32_t carry;
  const uint32_t d = blockIdx.x, t = threadIdx.x;
  uint32_t smaller = 0;
  for (uint32_t e = t; e < d; e += blockDim.x) smaller += digit_totals[e];
  buf[t] = smaller;
  __syncthreads();
  for (uint32_t o = 128; o > 0; o >>= 1) {
    if (t < o) buf[t] += buf[t + o];
    __syncthreads();
  }
  if (t == 0) carry = buf[0];
  __syncthreads();
  for (uint32_t b0 = 0; b0 < blocks; b0 += 256) {
    const uint32_t b = b0 + t;
    const uint32_t v = b < blocks ? counts[(uint64_t)d * blocks + b] : 0;
    buf[t] = v;
    __syncthreads();
    for (uint32_t o = 1; o < 256; o <<= 1) {
      const uint32_t x = t >= o ? buf[t - o] : 0;
      __syncthreads();
      buf[t] += x;
      __syncthreads();
    }
    if (b < blocks) offsets[(uint64_t)d * blocks + b] = carry + buf[t] - v;
    __syncthreads();
    if (t == 255) carry += buf[255];
    __syncthreads();
  }
}
