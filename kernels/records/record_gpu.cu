// Record moves on the GPU (Bandyopadhyay & Sahni §III, §IV Fig. 6). Every buffer has the byte
// layout of HostRecords (host_records.h). All sizes are multiples of 4 bytes, so keys and fields
// are moved as 32-bit words; rows move in the widest word (16, 8 or 4 bytes) that divides both the
// row size and the rows' offset.
#include "records/record_gpu.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <stdexcept>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "fused_record_sort.h"
#include "records/record_phase_bytes.h"

namespace sortscope {
namespace {

constexpr int kThreads = 256;
constexpr uint64_t kMaxBlocks = 65535ull * 16;

bool cycles(const RecordSortOptions& o) { return o.strategy == RecordStrategy::Indirect && o.rearrange == Rearrange::Cycles; }

unsigned blocks_for(uint64_t work) {
  return unsigned(std::max<uint64_t>(1, std::min<uint64_t>((work + kThreads - 1) / kThreads, kMaxBlocks)));
}

// Where a set's pieces lie (host_records.h): keys at 0 with `key_stride` bytes between them
// (ByRecord: the row), ByField's field arrays or the rows at `rows_offset`.
struct Geometry {
  uint64_t n = 0;
  uint32_t key_words = 1;  // key bytes / 4
  uint32_t fields = 0;
  uint32_t row_bytes = 0;  // 0 for ByField
  uint64_t key_stride = 4;
  uint64_t rows_offset = 0;
  RecordLayout layout = RecordLayout::ByField;
};

Geometry geometry_of(const RecordShape& s, uint64_t n) {
  Geometry g;
  g.n = n;
  g.key_words = s.key_size() / 4;
  g.fields = s.fields;
  g.row_bytes = s.row_bytes();
  g.layout = s.layout;
  g.key_stride = s.layout == RecordLayout::ByRecord ? s.row_bytes() : s.key_size();
  g.rows_offset = s.layout == RecordLayout::ByRecord ? 0 : n * s.key_size();
  return g;
}

__device__ uint64_t load_key_raw(const uint8_t* records, uint64_t stride, uint32_t key_words, uint64_t i) {
  const uint32_t* w = reinterpret_cast<const uint32_t*>(records + i * stride);
  uint64_t raw = w[0];
  if (key_words == 2) raw |= uint64_t(w[1]) << 32;
  return raw;
}

// The indirect strategy's pairs (k_i, i): the keys copied word by word (ByRecord's are strided);
// values null: the keys alone (the fused sort takes the positions itself).
__global__ void pairs_of_records(const uint8_t* records, uint64_t stride, uint32_t key_words, uint32_t* keys,
                                 uint32_t* values, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint32_t* w = reinterpret_cast<const uint32_t*>(records + i * stride);
    for (uint32_t k = 0; k < key_words; ++k) keys[i * key_words + k] = w[k];
    if (values) values[i] = uint32_t(i);
  }
}

// One direct pass's pairs (record_sort.cpp, direct_pass_keys): the digit of the ordered key as a
// u32 key for a stable sort, (digit << 32 | position) as a u64 key for an unstable one.
template <class Traits>
__global__ void direct_pass_pairs(const uint8_t* records, uint64_t stride, uint32_t shift, bool stable, void* keys,
                                  uint32_t* values, uint64_t n) {
  using Bits = typename Traits::Bits;
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const Bits raw = Bits(load_key_raw(records, stride, sizeof(Bits) / 4, i));
    const uint64_t digit = (uint64_t(Traits::to_ordered(raw)) >> shift) & ((1u << kDirectDigitBits) - 1);
    if (stable) static_cast<uint32_t*>(keys)[i] = uint32_t(digit);
    else static_cast<uint64_t*>(keys)[i] = digit << 32 | i;
    values[i] = uint32_t(i);
  }
}

// out[j] = in[perm[j]] for `arrays` arrays of n elements of `words` 32-bit words each, array a at
// word offset a * n * words: ByField's key array and field arrays (§III: each field a separate
// random read, a coalesced write).
__global__ void gather_arrays(const uint32_t* in, uint32_t* out, const uint32_t* perm, uint64_t n, uint32_t words,
                              uint32_t arrays) {
  const uint64_t per_array = n * words, total = per_array * arrays;
  for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < total; t += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t a = t / per_array, r = t % per_array, j = r / words, w = r % words;
    out[a * per_array + j * words + w] = in[a * per_array + uint64_t(perm[j]) * words + w];
  }
}

