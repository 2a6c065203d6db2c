// The distributed sorts on GPUs (distributed_gpu.h). Each phase issues its work for every local
// rank, then waits on the rank group (RankGroup::wait: streams idle, NCCL settled, or a deadline):
// the host needs each phase's small result (samples, counts, probes) to decide the next.
//
// Memory (rank_memory.h): a rank's keys buffer holds its share, then what arrives, then its sorted
// range; its scratch block holds the packed send buffer, then the local sort's scratch (and merge's
// output). Phases in order, with the buffers each reads and writes:
//   sample sort   sample (keys), splitters, count + pack (keys -> block), exchange (block -> keys),
//                 local sort (keys, with its own ping-pong buffers)
//   radix         count: histogram (keys), splitters: digit ranges, count + pack (keys -> block),
//                 exchange (block -> keys), local sort (keys, scratch carved from the block)
//   merge         local sort (keys, scratch carved from the block), splitters: selection probes
//                 (keys), pack (keys -> block), exchange (block -> keys), merge (keys -> block)
#include "distributed_gpu.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>

#include <cub/device/device_scan.cuh>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "common/key_transform_gpu.h"
#include "common/verify_gpu.h"
#include "exchange_layout.h"
#include "pack_kernels.cuh"
#include "pinned_host_buffer.h"
#include "primitives/multiway_merge/multiway_merge_gpu.h"
#include "rank_partition.h"

namespace sortscope {

using namespace distributed_detail;

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

ncclComm_t comm_of(const RankGroup& g, size_t l) { return static_cast<ncclComm_t>(g.comm(l)); }

void nccl_call(ncclResult_t r, const char* what) {
  if (r != ncclSuccess && r != ncclInProgress) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(r));
}

constexpr int kThreads = 256;
int grid_for(uint64_t n) { return int(std::max<uint64_t>(1, std::min<uint64_t>((n + kThreads - 1) / kThreads, 8192))); }

// A --host-io run copies a share in chunks of this many bytes: small enough that radix's histogram
// of a chunk hides behind the next chunk's copy and only the last one's follows the copies, large
// enough that each copy runs at the link's speed.
constexpr uint64_t kCopyChunkBytes = uint64_t(256) << 20;
// The histogram of one chunk: a block per 2^17 keys, as the one launch over a whole 2^30-key share
// (8192 blocks), so the chunks together flush no more shared counters to global memory than it.
int hist_grid_for_chunk(uint64_t n) { return int(std::clamp<uint64_t>(n >> 17, 1, 8192)); }

// ---- Kernels (grid-stride loops; Traits = KeyTraits of the key type, keys native in memory) ----

template <class Traits>
__global__ void gather_samples_kernel(const typename Traits::Bits* keys, uint64_t share, uint64_t begin, uint64_t count,
                                      uint64_t seed, uint32_t rank, TaggedKey<typename Traits::Bits>* out) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t pos = sample_position(seed, rank, i, count, share);
    out[i] = TaggedKey<typename Traits::Bits>{Traits::to_ordered(keys[pos]), begin + pos};
  }
}

// The histogram of the top `bits` bits of the ordered keys (one shared counter per digit). A thread
// loads kLoadsInFlight keys (pack_kernels.cuh) before it counts the first.
template <class Traits>
__global__ void radix_hist_kernel(const typename Traits::Bits* keys, uint64_t n, int shift, uint32_t digits,
                                  unsigned long long* hist) {
  extern __shared__ unsigned int h[];
  for (uint32_t j = threadIdx.x; j < digits; j += blockDim.x) h[j] = 0;
  __syncthreads();
  const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
  for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < n; t += kLoadsInFlight * stride) {
    typename Traits::Bits k[kLoadsInFlight];
#pragma unroll
    for (uint32_t u = 0; u < kLoadsInFlight; ++u) k[u] = t + u * stride < n ? keys[t + u * stride] : 0;
#pragma unroll
    for (uint32_t u = 0; u < kLoadsInFlight; ++u)
      if (t + u * stride < n) atomicAdd(&h[uint32_t(Traits::to_ordered(k[u]) >> shift)], 1u);
  }
  __syncthreads();
  for (uint32_t j = threadIdx.x; j < digits; j += blockDim.x)
    if (h[j]) atomicAdd(&hist[j], (unsigned long long)h[j]);
}

// One probe of the selection across ranks: the pivot's rank in this rank's window, keys < d and
// keys <= d (merge/selection_step.h's key_rank, here over 64-bit positions).
template <class Traits>
__global__ void probe_kernel(const typename Traits::Bits* keys, uint64_t lo, uint64_t hi, const typename Traits::Bits* pivot,
                             unsigned long long* out) {
  const auto d = Traits::to_ordered(*pivot);
  uint64_t a = lo, b = hi;
  while (a < b) {
    const uint64_t m = a + (b - a) / 2;
    if (Traits::to_ordered(keys[m]) < d) a = m + 1; else b = m;
  }
  out[0] = a;
  uint64_t c = a, e = hi;
  while (c < e) {
    const uint64_t m = c + (e - c) / 2;
    if (!(d < Traits::to_ordered(keys[m]))) c = m + 1; else e = m;
  }
  out[1] = c;
}

// Runs fn(l) for every local rank, each on its own thread with its device set: the one-GPU sorts
// read sizes back to the host between launches, so one thread would run the ranks one by one.
template <class F>
void on_every_rank_in_parallel(const RankGroup& g, F&& fn) {
  std::vector<std::thread> threads;
  std::exception_ptr error;
  std::mutex m;
  for (size_t l = 0; l < g.local_count(); ++l)
    threads.emplace_back([&, l] {
      try {
        g.set_device(l);
        fn(l);
      } catch (...) {
        std::lock_guard<std::mutex> lock(m);
        if (!error) error = std::current_exception();
      }
    });
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

// Every rank's `words` 64-bit words (per local rank, from the host), gathered in rank order through
// NCCL: what every process must know alike (free memory, verdicts, phase times).
std::vector<uint64_t> all_gather_words(RankGroup& g, const std::vector<std::vector<uint64_t>>& mine, size_t words,
                                       const char* what) {
  std::vector<DeviceBuffer<unsigned long long>> in(g.local_count()), out(g.local_count());
  for (size_t l = 0; l < g.local_count(); ++l) {
    g.set_device(l);
    in[l].resize(words);
    out[l].resize(words * g.world());
    CUDA_CHECK(cudaMemcpy(in[l].data(), mine[l].data(), words * 8, cudaMemcpyHostToDevice));
  }
  g.group_start();
  for (size_t l = 0; l < g.local_count(); ++l)
    nccl_call(ncclAllGather(in[l].data(), out[l].data(), words, ncclUint64, comm_of(g, l), g.stream(l)), what);
  g.group_end(what);
  g.wait(what);
  std::vector<uint64_t> all(words * g.world());
  g.set_device(0);
  CUDA_CHECK(cudaMemcpy(all.data(), out[0].data(), all.size() * 8, cudaMemcpyDeviceToHost));
  return all;
}

}  // namespace

