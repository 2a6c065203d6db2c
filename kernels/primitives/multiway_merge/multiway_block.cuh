#pragma once
// The block-level pieces of the multiway kernels (multiway_kernels.cuh): the warp reductions of
// Osipov's min/max picks (Leischner 2010 §5.2.1), the block sum and scan of the quickselect
// (§5.2.2), and block-wise merging of two sequences through a 2b buffer (§5.3.4, Alg. 4; stable:
// parallel ranking, §5.3.3), whose comparisons and ranks are the model's (tagged_item.h). CUDA only.
#include <cstdint>

#include <cuda_runtime.h>

#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "multiway_capture.h"
#include "primitives/multiseq_select/selection_step.h"
#include "tagged_item.h"

namespace sortscope::merge {

// ---- Osipov's picks: a warp reduction over the k samples (ties as selection_step.h) -------------

// Every lane ends with the pick `first` prefers among the lanes' candidates (key, idx); idx < 0:
// the lane has none. first = osipov_min_first or osipov_max_first.
template <class Key, class First>
__device__ __forceinline__ void warp_pick(Key& key, int32_t& idx, First first) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const Key k2 = __shfl_xor_sync(0xffffffffu, key, o);
    const int32_t i2 = __shfl_xor_sync(0xffffffffu, idx, o);
    if (i2 >= 0 && first(k2, i2, key, idx)) key = k2, idx = i2;
  }
}

// ---- Quickselect: sums and scans over the block's threads (one per sequence) -------------------

__device__ __forceinline__ uint64_t block_sum(uint64_t v, uint64_t* red) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();  // red may still be read from the previous call
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  uint64_t s = 0;
  for (unsigned w = 0; w < blockDim.x / 32; ++w) s += red[w];
  return s;
}

__device__ __forceinline__ uint64_t block_exclusive_scan(uint64_t v, uint64_t* red) {
  const int lane = threadIdx.x % 32;
  uint64_t inc = v;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const uint64_t u = __shfl_up_sync(0xffffffffu, inc, o);
    if (lane >= o) inc += u;
  }
  __syncthreads();
  if (lane == 31) red[threadIdx.x / 32] = inc;
  __syncthreads();
  uint64_t before = 0;
  for (unsigned w = 0; w < threadIdx.x / 32; ++w) before += red[w];
  return before + inc - v;
}

// ---- Block-wise merging (Leischner §5.3.4, Alg. 4) ----------------------------------------------

// One block-wise merger's inputs held "in registers" (Alg. 4): thread t holds X[ux + t] and
// Y[uy + t], padding (largest key, tag 2) past the ends. load() is Alg. 4's decision and load:
// thread 0 compares the heads X[ux], Y[uy] (ties: X) through *flag and the block of the smaller
// one enters buf[half, half + B); 0 = X, 1 = Y, 2 = padding (both exhausted). Every thread has read
// the flag when load returns only after a later barrier: callers put one between two loads of the
// same flag. The model's twin: BlockwiseMergerHost (blockwise_merger_host.h).
template <class T, int B>
struct RegisterBlocks {
  using Item = typename T::Item;
  const Item* X;
  const Item* Y;
  uint32_t nx, ny, ux, uy;
  Item rx, ry;
  uint8_t tx, ty;

  __device__ void init(const Item* x, uint32_t nx_, const Item* y, uint32_t ny_) {
    const int tid = threadIdx.x;
    X = x, Y = y, nx = nx_, ny = ny_, ux = 0, uy = 0;
    rx = tid < int(nx) ? X[tid] : max_item<T>();
    ry = tid < int(ny) ? Y[tid] : max_item<T>();
    tx = tid < int(nx) ? kTagX : kTagPad;
    ty = tid < int(ny) ? kTagY : kTagPad;
  }

  __device__ int load(Item* buf, uint8_t* tag, int* flag, int half) {
    const int tid = threadIdx.x;
    if (tid == 0) {
      const bool has_x = ux < nx, has_y = uy < ny;
      *flag = has_x && (!has_y || !(T::key(ry) < T::key(rx))) ? 0 : (has_y ? 1 : 2);
    }
    __syncthreads();
    const int code = *flag;
    buf[half + tid] = code == 0 ? rx : ry;
    tag[half + tid] = code == 0 ? tx : ty;
    if (code == 0) {
      ux += B;
      const bool in_range = ux + tid < nx;
      rx = in_range ? X[ux + tid] : max_item<T>();
      tx = in_range ? kTagX : kTagPad;
    } else if (code == 1) {
      uy += B;
      const bool in_range = uy + tid < ny;
      ry = in_range ? Y[uy + tid] : max_item<T>();
      ty = in_range ? kTagY : kTagPad;
    }
    return code;
  }
};

