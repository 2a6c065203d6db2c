#include "bitonic_model.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/ordered_model.h"

namespace sortscope {

namespace {

// Branch-free compare-exchange of keys[lo] and keys[hi] (lo < hi): swap only when
// keys[lo] > keys[hi], values with them.
template <class Word, bool kValues>
inline void compare_exchange(Word* __restrict keys, uint32_t* __restrict values, uint64_t lo, uint64_t hi) {
  const Word a = keys[lo], b = keys[hi];
  const bool swap = a > b;
  keys[lo] = swap ? b : a;
  keys[hi] = swap ? a : b;
  if constexpr (kValues) {
    const uint32_t va = values[lo], vb = values[hi];
    values[lo] = swap ? vb : va;
    values[hi] = swap ? va : vb;
  }
}

// Strides below 8 with the run length known at compile time (unrolled, partly vectorised).
template <class Word, bool kValues, int J>
void small_stride(Word* __restrict keys, uint32_t* __restrict values, uint64_t n_padded) {
  for (uint64_t base = 0; base < n_padded; base += 2 * J)
    for (int i = 0; i < J; ++i) compare_exchange<Word, kValues>(keys, values, base + i, base + i + J);
}

template <class Word, bool kValues>
void apply_layer(Word* __restrict keys, uint32_t* __restrict values, uint64_t n_padded,
                 const BitonicLayer& layer) {
  const uint64_t k = layer.merge_size();
  if (layer.mirrored()) {
    for (uint64_t base = 0; base < n_padded; base += k) {
      Word* __restrict blk = keys + base;
      uint32_t* __restrict vblk = kValues ? values + base : nullptr;
      for (uint64_t i = 0; i < k / 2; ++i) compare_exchange<Word, kValues>(blk, vblk, i, k - 1 - i);
    }
  } else if (const uint64_t j = layer.stride(); j >= 8) {
    for (uint64_t base = 0; base < n_padded; base += 2 * j) {
      // Two disjoint runs of j words: the compiler vectorises this loop (keys only).
      Word* __restrict lo = keys + base;
      Word* __restrict hi = keys + base + j;
      for (uint64_t i = 0; i < j; ++i) {
        const Word a = lo[i], b = hi[i];
        const bool swap = a > b;
        lo[i] = swap ? b : a;
        hi[i] = swap ? a : b;
        if constexpr (kValues) {
          uint32_t* __restrict vlo = values + base;
          uint32_t* __restrict vhi = values + base + j;
          const uint32_t va = vlo[i], vb = vhi[i];
          vlo[i] = swap ? vb : va;
          vhi[i] = swap ? va : vb;
        }
      }
    }
  } else if (j == 4) {
    small_stride<Word, kValues, 4>(keys, values, n_padded);
  } else if (j == 2) {
    small_stride<Word, kValues, 2>(keys, values, n_padded);
  } else {
    small_stride<Word, kValues, 1>(keys, values, n_padded);
  }
}

}  // namespace

template <class Word>
void bitonic_apply_layer_host(Word* keys, uint32_t* values, uint64_t n_padded,
                              const BitonicLayer& layer) {
  if (values)
    apply_layer<Word, true>(keys, values, n_padded, layer);
  else
    apply_layer<Word, false>(keys, values, n_padded, layer);
}

template void bitonic_apply_layer_host<uint32_t>(uint32_t*, uint32_t*, uint64_t, const BitonicLayer&);
template void bitonic_apply_layer_host<uint64_t>(uint64_t*, uint32_t*, uint64_t, const BitonicLayer&);

namespace {

template <class Word>
void model_sort_words(const BitonicPlan& plan, HostKeys& keys, Recorder* recorder) {
  const uint64_t n = plan.n, padded = plan.padded_n;
  // Working array: the n keys, then max-valued sentinels (they never move: nothing is greater).
  std::vector<Word> work(padded, std::numeric_limits<Word>::max());
  if (n) std::memcpy(work.data(), keys.bytes.data(), n * sizeof(Word));
  std::vector<uint32_t> vals;
  if (keys.has_values()) {
    vals.assign(padded, 0u);
    std::copy(keys.values.begin(), keys.values.end(), vals.begin());
  }
  uint32_t* vp = vals.empty() ? nullptr : vals.data();
  auto record = [&](Step step) {
    recorder->record(std::move(step), ArrayState{work.data(), vp, false, nullptr});
  };
  if (recorder) {
    recorder->set_padded_n(padded);
    record(bitonic_input_step(plan));
  }
  for (size_t li = 0; li < plan.launches.size(); ++li) {
    const BitonicLaunch& launch = plan.launches[li];
    const int end = launch.first_layer + launch.layer_count;
    if (!recorder && launch.kind != BitonicLaunchKind::GlobalLayers) {
      // Like the fused kernel: one tile at a time through all its layers (every pair of these
      // layers lies inside a tile), which keeps the tile in cache. Same result as layer by layer.
      for (uint64_t base = 0; base < padded; base += plan.tile_keys)
        for (int l = launch.first_layer; l < end; ++l)
          bitonic_apply_layer_host(work.data() + base, vp ? vp + base : nullptr, plan.tile_keys,
                                   plan.layers[size_t(l)]);
      continue;
    }
    for (int l = launch.first_layer; l < end; ++l) {
      bitonic_apply_layer_host(work.data(), vp, padded, plan.layers[size_t(l)]);
      if (recorder) record(bitonic_layer_step(plan, int(li), l));
    }
  }
  if (n) std::memcpy(keys.bytes.data(), work.data(), n * sizeof(Word));
  if (vp) std::copy(vals.begin(), vals.begin() + ptrdiff_t(n), keys.values.begin());
}

}  // namespace

void bitonic_model_sort(const BitonicPlan& plan, HostKeys& keys, Recorder* recorder) {
  sort_as_ordered_bits("bitonic", plan.n, keys, [&](auto word, auto /*values*/) {
    model_sort_words<decltype(word)>(plan, keys, recorder);
  });
}

}  // namespace sortscope
