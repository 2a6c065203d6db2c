// The distributed sorts on GPUs (distributed_gpu.h). Each phase issues its work for every local
// rank, then waits on the rank group (RankGroup::wait: streams idle, NCCL settled, or a deadline):
// the host needs each phase's small result (samples, counts, probes) to decide the next.
#include "distributed_gpu.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <cub/device/device_radix_sort.cuh>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "common/key_transform_gpu.h"
#include "common/verify_gpu.h"
#include "primitives/multiway_merge/multiway_merge_gpu.h"
#include "rank_partition.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

ncclComm_t comm_of(const RankGroup& g, size_t l) { return static_cast<ncclComm_t>(g.comm(l)); }

void nccl_call(ncclResult_t r, const char* what) {
  if (r != ncclSuccess && r != ncclInProgress) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(r));
}

constexpr int kThreads = 256;
int grid_for(uint64_t n) { return int(std::max<uint64_t>(1, std::min<uint64_t>((n + kThreads - 1) / kThreads, 8192))); }

// ---- Kernels (grid-stride loops; Traits = KeyTraits of the key type, keys native in memory) ----

template <class Traits>
__global__ void gather_samples_kernel(const typename Traits::Bits* keys, uint64_t share, uint64_t begin, uint64_t count,
                                      uint64_t seed, uint32_t rank, TaggedKey<typename Traits::Bits>* out) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t pos = sample_position(seed, rank, i, count, share);
    out[i] = TaggedKey<typename Traits::Bits>{Traits::to_ordered(keys[pos]), begin + pos};
  }
}

// Each key's destination rank by the one-GPU sort's search tree over (key, global position)
// (sample/search_tree.h, Leischner §6.2 Alg. 6), and the block's counts per destination.
template <class Traits>
__global__ void bucket_kernel(const typename Traits::Bits* keys, uint64_t n, uint64_t begin,
                              const TaggedKey<typename Traits::Bits>* bt_global, int log_k, uint32_t ranks,
                              uint16_t* dest, unsigned long long* counts) {
  using Tag = TaggedKey<typename Traits::Bits>;
  __shared__ Tag bt[256];
  __shared__ unsigned int cnt[256];
  const uint32_t k = 1u << log_k;
  for (uint32_t j = threadIdx.x; j < k; j += blockDim.x) bt[j] = bt_global[j];
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) cnt[j] = 0;
  __syncthreads();
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint32_t b = search_tree_bucket(bt, log_k, Tag{Traits::to_ordered(keys[i]), begin + i});
    dest[i] = uint16_t(b);
    atomicAdd(&cnt[b], 1u);
  }
  __syncthreads();
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x)
    if (cnt[j]) atomicAdd(&counts[j], (unsigned long long)cnt[j]);
}

// The histogram of the top `bits` bits of the ordered keys (one shared counter per digit).
template <class Traits>
__global__ void radix_hist_kernel(const typename Traits::Bits* keys, uint64_t n, int shift, uint32_t digits,
                                  unsigned long long* hist) {
  extern __shared__ unsigned int h[];
  for (uint32_t j = threadIdx.x; j < digits; j += blockDim.x) h[j] = 0;
  __syncthreads();
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    atomicAdd(&h[uint32_t(Traits::to_ordered(keys[i]) >> shift)], 1u);
  __syncthreads();
  for (uint32_t j = threadIdx.x; j < digits; j += blockDim.x)
    if (h[j]) atomicAdd(&hist[j], (unsigned long long)h[j]);
}

template <class Traits>
__global__ void radix_dest_kernel(const typename Traits::Bits* keys, uint64_t n, int shift, const uint16_t* owner,
                                  uint32_t ranks, uint16_t* dest, unsigned long long* counts) {
  __shared__ unsigned int cnt[256];
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) cnt[j] = 0;
  __syncthreads();
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint16_t b = owner[uint32_t(Traits::to_ordered(keys[i]) >> shift)];
    dest[i] = b;
    atomicAdd(&cnt[b], 1u);
  }
  __syncthreads();
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x)
    if (cnt[j]) atomicAdd(&counts[j], (unsigned long long)cnt[j]);
}