struct DistributedGpuSort::Rank {
  int device = 0;
  uint64_t begin = 0, share_n = 0;
  RankMemory plan;
  // The keys buffer (and its values): the share, what arrives, the sorted range.
  DeviceBuffer<uint8_t> keys;
  DeviceBuffer<uint32_t> values;
  uint64_t capacity = 0;
  // The scratch block: the packed send buffer, then the local sort's scratch or merge's output.
  DeviceScratch scratch;
  DeviceScratch merge_scratch;  // the P-way merge's own (P > 2)
  DeviceBuffer<uint8_t> samples, samples_all, tree, cub_temp;
  DeviceBuffer<uint16_t> owner;
  DeviceBuffer<unsigned long long> counts, gathered, block_counts, block_scanned, starts, probe, probes;
  RankExchange exchange;  // this run's piece layout
  void* out_k = nullptr;
  uint32_t* out_v = nullptr;
  uint64_t out_n = 0;
  // The exchange on this rank's stream (CUDA events around the grouped sends and receives).
  cudaEvent_t exchange_begin = nullptr, exchange_end = nullptr;
  // Host I/O (keep_data_in_host_memory): the share and the sorted range in pinned host memory, the
  // copy stream the input comes in on, and an event per chunk that has landed.
  PinnedHostBuffer host_in, host_in_values, host_out, host_out_values;
  cudaStream_t copy_stream = nullptr;
  std::vector<cudaEvent_t> chunk_landed;

  explicit Rank(int dev) : device(dev) {
    CUDA_CHECK(cudaEventCreate(&exchange_begin));
    CUDA_CHECK(cudaEventCreate(&exchange_end));
  }
  ~Rank() {
    cudaSetDevice(device);
    for (cudaEvent_t e : chunk_landed) cudaEventDestroy(e);
    for (cudaEvent_t e : {exchange_begin, exchange_end})
      if (e) cudaEventDestroy(e);
    if (copy_stream) cudaStreamDestroy(copy_stream);
  }
  Rank(const Rank&) = delete;
  Rank& operator=(const Rank&) = delete;
  cudaEvent_t landed(size_t chunk) {
    while (chunk_landed.size() <= chunk) {
      cudaEvent_t e;
      CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
      chunk_landed.push_back(e);
    }
    return chunk_landed[chunk];
  }

  // Makes the keys buffer hold `elements` keys (and values); contents kept only if no growth.
  void reserve(uint64_t elements, size_t kb, bool with_values) {
    if (elements <= capacity && keys.data()) return;
    capacity = std::max<uint64_t>(1, elements);
    keys.resize(capacity * kb);
    if (with_values) values.resize(capacity);
  }
};

RankMemoryQuery DistributedGpuSort::memory_query() const {
  RankMemoryQuery q;
  q.sort = sort_;
  q.ranks = group_.world();
  q.type = type_;
  q.with_values = with_values_;
  q.n = n_;
  q.local = local_.algorithm;
  q.local_params = local_.params;
  q.params = params_;
  return q;
}

DistributedGpuSort::DistributedGpuSort(RankGroup& group, DistributedSort sort, const DistributedParams& params,
                                       LocalSort local, KeyType type, bool with_values, uint64_t n)
    : group_(group), sort_(sort), params_(params), local_(std::move(local)), type_(type), with_values_(with_values), n_(n) {
  if (group.world() > 256) throw std::runtime_error("distributed sorts on GPUs: at most 256 ranks");
  if (n > max_distributed_keys(group.world()))
    throw std::runtime_error("distributed sorts on GPUs: at most 2^32 - 1 keys per rank, " +
                             std::to_string(max_distributed_keys(group.world())) + " on " +
                             std::to_string(group.world()) + " ranks");
  // The memory check before anything is allocated: every rank's free memory, gathered, against
  // every rank's plan, so each process refuses alike with the same line.
  std::vector<std::vector<uint64_t>> free_mine(group.local_count(), std::vector<uint64_t>(1));
  for (size_t l = 0; l < group.local_count(); ++l) {
    group.set_device(l);
    size_t free_b = 0, total_b = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    free_mine[l][0] = free_b;
  }
  const RankMemoryQuery q = memory_query();
  if (auto e = check_rank_memory(q, all_gather_words(group, free_mine, 1, "gathering the free memory")); !e.empty())
    throw std::runtime_error(e);
  const size_t kb = size_t(key_bytes(type));
  for (size_t l = 0; l < group.local_count(); ++l) {
    group.set_device(l);
    auto r = std::make_unique<Rank>(group.device(l));
    const uint32_t rank = group.rank(l);
    r->begin = rank_share_begin(n, group.world(), rank);
    r->share_n = rank_share_begin(n, group.world(), rank + 1) - r->begin;
    r->plan = rank_memory(q, rank);
    r->reserve(r->plan.capacity, kb, with_values);
    ScratchLayout block;
    block.add<uint8_t>("block", r->plan.block);
    r->scratch.carve(block);  // the block at its planned size, so no run grows it in the timed path
    ranks_.push_back(std::move(r));
  }
}

DistributedGpuSort::~DistributedGpuSort() = default;

DeviceKeys DistributedGpuSort::output(size_t l) const {
  const Rank& r = *ranks_[l];
  return DeviceKeys{type_, r.out_k, r.out_v, r.out_n};
}

uint64_t DistributedGpuSort::memory_held(size_t l) const {
  const Rank& r = *ranks_[l];
  uint64_t b = r.keys.bytes() + r.values.bytes() + r.scratch.total_bytes() + r.merge_scratch.total_bytes();
  for (const auto* s : {&r.samples, &r.samples_all, &r.tree, &r.cub_temp}) b += s->bytes();
  for (const auto* s : {&r.counts, &r.gathered, &r.block_counts, &r.block_scanned, &r.starts, &r.probe, &r.probes})
    b += s->bytes();
  return b + r.owner.bytes();
}

uint64_t DistributedGpuSort::memory_planned(size_t l) const {
  const Rank& r = *ranks_[l];
  // A run that received more than planned grew the keys buffer to planned_receive of it.
  const uint64_t planned = planned_receive(sort_, r.share_n);
  return rank_memory(memory_query(), group_.rank(l), r.out_n > planned ? planned_receive(sort_, r.out_n) : 0).total();
}

void DistributedGpuSort::before_phase(const char* phase) const {
  if (!hook_) return;
  for (size_t l = 0; l < group_.local_count(); ++l) hook_(group_.rank(l), phase);
}

