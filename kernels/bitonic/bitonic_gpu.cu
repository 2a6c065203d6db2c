// Bitonic sort kernels. Layout and fusion follow Leischner 2010 §5.3.2 (blocked layout: the
// strides below the tile size run in fast memory, the larger ones straight through global
// memory) with the comparator formulation of bitonic_plan.h. Inside a tile each thread keeps
// KPT consecutive keys in registers (blocked layout), so a layer with partner mask m runs
//   m < KPT          in registers (no communication),
//   m < 32 * KPT     with warp shuffles (partner thread = lane ^ m / KPT),
//   otherwise        through padded shared memory (conflict-free, see shared_shift()).
// Satish et al. 2010 §5.3 motivate the same split: exchanges through shared memory cost
// synchronisation and bank conflicts, so use them only where registers cannot reach.
// Layers whose partner lies in another tile run 1..3 at a time in registers straight from and to
// global memory (bitonic_global_kernel), so each pass over memory does up to 3 layers.
#include "bitonic_gpu.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/ordered_word.h"
#include "common/param_dispatch.h"
#include "bitonic_scratch.h"
#include "common/key_transform_gpu.h"
#include "bitonic_slot.h"

namespace sortscope {
namespace {

// DeviceScratch slots used by run_gpu (independent buffers).

// Register budget per KPT: __launch_bounds__ caps threads so that the KPT keys (and values) of a
// thread fit in registers without spilling; bitonic_gpu_check() reports the limit to the user.
constexpr int tile_max_threads(int kpt) { return kpt <= 8 ? 1024 : (kpt == 16 ? 512 : 256); }

// Shared-memory padding: word i lives at i + (i >> shift). With the blocked layout thread t
// touches word t*KPT + e; the shift spreads the 32 lanes (16 per phase for 8-byte words) of a
// warp over distinct banks for every KPT in 1..32 (one padding word per 32 words, or per 16
// 8-byte words, or per row of 32 8-byte words when KPT = 32).
template <class Word, int KPT>
__host__ __device__ constexpr int shared_shift() {
  return sizeof(Word) == 4 ? 5 : (KPT >= 32 ? 5 : 4);
}
constexpr int kValueShift = 5;

__host__ __device__ constexpr uint64_t padded_words(uint64_t words, int shift) {
  return words + (words >> shift);
}

// Only tiles wider than one warp exchange through shared memory (masks >= 32 * KPT).
template <class Word, int KPT>
constexpr size_t tile_shared_bytes(uint64_t tile, bool values) {
  if (tile <= 32 * KPT) return 0;
  size_t keys = size_t(padded_words(tile, shared_shift<Word, KPT>())) * sizeof(Word);
  keys = (keys + 15) / 16 * 16;
  return keys + (values ? size_t(padded_words(tile, kValueShift)) * 4 : 0);
}

// ---- Register runs: KPT consecutive words, loaded and stored with 16-byte accesses ----------

template <int R>
__device__ __forceinline__ void load_run(const uint32_t* p, uint32_t (&r)[R]) {
  if constexpr (R % 4 == 0) {
#pragma unroll
    for (int i = 0; i < R / 4; ++i) {
      const uint4 q = reinterpret_cast<const uint4*>(p)[i];
      r[4 * i] = q.x; r[4 * i + 1] = q.y; r[4 * i + 2] = q.z; r[4 * i + 3] = q.w;
    }
  } else if constexpr (R == 2) {
    const uint2 q = *reinterpret_cast<const uint2*>(p);
    r[0] = q.x; r[1] = q.y;
  } else {
    r[0] = p[0];
  }
}
template <int R>
__device__ __forceinline__ void load_run(const uint64_t* p, uint64_t (&r)[R]) {
  if constexpr (R % 2 == 0) {
#pragma unroll
    for (int i = 0; i < R / 2; ++i) {
      const ulonglong2 q = reinterpret_cast<const ulonglong2*>(p)[i];
      r[2 * i] = q.x; r[2 * i + 1] = q.y;
    }
  } else {
    r[0] = p[0];
  }
}
template <int R>
__device__ __forceinline__ void store_run(uint32_t* p, const uint32_t (&r)[R]) {
  if constexpr (R % 4 == 0) {
#pragma unroll
    for (int i = 0; i < R / 4; ++i)
      reinterpret_cast<uint4*>(p)[i] = make_uint4(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
  } else if constexpr (R == 2) {
    *reinterpret_cast<uint2*>(p) = make_uint2(r[0], r[1]);
  } else {
    p[0] = r[0];
  }
}
template <int R>
__device__ __forceinline__ void store_run(uint64_t* p, const uint64_t (&r)[R]) {
  if constexpr (R % 2 == 0) {
#pragma unroll
    for (int i = 0; i < R / 2; ++i)
      reinterpret_cast<ulonglong2*>(p)[i] = make_ulonglong2(r[2 * i], r[2 * i + 1]);
  } else {
    p[0] = r[0];
  }
}

// Loads the thread's run at `pos` (KPT-aligned); words at or past `n_padded` (only when the whole
// array is smaller than one run) become max-valued sentinels, values 0.
template <class Word, bool kValues, int KPT>
__device__ __forceinline__ void load_thread_run(const Word* keys, const uint32_t* values,
                                                uint64_t pos, uint64_t n_padded, Word (&k)[KPT],
                                                uint32_t (&v)[KPT]) {
  if (pos + KPT <= n_padded) {
    load_run<KPT>(keys + pos, k);
    if constexpr (kValues) load_run<KPT>(values + pos, v);
  } else {
#pragma unroll
    for (int e = 0; e < KPT; ++e) {
      const bool in = pos + e < n_padded;
      k[e] = in ? keys[pos + e] : std::numeric_limits<Word>::max();
      if constexpr (kValues) v[e] = in ? values[pos + e] : 0u;
    }
  }
}
template <class Word, bool kValues, int KPT>
__device__ __forceinline__ void store_thread_run(Word* keys, uint32_t* values, uint64_t pos,
                                                 uint64_t n_padded, const Word (&k)[KPT],
                                                 const uint32_t (&v)[KPT]) {
  if (pos + KPT <= n_padded) {
    store_run<KPT>(keys + pos, k);
    if constexpr (kValues) store_run<KPT>(values + pos, v);
  } else {
#pragma unroll
    for (int e = 0; e < KPT; ++e)
      if (pos + e < n_padded) {
        keys[pos + e] = k[e];
        if constexpr (kValues) values[pos + e] = v[e];
      }
  }
}

// ---- Comparators ------------------------------------------------------------------------------

// Both words in this thread: the lower index keeps the smaller key; swap only on strict >, so
// equal keys (and the sentinels) never move.
template <class Word, bool kValues>
__device__ __forceinline__ void compare_swap(Word& a, Word& b, uint32_t& va, uint32_t& vb) {
  const bool swap = a > b;
  const Word lo = swap ? b : a, hi = swap ? a : b;
  a = lo; b = hi;
  if constexpr (kValues) {
    const uint32_t vlo = swap ? vb : va, vhi = swap ? va : vb;
    va = vlo; vb = vhi;
  }
}

// The partner word is in another thread, which evaluates the same pair: the thread at the lower
// position takes the partner's word when own > partner, the upper one when partner > own.
template <class Word, bool kValues>
__device__ __forceinline__ void take_if(Word& own, uint32_t& own_v, Word partner, uint32_t partner_v,
                                        bool lower) {
  const bool take = lower ? (own > partner) : (partner > own);
  own = take ? partner : own;
  if constexpr (kValues) own_v = take ? partner_v : own_v;
}

template <class Word, bool kValues, int KPT, int M>
__device__ __forceinline__ void layer_in_thread(Word (&k)[KPT], uint32_t (&v)[KPT]) {
#pragma unroll
  for (int e = 0; e < KPT; ++e)
    if ((e ^ M) > e) compare_swap<Word, kValues>(k[e], k[e ^ M], v[e], v[e ^ M]);
}

// Masks below KPT: half-cleaner strides B = 1, 2, 4, ... and mirror masks 2B - 1 = 3, 7, ...
// (mask 1 is both). Each gets its own fully unrolled code with register indices known at compile
// time; the run-time mask picks one.
template <class Word, bool kValues, int KPT, int B = 1>
__device__ __forceinline__ void layer_in_thread_dispatch(Word (&k)[KPT], uint32_t (&v)[KPT],
                                                         uint32_t mask) {
  if constexpr (B < KPT) {
    if (mask == B) {
      layer_in_thread<Word, kValues, KPT, B>(k, v);
      return;
    }
    if constexpr (B > 1) {
      if (mask == 2 * B - 1) {
        layer_in_thread<Word, kValues, KPT, 2 * B - 1>(k, v);
        return;
      }
    }
    layer_in_thread_dispatch<Word, kValues, KPT, 2 * B>(k, v, mask);
  }
}

// KPT <= mask < 32 * KPT: partner lane = lane ^ (mask / KPT); a mirror mask also reverses the
// register order (low bits all set), a half-cleaner keeps it.
template <class Word, bool kValues, int KPT>
__device__ __forceinline__ void layer_warp(Word (&k)[KPT], uint32_t (&v)[KPT], uint32_t mask,
                                           uint32_t t) {
  const int lane_mask = int(mask / KPT);
  const bool lower = (t ^ uint32_t(lane_mask)) > t;
  if ((mask & (KPT - 1)) == 0) {
#pragma unroll
    for (int e = 0; e < KPT; ++e) {
      const Word p = __shfl_xor_sync(0xffffffffu, k[e], lane_mask);
      uint32_t pv = 0;
      if constexpr (kValues) pv = __shfl_xor_sync(0xffffffffu, v[e], lane_mask);
      take_if<Word, kValues>(k[e], v[e], p, pv, lower);
    }
  } else {
#pragma unroll
    for (int e = 0; e < KPT / 2; ++e) {
      const int f = KPT - 1 - e;
      // My word e pairs with the partner's word f and vice versa: send f to get f, e to get e.
      const Word pe = __shfl_xor_sync(0xffffffffu, k[f], lane_mask);
      const Word pf = __shfl_xor_sync(0xffffffffu, k[e], lane_mask);
      uint32_t pve = 0, pvf = 0;
      if constexpr (kValues) {
        pve = __shfl_xor_sync(0xffffffffu, v[f], lane_mask);
        pvf = __shfl_xor_sync(0xffffffffu, v[e], lane_mask);
      }
      take_if<Word, kValues>(k[e], v[e], pe, pve, lower);
      take_if<Word, kValues>(k[f], v[f], pf, pvf, lower);
    }
  }
}

// mask >= 32 * KPT: exchange through shared memory (padded blocked layout). The leading barrier
// keeps this layer's stores behind the previous shared layer's loads.
template <class Word, bool kValues, int KPT>
__device__ __forceinline__ void layer_shared(Word (&k)[KPT], uint32_t (&v)[KPT], uint32_t mask,
                                             uint32_t t, Word* sk, uint32_t* sv) {
  constexpr int kShift = shared_shift<Word, KPT>();
  __syncthreads();
#pragma unroll
  for (int e = 0; e < KPT; ++e) {
    const uint32_t i = t * KPT + e;
    sk[padded_words(i, kShift)] = k[e];
    if constexpr (kValues) sv[padded_words(i, kValueShift)] = v[e];
  }
  __syncthreads();
  const uint32_t pt = t ^ (mask / KPT);
  const uint32_t rev = mask & (KPT - 1);
  const bool lower = pt > t;
#pragma unroll
  for (int e = 0; e < KPT; ++e) {
    const uint32_t q = pt * KPT + (uint32_t(e) ^ rev);
    const Word p = sk[padded_words(q, kShift)];
    uint32_t pv = 0;
    if constexpr (kValues) pv = sv[padded_words(q, kValueShift)];
    take_if<Word, kValues>(k[e], v[e], p, pv, lower);
  }
}

// ---- Fused shared-memory kernel: tile sort and tile merge ------------------------------------
// Runs `layer_count` consecutive layers of the plan starting at (log_k, log_j) on each tile of
// blockDim.x * KPT keys. With `cap_keys` set (explain mode) it also writes the tile after every
// layer to cap_keys[layer * n_padded + position], so each fused stage becomes its own step.
template <class Word, bool kValues, int KPT>
__global__ void __launch_bounds__(tile_max_threads(KPT))
    bitonic_tile_kernel(Word* keys, uint32_t* values, uint64_t n_padded, int log_k, int log_j,
                        int layer_count, Word* cap_keys, uint32_t* cap_values) {
  extern __shared__ __align__(16) unsigned char smem[];
  const uint32_t t = threadIdx.x;
  const uint64_t tile = uint64_t(blockDim.x) * KPT;
  Word* sk = reinterpret_cast<Word*>(smem);
  const size_t key_bytes =
      (size_t(padded_words(tile, shared_shift<Word, KPT>())) * sizeof(Word) + 15) / 16 * 16;
  uint32_t* sv = reinterpret_cast<uint32_t*>(smem + key_bytes);

  const uint64_t pos = uint64_t(blockIdx.x) * tile + uint64_t(t) * KPT;
  Word k[KPT];
  uint32_t v[KPT];
  load_thread_run<Word, kValues, KPT>(keys, values, pos, n_padded, k, v);

  for (int layer = 0; layer < layer_count; ++layer) {
    const uint32_t mask = (log_j == log_k - 1) ? (1u << log_k) - 1u : 1u << log_j;
    if (mask < KPT)
      layer_in_thread_dispatch<Word, kValues, KPT>(k, v, mask);
    else if (mask < 32u * KPT)
      layer_warp<Word, kValues, KPT>(k, v, mask, t);
    else
      layer_shared<Word, kValues, KPT>(k, v, mask, t, sk, sv);
    if (cap_keys)
      store_thread_run<Word, kValues, KPT>(cap_keys + uint64_t(layer) * n_padded,
                                           cap_values + (kValues ? uint64_t(layer) * n_padded : 0),
                                           pos, n_padded, k, v);
    // Next layer of the plan: the next half-cleaner, or the next merge's mirror layer.
    if (log_j == 0) {
      log_j = log_k;
      ++log_k;
    } else {
      --log_j;
    }
  }
  store_thread_run<Word, kValues, KPT>(keys, values, pos, n_padded, k, v);
}

// ---- Global layers: partners in other tiles ---------------------------------------------------
// A launch runs R = 1..3 consecutive layers of one merge size k whose masks are all >= the tile.
// Their partner bits are the R consecutive bits h, h-1, ..., h-R+1 (h = log2 of the first layer's
// stride; log2(k/2) for the mirror layer), so the 2^R positions reachable from a base x (x has those
// bits clear) through the R masks form a closed group. Each thread loads whole groups into
// registers, runs the R layers there and stores them back: one pass over memory for R layers.
// A group holds kVec consecutive bases (16- or 8-byte accesses, coalesced across the warp); the
// mirror layer's far half runs backwards, so those vectors are reversed in registers and element e
// of every vector belongs to base x + e.
constexpr int const_min(int a, int b) { return a < b ? a : b; }

template <class Word, bool kValues, int R>
struct GlobalShape {
  // Elements held in registers at once: 16 where that fits 64 registers without spilling
  // (checked with -Xptxas -v), else 8 (a second round).
  static constexpr int kRegsPerElement = int(sizeof(Word)) / 4 + (kValues ? 1 : 0);
  static constexpr int kInFlight =
      kRegsPerElement == 1 ? 16 : (kRegsPerElement == 2 && R < 3 ? 16 : 8);
  static constexpr int kVec = const_min(16 / int(sizeof(Word)), kInFlight >> R);
  static constexpr int kVecs = 1 << R;
  static constexpr int kGroup = kVec << R;
  static constexpr int kGroupsPerRound = kInFlight / kGroup;
  static constexpr int kRounds = kBitonicGlobalKeysPerThread / kInFlight;
  static_assert(kVec >= 1 && kGroupsPerRound >= 1 && kRounds >= 1, "global layers: bad shape");
};

template <class Word, bool kValues, int R, bool kMirror>
__device__ __forceinline__ void global_layers_body(Word* keys, uint32_t* values, uint64_t n_padded,
                                                   int h, Word* cap_keys, uint32_t* cap_values) {
  using S = GlobalShape<Word, kValues, R>;
  constexpr int kVec = S::kVec, kVecs = S::kVecs, kGroups = S::kGroupsPerRound;
  const uint64_t groups = n_padded / S::kGroup;
  const int low = h - R + 1;  // lowest partner bit
  const uint64_t low_bits = (uint64_t(1) << low) - 1;
  const uint64_t mirror_mask = (uint64_t(2) << h) - 1;  // k - 1
#pragma unroll 1
  for (int round = 0; round < S::kRounds; ++round) {
    Word k[kGroups][kVecs][kVec];
    uint32_t v[kGroups][kVecs][kVec];
    uint64_t base[kGroups];
    bool ok[kGroups];
    // Vector g of a group: bit r of g set = partner of layer r taken. Mirror groups with bit 0
    // set are stored backwards from their start. Starts are recomputed rather than kept, which
    // saves 2 registers per vector (the fused kernels are register-bound at 1024 threads).
    auto is_reversed = [](int g) { return kMirror && (g & 1); };
    auto start_of = [&](uint64_t x, int g) {
      uint64_t bits = 0;
#pragma unroll
      for (int r = kMirror ? 1 : 0; r < R; ++r)
        if ((g >> r) & 1) bits |= uint64_t(1) << (h - r);
      return is_reversed(g) ? (((x | bits) + kVec - 1) ^ mirror_mask) : (x | bits);
    };
#pragma unroll
    for (int gi = 0; gi < kGroups; ++gi) {
      const uint64_t group =
          ((uint64_t(blockIdx.x) * S::kRounds + round) * kGroups + gi) * blockDim.x + threadIdx.x;
      ok[gi] = group < groups;
      const uint64_t q = group * kVec;
      base[gi] = ((q >> low) << (h + 1)) | (q & low_bits);
      if (!ok[gi]) continue;
#pragma unroll
      for (int g = 0; g < kVecs; ++g) {
        const uint64_t at = start_of(base[gi], g);
        Word tk[kVec];
        uint32_t tv[kVec];
        load_run<kVec>(keys + at, tk);
        if constexpr (kValues) load_run<kVec>(values + at, tv);
#pragma unroll
        for (int e = 0; e < kVec; ++e) {
          const int f = is_reversed(g) ? kVec - 1 - e : e;
          k[gi][g][e] = tk[f];
          if constexpr (kValues) v[gi][g][e] = tv[f];
        }
      }
    }
    auto store_all = [&](Word* dk, uint32_t* dv) {
#pragma unroll
      for (int gi = 0; gi < kGroups; ++gi) {
        if (!ok[gi]) continue;
#pragma unroll
        for (int g = 0; g < kVecs; ++g) {
          Word tk[kVec];
          uint32_t tv[kVec];
#pragma unroll
          for (int e = 0; e < kVec; ++e) {
            const int f = is_reversed(g) ? kVec - 1 - e : e;
            tk[f] = k[gi][g][e];
            if constexpr (kValues) tv[f] = v[gi][g][e];
          }
          const uint64_t at = start_of(base[gi], g);
          store_run<kVec>(dk + at, tk);
          if constexpr (kValues) store_run<kVec>(dv + at, tv);
        }
      }
    };
#pragma unroll
    for (int r = 0; r < R; ++r) {
#pragma unroll
      for (int gi = 0; gi < kGroups; ++gi) {
#pragma unroll
        for (int g = 0; g < kVecs; ++g) {
          if ((g >> r) & 1) continue;
          const int g2 = g | (1 << r);
          // The lower position of the pair: g, except in a mirror group's far half, where the
          // mirror flipped bit h - r too (layers after the mirror, r >= 1).
          const bool swapped = kMirror && r >= 1 && (g & 1);
          const int lo = swapped ? g2 : g, hi = swapped ? g : g2;
#pragma unroll
          for (int e = 0; e < kVec; ++e)
            compare_swap<Word, kValues>(k[gi][lo][e], k[gi][hi][e], v[gi][lo][e], v[gi][hi][e]);
        }
      }
      if (cap_keys)
        store_all(cap_keys + uint64_t(r) * n_padded, cap_values + (kValues ? uint64_t(r) * n_padded : 0));
    }
    store_all(keys, values);
  }
}

template <class Word, bool kValues, int R>
__global__ void __launch_bounds__(1024)
    bitonic_global_kernel(Word* keys, uint32_t* values, uint64_t n_padded, int h, bool mirrored,
                          Word* cap_keys, uint32_t* cap_values) {
  if (mirrored)
    global_layers_body<Word, kValues, R, true>(keys, values, n_padded, h, cap_keys, cap_values);
  else
    global_layers_body<Word, kValues, R, false>(keys, values, n_padded, h, cap_keys, cap_values);
}

// ---- Host side ---------------------------------------------------------------------------------

template <class Word, bool kValues>
const void* tile_kernel_ptr(int kpt) {
  const void* fn = nullptr;
  dispatch_value<kBitonicKeysPerThreadValues>(kpt, "bitonic keys_per_thread", [&](auto k) {
    fn = reinterpret_cast<const void*>(&bitonic_tile_kernel<Word, kValues, decltype(k)::value>);
  });
  return fn;
}

template <class Word, bool kValues>
size_t tile_shared_bytes_for(int kpt, uint64_t tile) {
  size_t bytes = 0;
  dispatch_value<kBitonicKeysPerThreadValues>(kpt, "bitonic keys_per_thread", [&](auto k) {
    bytes = tile_shared_bytes<Word, decltype(k)::value>(tile, kValues);
  });
  return bytes;
}

template <class Word, bool kValues>
std::string check_typed(const BitonicPlan& plan) {
  const void* fn = tile_kernel_ptr<Word, kValues>(plan.keys_per_thread);
  cudaFuncAttributes attr{};
  CUDA_CHECK(cudaFuncGetAttributes(&attr, fn));
  if (plan.threads > attr.maxThreadsPerBlock)
    return "bitonic: threads=" + std::to_string(plan.threads) + " with keys_per_thread=" +
           std::to_string(plan.keys_per_thread) + " exceeds the tile kernel's limit of " +
           std::to_string(attr.maxThreadsPerBlock) + " threads (registers: " +
           std::to_string(attr.numRegs) + " per thread); lower threads or keys_per_thread";
  int device = 0, optin = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  const uint64_t tile = uint64_t(plan.threads) * uint64_t(plan.keys_per_thread);
  const size_t bytes = tile_shared_bytes_for<Word, kValues>(plan.keys_per_thread, tile);
  if (bytes + attr.sharedSizeBytes > size_t(optin))
    return "bitonic: a tile of " + std::to_string(tile) + " keys (threads x keys_per_thread) needs " +
           std::to_string(bytes) + " bytes of shared memory, this GPU allows " +
           std::to_string(optin) + " per block; lower threads or keys_per_thread";
  return {};
}

template <class Word, bool kValues, int KPT>
void launch_tile(const BitonicPlan& plan, int first_layer, int count, Word* keys, uint32_t* values,
                 Word* cap_keys, uint32_t* cap_values, GpuStream stream) {
  const uint64_t tile = uint64_t(plan.threads) * KPT;
  const uint64_t blocks = std::max<uint64_t>(1, plan.padded_n / tile);
  if (blocks > uint64_t(std::numeric_limits<int>::max()))
    throw std::runtime_error("bitonic: too many keys for one grid (" + std::to_string(plan.n) + ")");
  const size_t smem = tile_shared_bytes<Word, KPT>(tile, kValues);
  auto* kernel = &bitonic_tile_kernel<Word, kValues, KPT>;
  if (smem > 48 * 1024)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  const BitonicLayer& l = plan.layers.at(size_t(first_layer));
  kernel<<<unsigned(blocks), unsigned(plan.threads), smem, stream>>>(
      keys, values, plan.padded_n, l.log_k, l.log_j, count, cap_keys, cap_values);
  CUDA_CHECK_LAUNCH("bitonic_tile_kernel");
}

template <class Word, bool kValues>
void launch_tile_any(const BitonicPlan& plan, int first_layer, int count, Word* keys,
                     uint32_t* values, Word* cap_keys, uint32_t* cap_values, GpuStream stream) {
  dispatch_value<kBitonicKeysPerThreadValues>(plan.keys_per_thread, "bitonic keys_per_thread", [&](auto k) {
    launch_tile<Word, kValues, decltype(k)::value>(plan, first_layer, count, keys, values, cap_keys, cap_values,
                                                   stream);
  });
}

template <class Word, bool kValues, int R>
void launch_global(const BitonicPlan& plan, const BitonicLayer& first, Word* keys, uint32_t* values,
                   Word* cap_keys, uint32_t* cap_values, GpuStream stream) {
  const uint64_t per_block = uint64_t(plan.threads) * kBitonicGlobalKeysPerThread;
  const uint64_t blocks = (plan.padded_n + per_block - 1) / per_block;
  if (blocks > uint64_t(std::numeric_limits<int>::max()))
    throw std::runtime_error("bitonic: too many keys for one grid (" + std::to_string(plan.n) + ")");
  bitonic_global_kernel<Word, kValues, R><<<unsigned(blocks), unsigned(plan.threads), 0, stream>>>(
      keys, values, plan.padded_n, first.log_j, first.mirrored(), cap_keys, cap_values);
  CUDA_CHECK_LAUNCH("bitonic_global_kernel");
}

template <class Word, bool kValues>
void launch_global_any(const BitonicPlan& plan, int first_layer, int count, Word* keys,
                       uint32_t* values, Word* cap_keys, uint32_t* cap_values, GpuStream stream) {
  const BitonicLayer& first = plan.layers.at(size_t(first_layer));
  dispatch_value<kBitonicGlobalLayerCounts>(count, "bitonic layers fused per global launch", [&](auto r) {
    launch_global<Word, kValues, decltype(r)::value>(plan, first, keys, values, cap_keys, cap_values, stream);
  });
}

// capture: explain mode's snapshot buffers (chunk layers each), carved by the caller.
template <class Word, bool kValues>
void sort_typed(const BitonicPlan& plan, Word* keys, uint32_t* values, GpuStream stream, Recorder* recorder,
                Word* cap_keys, uint32_t* cap_values, int chunk, LaunchClock* clock) {
  const uint64_t n_padded = plan.padded_n;
  if (recorder) {
    recorder->set_padded_n(n_padded);
    recorder->record(bitonic_input_step(plan), ArrayState{keys, values, true, stream});
  }
  if (plan.launches.empty()) return;

  // Explain mode: a fused launch of L layers needs L snapshots; run it in layer ranges whose
  // snapshots fit the capture buffers (bitonic_scratch.h: at least one layer), the same kernel
  // each time.
  auto run_launch = [&](const BitonicLaunch& launch, int first, int count, Word* ck, uint32_t* cv) {
    if (launch.kind == BitonicLaunchKind::GlobalLayers)
      launch_global_any<Word, kValues>(plan, first, count, keys, values, ck, cv, stream);
    else
      launch_tile_any<Word, kValues>(plan, first, count, keys, values, ck, cv, stream);
  };
  for (size_t li = 0; li < plan.launches.size(); ++li) {
    const BitonicLaunch& launch = plan.launches[li];
    if (!recorder) {
      mark_launch(clock, int(li));
      run_launch(launch, launch.first_layer, launch.layer_count, nullptr, nullptr);
      continue;
    }
    const int end = launch.first_layer + launch.layer_count;
    for (int c = launch.first_layer; c < end; c += chunk) {
      const int count = std::min(chunk, end - c);
      run_launch(launch, c, count, cap_keys, cap_values);
      for (int l = c; l < c + count; ++l) {
        const uint64_t off = uint64_t(l - c) * n_padded;
        recorder->record(bitonic_layer_step(plan, int(li), l),
                         ArrayState{cap_keys + off, kValues ? cap_values + off : nullptr, true, stream});
      }
    }
  }
}

template <class Word>
void sort_words(const BitonicPlan& plan, void* keys, uint32_t* values, GpuStream stream, Recorder* recorder,
                const BitonicScratch<Word>& s, void* base, LaunchClock* clock) {
  if (values)
    sort_typed<Word, true>(plan, static_cast<Word*>(keys), values, stream, recorder, s.capture_keys.in(base),
                           s.capture_values.in(base), s.chunk, clock);
  else
    sort_typed<Word, false>(plan, static_cast<Word*>(keys), nullptr, stream, recorder, s.capture_keys.in(base),
                            nullptr, s.chunk, clock);
}

bool aligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15u) == 0; }

}  // namespace

