// Reference solution of the block-sort exercise: bitonic sort (Batcher 1968) in the flip form
// (merge size k: first i <-> i ^ (k - 1), then half-cleaners i <-> i ^ j), as most of it as possible
// in registers.
//
// Warp w holds keys [512 w, 512 (w + 1)) of the tile in registers, lane L's register u holding key
// 512 w + 32 u + L. A compare-exchange of stride j < 32 then pairs two lanes of one register
// (a shuffle), one of stride 32 <= j < 512 two registers of one lane (no communication at all).
// So the whole sort of each 512-key segment (k up to 512) and the last 9 steps of every larger
// merge run without shared memory or __syncthreads; only the steps of stride >= 512 go through
// the shared tile, one barrier each: 10 of them for 8192 keys, instead of 91.
//
// The fast path needs count to be a multiple of 512 with a warp for each 512 keys (8192 keys and
// 512 threads here); other shapes take the plain shared-memory network at the end.

// The half-cleaner of stride j = 2^LJ: the lower index of each pair keeps the smaller key.
template <int LJ, class Key>
__device__ __forceinline__ void half_cleaner(Key (&v)[16], unsigned lane) {
  if constexpr (LJ >= 5) {
    constexpr int uj = 1 << (LJ - 5);
#pragma unroll
    for (int u = 0; u < 16; ++u)
      if ((u & uj) == 0) {
        const Key a = v[u], b = v[u + uj];
        v[u] = a < b ? a : b;
        v[u + uj] = a < b ? b : a;
      }
  } else {
    const bool lower = (lane & (1u << LJ)) == 0;
#pragma unroll
    for (int u = 0; u < 16; ++u) {
      const Key o = __shfl_xor_sync(0xffffffffu, v[u], 1u << LJ);
      v[u] = lower ? (v[u] < o ? v[u] : o) : (v[u] < o ? o : v[u]);
    }
  }
}

// The flip of merge size k = 2^LK: index i pairs with i ^ (k - 1).
template <int LK, class Key>
__device__ __forceinline__ void flip(Key (&v)[16], unsigned lane) {
  if constexpr (LK <= 5) {  // partner: the same register of lane L ^ (k - 1)
    const bool lower = (lane & (1u << (LK - 1))) == 0;
#pragma unroll
    for (int u = 0; u < 16; ++u) {
      const Key o = __shfl_xor_sync(0xffffffffu, v[u], (1u << LK) - 1);
      v[u] = lower ? (v[u] < o ? v[u] : o) : (v[u] < o ? o : v[u]);
    }
  } else {  // partner of (u, L): register u ^ (k/32 - 1) of lane L ^ 31; u with bit k/64 clear is the lower
    constexpr int um = (1 << (LK - 5)) - 1, uj = 1 << (LK - 6);
#pragma unroll
    for (int u = 0; u < 16; ++u)
      if ((u & uj) == 0) {
        const int u2 = u ^ um;
        const Key a = v[u], b = v[u2];
        const Key pa = __shfl_xor_sync(0xffffffffu, b, 31), pb = __shfl_xor_sync(0xffffffffu, a, 31);
        v[u] = a < pa ? a : pa;
        v[u2] = b < pb ? pb : b;
      }
  }
}

// Half-cleaners of strides 2^LJ down to 1.
template <int LJ, class Key>
__device__ __forceinline__ void cleaners(Key (&v)[16], unsigned lane) {
  half_cleaner<LJ>(v, lane);
  if constexpr (LJ > 0) cleaners<LJ - 1>(v, lane);
}

// Merge sizes 2 .. 2^LK, all in registers: the 512-key segment sorted.
template <int LK, class Key>
__device__ __forceinline__ void sort_segment(Key (&v)[16], unsigned lane) {
  if constexpr (LK > 1) sort_segment<LK - 1>(v, lane);
  flip<LK>(v, lane);
  if constexpr (LK > 1) cleaners<LK - 2>(v, lane);
}

// One compare-exchange step in shared memory for all pairs (stride j = 2^lj; flip: i ^ (k - 1)).
template <class Key>
__device__ __forceinline__ void shared_step(Key* tile, uint32_t count, uint32_t k, uint32_t lj, bool is_flip) {
  const uint32_t j = 1u << lj;
  for (uint32_t t = threadIdx.x; t < count / 2; t += blockDim.x) {
    const uint32_t i = ((t >> lj) << (lj + 1)) | (t & (j - 1));
    const uint32_t p = is_flip ? (i ^ (k - 1)) : (i + j);
    const Key x = tile[i], y = tile[p];
    if (x > y) {
      tile[i] = y;
      tile[p] = x;
    }
  }
  __syncthreads();
}

template <class Key>
__device__ void block_sort(Key* tile, uint32_t count) {
  const uint32_t warps = blockDim.x / 32, warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const uint32_t segments = count / 512;
  if (blockDim.x % 32 != 0 || count % 512 != 0 || segments > warps) {
    for (uint32_t k = 2, lk = 1; k <= count; k <<= 1, ++lk)
      for (uint32_t lj = lk; lj-- > 0;) shared_step(tile, count, k, lj, lj + 1 == lk);
    return;
  }
  const bool holds = warp < segments;  // warps past the tile's segments only help in shared memory
  Key* seg = tile + warp * 512 + lane;
  Key v[16];
  if (holds) {
#pragma unroll
    for (int u = 0; u < 16; ++u) v[u] = seg[32 * u];
    sort_segment<9>(v, lane);
  }
  uint32_t lk = 10;
  for (uint32_t k = 1024; k <= count; k <<= 1, ++lk) {
    if (holds) {
#pragma unroll
      for (int u = 0; u < 16; ++u) seg[32 * u] = v[u];
    }
    __syncthreads();
    for (uint32_t lj = lk; lj-- > 9;) shared_step(tile, count, k, lj, lj + 1 == lk);
    if (holds) {
#pragma unroll
      for (int u = 0; u < 16; ++u) v[u] = seg[32 * u];
      cleaners<8>(v, lane);
    }
  }
  if (holds) {
#pragma unroll
    for (int u = 0; u < 16; ++u) seg[32 * u] = v[u];
  }
  __syncthreads();
}