// The paper's Fig. 6 group move, with the printed pseudo-code's defects fixed (README.md): g
// threads per record, one Word (16, 8 or 4 bytes) each; thread t moves word `lane = t % g` of
// record `t / g`; the word index scales by g (`rec * g + lane`, the figure omits the g); a pass
// of the grid moves gridDim*blockDim/g records and the loop steps by exactly that (the figure
// steps by numThrdsInGrp), so every record is moved once.
template <class Word>
__global__ void gather_rows_grouped(const Word* in, Word* out, const uint32_t* perm, uint64_t n, uint32_t g) {
  const uint64_t total = n * g;
  for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < total; t += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t rec = t / g, lane = t % g;
    out[rec * g + lane] = in[uint64_t(perm[rec]) * g + lane];
  }
}

void gather_rows(const uint8_t* in, uint8_t* out, const uint32_t* perm, const Geometry& geo, cudaStream_t st) {
  if (geo.row_bytes == 0 || geo.n == 0) return;
  const uint32_t w = row_move_word_bytes(geo.row_bytes, geo.rows_offset);
  const uint32_t g = geo.row_bytes / w;
  const uint8_t* src = in + geo.rows_offset;
  uint8_t* dst = out + geo.rows_offset;
  const unsigned blocks = blocks_for(geo.n * g);
  if (w == 16)
    gather_rows_grouped<<<blocks, kThreads, 0, st>>>(reinterpret_cast<const uint4*>(src), reinterpret_cast<uint4*>(dst), perm, geo.n, g);
  else if (w == 8)
    gather_rows_grouped<<<blocks, kThreads, 0, st>>>(reinterpret_cast<const uint2*>(src), reinterpret_cast<uint2*>(dst), perm, geo.n, g);
  else
    gather_rows_grouped<<<blocks, kThreads, 0, st>>>(reinterpret_cast<const uint32_t*>(src), reinterpret_cast<uint32_t*>(dst), perm, geo.n, g);
  CUDA_CHECK_LAUNCH("gather_rows_grouped");
}

// Moves every record of `in` to `out` by perm: out[j] = in[perm[j]] (key and all fields). With
// `keys` false the key array of ByField and Hybrid is left alone (the indirect sort wrote the
// sorted keys there already, so they need no random read).
void gather_records_gpu(const uint8_t* in, uint8_t* out, const uint32_t* perm, const Geometry& geo, cudaStream_t st,
                        bool keys = true) {
  if (geo.n == 0) return;
  if (geo.layout == RecordLayout::ByRecord) return gather_rows(in, out, perm, geo, st);
  // The key array (ByField, Hybrid), and for ByField the field arrays right after it.
  if (keys) {
    gather_arrays<<<blocks_for(geo.n * geo.key_words), kThreads, 0, st>>>(
        reinterpret_cast<const uint32_t*>(in), reinterpret_cast<uint32_t*>(out), perm, geo.n, geo.key_words, 1);
    CUDA_CHECK_LAUNCH("gather_arrays keys");
  }
  if (geo.layout == RecordLayout::Hybrid) return gather_rows(in, out, perm, geo, st);
  if (geo.fields == 0) return;
  gather_arrays<<<blocks_for(geo.n * geo.fields), kThreads, 0, st>>>(
      reinterpret_cast<const uint32_t*>(in + geo.rows_offset), reinterpret_cast<uint32_t*>(out + geo.rows_offset), perm,
      geo.n, 1, geo.fields);
  CUDA_CHECK_LAUNCH("gather_arrays fields");
}

// ---- Cycle chasing on the GPU (§III: the table sort's in-place rearrangement) ----
//
// The CPU model (host_records.cpp, permute_records_in_place) walks the cycles from the lowest
// start, one record of temporary storage each. Here one thread per cycle does the same walk, the
// cycle's leader: its smallest index. The cycles are disjoint, so the threads touch disjoint
// records and need no synchronisation; a cycle is still rotated serially, one dependent step per
// record, so a long cycle (a random permutation has one of about n/2) costs one thread that many
// steps: the reason the paper prefers the gather on a GPU.
//
// Finding the leaders: walking each cycle from every index until a smaller one appears is
// quadratic on a long cycle (a rotated sorted input is one cycle of n); pointer jumping is
// O(n log n) work: label[i] = the smallest of the 2^r indices from i along its cycle, next[i] = the
// index 2^r on; each round doubles the span, and once it reaches n every label is its cycle's
// minimum (a cycle's indices repeat along it, so spans longer than the cycle are harmless).