// The shares, generated on their GPUs (generate_device_range: key i depends on the seed and i alone).
void DistributedGpuSort::regenerate() {
  const size_t kb = size_t(key_bytes(type_));
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    Rank& r = *ranks_[l];
    r.reserve(r.share_n, kb, with_values_);
    DeviceKeys share{type_, r.keys.data(), with_values_ ? r.values.data() : nullptr, r.share_n};
    generate_device_range(spec_, r.begin, r.share_n, share, group_.stream(l));
  }
  group_.wait("generating the shares");
  shares_fresh_ = true;
}

// The input's multiset hash is the sum of the shares' hashes (it is additive), all-reduced across
// the ranks, so every process holds the whole input's hash for the verdict.
MultisetHash DistributedGpuSort::generate(const InputSpec& spec) {
  spec_ = spec;
  regenerate();
  std::vector<std::vector<uint64_t>> mine(group_.local_count());
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    Rank& r = *ranks_[l];
    const MultisetHash h =
        multiset_hash_device(DeviceKeys{type_, r.keys.data(), with_values_ ? r.values.data() : nullptr, r.share_n},
                             group_.stream(l));
    mine[l] = {h.sum, h.mix, h.count};
  }
  const std::vector<uint64_t> all = all_gather_words(group_, mine, 3, "adding the shares' hashes");
  MultisetHash total;
  for (uint32_t i = 0; i < group_.world(); ++i)
    total = combine_hashes(total, MultisetHash{all[3 * i], all[3 * i + 1], all[3 * i + 2]});
  if (host_io_) {  // the shares move to host memory, where every run starts from (untimed)
    const size_t kb = size_t(key_bytes(type_));
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      Rank& r = *ranks_[l];
      CUDA_CHECK(cudaMemcpy(r.host_in.data(), r.keys.data(), r.share_n * kb, cudaMemcpyDeviceToHost));
      if (with_values_)
        CUDA_CHECK(cudaMemcpy(r.host_in_values.data(), r.values.data(), r.share_n * 4, cudaMemcpyDeviceToHost));
    }
  }
  return total;
}

void DistributedGpuSort::keep_data_in_host_memory() {
  host_io_ = true;
  const size_t kb = size_t(key_bytes(type_));
  // Each rank's pinned memory is allocated and cleared by a thread of its own (in parallel: pinning
  // gigabytes takes a while); the output starts zeroed so that nothing stale passes the verdict.
  on_every_rank_in_parallel(group_, [&](size_t l) {
    Rank& r = *ranks_[l];
    const std::string what = "--host-io, rank " + std::to_string(group_.rank(l));
    r.host_in.resize(std::max<uint64_t>(1, r.share_n) * kb, what.c_str());
    r.host_out.resize(std::max<uint64_t>(1, r.capacity) * kb, what.c_str());
    std::memset(r.host_out.data(), 0, r.host_out.bytes());
    if (with_values_) {
      r.host_in_values.resize(std::max<uint64_t>(1, r.share_n) * 4, what.c_str());
      r.host_out_values.resize(std::max<uint64_t>(1, r.capacity) * 4, what.c_str());
      std::memset(r.host_out_values.data(), 0, r.host_out_values.bytes());
    }
    if (!r.copy_stream) CUDA_CHECK(cudaStreamCreateWithFlags(&r.copy_stream, cudaStreamNonBlocking));
  });
}

