// merge_bench: the merge sorts against CUB's merge sort, measured in one run on one input
// (DESIGN.md, "Performance rules"): CUDA events around each sort after warm-up, the median of
// --reps repetitions, each on a fresh copy of the input (copy not timed), the device's copy
// bandwidth measured by the same program, every result verified on the GPU.
//
//   merge_bench [--min-log 16] [--max-log 28] [--step 2] [--reps 10] [--dist uniform,staggered]
//               [--sweep] [--no-sorts] [--no-merges] [--csv FILE]
//
// Sections: (1) sorts: cub-merge, merge (two-way), multiway-merge for u32 keys and u32+u32 pairs;
// (2) --sweep: every compiled (NT, VT) of the two-way sort at the largest n; (3) merging k = 2..256
// presorted sequences on its own, with the selection's iteration counts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "baselines/cub_merge.h"
#include "common/bandwidth.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "common/verify_gpu.h"
#include "merge/multiway.h"
#include "primitives/multiway_merge/multiway_merge_gpu.h"
#include "merge/multiway_plan.h"
#include "merge/two_way.h"
#include "merge/two_way_plan.h"

namespace sortscope {
namespace {

struct Options {
  int min_log = 16, max_log = 28, step = 2, reps = 10;
  std::string dists = "uniform,staggered";
  std::string algos = "cub-merge,merge,multiway-merge";
  bool sweep = false, no_sorts = false, no_merges = false;
  std::string csv;
};

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Device arrays for one input: the pristine copy and the working copy each run sorts.
struct Arrays {
  DeviceBuffer<unsigned char> keys, pristine_keys;
  DeviceBuffer<uint32_t> values, pristine_values;
  DeviceKeys work, pristine;
  MultisetHash hash;
};

class Bench {
 public:
  explicit Bench(const Options& o) : opt_(o) {
    CUDA_CHECK(cudaStreamCreate(&stream_));
    CUDA_CHECK(cudaEventCreate(&start_));
    CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~Bench() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaStreamDestroy(stream_);
  }

  void make_input(Arrays& a, Distribution d, uint64_t n, bool values) {
    InputSpec spec;
    spec.dist = d;
    spec.n = n;
    spec.key = KeyType::U32;
    spec.with_values = values;
    spec.seed = 20261121;
    a.pristine_keys.resize(n * 4);
    a.keys.resize(n * 4);
    if (values) {
      a.pristine_values.resize(n);
      a.values.resize(n);
    }
    a.pristine = DeviceKeys{KeyType::U32, a.pristine_keys.data(), values ? a.pristine_values.data() : nullptr, n};
    a.work = DeviceKeys{KeyType::U32, a.keys.data(), values ? a.values.data() : nullptr, n};
    generate_device(spec, a.pristine, stream_);
    a.hash = multiset_hash_device(a.pristine, stream_);
  }

  void refresh(Arrays& a) {
    const uint64_t n = a.pristine.n;
    CUDA_CHECK(cudaMemcpyAsync(a.work.keys, a.pristine.keys, n * 4, cudaMemcpyDeviceToDevice, stream_));
    if (a.work.values)
      CUDA_CHECK(cudaMemcpyAsync(a.work.values, a.pristine.values, n * 4, cudaMemcpyDeviceToDevice, stream_));
  }

  // Median ms of reps runs of `algo`, each on a fresh copy; `ok` = every run verified.
  double time_sort(const Algorithm& algo, const ParamValues& params, Arrays& a, bool& ok) {
    GpuRunContext ctx{stream_, nullptr, &scratch_};
    std::vector<double> ms;
    ok = true;
    for (int r = -2; r < opt_.reps; ++r) {  // two warm-up runs
      refresh(a);
      CUDA_CHECK(cudaEventRecord(start_, stream_));
      algo.run_gpu(params, a.work, ctx);
      CUDA_CHECK(cudaEventRecord(stop_, stream_));
      CUDA_CHECK(cudaEventSynchronize(stop_));
      float t = 0;
      CUDA_CHECK(cudaEventElapsedTime(&t, start_, stop_));
      if (r >= 0) ms.push_back(t);
      if (r == -2 || r + 1 == opt_.reps) ok = ok && verify_device(a.hash, a.work, stream_).ok();
    }
    return median(ms);
  }

  cudaStream_t stream() const { return stream_; }
  DeviceScratch& scratch() { return scratch_; }
  cudaEvent_t start() const { return start_; }
  cudaEvent_t stop() const { return stop_; }
  void release() { scratch_.release(); }