// Round 0: the span of one index.
__global__ void cycle_labels_init(const uint32_t* perm, uint32_t* label, uint32_t* next, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    label[i] = uint32_t(i);
    next[i] = perm[i];
  }
}

// One doubling: the span from i joined with the span from next[i].
__global__ void cycle_labels_round(const uint32_t* label_in, const uint32_t* next_in, uint32_t* label_out,
                                   uint32_t* next_out, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint32_t j = next_in[i];
    label_out[i] = min(label_in[i], label_in[j]);
    next_out[i] = next_in[j];
  }
}

// Word w of record i (the key's words first, then the fields) as a 32-bit word index into the
// set's bytes (host_records.h's offsets).
__device__ uint64_t record_word(const Geometry& g, uint64_t i, uint32_t w) {
  if (g.layout == RecordLayout::ByRecord) return i * (g.row_bytes / 4) + w;
  if (w < g.key_words) return i * g.key_words + w;
  const uint64_t f = w - g.key_words, rows = g.rows_offset / 4;
  return g.layout == RecordLayout::ByField ? rows + f * g.n + i : rows + i * g.fields + f;
}

// Every leader rotates its cycle as permute_records_in_place does: its record to registers, then
// each place j filled from perm[j] along the cycle, the last from the saved record.
__global__ void rotate_cycles(uint32_t* words, const uint32_t* perm, const uint32_t* leader, Geometry g) {
  const uint32_t record_words = g.key_words + g.fields;
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < g.n; i += uint64_t(gridDim.x) * blockDim.x) {
    if (leader[i] != i || perm[i] == i) continue;
    uint32_t saved[2 + kMaxRecordFields];
    for (uint32_t w = 0; w < record_words; ++w) saved[w] = words[record_word(g, i, w)];
    uint64_t j = i;
    for (uint64_t src = perm[j]; src != i; j = src, src = perm[j])
      for (uint32_t w = 0; w < record_words; ++w) words[record_word(g, j, w)] = words[record_word(g, src, w)];
    for (uint32_t w = 0; w < record_words; ++w) words[record_word(g, j, w)] = saved[w];
  }
}

// Rearranges `records` in place by perm (out[j] = in[perm[j]]). `labels`: 4n words of scratch.
void permute_records_in_place_gpu(uint8_t* records, const uint32_t* perm, uint32_t* labels, const Geometry& geo,
                                  cudaStream_t st) {
  if (geo.n == 0) return;
  const uint64_t n = geo.n;
  uint32_t *label = labels, *next = labels + n, *label_b = labels + 2 * n, *next_b = labels + 3 * n;
  const unsigned blocks = blocks_for(n);
  cycle_labels_init<<<blocks, kThreads, 0, st>>>(perm, label, next, n);
  CUDA_CHECK_LAUNCH("cycle_labels_init");
  for (uint64_t span = 1; span < n; span *= 2) {
    cycle_labels_round<<<blocks, kThreads, 0, st>>>(label, next, label_b, next_b, n);
    CUDA_CHECK_LAUNCH("cycle_labels_round");
    std::swap(label, label_b);
    std::swap(next, next_b);
  }
  rotate_cycles<<<blocks, kThreads, 0, st>>>(reinterpret_cast<uint32_t*>(records), perm, label, geo);
  CUDA_CHECK_LAUNCH("rotate_cycles");
}

struct Buffers {
  uint8_t* a;           // holds the records to sort; swapped with b as records move
  uint8_t* b;
  void* pair_keys;      // n keys of up to 8 bytes
  uint32_t* pair_values;
  uint32_t* labels;     // cycle chasing's leaders: 4n words (indirect + cycles only)
};