DistributedRunInfo DistributedGpuSort::run() {
  const uint32_t p = group_.world();
  const size_t kb = size_t(key_bytes(type_));
  const uint32_t q = exchange_align_elements(int(kb), with_values_);
  DistributedRunInfo info = make_run_info(sort_, p, type_, with_values_, n_, false);
  std::vector<double> ms(kDistributedPhases, 0.0);
  std::vector<uint64_t> matrix(size_t(p) * p, 0);  // keys rank i sends to rank j
  const int top_bits = std::clamp(params_.top_bits, 1, kMaxTopBits);
  const int shift = int(kb * 8) - top_bits;

  // A fresh share (a run sorts in its buffer): untimed, like the runner's fresh input copy per
  // repetition. generate() left fresh shares for the first run. With host I/O the share comes in
  // from host memory instead, timed (the copy in below).
  if (!shares_fresh_ && !host_io_) regenerate();
  shares_fresh_ = false;
  info.host_io = host_io_;

  auto phase = [&](DistributedPhase ph, const char* what, auto&& issue) {
    before_phase(what);
    const auto t0 = Clock::now();
    issue();
    group_.wait(what);
    ms[int(ph)] += ms_since(t0);
  };
  auto local_sort = [&](size_t l, void* keys, uint32_t* values, uint64_t count) {
    if (count == 0) return;
    DeviceKeys k{type_, keys, values, count};
    GpuRunContext ctx;
    ctx.stream = group_.stream(l);
    ctx.scratch = &ranks_[l]->scratch;
    local_.algorithm->run_gpu(local_.params, k, ctx);
    CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
  };
  auto send_buffers_of = [&](Rank& r) {
    const SendBuffers s = send_buffers(r.share_n, p, type_, with_values_);
    void* base = r.scratch.carve(s.layout);
    return std::make_pair(s.keys.in(base), s.values.in(base));
  };
  // The exchange's layout from the gathered matrix: every rank cuts the pieces alike
  // (exchange_layout.h), receives contiguously and packs its sends congruent to where they land;
  // then the keys buffer grows where more arrives than it holds (skewed input; its share is packed).
  auto lay_out_exchange = [&]() {
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      Rank& r = *ranks_[l];
      r.exchange = packed_exchange(matrix, p, group_.rank(l), q);
      r.out_n = r.exchange.recv.span;
    }
  };
  auto make_room_to_receive = [&]() {
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      Rank& r = *ranks_[l];
      if (r.out_n > r.capacity) r.reserve(planned_receive(sort_, r.out_n), kb, with_values_);
    }
  };
  // The counts every rank computed on the device (r.counts[0..p)), gathered: row i = what rank i
  // sends to each rank.
  auto gather_counts = [&]() {
    group_.group_start();
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      Rank& r = *ranks_[l];
      r.gathered.resize(size_t(p) * p);
      nccl_call(ncclAllGather(r.counts.data(), r.gathered.data(), p, ncclUint64, comm_of(group_, l), group_.stream(l)),
                "ncclAllGather(counts)");
    }
    group_.group_end("gathering the counts");
    group_.wait("gathering the counts");
    group_.set_device(0);
    CUDA_CHECK(cudaMemcpy(matrix.data(), ranks_[0]->gathered.data(), matrix.size() * 8, cudaMemcpyDeviceToHost));
  };

  dispatch_key_type(type_, [&](auto traits) {
    using Traits = decltype(traits);
    using Bits = typename Traits::Bits;
    using Tag = TaggedKey<Bits>;
    // Sample and radix sorts: each key's destination counted per block, the counts gathered, the
    // layout decided, then every key packed to its piece (pack_kernels.cuh). One stable counting
    // sort by destination; the exchange's count round trip belongs to this phase, not the exchange.
    auto pack_by_destination = [&](auto make_dest) {
      for (size_t l = 0; l < group_.local_count(); ++l) {
        group_.set_device(l);
        Rank& r = *ranks_[l];
        const uint32_t blocks = pack_blocks(r.share_n);
        const uint64_t chunk = pack_chunk(r.share_n);
        r.block_counts.resize(size_t(p) * blocks);
        r.block_scanned.resize(size_t(p) * blocks);
        CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, p * 8, group_.stream(l)));
        if (r.share_n)
          count_destinations_kernel<Traits><<<blocks, kPackThreads, 0, group_.stream(l)>>>(
              reinterpret_cast<const Bits*>(r.keys.data()), r.share_n, chunk, make_dest(r), p, r.block_counts.data(),
              r.counts.data());
        else
          CUDA_CHECK(cudaMemsetAsync(r.block_counts.data(), 0, size_t(p) * blocks * 8, group_.stream(l)));
        CUDA_CHECK_LAUNCH("count_destinations_kernel");
      }
      gather_counts();
      lay_out_exchange();
      for (size_t l = 0; l < group_.local_count(); ++l) {
        group_.set_device(l);
        Rank& r = *ranks_[l];
        if (r.share_n == 0) continue;
        const uint32_t blocks = pack_blocks(r.share_n);
        const uint64_t chunk = pack_chunk(r.share_n);
        std::vector<unsigned long long> starts(r.exchange.send.start.begin(), r.exchange.send.start.end());
        r.starts.resize(p);
        CUDA_CHECK(cudaMemcpyAsync(r.starts.data(), starts.data(), p * 8, cudaMemcpyHostToDevice, group_.stream(l)));
        size_t temp = 0;
        const int entries = int(size_t(p) * blocks);
        CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp, r.block_counts.data(), r.block_scanned.data(), entries,
                                                 group_.stream(l)));
        r.cub_temp.resize(std::max<size_t>(temp, 1));
        CUDA_CHECK(cub::DeviceScan::ExclusiveSum(r.cub_temp.data(), temp, r.block_counts.data(), r.block_scanned.data(),
                                                 entries, group_.stream(l)));
        const auto [send_k, send_v] = send_buffers_of(r);
        scatter_by_destination_kernel<Traits><<<blocks, kPackThreads, 0, group_.stream(l)>>>(
            reinterpret_cast<const Bits*>(r.keys.data()), with_values_ ? r.values.data() : nullptr, r.share_n, chunk,
            make_dest(r), p, r.block_scanned.data(), r.starts.data(), reinterpret_cast<Bits*>(send_k),
            with_values_ ? send_v : nullptr);
        CUDA_CHECK_LAUNCH("scatter_by_destination_kernel");
      }
      group_.wait("packing by destination");
      make_room_to_receive();
    };

    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      ranks_[l]->counts.resize(std::max<size_t>(p, size_t(1) << top_bits));
    }
    // Host I/O: each share comes in from pinned host memory in chunks on its rank's copy stream.
    // Radix's digit histogram is the one pass that can start before the whole share has landed: each
    // chunk is histogrammed as soon as it lands, overlapped with the next chunk's copy. Sample sort's
    // splitters need a sample of the whole share and merge's local sort the whole share, so theirs
    // wait for the last chunk.
    const bool histogram_while_copying = host_io_ && sort_ == DistributedSort::RadixOnesweep;
    if (host_io_)
      phase(DistributedPhase::CopyIn, "copying the input in", [&] {
        const uint32_t digits = 1u << top_bits;
        const uint64_t chunk = std::max<uint64_t>(1, kCopyChunkBytes / kb);
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          const GpuStream stream = group_.stream(l);
          if (histogram_while_copying) CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, digits * 8, stream));
          size_t c = 0;
          for (uint64_t from = 0; from < r.share_n; from += chunk, ++c) {
            const uint64_t count = std::min(chunk, r.share_n - from);
            CUDA_CHECK(cudaMemcpyAsync(r.keys.data() + from * kb, r.host_in.data() + from * kb, count * kb,
                                       cudaMemcpyHostToDevice, r.copy_stream));
            CUDA_CHECK(cudaEventRecord(r.landed(c), r.copy_stream));
            CUDA_CHECK(cudaStreamWaitEvent(stream, r.landed(c), 0));
            if (histogram_while_copying)
              radix_hist_kernel<Traits><<<hist_grid_for_chunk(count), kThreads, digits * 4, stream>>>(
                  reinterpret_cast<const Bits*>(r.keys.data()) + from, count, shift, digits, r.counts.data());
            CUDA_CHECK_LAUNCH("radix_hist_kernel");
          }
          if (with_values_ && r.share_n) {  // the values after the keys: no pass before the pack reads them
            CUDA_CHECK(cudaMemcpyAsync(r.values.data(), r.host_in_values.data(), r.share_n * 4, cudaMemcpyHostToDevice,
                                       r.copy_stream));
            CUDA_CHECK(cudaEventRecord(r.landed(c), r.copy_stream));
            CUDA_CHECK(cudaStreamWaitEvent(stream, r.landed(c), 0));
          }
        }
      });
    if (sort_ == DistributedSort::SampleSort) {
      const uint64_t s = samples_per_rank(n_, p, params_.samples_per_splitter);
      std::vector<Tag> all(s * p);
      if (p > 1) {
        phase(DistributedPhase::Sample, "sampling", [&] {
          group_.group_start();
          for (size_t l = 0; l < group_.local_count(); ++l) {
            group_.set_device(l);
            Rank& r = *ranks_[l];
            r.samples.resize(std::max<uint64_t>(1, s) * sizeof(Tag));
            r.samples_all.resize(std::max<uint64_t>(1, s * p) * sizeof(Tag));
            gather_samples_kernel<Traits><<<grid_for(s), kThreads, 0, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.keys.data()), r.share_n, r.begin, s, params_.seed, group_.rank(l),
                reinterpret_cast<Tag*>(r.samples.data()));
          }
          for (size_t l = 0; l < group_.local_count(); ++l) {
            Rank& r = *ranks_[l];
            nccl_call(ncclAllGather(r.samples.data(), r.samples_all.data(), s * sizeof(Tag), ncclUint8, comm_of(group_, l),
                                    group_.stream(l)), "ncclAllGather(samples)");
          }
          group_.group_end("gathering the samples");
        });
      }
      RankTree<Bits> tree;
      phase(DistributedPhase::Splitters, "choosing the splitters", [&] {
        if (p > 1) {
          group_.set_device(0);
          CUDA_CHECK(cudaMemcpy(all.data(), ranks_[0]->samples_all.data(), all.size() * sizeof(Tag), cudaMemcpyDeviceToHost));
        }
        tree = rank_tree_from_samples(all, p);
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          r.tree.resize(tree.bt.size() * sizeof(Tag));
          CUDA_CHECK(cudaMemcpyAsync(r.tree.data(), tree.bt.data(), tree.bt.size() * sizeof(Tag), cudaMemcpyHostToDevice,
                                     group_.stream(l)));
        }
      });
      for (const Tag& t : tree.splitters) info.splitters.push_back(uint64_t(t.key));
      phase(DistributedPhase::Count, "counting and packing", [&] {
        pack_by_destination([&](Rank& r) {
          return SplitterDestination<Traits>{reinterpret_cast<const Tag*>(r.tree.data()), tree.log_k, r.begin};
        });
      });
    } else if (sort_ == DistributedSort::RadixOnesweep) {
      const uint32_t digits = 1u << top_bits;
      std::vector<uint64_t> hist(digits);
      phase(DistributedPhase::Count, "the digit histogram", [&] {
        for (size_t l = 0; l < group_.local_count() && !histogram_while_copying; ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, digits * 8, group_.stream(l)));
          if (r.share_n)
            radix_hist_kernel<Traits><<<grid_for(r.share_n), kThreads, digits * 4, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.keys.data()), r.share_n, shift, digits, r.counts.data());
          CUDA_CHECK_LAUNCH("radix_hist_kernel");
        }
        group_.group_start();
        for (size_t l = 0; l < group_.local_count(); ++l)
          nccl_call(ncclAllReduce(ranks_[l]->counts.data(), ranks_[l]->counts.data(), digits, ncclUint64, ncclSum,
                                  comm_of(group_, l), group_.stream(l)), "ncclAllReduce(histogram)");
        group_.group_end("summing the histograms");
      });
      std::vector<uint32_t> bounds;
      phase(DistributedPhase::Splitters, "the digit ranges", [&] {
        group_.set_device(0);
        CUDA_CHECK(cudaMemcpy(hist.data(), ranks_[0]->counts.data(), digits * 8, cudaMemcpyDeviceToHost));
        bounds = radix_rank_bounds(hist, p);
        std::vector<uint16_t> owner(digits);
        for (uint32_t j = 0; j < p; ++j) std::fill(owner.begin() + bounds[j], owner.begin() + bounds[j + 1], uint16_t(j));
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          ranks_[l]->owner.resize(digits);
          CUDA_CHECK(cudaMemcpyAsync(ranks_[l]->owner.data(), owner.data(), digits * 2, cudaMemcpyHostToDevice,
                                     group_.stream(l)));
        }
      });
      for (uint32_t j = 1; j < p; ++j) info.splitters.push_back(uint64_t(bounds[j]) << shift);
      phase(DistributedPhase::Count, "counting and packing", [&] {
        pack_by_destination([&](Rank& r) { return DigitRangeDestination<Traits>{r.owner.data(), shift, digits}; });
      });
    } else {  // merge
      phase(DistributedPhase::Presort, "the local sort", [&] {
        on_every_rank_in_parallel(group_, [&](size_t l) {
          Rank& r = *ranks_[l];
          local_sort(l, r.keys.data(), with_values_ ? r.values.data() : nullptr, r.share_n);
        });
      });
      std::vector<uint64_t> lengths(p);
      for (uint32_t j = 0; j < p; ++j) lengths[j] = rank_share_begin(n_, p, j + 1) - rank_share_begin(n_, p, j);
      std::vector<std::vector<uint64_t>> split(p + 1, std::vector<uint64_t>(p, 0));
      split[p] = lengths;
      phase(DistributedPhase::Splitters, "the multi-sequence selection", [&] {
        std::vector<unsigned long long> probes(2 * size_t(p));
        std::vector<uint64_t> below(p), at_most(p);
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          ranks_[l]->probe.resize(3);
          ranks_[l]->probes.resize(2 * size_t(p));
        }
        for (uint32_t j = 1; j < p; ++j) {
          RankSelection sel(lengths, rank_share_begin(n_, p, j), params_.seed + j);
          while (!sel.done()) {
            const auto pv = sel.pivot();
            group_.group_start();  // the owner broadcasts the pivot key
            for (size_t l = 0; l < group_.local_count(); ++l) {
              group_.set_device(l);
              Rank& r = *ranks_[l];
              if (group_.rank(l) == pv.owner)
                CUDA_CHECK(cudaMemcpyAsync(r.probe.data(), r.keys.data() + pv.pos * kb, kb, cudaMemcpyDeviceToDevice,
                                           group_.stream(l)));
              nccl_call(ncclBroadcast(r.probe.data(), r.probe.data(), kb, ncclUint8, int(pv.owner), comm_of(group_, l),
                                      group_.stream(l)), "ncclBroadcast(pivot)");
            }
            group_.group_end("broadcasting the pivot");
            for (size_t l = 0; l < group_.local_count(); ++l) {
              group_.set_device(l);
              Rank& r = *ranks_[l];
              const uint32_t me = group_.rank(l);
              probe_kernel<Traits><<<1, 1, 0, group_.stream(l)>>>(reinterpret_cast<const Bits*>(r.keys.data()),
                                                                  sel.lower(me), sel.upper(me),
                                                                  reinterpret_cast<const Bits*>(r.probe.data()),
                                                                  r.probe.data() + 1);
              CUDA_CHECK_LAUNCH("probe_kernel");
            }
            group_.group_start();  // every rank's two counts to every rank
            for (size_t l = 0; l < group_.local_count(); ++l) {
              Rank& r = *ranks_[l];
              nccl_call(ncclAllGather(r.probe.data() + 1, r.probes.data(), 2, ncclUint64, comm_of(group_, l),
                                      group_.stream(l)), "ncclAllGather(probes)");
            }
            group_.group_end("gathering the probes");
            group_.wait("the selection's probe");
            group_.set_device(0);
            CUDA_CHECK(cudaMemcpy(probes.data(), ranks_[0]->probes.data(), probes.size() * 8, cudaMemcpyDeviceToHost));
            for (uint32_t i = 0; i < p; ++i) below[i] = probes[2 * i], at_most[i] = probes[2 * i + 1];
            sel.advance(below, at_most);
          }
          split[j] = sel.splits();
          info.selection_iterations += sel.rounds();
        }
      });
      for (uint32_t i = 0; i < p; ++i)
        for (uint32_t j = 0; j < p; ++j) matrix[size_t(i) * p + j] = split[j + 1][i] - split[j][i];
      // The cut runs copied to the send buffer, each piece congruent to where it lands (the cuts
      // fall anywhere, and a piece sent from where it lies would cross NCCL's slow path).
      phase(DistributedPhase::Count, "packing the cut runs", [&] {
        lay_out_exchange();
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          const uint32_t me = group_.rank(l);
          const auto [send_k, send_v] = send_buffers_of(r);
          for (uint32_t j = 0; j < p; ++j) {
            const uint64_t from = split[j][me], count = r.exchange.send.count[j], to = r.exchange.send.start[j];
            if (count == 0) continue;
            copy_elements_kernel<Bits><<<grid_for(count), kThreads, 0, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.keys.data()) + from, reinterpret_cast<Bits*>(send_k) + to, count);
            if (with_values_)
              copy_elements_kernel<uint32_t><<<grid_for(count), kThreads, 0, group_.stream(l)>>>(r.values.data() + from,
                                                                                              send_v + to, count);
            CUDA_CHECK_LAUNCH("copy_elements_kernel");
          }
        }
        group_.wait("packing the cut runs");
        make_room_to_receive();
      });
    }
  });

  // The exchange alone: grouped ncclSend/ncclRecv between every pair (NCCL's all-to-all pattern),
  // each piece as a head of at most 15 bytes and a body aligned at both ends (exchange_layout.h).
  // The heads go first, in an ncclGroup of their own, and the bodies in a second one. NCCL may fuse
  // a group's operations on one channel into one work batch, and its send/receive kernel splits the
  // block's warps evenly among a batch's works (NCCL's src/device/sendrecv.h, nWarpPerWork =
  // nWarps / nWorks): a body fused with its head would copy with half the warps while the head's
  // idle after a few bytes. docs/distributed.md ("The exchange's share of the bus bandwidth") and
  // `bench --alltoall`, which measures both shapes, say what the GPUs showed.
  phase(DistributedPhase::Exchange, "the exchange", [&] {
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      CUDA_CHECK(cudaEventRecord(ranks_[l]->exchange_begin, group_.stream(l)));
    }
    for (const bool heads : {true, false}) {
      group_.group_start();
      for (size_t l = 0; l < group_.local_count(); ++l) {
        group_.set_device(l);
        Rank& r = *ranks_[l];
        const SendBuffers s = send_buffers(r.share_n, p, type_, with_values_);
        void* base = r.scratch.carve(s.layout);  // the block as packed (no growth: same layout)
        uint8_t* send_k = s.keys.in(base);
        uint32_t* send_v = s.values.in(base);
        const ncclComm_t comm = comm_of(group_, l);
        const GpuStream stream = group_.stream(l);
        for (uint32_t j = 0; j < p; ++j) {
          const uint64_t so = r.exchange.send.start[j], sc = r.exchange.send.count[j];
          const PieceMessages out = split_piece(so, sc, q);
          const uint64_t s_at = heads ? so : so + out.head, s_count = heads ? out.head : out.body;
          if (s_count) {
            nccl_call(ncclSend(send_k + s_at * kb, s_count * kb, ncclUint8, int(j), comm, stream), "ncclSend(keys)");
            if (with_values_)
              nccl_call(ncclSend(send_v + s_at, s_count * 4, ncclUint8, int(j), comm, stream), "ncclSend(values)");
          }
          const uint64_t ro = r.exchange.recv.start[j], rc = r.exchange.recv.count[j];
          const PieceMessages in = split_piece(ro, rc, q);
          const uint64_t r_at = heads ? ro : ro + in.head, r_count = heads ? in.head : in.body;
          if (r_count) {
            nccl_call(ncclRecv(r.keys.data() + r_at * kb, r_count * kb, ncclUint8, int(j), comm, stream),
                      "ncclRecv(keys)");
            if (with_values_)
              nccl_call(ncclRecv(r.values.data() + r_at, r_count * 4, ncclUint8, int(j), comm, stream),
                        "ncclRecv(values)");
          }
        }
      }
      group_.group_end(heads ? "the exchange's heads" : "the exchange");
    }
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      CUDA_CHECK(cudaEventRecord(ranks_[l]->exchange_end, group_.stream(l)));
    }
  });

  phase(DistributedPhase::Finish, sort_ == DistributedSort::Merge ? "the merge" : "the local sort", [&] {
    on_every_rank_in_parallel(group_, [&](size_t l) {
      Rank& r = *ranks_[l];
      r.out_k = r.keys.data();
      r.out_v = with_values_ ? r.values.data() : nullptr;
      if (sort_ != DistributedSort::Merge) return local_sort(l, r.keys.data(), r.out_v, r.out_n);
      if (p == 1) return;  // the presort's run, sent to itself
      // The P-way merge of the runs that arrived, in rank order (stable: lower ranks first on ties),
      // from the keys buffer into the block (its send buffer is spent).
      std::vector<uint64_t> seq_begin(r.exchange.recv.start);
      seq_begin.push_back(r.exchange.recv.span);
      const SendBuffers o = merge_output_buffers(r.out_n, type_, with_values_);
      void* base = r.scratch.carve(o.layout);
      keys_to_ordered_device(r.keys.data(), r.out_n, type_, group_.stream(l));
      MultiwayMergeOptions opts;
      opts.stable = true;
      multiway_merge_ordered_device(r.keys.data(), r.out_v, int(kb), seq_begin, opts, o.keys.in(base),
                                    with_values_ ? o.values.in(base) : nullptr, group_.stream(l), r.merge_scratch);
      keys_from_ordered_device(o.keys.in(base), r.out_n, type_, group_.stream(l));
      CUDA_CHECK(cudaStreamSynchronize(group_.stream(l)));
      r.out_k = o.keys.in(base);
      r.out_v = with_values_ ? o.values.in(base) : nullptr;
    });
  });

  // Host I/O: each rank's sorted range out to pinned host memory (a plain copy: no pass of the
  // local sort or merge leaves a final part of the output early).
  if (host_io_)
    phase(DistributedPhase::CopyOut, "copying the output out", [&] {
      for (size_t l = 0; l < group_.local_count(); ++l) {
        group_.set_device(l);
        Rank& r = *ranks_[l];
        const std::string what = "--host-io, rank " + std::to_string(group_.rank(l));
        r.host_out.resize(std::max<uint64_t>(1, r.out_n) * kb, what.c_str());  // grows only after a skewed split
        if (r.out_n == 0) continue;
        CUDA_CHECK(cudaMemcpyAsync(r.host_out.data(), r.out_k, r.out_n * kb, cudaMemcpyDeviceToHost, group_.stream(l)));
        if (with_values_) {
          r.host_out_values.resize(r.out_n * 4, what.c_str());
          CUDA_CHECK(cudaMemcpyAsync(r.host_out_values.data(), r.out_v, r.out_n * 4, cudaMemcpyDeviceToHost,
                                     group_.stream(l)));
        }
      }
    });

  // Every rank's phase times to every rank (in one process they are the same wall times), and its
  // exchange on its own stream.
  const size_t words = kDistributedPhases + 1;
  std::vector<std::vector<uint64_t>> mine(group_.local_count(), std::vector<uint64_t>(words));
  for (size_t l = 0; l < group_.local_count(); ++l) {
    // The phase times travel as the bits of their doubles in the one all-gather of 64-bit words.
    for (int ph = 0; ph < kDistributedPhases; ++ph) mine[l][ph] = std::bit_cast<uint64_t>(ms[ph]);
    group_.set_device(l);
    float exchange_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&exchange_ms, ranks_[l]->exchange_begin, ranks_[l]->exchange_end));
    mine[l][kDistributedPhases] = std::bit_cast<uint64_t>(double(exchange_ms));
  }
  const std::vector<uint64_t> all_ms = all_gather_words(group_, mine, words, "gathering the phase times");
  info.exchange_device_ms.resize(p);
  for (uint32_t i = 0; i < p; ++i) {
    for (int ph = 0; ph < kDistributedPhases; ++ph) info.ms(i, DistributedPhase(ph)) = std::bit_cast<double>(all_ms[i * words + ph]);
    info.exchange_device_ms[i] = std::bit_cast<double>(all_ms[i * words + kDistributedPhases]);
  }
  const uint64_t bpk = info.bytes_per_key();
  for (uint32_t i = 0; i < p; ++i) {
    uint64_t sent = 0, got = 0;
    for (uint32_t j = 0; j < p; ++j) {
      info.exchange_bytes[size_t(i) * p + j] = matrix[size_t(i) * p + j] * bpk;
      sent += matrix[size_t(i) * p + j] * bpk;
      got += matrix[size_t(j) * p + i];
    }
    const uint64_t share = info.keys_before[i];
    info.keys_after[i] = got;
    info.bytes(i, DistributedPhase::Exchange) = double(sent);
    info.bytes(i, DistributedPhase::Finish) = double(2 * got * bpk);
    if (host_io_) {
      info.bytes(i, DistributedPhase::CopyIn) = double(share * bpk);
      info.bytes(i, DistributedPhase::CopyOut) = double(got * bpk);
    }
    // Count: radix's histogram reads the keys once more; the pack reads them (sample and radix:
    // twice, once to count) and writes them with their values.
    if (sort_ == DistributedSort::Merge) {
      info.bytes(i, DistributedPhase::Presort) = double(2 * share * bpk);
      info.bytes(i, DistributedPhase::Count) = double(2 * share * bpk);
    } else {
      info.bytes(i, DistributedPhase::Count) =
          double(share * (kb + bpk + bpk + (sort_ == DistributedSort::RadixOnesweep ? kb : 0)));
    }
  }
  return info;
}

