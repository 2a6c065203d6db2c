// Odd-even merge sort on the GPU (odd_even_plan.h): a shared-memory tile sort, then one launch
// per remaining comparator layer in global memory.
#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/key_transform_gpu.h"
#include "sample_gpu.h"
#include "sample_kernels.cuh"

namespace sortscope {
namespace {

using sample_detail::block_odd_even;

// Every layer with 2p <= tile: one block sorts its tile in shared memory. Comparators of those
// layers never leave a tile, and the ones beyond n are dropped as in the whole network.
template <class Word, bool kValues>
__global__ void tile_kernel(Word* keys, uint32_t* values, uint64_t n, uint32_t tile) {
  extern __shared__ unsigned char smem[];
  Word* k = reinterpret_cast<Word*>(smem);
  uint32_t* v = reinterpret_cast<uint32_t*>(k + tile);
  const uint64_t base = uint64_t(blockIdx.x) * tile;
  const uint64_t rest = n - base;
  const uint32_t count = rest < tile ? uint32_t(rest) : tile;
  for (uint32_t i = threadIdx.x; i < count; i += blockDim.x) {
    k[i] = keys[base + i];
    if constexpr (kValues) v[i] = values[base + i];
  }
  __syncthreads();
  block_odd_even<Word>(k, kValues ? v : nullptr, count, tile);
  for (uint32_t i = threadIdx.x; i < count; i += blockDim.x) {
    keys[base + i] = k[i];
    if constexpr (kValues) values[base + i] = v[i];
  }
}

// One layer (p, k) in global memory: candidate q per thread.
template <class Word, bool kValues>
__global__ void layer_kernel(Word* keys, uint32_t* values, uint64_t n, uint64_t candidates, uint64_t p, uint64_t k) {
  const uint64_t q = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q >= candidates) return;
  const uint64_t x = odd_even_lower(q, p, k, n);
  if (x == ~uint64_t(0)) return;
  const Word a = keys[x], b = keys[x + k];
  if (a > b) {
    keys[x] = b;
    keys[x + k] = a;
    if constexpr (kValues) {
      const uint32_t t = values[x];
      values[x] = values[x + k];
      values[x + k] = t;
    }
  }
}

template <class Word, bool kValues>
void sort_typed(const OddEvenPlan& plan, Word* keys, uint32_t* values, const GpuRunContext& ctx) {
  cudaStream_t s = ctx.stream;
  Recorder* rec = ctx.recorder;
  const ArrayState array{keys, values, true, s};
  if (rec) {
    rec->set_padded_n(plan.n);
    rec->record(odd_even_input_step(plan), array);
  }
  if (plan.n < 2) {
    if (rec)
      for (size_t l = 0; l < plan.layers.size(); ++l) rec->record(odd_even_layer_step(plan, int(l)), array);
    return;
  }
  const uint64_t candidates = odd_even_candidates(plan.padded_n);
  const uint32_t threads = uint32_t(plan.threads);
  const uint64_t grid = (candidates + threads - 1) / threads;
  auto global_layer = [&](int l) {
    const OddEvenLayer& L = plan.layers[size_t(l)];
    layer_kernel<Word, kValues><<<uint32_t(grid), threads, 0, s>>>(keys, values, plan.n, candidates, L.p, L.k);
    CUDA_CHECK_LAUNCH("layer_kernel");
  };
  if (rec) {
    // Explain mode: the tile layers run one by one in global memory (same comparators), so every
    // layer has its snapshot.
    for (size_t l = 0; l < plan.layers.size(); ++l) {
      global_layer(int(l));
      rec->record(odd_even_layer_step(plan, int(l)), array);
    }
    return;
  }
  const uint32_t tile = uint32_t(plan.tile_keys);
  const uint64_t tiles = (plan.n + tile - 1) / tile;
  const size_t smem = size_t(tile) * (sizeof(Word) + (kValues ? 4 : 0));
  if (smem > 48 * 1024)
    CUDA_CHECK(cudaFuncSetAttribute(tile_kernel<Word, kValues>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  mark_launch(ctx, 0);  // OddEvenPlan::launch_of_layer: the tile layers, then a launch per layer
  tile_kernel<Word, kValues><<<uint32_t(tiles), threads, smem, s>>>(keys, values, plan.n, tile);
  CUDA_CHECK_LAUNCH("tile_kernel");
  for (size_t l = size_t(plan.tile_layers); l < plan.layers.size(); ++l) {
    mark_launch(ctx, plan.launch_of_layer(int(l)));
    global_layer(int(l));
  }
  mark_launch(ctx, -1);
}

}  // namespace

void odd_even_sort_gpu(const OddEvenPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n) throw std::logic_error("odd-even merge sort: the plan was made for a different n");
  if (plan.n > (uint64_t(1) << 40)) throw std::runtime_error("odd-even-merge takes at most 2^40 keys");
  keys_to_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  const bool v = keys.values != nullptr;
  if (key_bytes(keys.type) == 4) {
    if (v) sort_typed<uint32_t, true>(plan, static_cast<uint32_t*>(keys.keys), keys.values, ctx);
    else sort_typed<uint32_t, false>(plan, static_cast<uint32_t*>(keys.keys), nullptr, ctx);
  } else {
    if (v) sort_typed<uint64_t, true>(plan, static_cast<uint64_t*>(keys.keys), keys.values, ctx);
    else sort_typed<uint64_t, false>(plan, static_cast<uint64_t*>(keys.keys), nullptr, ctx);
  }
  keys_from_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
}

}  // namespace sortscope