// What a fused sort's last pass moves for Rearrange::Fused (fused_record_sort.h): the rows of
// ByRecord (key included) and Hybrid in the group words of the gather (row_move_word_bytes), or
// ByField's field arrays one 32-bit field per thread. Null out when there is nothing to move.
RecordRows fused_rows(const uint8_t* a, uint8_t* b, const Geometry& geo) {
  RecordRows r;
  if (geo.layout == RecordLayout::ByField) {
    if (geo.fields == 0) return r;
    r.in = a + geo.rows_offset;
    r.out = b + geo.rows_offset;
    r.word_bytes = 4;
    r.words = geo.fields;
    r.record_stride = 1;
    r.word_stride = geo.n;
    r.rows = false;
    return r;
  }
  if (geo.row_bytes == 0) return r;
  r.word_bytes = row_move_word_bytes(geo.row_bytes, geo.rows_offset);
  r.in = a + geo.rows_offset;
  r.out = b + geo.rows_offset;
  r.words = geo.row_bytes / r.word_bytes;
  r.record_stride = r.words;
  r.word_stride = 1;
  return r;
}

// The sorts that fuse (fused_record_sort_of: radix-onesweep): the keys sorted from where
// the records keep them (ByField, Hybrid: the key array of a, straight into b's; ByRecord: a copy
// of the strided keys, since its rows carry the keys along), the positions as values, so no pairs
// are built. `move_rows` (Rearrange::Fused): the rows moved by the last pass; else
// (Rearrange::Gather) the last pass writes the permutation to bufs.pair_values for the gather.
// Only where index_in_sort holds (a plan of several tiles).
void sort_fused(const FusedRecordSort& fused, const ParamValues& params, const RecordShape& shape,
                const Geometry& geo, const Buffers& bufs, const GpuRunContext& ctx, bool move_rows) {
  const void* keys_in = bufs.a;
  void* keys_out = bufs.b;
  if (geo.layout == RecordLayout::ByRecord) {
    pairs_of_records<<<blocks_for(geo.n), kThreads, 0, ctx.stream>>>(bufs.a, geo.key_stride, geo.key_words,
                                                                     static_cast<uint32_t*>(bufs.pair_keys), nullptr,
                                                                     geo.n);
    CUDA_CHECK_LAUNCH("pairs_of_records");
    keys_in = keys_out = bufs.pair_keys;
  }
  fused.sort_records_gpu(geo.n, shape.key, params, keys_in, keys_out, bufs.pair_values,
                         move_rows ? fused_rows(bufs.a, bufs.b, geo) : RecordRows{}, ctx);
}

// One sort of the records in bufs.a; returns the buffer that holds the result (a or b).
uint8_t* sort_once(const Algorithm& algo, const ParamValues& params, const RecordSortOptions& options,
                   const RecordShape& shape, const Geometry& geo, Buffers bufs, const GpuRunContext& ctx) {
  if (geo.n == 0) return bufs.a;
  cudaStream_t st = ctx.stream;
  const unsigned blocks = blocks_for(geo.n);
  if (options.strategy == RecordStrategy::Indirect) {
    // A sort that fuses takes the index in its first pass for the gather too (no pairs built, no
    // index array written or read: 16 bytes a record less); the sorted keys are then in b's key
    // array already (ByRecord's rows carry theirs), so the gather moves the fields (rows) only.
    if (index_in_sort(algo, params, options, shape.key, geo.n)) {
      sort_fused(*fused_record_sort_of(algo), params, shape, geo, bufs, ctx, options.rearrange == Rearrange::Fused);
      if (options.rearrange == Rearrange::Gather) gather_records_gpu(bufs.a, bufs.b, bufs.pair_values, geo, st, false);
      return bufs.b;
    }
    // The gather's pairs are sorted where the output keeps its keys (b's key array for ByField and
    // Hybrid), so only the fields move by the permutation; cycles sort them aside and rotate all.
    const bool keys_in_place = rearrange_gathers(options.rearrange) && geo.layout != RecordLayout::ByRecord;
    void* keys = keys_in_place ? static_cast<void*>(bufs.b) : bufs.pair_keys;
    pairs_of_records<<<blocks, kThreads, 0, st>>>(bufs.a, geo.key_stride, geo.key_words, static_cast<uint32_t*>(keys),
                                                  bufs.pair_values, geo.n);
    CUDA_CHECK_LAUNCH("pairs_of_records");
    DeviceKeys pairs{shape.key, keys, bufs.pair_values, geo.n};
    algo.run_gpu(params, pairs, ctx);
    if (options.rearrange == Rearrange::Cycles) {
      permute_records_in_place_gpu(bufs.a, bufs.pair_values, bufs.labels, geo, st);
      return bufs.a;
    }
    gather_records_gpu(bufs.a, bufs.b, bufs.pair_values, geo, st, !keys_in_place);
    return bufs.b;
  }
  const bool stable = find_record_sort_algorithm(algo.id())->stable;
  for (uint32_t pass = 0; pass < direct_passes(shape.key); ++pass) {
    dispatch_key_type(shape.key, [&](auto traits) {
      direct_pass_pairs<decltype(traits)><<<blocks, kThreads, 0, st>>>(
          bufs.a, geo.key_stride, pass * kDirectDigitBits, stable, bufs.pair_keys, bufs.pair_values, geo.n);
    });
    CUDA_CHECK_LAUNCH("direct_pass_pairs");
    DeviceKeys pairs{stable ? KeyType::U32 : KeyType::U64, bufs.pair_keys, bufs.pair_values, geo.n};
    algo.run_gpu(params, pairs, ctx);
    gather_records_gpu(bufs.a, bufs.b, bufs.pair_values, geo, st);
    std::swap(bufs.a, bufs.b);
  }
  return bufs.a;
}

}  // namespace