DistributedVerdict DistributedGpuSort::verify(const MultisetHash& input) {
  const uint32_t p = group_.world();
  const size_t kb = size_t(key_bytes(type_));
  std::vector<std::vector<uint64_t>> mine(group_.local_count());
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    const DeviceKeys out = output(l);
    if (host_io_ && out.n) {  // what reached host memory, back over the device's output (untimed)
      const Rank& r = *ranks_[l];
      CUDA_CHECK(cudaMemcpy(out.keys, r.host_out.data(), out.n * kb, cudaMemcpyHostToDevice));
      if (out.values) CUDA_CHECK(cudaMemcpy(out.values, r.host_out_values.data(), out.n * 4, cudaMemcpyHostToDevice));
    }
    const MultisetHash h = multiset_hash_device(out, group_.stream(l));
    const Verdict v = verify_device(h, out, group_.stream(l));
    HostKeys ends(type_, 2, false);
    if (out.n) {
      CUDA_CHECK(cudaMemcpy(ends.bytes.data(), out.keys, kb, cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(ends.bytes.data() + kb, static_cast<const uint8_t*>(out.keys) + (out.n - 1) * kb, kb,
                            cudaMemcpyDeviceToHost));
    }
    mine[l] = {v.sorted ? 1ull : 0ull, h.sum, h.mix, h.count, ends.ordered(0), ends.ordered(1)};
  }
  const std::vector<uint64_t> all = all_gather_words(group_, mine, 6, "gathering the verdicts");
  std::vector<RankVerdict> ranks(p);
  for (uint32_t i = 0; i < p; ++i) {
    const uint64_t* a = &all[6 * size_t(i)];
    ranks[i].sorted = a[0] != 0;
    ranks[i].hash = MultisetHash{a[1], a[2], a[3]};
    ranks[i].first = a[4];
    ranks[i].last = a[5];
  }
  return verify_ranks(input, ranks);
}