__global__ void iota_kernel(uint32_t* idx, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    idx[i] = uint32_t(i);
}

template <class Bits>
__global__ void gather_kernel(const Bits* keys, const uint32_t* values, const uint32_t* idx, uint64_t n, Bits* out_keys,
                              uint32_t* out_values) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint32_t s = idx[i];
    out_keys[i] = keys[s];
    if (values) out_values[i] = values[s];
  }
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

}  // namespace

// A testing aid (docs/distributed.md): SORTSCOPE_FAULT_EXIT_RANK=R makes rank R exit at once
// before the exchange, as a rank that dies mid-sort, so the others' timeout and abort can be seen.
void DistributedGpuSort::exit_here_if_asked(const char* where) const {
  const char* rank = std::getenv("SORTSCOPE_FAULT_EXIT_RANK");
  if (!rank) return;
  for (size_t l = 0; l < group_.local_count(); ++l)
    if (std::to_string(group_.rank(l)) == rank) {
      std::fprintf(stderr, "sortscope: rank %s exits before the %s (SORTSCOPE_FAULT_EXIT_RANK)\n", rank, where);
      std::fflush(stderr);
      std::_Exit(3);
    }
}

struct DistributedGpuSort::Rank {
  uint64_t begin = 0, share_n = 0;
  DeviceBuffer<uint8_t> share_keys, work_keys, send_keys, recv_keys, out_keys, cub_temp, samples, samples_all, tree;
  DeviceBuffer<uint32_t> share_values, work_values, send_values, recv_values, out_values, idx, idx_alt;
  DeviceBuffer<uint16_t> dest, dest_alt, owner;
  DeviceBuffer<unsigned long long> counts, gathered, probe, probes;
  DeviceScratch scratch;
  void* out_k = nullptr;
  uint32_t* out_v = nullptr;
  uint64_t out_n = 0;
};

DistributedGpuSort::DistributedGpuSort(RankGroup& group, DistributedSort sort, const DistributedParams& params,
                                       LocalSort local, KeyType type, bool with_values, uint64_t n)
    : group_(group), sort_(sort), params_(params), local_(std::move(local)), type_(type), with_values_(with_values), n_(n) {
  if (group.world() > 256) throw std::runtime_error("distributed sorts on GPUs: at most 256 ranks");
  if (n / group.world() + 1 > UINT32_MAX) throw std::runtime_error("distributed sorts on GPUs: at most 2^32 - 1 keys per rank");
  for (size_t l = 0; l < group.local_count(); ++l) {
    group.set_device(l);
    auto r = std::make_unique<Rank>();
    const uint32_t rank = group.rank(l);
    r->begin = rank_share_begin(n, group.world(), rank);
    r->share_n = rank_share_begin(n, group.world(), rank + 1) - r->begin;
    const size_t kb = size_t(key_bytes(type));
    r->share_keys.resize(std::max<uint64_t>(1, r->share_n) * kb);
    if (with_values) r->share_values.resize(std::max<uint64_t>(1, r->share_n));
    ranks_.push_back(std::move(r));
  }
}

DistributedGpuSort::~DistributedGpuSort() = default;

DeviceKeys DistributedGpuSort::share(size_t l) const {
  Rank& r = *ranks_[l];
  return DeviceKeys{type_, r.share_keys.data(), with_values_ ? r.share_values.data() : nullptr, r.share_n};
}

DeviceKeys DistributedGpuSort::output(size_t l) const {
  const Rank& r = *ranks_[l];
  return DeviceKeys{type_, r.out_k, r.out_v, r.out_n};
}

