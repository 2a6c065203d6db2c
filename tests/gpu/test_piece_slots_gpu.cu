// Named slots (kernels/common/piece_slots.h): each family's pipeline runs a piece passed through its
// slot instead of the built-in one. A correct piece sorts as the built-in does; a deliberately broken
// one (kernels below, each wrong but in bounds) makes verification fail, so the seam is real.
#include <cstdint>
#include <stdexcept>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include "bitonic/bitonic_slot.h"
#include "common/device_scratch.h"
#include "common/generators.h"
#include "common/piece_slots.h"
#include "common/verify.h"
#include "device_input.h"
#include "primitives/search_tree/search_tree.h"
#include "registry.h"
#include "sample/sample_bucket_piece.h"

namespace sortscope {
namespace {

// ---- Broken pieces ------------------------------------------------------------------------------
// A compare-exchange layer that keeps the larger key at the lower index (a descending comparator).
__global__ void descending_layer(uint32_t* keys, uint64_t n, uint64_t k, uint64_t j) {
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const uint64_t p = j == k / 2 ? i ^ (k - 1) : i ^ j;
  if (p <= i) return;
  const uint32_t a = keys[i], b = keys[p];
  if (a < b) {
    keys[i] = b;
    keys[p] = a;
  }
}
void broken_layer(void*, const CompareExchangeLayerArgs& a, GpuStream s) {
  descending_layer<<<unsigned((a.n_padded + 255) / 256), 256, 0, s>>>(static_cast<uint32_t*>(a.keys), a.n_padded, a.k,
                                                                      a.j);
}

// A histogram with the right counts that leaves the digit totals at zero: every digit's keys then
// start at 0 (in bounds, overlapping). 4-byte keys.
__global__ void histogram_without_totals(const uint32_t* keys, uint32_t n, uint32_t block_keys, uint32_t blocks,
                                         int shift, int bits, uint32_t* counts) {
  const uint64_t begin = uint64_t(blockIdx.x) * block_keys, end = begin + block_keys < n ? begin + block_keys : n;
  for (uint64_t i = begin + threadIdx.x; i < end; i += blockDim.x)
    atomicAdd(&counts[size_t((keys[i] >> shift) & ((1u << bits) - 1)) * blocks + blockIdx.x], 1u);
}
void broken_histogram(void*, const DigitHistogramArgs& a, GpuStream s) {
  cudaMemsetAsync(a.counts, 0, (size_t(1) << a.bits) * a.blocks * 4, s);
  histogram_without_totals<<<a.blocks, 256, 0, s>>>(static_cast<const uint32_t*>(a.keys), a.n, a.block_keys, a.blocks,
                                                    a.shift, a.bits, a.counts);
}

// A scan that forgets the keys of smaller digits (every row starts at 0: in bounds, overlapping).
__global__ void rowwise_scan(const uint32_t* counts, uint32_t* offsets, uint32_t blocks) {
  if (threadIdx.x != 0) return;
  uint32_t run = 0;
  for (uint32_t b = 0; b < blocks; ++b) {
    offsets[size_t(blockIdx.x) * blocks + b] = run;
    run += counts[size_t(blockIdx.x) * blocks + b];
  }
}
void broken_scan(void*, const DigitScanArgs& a, GpuStream s) {
  rowwise_scan<<<a.digits, 32, 0, s>>>(a.counts, a.offsets, a.blocks);
}

// A merge path that takes as much of A as the diagonal allows (valid splits, wrong merges).
__global__ void greedy_splits(uint64_t n, uint64_t tile, uint64_t run_in, uint64_t tiles, uint64_t* splits) {
  const uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (t >= tiles) return;
  const uint64_t out = t * tile, pair = out / (2 * run_in) * (2 * run_in);
  const uint64_t na = n - pair < run_in ? n - pair : run_in, diag = out - pair;
  splits[t] = diag < na ? diag : na;
}
void broken_merge_path(void*, const MergePathArgs& a, GpuStream s) {
  greedy_splits<<<unsigned((a.tiles + 255) / 256), 256, 0, s>>>(a.n, a.tile, a.run_in, a.tiles, a.splits);
}

// A block sort whose tiles come out sorted but wrong: every key of a tile becomes the tile's first
// key. The runs stay sorted, as the merge passes (the 4-way splits too) require, so the result is
// in bounds and fails as not a permutation. (Unsorted runs break the merges' precondition: a first
// version that copied its tiles unsorted ended with "an illegal instruction" on an H100.)
__global__ void constant_tiles(const uint32_t* in, uint32_t* out, uint64_t n, uint64_t tile) {
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i / tile * tile];
}
void broken_block_sort(void*, const BlockSortArgs& a, GpuStream s) {
  if (a.in == a.out) return;  // a single tile sorted in place: leave it (the test sorts many)
  constant_tiles<<<unsigned((a.n + 255) / 256), 256, 0, s>>>(static_cast<const uint32_t*>(a.in),
                                                             static_cast<uint32_t*>(a.out), a.n, a.tile);
}

// A bucket index that numbers the buckets backwards (b -> k - 1 - b): count and scatter agree on it,
// so every key lands in bounds, but the buckets come out in reverse order. 4-byte keys.
__global__ void reversed_buckets(const uint32_t* keys, uint64_t n, const uint32_t* tree, int log_k, uint32_t* buckets) {
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i < n) buckets[i] = ((1u << log_k) - 1) - search_tree_bucket(tree, log_k, keys[i]);
}
void broken_bucket_index(void*, const BucketIndexArgs& a, GpuStream s) {
  reversed_buckets<<<unsigned((a.n + 255) / 256), 256, 0, s>>>(static_cast<const uint32_t*>(a.keys), a.n,
                                                               static_cast<const uint32_t*>(a.tree), a.log_k, a.buckets);
}
// Every key in bucket 0: the next pass would split the same keys again, forever.
void all_in_bucket_zero(void*, const BucketIndexArgs& a, GpuStream s) { cudaMemsetAsync(a.buckets, 0, a.n * 4, s); }