uint64_t records_gpu_bytes(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                           const RecordShape& shape, uint64_t n) {
  const bool u64_pairs = shape.key_size() == 8 ||
                         (options.strategy == RecordStrategy::Direct && !find_record_sort_algorithm(algorithm.id())->stable);
  const KeyType pair_type = u64_pairs ? KeyType::U64 : KeyType::U32;
  const uint64_t scratch = std::max(algorithm.scratch_bytes(n, pair_type, true, params, false),
                                    algorithm.scratch_bytes(n, shape.key, true, params, false));
  return 3 * shape.total_bytes(n) + n * 12 + scratch + (cycles(options) ? n * 16 : 0);
}

RecordGpuResult measure_records_gpu(const Algorithm& algorithm, const ParamValues& params,
                                    const RecordSortOptions& options, const HostRecords& input, int warmup, int reps) {
  if (!find_record_sort_algorithm(algorithm.id()))
    throw std::invalid_argument("--algo: " + algorithm.id() + " does not sort records");
  if (const std::string why = check_record_options(algorithm.id(), options); !why.empty())
    throw std::invalid_argument(why);
  const uint64_t bytes = input.bytes.size(), n = input.n;
  const Geometry geo = geometry_of(input.shape, n);
  DeviceBuffer<uint8_t> pristine(std::max<uint64_t>(bytes, 16)), a(std::max<uint64_t>(bytes, 16)),
      b(std::max<uint64_t>(bytes, 16));
  DeviceBuffer<uint64_t> pair_keys(std::max<uint64_t>(n, 1));
  DeviceBuffer<uint32_t> pair_values(std::max<uint64_t>(n, 1));
  DeviceBuffer<uint32_t> labels(cycles(options) ? std::max<uint64_t>(4 * n, 1) : 1);
  cudaStream_t st;
  CUDA_CHECK(cudaStreamCreate(&st));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  RecordGpuResult result;
  try {
    if (bytes) CUDA_CHECK(cudaMemcpyAsync(pristine.data(), input.bytes.data(), bytes, cudaMemcpyHostToDevice, st));
    DeviceScratch scratch;
    GpuRunContext ctx{st, nullptr, &scratch};
    uint8_t* out = a.data();
    for (int r = 0; r < warmup + reps; ++r) {
      if (bytes) CUDA_CHECK(cudaMemcpyAsync(a.data(), pristine.data(), bytes, cudaMemcpyDeviceToDevice, st));
      CUDA_CHECK(cudaEventRecord(start, st));
      out = sort_once(algorithm, params, options, input.shape, geo,
                      Buffers{a.data(), b.data(), pair_keys.data(), pair_values.data(), labels.data()}, ctx);
      CUDA_CHECK(cudaEventRecord(stop, st));
      CUDA_CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      if (r >= warmup) result.ms.push_back(ms);
    }
    result.output = HostRecords(input.shape, n);
    if (bytes) CUDA_CHECK(cudaMemcpyAsync(result.output.bytes.data(), out, bytes, cudaMemcpyDeviceToHost, st));
    CUDA_CHECK(cudaStreamSynchronize(st));
  } catch (...) {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(st);
    throw;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(st);
  return result;
}

}  // namespace sortscope