// Each rank generates its own share and nothing else (key i depends on the seed and i alone:
// generate_device_range), so no GPU ever holds the whole input and an input larger than one GPU's
// memory can be sorted. The input's multiset hash is the sum of the shares' hashes (it is additive),
// all-reduced across the ranks, so every process holds the whole input's hash for the verdict.
MultisetHash DistributedGpuSort::generate(const InputSpec& spec) {
  std::vector<DeviceBuffer<unsigned long long>> mine(group_.local_count()), sum(group_.local_count());
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    Rank& r = *ranks_[l];
    DeviceKeys share{type_, r.share_keys.data(), with_values_ ? r.share_values.data() : nullptr, r.share_n};
    generate_device_range(spec, r.begin, r.share_n, share, group_.stream(l));
    const MultisetHash h = multiset_hash_device(share, group_.stream(l));
    const unsigned long long packed[3] = {h.sum, h.mix, h.count};
    mine[l].resize(3);
    sum[l].resize(3);
    CUDA_CHECK(cudaMemcpy(mine[l].data(), packed, sizeof packed, cudaMemcpyHostToDevice));
  }
  group_.group_start();
  for (size_t l = 0; l < group_.local_count(); ++l)
    nccl_call(ncclAllReduce(mine[l].data(), sum[l].data(), 3, ncclUint64, ncclSum, comm_of(group_, l), group_.stream(l)),
              "ncclAllReduce(input hash)");
  group_.group_end("adding the shares' hashes");
  group_.wait("adding the shares' hashes");
  unsigned long long total[3] = {};
  group_.set_device(0);
  CUDA_CHECK(cudaMemcpy(total, sum[0].data(), sizeof total, cudaMemcpyDeviceToHost));
  return MultisetHash{total[0], total[1], total[2]};
}