// ---- Runs ---------------------------------------------------------------------------------------

Verdict sort_with(const char* algorithm, const ParamValues& params, uint64_t n, const PieceSlots* slots) {
  const Algorithm* a = find_algorithm(algorithm);
  EXPECT_NE(a, nullptr);
  InputSpec spec;
  spec.n = n;
  spec.seed = 11;
  const HostKeys input = generate_host(spec);
  test::DeviceInput d(input);
  test::TestStream stream;
  DeviceScratch scratch;
  ParamValues p = params;
  EXPECT_EQ(resolve_params(a->params(), p, a->id()), "");
  GpuRunContext ctx{reinterpret_cast<GpuStream>(stream.get()), nullptr, &scratch, nullptr, slots};
  a->run_gpu(a->params_as_run(p, input.type, false, n), d.view, ctx);
  CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  return verify_host(multiset_hash_host(input), d.download());
}

const ParamValues kRadix = {{"threads", 256}, {"keys_per_thread", 16}, {"max_blocks", 64}};
const ParamValues kMerge = {{"threads", 128}, {"keys_per_thread", 15}, {"block_sort_threads", 4}};
constexpr uint64_t kN = 100003;

TEST(PieceSlots, EmptySlotsAreTheBuiltInPipeline) {
  const PieceSlots none;
  for (const char* algo : {"bitonic", "radix", "merge", "sample-sort"}) EXPECT_TRUE(sort_with(algo, {}, kN, &none).ok()) << algo;
}

TEST(PieceSlots, BitonicCompareExchangeLayer) {
  PieceSlots good, bad;
  good.compare_exchange_layer = bitonic_builtin_layer_piece();
  bad.compare_exchange_layer = {&broken_layer, nullptr};
  EXPECT_TRUE(sort_with("bitonic", {}, kN, &good).ok());
  EXPECT_FALSE(sort_with("bitonic", {}, kN, &bad).sorted);
}

TEST(PieceSlots, RadixDigitHistogramAndScan) {
  PieceSlots histogram, scan;
  histogram.digit_histogram = {&broken_histogram, nullptr};
  scan.digit_scan = {&broken_scan, nullptr};
  EXPECT_FALSE(sort_with("radix", kRadix, kN, &histogram).ok());
  EXPECT_FALSE(sort_with("radix", kRadix, kN, &scan).ok());
}

TEST(PieceSlots, MergePathAndBlockSort) {
  PieceSlots path, block;
  path.merge_path = {&broken_merge_path, nullptr};
  block.block_sort = {&broken_block_sort, nullptr};
  EXPECT_FALSE(sort_with("merge", kMerge, kN, &path).sorted);
  EXPECT_FALSE(sort_with("merge", kMerge, kN, &block).permutation);
}

TEST(PieceSlots, SampleSortBucketIndex) {
  PieceSlots good, reversed, stuck;
  good.bucket_index = sample_builtin_bucket_piece();
  reversed.bucket_index = {&broken_bucket_index, nullptr};
  stuck.bucket_index = {&all_in_bucket_zero, nullptr};
  // k = 4 and n = 100003 make two level-1 passes (buckets of about 25,000 keys are above M = 2^14
  // and get another), so the piece runs on parents in both buffers.
  const ParamValues k4 = {{"k", 4}};
  EXPECT_TRUE(sort_with("sample-sort", k4, kN, &good).ok());
  const Verdict v = sort_with("sample-sort", k4, kN, &reversed);
  EXPECT_FALSE(v.sorted);
  EXPECT_TRUE(v.permutation);
  EXPECT_THROW(sort_with("sample-sort", k4, kN, &stuck), std::runtime_error);
}

}  // namespace
}  // namespace sortscope