std::vector<AlltoallPoint> alltoall_bench(RankGroup& group, const std::vector<uint64_t>& sizes, int iterations) {
  const uint32_t p = group.world();
  uint64_t most = 0;
  for (uint64_t s : sizes) most = std::max(most, s);
  std::vector<DeviceBuffer<uint8_t>> send(group.local_count()), recv(group.local_count());
  for (size_t l = 0; l < group.local_count(); ++l) {
    group.set_device(l);
    send[l].resize(most);
    recv[l].resize(most);
    CUDA_CHECK(cudaMemset(send[l].data(), int(l), most));
  }
  auto once = [&](uint64_t per_peer) {
    group.group_start();
    for (size_t l = 0; l < group.local_count(); ++l)
      for (uint32_t j = 0; j < p; ++j) {
        nccl_call(ncclSend(send[l].data() + j * per_peer, per_peer, ncclUint8, int(j), comm_of(group, l), group.stream(l)),
                  "ncclSend");
        nccl_call(ncclRecv(recv[l].data() + j * per_peer, per_peer, ncclUint8, int(j), comm_of(group, l), group.stream(l)),
                  "ncclRecv");
      }
    group.group_end("all-to-all");
  };
  std::vector<AlltoallPoint> points;
  for (uint64_t size : sizes) {
    const uint64_t per_peer = size / p;
    if (per_peer == 0) continue;
    for (int w = 0; w < 3; ++w) once(per_peer);
    group.wait("all-to-all warm-up");
    const auto t0 = Clock::now();
    for (int i = 0; i < iterations; ++i) once(per_peer);
    group.wait("all-to-all");
    AlltoallPoint pt;
    pt.bytes = per_peer * p;
    pt.ms = ms_since(t0) / iterations;
    pt.algbw_gbs = double(pt.bytes) / (pt.ms * 1e6);
    pt.busbw_gbs = pt.algbw_gbs * double(p - 1) / double(p);
    points.push_back(pt);
  }
  return points;
}