DistributedRunInfo DistributedGpuSort::run() {
  const uint32_t p = group_.world();
  const size_t kb = size_t(key_bytes(type_));
  DistributedRunInfo info = make_run_info(sort_, p, type_, with_values_, n_, false);
  std::vector<double> ms(kDistributedPhases, 0.0);
  std::vector<uint64_t> matrix(size_t(p) * p, 0);  // keys rank i sends to rank j
  const int top_bits = std::clamp(params_.top_bits, 1, kMaxTopBits);
  const int shift = int(kb * 8) - top_bits;
  const RankTreeShape shape = rank_tree_shape(p);

  // The work copy of each share (the shares stay for the next run): not timed, like the runner's
  // fresh input copy per repetition.
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    Rank& r = *ranks_[l];
    r.work_keys.resize(r.share_keys.size());
    CUDA_CHECK(cudaMemcpyAsync(r.work_keys.data(), r.share_keys.data(), r.share_n * kb, cudaMemcpyDeviceToDevice,
                               group_.stream(l)));
    if (with_values_) {
      r.work_values.resize(r.share_values.size());
      CUDA_CHECK(cudaMemcpyAsync(r.work_values.data(), r.share_values.data(), r.share_n * 4, cudaMemcpyDeviceToDevice,
                                 group_.stream(l)));
    }
  }
  group_.wait("copying the input");

  auto phase = [&](DistributedPhase ph, const char* what, auto&& issue) {
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
  // The counts every rank computed, gathered: row i = what rank i sends to each rank.
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
  // Keys (and values) in destination order: a stable sort of the destinations (CUB, log2 k bits)
  // carrying positions, then a gather.
  auto group_by_destination = [&](size_t l) {
    Rank& r = *ranks_[l];
    const uint64_t n = r.share_n;
    r.send_keys.resize(r.share_keys.size());
    if (with_values_) r.send_values.resize(r.share_values.size());
    r.idx.resize(std::max<uint64_t>(1, n));
    r.idx_alt.resize(std::max<uint64_t>(1, n));
    r.dest_alt.resize(std::max<uint64_t>(1, n));
    if (n == 0) return;
    cub::DoubleBuffer<uint16_t> d(r.dest.data(), r.dest_alt.data());
    cub::DoubleBuffer<uint32_t> v(r.idx.data(), r.idx_alt.data());
    size_t temp = 0;
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp, d, v, int(n), 0, std::max(1, shape.log_k), group_.stream(l)));
    r.cub_temp.resize(temp);
    iota_kernel<<<grid_for(n), kThreads, 0, group_.stream(l)>>>(r.idx.data(), n);
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(r.cub_temp.data(), temp, d, v, int(n), 0, std::max(1, shape.log_k),
                                               group_.stream(l)));
    dispatch_key_type(type_, [&](auto traits) {
      using Bits = typename decltype(traits)::Bits;
      gather_kernel<Bits><<<grid_for(n), kThreads, 0, group_.stream(l)>>>(
          reinterpret_cast<const Bits*>(r.work_keys.data()), with_values_ ? r.work_values.data() : nullptr, v.Current(), n,
          reinterpret_cast<Bits*>(r.send_keys.data()), with_values_ ? r.send_values.data() : nullptr);
    });
    CUDA_CHECK_LAUNCH("gather_kernel");
  };

  dispatch_key_type(type_, [&](auto traits) {
    using Traits = decltype(traits);
    using Bits = typename Traits::Bits;
    using Tag = TaggedKey<Bits>;
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      Rank& r = *ranks_[l];
      r.counts.resize(std::max<size_t>(p, size_t(1) << top_bits));
      r.dest.resize(std::max<uint64_t>(1, r.share_n));
    }
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
                reinterpret_cast<const Bits*>(r.work_keys.data()), r.share_n, r.begin, s, params_.seed, group_.rank(l),
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
      phase(DistributedPhase::Count, "counting", [&] {
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, p * 8, group_.stream(l)));
          if (r.share_n)
            bucket_kernel<Traits><<<grid_for(r.share_n), kThreads, 0, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.work_keys.data()), r.share_n, r.begin,
                reinterpret_cast<const Tag*>(r.tree.data()), tree.log_k, p, r.dest.data(), r.counts.data());
          CUDA_CHECK_LAUNCH("bucket_kernel");
          group_by_destination(l);
        }
      });
    } else if (sort_ == DistributedSort::RadixOnesweep) {
      const uint32_t digits = 1u << top_bits;
      std::vector<uint64_t> hist(digits);
      phase(DistributedPhase::Count, "the digit histogram", [&] {
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, digits * 8, group_.stream(l)));
          if (r.share_n)
            radix_hist_kernel<Traits><<<grid_for(r.share_n), kThreads, digits * 4, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.work_keys.data()), r.share_n, shift, digits, r.counts.data());
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
      phase(DistributedPhase::Count, "grouping by destination", [&] {
        for (size_t l = 0; l < group_.local_count(); ++l) {
          group_.set_device(l);
          Rank& r = *ranks_[l];
          CUDA_CHECK(cudaMemsetAsync(r.counts.data(), 0, p * 8, group_.stream(l)));
          if (r.share_n)
            radix_dest_kernel<Traits><<<grid_for(r.share_n), kThreads, 0, group_.stream(l)>>>(
                reinterpret_cast<const Bits*>(r.work_keys.data()), r.share_n, shift, r.owner.data(), p, r.dest.data(),
                r.counts.data());
          CUDA_CHECK_LAUNCH("radix_dest_kernel");
          group_by_destination(l);
        }
      });
    } else {  // merge
      phase(DistributedPhase::Presort, "the local sort", [&] {
        on_every_rank_in_parallel(group_, [&](size_t l) {
          Rank& r = *ranks_[l];
          local_sort(l, r.work_keys.data(), with_values_ ? r.work_values.data() : nullptr, r.share_n);
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
                CUDA_CHECK(cudaMemcpyAsync(r.probe.data(), r.work_keys.data() + pv.pos * kb, kb, cudaMemcpyDeviceToDevice,
                                           group_.stream(l)));
              nccl_call(ncclBroadcast(r.probe.data(), r.probe.data(), kb, ncclUint8, int(pv.owner), comm_of(group_, l),
                                      group_.stream(l)), "ncclBroadcast(pivot)");
            }
            group_.group_end("broadcasting the pivot");
            for (size_t l = 0; l < group_.local_count(); ++l) {
              group_.set_device(l);
              Rank& r = *ranks_[l];
              const uint32_t me = group_.rank(l);
              probe_kernel<Traits><<<1, 1, 0, group_.stream(l)>>>(reinterpret_cast<const Bits*>(r.work_keys.data()),
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
    }

    if (sort_ != DistributedSort::Merge) {
      const auto t0 = Clock::now();
      gather_counts();
      ms[int(DistributedPhase::Count)] += ms_since(t0);
    }

    exit_here_if_asked("exchange");
    // The exchange: grouped ncclSend/ncclRecv between every pair (NCCL's all-to-all pattern).
    phase(DistributedPhase::Exchange, "the exchange", [&] {
      for (size_t l = 0; l < group_.local_count(); ++l) {
        group_.set_device(l);
        Rank& r = *ranks_[l];
        uint64_t m = 0;
        for (uint32_t i = 0; i < p; ++i) m += matrix[size_t(i) * p + group_.rank(l)];
        r.recv_keys.resize(std::max<uint64_t>(1, m) * kb);
        if (with_values_) r.recv_values.resize(std::max<uint64_t>(1, m));
        r.out_n = m;
      }
      group_.group_start();
      for (size_t l = 0; l < group_.local_count(); ++l) {
        Rank& r = *ranks_[l];
        const uint32_t me = group_.rank(l);
        const bool sorted_runs = sort_ == DistributedSort::Merge;
        uint8_t* sk = sorted_runs ? r.work_keys.data() : r.send_keys.data();
        uint32_t* sv = sorted_runs ? r.work_values.data() : r.send_values.data();
        uint64_t soff = 0, roff = 0;
        for (uint32_t j = 0; j < p; ++j) {
          const uint64_t out = matrix[size_t(me) * p + j], in = matrix[size_t(j) * p + me];
          if (out) {
            nccl_call(ncclSend(sk + soff * kb, out * kb, ncclUint8, int(j), comm_of(group_, l), group_.stream(l)), "ncclSend");
            if (with_values_)
              nccl_call(ncclSend(sv + soff, out, ncclUint32, int(j), comm_of(group_, l), group_.stream(l)), "ncclSend");
          }
          if (in) {
            nccl_call(ncclRecv(r.recv_keys.data() + roff * kb, in * kb, ncclUint8, int(j), comm_of(group_, l),
                               group_.stream(l)), "ncclRecv");
            if (with_values_)
              nccl_call(ncclRecv(r.recv_values.data() + roff, in, ncclUint32, int(j), comm_of(group_, l), group_.stream(l)),
                        "ncclRecv");
          }
          soff += out;
          roff += in;
        }
      }
      group_.group_end("the exchange");
    });

    phase(DistributedPhase::Finish, sort_ == DistributedSort::Merge ? "the merge" : "the local sort", [&] {
      on_every_rank_in_parallel(group_, [&](size_t l) {
        Rank& r = *ranks_[l];
        const uint32_t me = group_.rank(l);
        if (sort_ != DistributedSort::Merge || p == 1) {
          if (sort_ != DistributedSort::Merge) local_sort(l, r.recv_keys.data(), with_values_ ? r.recv_values.data() : nullptr, r.out_n);
          r.out_k = r.recv_keys.data();
          r.out_v = with_values_ ? r.recv_values.data() : nullptr;
          return;
        }
        // The P-way merge of the runs that arrived, in rank order (stable: lower ranks first on ties).
        std::vector<uint64_t> seq_begin(p + 1, 0);
        for (uint32_t i = 0; i < p; ++i) seq_begin[i + 1] = seq_begin[i] + matrix[size_t(i) * p + me];
        r.out_keys.resize(r.recv_keys.size());
        if (with_values_) r.out_values.resize(r.recv_values.size());
        keys_to_ordered_device(r.recv_keys.data(), r.out_n, type_, group_.stream(l));
        MultiwayMergeOptions o;
        o.stable = true;
        multiway_merge_ordered_device(r.recv_keys.data(), with_values_ ? r.recv_values.data() : nullptr, int(kb), seq_begin,
                                      o, r.out_keys.data(), with_values_ ? r.out_values.data() : nullptr,
                                      group_.stream(l), r.scratch);
        keys_from_ordered_device(r.out_keys.data(), r.out_n, type_, group_.stream(l));
        CUDA_CHECK(cudaStreamSynchronize(group_.stream(l)));
        r.out_k = r.out_keys.data();
        r.out_v = with_values_ ? r.out_values.data() : nullptr;
      });
    });
  });

  // Every rank's phase times to every rank (in one process they are the same wall times).
  std::vector<double> all_ms(size_t(p) * kDistributedPhases);
  {
    std::vector<DeviceBuffer<double>> mine(group_.local_count()), gathered(group_.local_count());
    for (size_t l = 0; l < group_.local_count(); ++l) {
      group_.set_device(l);
      mine[l].resize(kDistributedPhases);
      gathered[l].resize(all_ms.size());
      CUDA_CHECK(cudaMemcpy(mine[l].data(), ms.data(), kDistributedPhases * sizeof(double), cudaMemcpyHostToDevice));
    }
    group_.group_start();
    for (size_t l = 0; l < group_.local_count(); ++l)
      nccl_call(ncclAllGather(mine[l].data(), gathered[l].data(), kDistributedPhases, ncclFloat64, comm_of(group_, l),
                              group_.stream(l)), "ncclAllGather(times)");
    group_.group_end("gathering the phase times");
    group_.wait("gathering the phase times");
    group_.set_device(0);
    CUDA_CHECK(cudaMemcpy(all_ms.data(), gathered[0].data(), all_ms.size() * sizeof(double), cudaMemcpyDeviceToHost));
  }
  info.phase_ms = all_ms;
  const uint64_t bpk = info.bytes_per_key();
  for (uint32_t i = 0; i < p; ++i) {
    uint64_t sent = 0, got = 0;
    for (uint32_t j = 0; j < p; ++j) {
      info.exchange_bytes[size_t(i) * p + j] = matrix[size_t(i) * p + j] * bpk;
      sent += matrix[size_t(i) * p + j] * bpk;
      got += matrix[size_t(j) * p + i];
    }
    info.keys_after[i] = got;
    info.bytes(i, DistributedPhase::Exchange) = double(sent);
    info.bytes(i, DistributedPhase::Finish) = double(2 * got * bpk);
    info.bytes(i, DistributedPhase::Count) = double(info.keys_before[i] * (kb + 2 * (2 + 4) + 2 * bpk));
    if (sort_ == DistributedSort::Merge) info.bytes(i, DistributedPhase::Presort) = double(2 * info.keys_before[i] * bpk);
  }
  return info;
}

DistributedVerdict DistributedGpuSort::verify(const MultisetHash& input) {
  const uint32_t p = group_.world();
  const size_t kb = size_t(key_bytes(type_));
  std::vector<DeviceBuffer<unsigned long long>> mine(group_.local_count()), gathered(group_.local_count());
  for (size_t l = 0; l < group_.local_count(); ++l) {
    group_.set_device(l);
    const DeviceKeys out = output(l);
    const MultisetHash h = multiset_hash_device(out, group_.stream(l));
    const Verdict v = verify_device(h, out, group_.stream(l));
    HostKeys ends(type_, 2, false);
    if (out.n) {
      CUDA_CHECK(cudaMemcpy(ends.bytes.data(), out.keys, kb, cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(ends.bytes.data() + kb, static_cast<const uint8_t*>(out.keys) + (out.n - 1) * kb, kb,
                            cudaMemcpyDeviceToHost));
    }
    const unsigned long long packed[6] = {v.sorted ? 1ull : 0ull, h.sum, h.mix, h.count, ends.ordered(0), ends.ordered(1)};
    mine[l].resize(6);
    gathered[l].resize(6 * size_t(p));
    CUDA_CHECK(cudaMemcpy(mine[l].data(), packed, sizeof packed, cudaMemcpyHostToDevice));
  }
  group_.group_start();
  for (size_t l = 0; l < group_.local_count(); ++l)
    nccl_call(ncclAllGather(mine[l].data(), gathered[l].data(), 6, ncclUint64, comm_of(group_, l), group_.stream(l)),
              "ncclAllGather(verdicts)");
  group_.group_end("gathering the verdicts");
  group_.wait("gathering the verdicts");
  std::vector<unsigned long long> all(6 * size_t(p));
  group_.set_device(0);
  CUDA_CHECK(cudaMemcpy(all.data(), gathered[0].data(), all.size() * 8, cudaMemcpyDeviceToHost));
  std::vector<RankVerdict> ranks(p);
  for (uint32_t i = 0; i < p; ++i) {
    const unsigned long long* a = &all[6 * size_t(i)];
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

}  // namespace sortscope