 private:
  Options opt_;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  DeviceScratch scratch_;
};

struct Csv {
  std::ofstream out;
  explicit Csv(const std::string& path) {
    if (path.empty()) return;
    out.open(path);
    if (!out) throw std::runtime_error("cannot write " + path);
    out << "section,dist,values,n,algorithm,config,median_ms,gkeys_per_s,vs_cub,gb_per_s,of_copy_bw,verified,extra\n";
  }
  void row(const std::string& line) {
    if (out) out << line << "\n";
  }
};

std::string two_way_config(const ParamValues& p) {
  return fmt::format("NT={} VT={} block sort {}xNT", p.at(kTwoWayThreads), p.at(kTwoWayKeysPerThread),
                     p.at(kTwoWayBlockSortFactor));
}

void run_sorts(Bench& bench, const Options& opt, double copy_gbs, Csv& csv) {
  const Algorithm& cub = cub_merge_algorithm();
  std::vector<const Algorithm*> algos;
  for (const std::string& id : split_list(opt.algos)) {
    if (id == cub.id()) continue;
    if (id == two_way_merge_algorithm().id()) algos.push_back(&two_way_merge_algorithm());
    else if (id == multiway_merge_algorithm().id()) algos.push_back(&multiway_merge_algorithm());
    else throw std::runtime_error("unknown algorithm '" + id + "' (known: merge, multiway-merge)");
  }
  ParamValues cub_p;
  resolve_params(cub.params(), cub_p, cub.id());
  std::vector<ParamValues> params(algos.size());
  for (size_t i = 0; i < algos.size(); ++i) resolve_params(algos[i]->params(), params[i], algos[i]->id());
  auto config = [&](size_t i) {
    return algos[i] == &two_way_merge_algorithm() ? two_way_config(params[i]) : multiway_config_name(params[i]);
  };
  std::printf("\n## Sorts (u32 keys; GB/s counts one read + one write of each key and value per sort)\n\n");
  for (size_t i = 0; i < algos.size(); ++i) std::printf("%s: %s\n", algos[i]->id().c_str(), config(i).c_str());
  std::printf("\n| dist | values | n | cub-merge ms |");
  for (const Algorithm* a : algos) std::printf(" %s ms | %s / cub | %s GB/s | of copy |", a->id().c_str(), a->id().c_str(), a->id().c_str());
  std::printf(" verified |\n|---|---|---|---|");
  for (size_t i = 0; i < algos.size(); ++i) std::printf("---|---|---|---|");
  std::printf("---|\n");
  for (const std::string& dname : split_list(opt.dists)) {
    const Distribution d = *parse_distribution(dname);
    for (bool values : {false, true})
      for (int lg = opt.min_log; lg <= opt.max_log; lg += opt.step) {
        const uint64_t n = uint64_t(1) << lg;
        Arrays a;
        bench.make_input(a, d, n, values);
        bool ok_c = false;
        const double tc = bench.time_sort(cub, cub_p, a, ok_c);
        bool all_ok = ok_c;
        const double bytes = 2.0 * double(n) * (values ? 8 : 4);
        std::printf("| %s | %s | 2^%d | %.3f |", dname.c_str(), values ? "u32" : "-", lg, tc);
        csv.row(fmt::format("sort,{},{},{},{},-,{:.4f},{:.4f},1,{:.2f},{:.4f},{},", dname, values ? "u32" : "none", n,
                            cub.id(), tc, double(n) / (tc * 1e-3) / 1e9, bytes / (tc * 1e-3) / 1e9,
                            bytes / (tc * 1e-3) / 1e9 / copy_gbs, ok_c ? "ok" : "FAILED"));
        for (size_t i = 0; i < algos.size(); ++i) {
          bool ok = false;
          const double t = bench.time_sort(*algos[i], params[i], a, ok);
          const double gbs = bytes / (t * 1e-3) / 1e9;
          all_ok = all_ok && ok;
          std::printf(" %.3f | **%.2f** | %.1f | %.1f%% |", t, tc / t, gbs, 100.0 * gbs / copy_gbs);
          csv.row(fmt::format("sort,{},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.2f},{:.4f},{},", dname, values ? "u32" : "none",
                              n, algos[i]->id(), config(i), t, double(n) / (t * 1e-3) / 1e9, tc / t, gbs, gbs / copy_gbs,
                              ok ? "ok" : "FAILED"));
        }
        std::printf(" %s |\n", all_ok ? "ok" : "FAILED");
        std::fflush(stdout);
      }
  }
  bench.release();
}

void run_sweep(Bench& bench, const Options& opt, Csv& csv) {
  const Algorithm& cub = cub_merge_algorithm();
  const Algorithm& two = two_way_merge_algorithm();
  ParamValues cub_p;
  resolve_params(cub.params(), cub_p, cub.id());
  const uint64_t n = uint64_t(1) << opt.max_log;
  std::printf("\n## Two-way merge sort: every compiled (NT, VT) at n = 2^%d, uniform\n\n", opt.max_log);
  std::printf("| values | NT | VT | block sort threads | passes | ms | vs cub-merge | verified |\n|---|---|---|---|---|---|---|---|\n");
  for (bool values : {false, true}) {
    Arrays a;
    bench.make_input(a, Distribution::Uniform, n, values);
    bool ok = false;
    const double tc = bench.time_sort(cub, cub_p, a, ok);
    std::printf("| %s | cub | | | | %.3f | 1.00 | %s |\n", values ? "u32" : "-", tc, ok ? "ok" : "FAILED");
    const ParamSpec& vt_spec = *find_param(two.params(), kTwoWayKeysPerThread);
    for (size_t i = 0; i < std::size(kTwoWayThreadChoices); ++i)
      for (size_t j = 0; j < std::size(kTwoWayKeysChoices); ++j)
      for (size_t f = 0; f < std::size(kTwoWayBlockFactorChoices); ++f) {
        if (kTwoWayThreadChoices[i] * kTwoWayBlockFactorChoices[f] > 1024) continue;
        if (vt_spec.is_lecture_only(kTwoWayKeysChoices[j])) continue;  // the lecture tile: never fast
        ParamValues p{{kTwoWayThreads, kTwoWayThreadChoices[i]},
                      {kTwoWayKeysPerThread, kTwoWayKeysChoices[j]},
                      {kTwoWayBlockSortFactor, kTwoWayBlockFactorChoices[f]}};
        const TwoWayPlan plan = make_two_way_plan(n, p);
        const double t = bench.time_sort(two, p, a, ok);
        std::printf("| %s | %d | %d | %d | %d | %.3f | %.2f | %s |\n", values ? "u32" : "-", kTwoWayThreadChoices[i],
                    kTwoWayKeysChoices[j], plan.block_threads, plan.passes, t, tc / t, ok ? "ok" : "FAILED");
        std::fflush(stdout);
        csv.row(fmt::format("sweep,uniform,{},{},merge,{},{:.4f},{:.4f},{:.4f},,,{},", values ? "u32" : "none", n,
                            two_way_config(p), t, double(n) / (t * 1e-3) / 1e9, tc / t, ok ? "ok" : "FAILED"));
      }
    bench.release();
  }
}

// Merging k presorted sequences of n/k keys each (u32 keys): selection + block-wise merge.
void run_merges(Bench& bench, const Options& opt, double copy_gbs, Csv& csv) {
  const int lg = std::max(opt.min_log, opt.max_log - 2);
  const uint64_t n = uint64_t(1) << lg;
  std::printf("\n## Merging k sorted sequences of n/k keys, n = 2^%d (u32 keys; P = 16384 keys per part, b = 128)\n\n", lg);
  std::printf("GB/s counts one read and one write of each key per tree level (log2 k levels in every part).\n\n");
  std::printf("| dist | k | selection | merge | ms | Gkeys/s | GB/s | of copy | selection iterations mean / max | verified |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  const Algorithm& cub = cub_merge_algorithm();
  ParamValues cub_p;
  resolve_params(cub.params(), cub_p, cub.id());
  for (const std::string& dname : split_list(opt.dists)) {
    const Distribution d = *parse_distribution(dname);
    Arrays a;
    bench.make_input(a, d, n, false);
    DeviceBuffer<uint32_t> out(n);
    for (int k = 2; k <= 256; k *= 2) {
      // k sequences: each stretch of n/k input keys sorted by CUB (not timed).
      bench.refresh(a);
      std::vector<uint64_t> begin;
      for (int i = 0; i <= k; ++i) begin.push_back(n / uint64_t(k) * uint64_t(i));
      for (int i = 0; i < k; ++i) {
        DeviceKeys seq{KeyType::U32, static_cast<unsigned char*>(a.work.keys) + begin[i] * 4, nullptr, begin[i + 1] - begin[i]};
        cub.run_gpu(cub_p, seq, GpuRunContext{bench.stream(), nullptr, &bench.scratch()});
      }
      for (bool quick : {false, true})
        for (bool stable : {false, true}) {
          MultiwayMergeOptions o;
          o.quickselect = quick;
          o.stable = stable;
          std::vector<uint32_t> iterations;
          std::vector<double> ms;
          for (int r = -2; r < opt.reps; ++r) {
            CUDA_CHECK(cudaEventRecord(bench.start(), bench.stream()));
            multiway_merge_ordered_device(a.work.keys, nullptr, 4, begin, o, out.data(), nullptr, bench.stream(),
                                          bench.scratch(), nullptr);
            CUDA_CHECK(cudaEventRecord(bench.stop(), bench.stream()));
            CUDA_CHECK(cudaEventSynchronize(bench.stop()));
            float t = 0;
            CUDA_CHECK(cudaEventElapsedTime(&t, bench.start(), bench.stop()));
            if (r >= 0) ms.push_back(t);
          }
          multiway_merge_ordered_device(a.work.keys, nullptr, 4, begin, o, out.data(), nullptr, bench.stream(),
                                        bench.scratch(), &iterations);
          const DeviceKeys result{KeyType::U32, out.data(), nullptr, n};
          const bool ok = verify_device(a.hash, result, bench.stream()).ok();
          double mean = 0;
          uint32_t mx = 0;
          for (uint32_t v : iterations) mean += v, mx = std::max(mx, v);
          mean /= double(std::max<size_t>(1, iterations.size()));
          const double t = median(ms);
          int levels = 0;
          while ((1 << levels) < k) ++levels;
          const double gbs = 2.0 * 4.0 * double(n) * levels / (t * 1e-3) / 1e9;
          std::printf("| %s | %d | %s | %s | %.3f | %.2f | %.1f | %.1f%% | %.1f / %u | %s |\n", dname.c_str(), k,
                      quick ? "quickselect" : "osipov", stable ? "ranking" : "block-wise", t,
                      double(n) / (t * 1e-3) / 1e9, gbs, 100.0 * gbs / copy_gbs, mean, mx, ok ? "ok" : "FAILED");
          std::fflush(stdout);
          csv.row(fmt::format("merge,{},none,{},multiway-merge,k={} {} {},{:.4f},{:.4f},,{:.2f},{:.4f},{},iterations mean {:.1f} max {}",
                              dname, n, k, quick ? "quickselect" : "osipov", stable ? "ranking" : "block-wise", t,
                              double(n) / (t * 1e-3) / 1e9, gbs, gbs / copy_gbs, ok ? "ok" : "FAILED", mean, mx));
        }
    }
    bench.release();
  }
}

}  // namespace
}  // namespace sortscope

int main(int argc, char** argv) {
  using namespace sortscope;
  Options opt;
  CLI::App app{"merge_bench: merge sorts and multiway merging against CUB's merge sort"};
  app.add_option("--min-log", opt.min_log, "smallest n = 2^min-log");
  app.add_option("--max-log", opt.max_log, "largest n = 2^max-log");
  app.add_option("--step", opt.step, "step of log2 n");
  app.add_option("--reps", opt.reps, "timed repetitions (median reported), at least 10")->check(CLI::Range(10, 1000));
  app.add_option("--dist", opt.dists, "distributions, comma separated");
  app.add_option("--algos", opt.algos, "sorts to compare with cub-merge (always run): merge, multiway-merge");
  app.add_flag("--sweep", opt.sweep, "time every compiled (NT, VT) of the two-way sort at the largest n");
  app.add_flag("--no-sorts", opt.no_sorts, "skip the sort comparison");
  app.add_flag("--no-merges", opt.no_merges, "skip merging of presorted sequences");
  app.add_option("--csv", opt.csv, "also write every row to this CSV file");
  CLI11_PARSE(app, argc, argv);
  try {
    for (const std::string& d : split_list(opt.dists))
      if (!parse_distribution(d)) throw std::runtime_error("unknown distribution '" + d + "' (known: " + distribution_names() + ")");
    int dev = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    Bench bench(opt);
    const CopyBandwidth bw = measure_copy_bandwidth(default_bandwidth_buffer_bytes(), 20, bench.stream());
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    std::printf("# merge_bench on %s (%d SMs, sm_%d%d), %s\n", prop.name, prop.multiProcessorCount, prop.major,
                prop.minor, date);
    std::printf("device copy bandwidth (cudaMemcpy D2D, %.0f MiB, median of %d): %.1f GB/s read+write\n",
                double(bw.buffer_bytes) / (1 << 20), bw.reps, bw.gb_per_s);
    std::printf("median of %d timed runs after 2 warm-ups, fresh input copy per run (not timed); CUDA events\n", opt.reps);
    Csv csv(opt.csv);
    if (!opt.no_sorts) run_sorts(bench, opt, bw.gb_per_s, csv);
    if (opt.sweep) run_sweep(bench, opt, csv);
    if (!opt.no_merges) run_merges(bench, opt, bw.gb_per_s, csv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "merge_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