template <class T>
__device__ __forceinline__ void buffer_cmpswap(typename T::Item* buf, uint8_t* tag, int i, int j) {
  const typename T::Item a = buf[i], b = buf[j];
  const uint8_t ta = tag[i], tb = tag[j];
  if (tagged_less<T>(b, tb, a, ta)) {
    buf[i] = b, tag[i] = tb;
    buf[j] = a, tag[j] = ta;
  }
}

// The bitonic merge of the buffer's two sorted halves (mirrored layer, then half-cleaners; the
// model's comparator layers in order). Starts after a barrier; ends with one.
template <class T, int B>
__device__ __forceinline__ void bitonic_merge_buffer(typename T::Item* buf, uint8_t* tag) {
  const int tid = threadIdx.x;
  buffer_cmpswap<T>(buf, tag, tid, 2 * B - 1 - tid);  // two sorted halves -> two bitonic halves
  __syncthreads();
#pragma unroll
  for (int stride = B / 2; stride > 0; stride >>= 1) {
    const int i = (tid / stride) * 2 * stride + tid % stride;
    buffer_cmpswap<T>(buf, tag, i, i + stride);
    __syncthreads();
  }
}

// Merges X (nx items, tag 0) and Y (ny items, tag 1) into Z with B threads through a 2B buffer:
// per step the block of the smaller head enters the buffer beside the B retained keys; after the
// merge the B smallest go out.
template <class T, int B, bool kStable>
__device__ void blockwise_merge(const typename T::Item* X, uint32_t nx, const typename T::Item* Y, uint32_t ny,
                                typename T::Item* z_items, typename T::Key* z_keys, uint32_t* z_values,
                                typename T::Item* buf, uint8_t* tag, int* flag, const BufferCapture* cap) {
  using Item = typename T::Item;
  const int tid = threadIdx.x;
  const uint32_t total = nx + ny;
  if (total == 0) return;
  RegisterBlocks<T, B> in;
  in.init(X, nx, Y, ny);
  constexpr int kRetained = kStable ? 0 : B, kFresh = kStable ? B : 0;

  in.load(buf, tag, flag, kRetained);
  // Every thread has read the flag before thread 0 rewrites it for the first step (later steps
  // pass several barriers between two decisions).
  __syncthreads();
  const uint32_t steps = (total + B - 1) / B;
  for (uint32_t s = 0; s < steps; ++s) {
    const int code = in.load(buf, tag, flag, kFresh);
    __syncthreads();
    const bool capture = cap && s < cap->max_steps;
    if (capture) {
      const size_t base = size_t(s) * 2 * B;
      cap->before[base + tid] = shown_key<T>(buf[tid], tag[tid]);
      cap->before[base + B + tid] = shown_key<T>(buf[B + tid], tag[B + tid]);
      if (tid == 0) cap->loaded_from[s] = uint8_t(code), cap->out_begin[s] = uint64_t(s) * B;
      __syncthreads();  // the snapshot is read before the network rewrites the buffer (uniform: one block)
    }
    if constexpr (!kStable) {
      bitonic_merge_buffer<T, B>(buf, tag);
      if (capture) {
        const size_t base = size_t(s) * 2 * B;
        cap->after[base + tid] = shown_key<T>(buf[tid], tag[tid]);
        cap->after[base + B + tid] = shown_key<T>(buf[B + tid], tag[B + tid]);
      }
      const uint32_t o = s * B + tid;
      if (o < total) store_item<T>(z_items, z_keys, z_values, o, buf[tid]);
    } else {
      // Parallel ranking: the retained (older) keys first on ties, so equal keys keep their order.
      const Item l = buf[tid], u = buf[B + tid];
      const uint8_t tl = tag[tid], tu = tag[B + tid];
      const int pl = tid + rank_in_upper<T>(buf, tag, B, l, tl);
      const int pu = tid + rank_in_lower<T>(buf, tag, B, u, tu);
      __syncthreads();
      if (capture) {
        const size_t base = size_t(s) * 2 * B;
        cap->after[base + pl] = shown_key<T>(l, tl);
        cap->after[base + pu] = shown_key<T>(u, tu);
      }
      if (pl < B) {
        if (s * B + pl < total) store_item<T>(z_items, z_keys, z_values, s * B + pl, l);
      } else {
        buf[pl - B] = l, tag[pl - B] = tl;
      }
      if (pu < B) {
        if (s * B + pu < total) store_item<T>(z_items, z_keys, z_values, s * B + pu, u);
      } else {
        buf[pu - B] = u, tag[pu - B] = tu;
      }
      __syncthreads();
    }
  }
  if (cap && tid == 0) *cap->steps = steps;
}

}  // namespace sortscope::merge