std::string bitonic_gpu_check(const BitonicPlan& plan, KeyType type, bool with_values) {
  if (key_bytes(type) == 4)
    return with_values ? check_typed<uint32_t, true>(plan) : check_typed<uint32_t, false>(plan);
  return with_values ? check_typed<uint64_t, true>(plan) : check_typed<uint64_t, false>(plan);
}

void bitonic_sort_ordered_device(const BitonicPlan& plan, int word_bytes, void* d_words,
                                 uint32_t* d_values, GpuStream stream, Recorder* recorder,
                                 DeviceScratch* scratch, uint64_t capture_bytes) {
  DeviceScratch local;
  if (!scratch) scratch = &local;
  with_word(word_bytes, "bitonic", [&](auto word) {
    using Word = decltype(word);
    const auto s = bitonic_scratch<Word>(plan, d_values != nullptr, true, recorder != nullptr, capture_bytes);
    sort_words<Word>(plan, d_words, d_values, stream, recorder, s, scratch->carve(s.layout), nullptr);
  });
  if (recorder && scratch == &local) CUDA_CHECK(cudaStreamSynchronize(stream));
}

void bitonic_run_gpu(const BitonicPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n) throw std::logic_error("bitonic: plan made for a different n");
  const bool with_values = keys.values != nullptr;
  if (plan.padded_n >= 2)
    if (std::string err = bitonic_gpu_check(plan, keys.type, with_values); !err.empty())
      throw std::runtime_error(err);
  const int wb = key_bytes(keys.type);
  const uint64_t n = plan.n, n_padded = plan.padded_n;
  GpuStream stream = ctx.stream;
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;

  const bool transform = !bitonic_transform_is_identity(keys.type) && n > 0;
  if (transform) keys_to_ordered_device(keys.keys, n, keys.type, stream);

  // A power-of-two n needs no padding: sort in place (the 16-byte accesses need alignment).
  const bool in_place = n_padded == n && aligned16(keys.keys) && (!with_values || aligned16(keys.values));
  void* work = keys.keys;
  uint32_t* work_values = keys.values;
  with_word(wb, "bitonic", [&](auto word) {
    using Word = decltype(word);
    const auto s = bitonic_scratch<Word>(plan, with_values, in_place, ctx.recorder != nullptr, kBitonicCaptureBytes);
    void* base = scratch->carve(s.layout);
    if (!in_place) {
      work = s.work_keys.in(base);
      CUDA_CHECK(cudaMemcpyAsync(work, keys.keys, size_t(n) * wb, cudaMemcpyDeviceToDevice, stream));
      // Max-valued sentinels: all bits set is the largest ordered-bits word.
      CUDA_CHECK(cudaMemsetAsync(static_cast<unsigned char*>(work) + size_t(n) * wb, 0xff,
                                 size_t(n_padded - n) * wb, stream));
      if (with_values) {
        work_values = s.work_values.in(base);
        CUDA_CHECK(cudaMemcpyAsync(work_values, keys.values, size_t(n) * 4, cudaMemcpyDeviceToDevice, stream));
        CUDA_CHECK(cudaMemsetAsync(work_values + n, 0, size_t(n_padded - n) * 4, stream));
      }
    }
    // A compare-exchange piece from a slot (the kernel lab) runs every layer, keys only.
    if (const auto* slot = slot_of(ctx.slots, &PieceSlots::compare_exchange_layer)) {
      if (with_values) throw std::runtime_error("bitonic: the compare-exchange slot sorts keys without values");
      bitonic_sort_through_slot(plan, *slot, wb, work, stream, ctx.recorder);
      return;
    }
    sort_words<Word>(plan, work, work_values, stream, ctx.recorder, s, base, ctx.clock);
  });
  mark_launch(ctx, -1);  // the copy back and transform lie outside the plan's launches
  if (!in_place) {
    CUDA_CHECK(cudaMemcpyAsync(keys.keys, work, size_t(n) * wb, cudaMemcpyDeviceToDevice, stream));
    if (with_values)
      CUDA_CHECK(cudaMemcpyAsync(keys.values, work_values, size_t(n) * 4, cudaMemcpyDeviceToDevice, stream));
  }
  if (transform) keys_from_ordered_device(keys.keys, n, keys.type, stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace sortscope