namespace {

// One rank's send and receive buffers for alltoall_shapes: cudaMalloc'd, or from ncclMemAlloc and
// registered with the rank's communicator (ncclCommRegister), which lets NCCL move the bytes
// between the user buffers without its own staging (NCCL's user buffer registration).
struct ShapeBuffers {
  int device = 0;
  bool registered = false;
  void* comm = nullptr;
  uint8_t* send = nullptr;
  uint8_t* recv = nullptr;
  void* send_handle = nullptr;
  void* recv_handle = nullptr;
  ShapeBuffers() = default;
  ShapeBuffers(const ShapeBuffers&) = delete;
  ShapeBuffers& operator=(const ShapeBuffers&) = delete;
  ~ShapeBuffers() {
    cudaSetDevice(device);
    if (registered) {
      if (send_handle) ncclCommDeregister(static_cast<ncclComm_t>(comm), send_handle);
      if (recv_handle) ncclCommDeregister(static_cast<ncclComm_t>(comm), recv_handle);
      if (send) ncclMemFree(send);
      if (recv) ncclMemFree(recv);
    } else {
      if (send) cudaFree(send);
      if (recv) cudaFree(recv);
    }
  }
};

}  // namespace

std::vector<AlltoallShapePoint> alltoall_shapes(RankGroup& group, uint64_t bytes, int iterations) {
  const uint32_t p = group.world();
  const size_t lc = group.local_count();
  // Each peer's slot a multiple of 16 bytes, as in the reference; a "head" shape sends the slot's
  // last 4 bytes before its 16-byte boundary, then the body from the boundary: the exchange's two
  // messages a piece (a head of at most 15 bytes, a body aligned at both ends).
  const uint64_t slot = bytes / p / 16 * 16;
  if (slot < 32 || p < 2) return {};
  auto make = [&](bool registered) {
    std::vector<std::unique_ptr<ShapeBuffers>> b;
    for (size_t l = 0; l < lc; ++l) {
      group.set_device(l);
      auto x = std::make_unique<ShapeBuffers>();
      x->device = group.device(l);
      x->registered = registered;
      x->comm = group.comm(l);
      if (registered) {
        void* s = nullptr;
        void* r = nullptr;
        nccl_call(ncclMemAlloc(&s, slot * p), "ncclMemAlloc");
        x->send = static_cast<uint8_t*>(s);
        nccl_call(ncclMemAlloc(&r, slot * p), "ncclMemAlloc");
        x->recv = static_cast<uint8_t*>(r);
        nccl_call(ncclCommRegister(comm_of(group, l), x->send, slot * p, &x->send_handle), "ncclCommRegister");
        nccl_call(ncclCommRegister(comm_of(group, l), x->recv, slot * p, &x->recv_handle), "ncclCommRegister");
      } else {
        CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&x->send), slot * p));
        CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&x->recv), slot * p));
      }
      CUDA_CHECK(cudaMemset(x->send, int(l + 1), slot * p));
      b.push_back(std::move(x));
    }
    group.wait("registering the buffers");
    return b;
  };
  std::vector<cudaEvent_t> begin(lc), end(lc);
  for (size_t l = 0; l < lc; ++l) {
    group.set_device(l);
    CUDA_CHECK(cudaEventCreate(&begin[l]));
    CUDA_CHECK(cudaEventCreate(&end[l]));
  }
  // Messages: one a peer (the reference), a head and a body a peer in one group, or the heads in a
  // group of their own before the bodies' (the exchange's way).
  enum class Messages { One, HeadAndBody, HeadsApart };
  auto issue = [&](const std::vector<std::unique_ptr<ShapeBuffers>>& b, Messages m, bool events) {
    for (size_t l = 0; l < lc && events; ++l) {
      group.set_device(l);
      CUDA_CHECK(cudaEventRecord(begin[l], group.stream(l)));
    }
    auto send_recv = [&](size_t l, uint32_t j, uint64_t off, uint64_t count) {
      const uint64_t at = uint64_t(j) * slot + off;
      nccl_call(ncclSend(b[l]->send + at, count, ncclUint8, int(j), comm_of(group, l), group.stream(l)), "ncclSend");
      nccl_call(ncclRecv(b[l]->recv + at, count, ncclUint8, int(j), comm_of(group, l), group.stream(l)), "ncclRecv");
    };
    if (m == Messages::HeadsApart) {
      group.group_start();
      for (size_t l = 0; l < lc; ++l)
        for (uint32_t j = 0; j < p; ++j) send_recv(l, j, 12, 4);
      group.group_end("all-to-all heads");
    }
    group.group_start();
    for (size_t l = 0; l < lc; ++l)
      for (uint32_t j = 0; j < p; ++j) {
        if (m == Messages::One) {
          send_recv(l, j, 0, slot);
          continue;
        }
        if (m == Messages::HeadAndBody) send_recv(l, j, 12, 4);
        send_recv(l, j, 16, slot - 16);
      }
    group.group_end("all-to-all");
    for (size_t l = 0; l < lc && events; ++l) {
      group.set_device(l);
      CUDA_CHECK(cudaEventRecord(end[l], group.stream(l)));
    }
  };
  enum class Timing { BackToBack, Alone, Events };
  std::vector<AlltoallShapePoint> rows;
  auto measure = [&](const std::string& shape, const std::vector<std::unique_ptr<ShapeBuffers>>& b, Messages head,
                     Timing t) {
    for (int w = 0; w < 3; ++w) issue(b, head, false);
    group.wait("all-to-all warm-up");
    double ms = 0;
    if (t == Timing::BackToBack) {
      const auto t0 = Clock::now();
      for (int i = 0; i < iterations; ++i) issue(b, head, false);
      group.wait("all-to-all");
      ms = ms_since(t0) / iterations;
    } else {  // each run alone, as a sort's phase: the median of `iterations`
      std::vector<double> each;
      for (int i = 0; i < iterations; ++i) {
        const auto t0 = Clock::now();
        issue(b, head, t == Timing::Events);
        group.wait("all-to-all");
        double e = ms_since(t0);
        if (t == Timing::Events) {
          e = 0;
          for (size_t l = 0; l < lc; ++l) {
            group.set_device(l);
            float f = 0;
            CUDA_CHECK(cudaEventElapsedTime(&f, begin[l], end[l]));
            e = std::max(e, double(f));
          }
        }
        each.push_back(e);
      }
      std::sort(each.begin(), each.end());
      ms = each[each.size() / 2];
    }
    const double sent = double(head != Messages::One ? (slot - 12) * p : slot * p);
    rows.push_back({shape, ms, sent / (ms * 1e6) * double(p - 1) / double(p)});
  };
  {
    const auto plain = make(false);
    measure("reference: 1 message a peer, back to back", plain, Messages::One, Timing::BackToBack);
    measure("each run alone, host wall time (as a phase)", plain, Messages::One, Timing::Alone);
    measure("each run alone, CUDA events on the streams", plain, Messages::One, Timing::Events);
    measure("alone, head 4 B + aligned body a peer, one group", plain, Messages::HeadAndBody, Timing::Alone);
    measure("alone, heads in a group of their own, then bodies", plain, Messages::HeadsApart, Timing::Alone);
  }
  try {
    const auto reg = make(true);
    measure("alone, ncclMemAlloc + ncclCommRegister buffers", reg, Messages::One, Timing::Alone);
    measure("alone, registered, head + body a peer, one group", reg, Messages::HeadAndBody, Timing::Alone);
  } catch (const std::exception& e) {
    rows.push_back({std::string("registered buffers: not measured: ") + e.what(), 0, 0});
  }
  for (size_t l = 0; l < lc; ++l) {
    group.set_device(l);
    cudaEventDestroy(begin[l]);
    cudaEventDestroy(end[l]);
  }
  return rows;
}

}  // namespace sortscope
