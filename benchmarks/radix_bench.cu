// radix_bench: the radix sorts against CUB's DeviceRadixSort on the same inputs in the same run
// (DESIGN.md, "Performance rules"). Every timing is the median of --reps runs timed with CUDA
// events after --warmup untimed runs, each run on a fresh copy of the input (the copy is not
// timed). Every variant's output is compared with CUB's (keys and values, so stability too).
// Figures: keys/s, the ratio to CUB (CUB time / variant time), and the variant's bytes-moved
// model per time as a fraction of the device's copy bandwidth measured at the start of the run.
//
//   radix_bench [--mode table|sweep|hooks] [--sizes 16:28] [--reps 10] [--warmup 2]
//               [--configs keys32,pairs32,keys64] [--dists uniform,low-entropy,sorted,all-equal]
//               [--set "radix-onesweep:threads=384,keys_per_thread=20"]...
// --mode table: every config x dist x n = 2^a..2^b for radix, radix-onesweep and cub-radix.
//               With --tune, each config first sweeps both variants' parameters at n = 2^b
//               (uniform, 3 runs each) and the table uses each variant's fastest setting.
// --mode sweep: at n = 2^b (uniform), the tuning parameters of both variants, best first.
// --mode hooks: at n = 2^b (u32 keys, uniform) the normal kernels (capture pointer null) against
//               the same kernels compiled without capture hooks, runs interleaved.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "baselines/cub_radix.h"
#include "common/bandwidth.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "radix/radix.h"
#include "radix/radix_gpu.h"
#include "radix/radix_plan.h"

using namespace sortscope;

namespace {

struct Config {
  std::string name;
  KeyType type;
  bool values;
};
const Config kConfigs[] = {{"keys32", KeyType::U32, false}, {"pairs32", KeyType::U32, true},
                           {"keys64", KeyType::U64, false}, {"pairs64", KeyType::U64, true}};

struct Dist {
  std::string name;
  Distribution dist;
};
const Dist kDists[] = {{"uniform", Distribution::Uniform}, {"low-entropy", Distribution::LowEntropy},
                       {"sorted", Distribution::Sorted}, {"all-equal", Distribution::Zero}};

// One thing to time: an algorithm with parameters, or the hook-free build.
struct Variant {
  std::string label;
  const Algorithm* algo = nullptr;
  ParamValues params;
  bool without_hooks = false;
};

struct Options {
  std::string mode = "table";
  int lo = 16, hi = 28, reps = 10, warmup = 2;
  std::vector<std::string> configs = {"keys32", "pairs32", "keys64"};
  std::vector<std::string> dists = {"uniform", "low-entropy", "sorted", "all-equal"};
  std::vector<std::string> sets;
  bool tune = false;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, sep);)
    if (!item.empty()) out.push_back(item);
  return out;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error("radix_bench: " + a + " needs a value");
      return argv[++i];
    };
    if (a == "--mode") o.mode = next();
    else if (a == "--sizes") {
      auto p = split(next(), ':');
      if (p.size() != 2) throw std::runtime_error("radix_bench: --sizes takes A:B (log2 of n)");
      o.lo = std::stoi(p[0]);
      o.hi = std::stoi(p[1]);
    } else if (a == "--reps") o.reps = std::stoi(next());
    else if (a == "--warmup") o.warmup = std::stoi(next());
    else if (a == "--configs") o.configs = split(next(), ',');
    else if (a == "--dists") o.dists = split(next(), ',');
    else if (a == "--set") o.sets.push_back(next());
    else if (a == "--tune") o.tune = true;
    else throw std::runtime_error("radix_bench: unknown option " + a + " (see the comment at the top of radix_bench.cu)");
  }
  if (o.reps < 1 || o.lo < 0 || o.hi > 31 || o.lo > o.hi) throw std::runtime_error("radix_bench: bad --reps or --sizes");
  return o;
}

const Algorithm& algo_named(const std::string& id) {
  if (id == "radix") return radix_algorithm();
  if (id == "radix-onesweep") return radix_onesweep_algorithm();
  if (id == "cub-radix") return cub_radix_algorithm();
  throw std::runtime_error("radix_bench: unknown algorithm " + id);
}

Variant make_variant(const std::string& id, const std::vector<std::string>& assignments, std::string label = "") {
  Variant v;
  v.algo = &algo_named(id);
  for (const auto& s : assignments) {
    std::string err = parse_param_assignment(v.algo->params(), s, v.params, id);
    if (!err.empty()) throw std::runtime_error(err);
  }
  std::string err = resolve_params(v.algo->params(), v.params, id);
  if (!err.empty()) throw std::runtime_error(err);
  if (label.empty()) {
    label = id;
    for (const auto& s : assignments) label += " " + s;
  }
  v.label = label;
  return v;
}

// "radix-onesweep:threads=384,keys_per_thread=20"
Variant variant_from_set(const std::string& set) {
  auto colon = set.find(':');
  std::string id = set.substr(0, colon);
  std::vector<std::string> a = colon == std::string::npos ? std::vector<std::string>{} : split(set.substr(colon + 1), ',');
  return make_variant(id, a);
}

__global__ void count_mismatches(const uint32_t* a, const uint32_t* b, size_t words, unsigned long long* out) {
  unsigned long long local = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < words; i += size_t(gridDim.x) * blockDim.x)
    local += a[i] != b[i];
  if (local) atomicAdd(out, local);
}

// The buffers of one config at the largest n, reused for every smaller n.
struct Buffers {
  DeviceBuffer<uint8_t> pristine, work, ref;
  DeviceBuffer<uint32_t> pv, wv, rv;
  DeviceBuffer<unsigned long long> mismatches{1};
  Buffers(uint64_t n, const Config& c) : pristine(n * key_bytes(c.type)), work(n * key_bytes(c.type)), ref(n * key_bytes(c.type)) {
    if (c.values) {
      pv.resize(n);
      wv.resize(n);
      rv.resize(n);
    }
  }
};

class Bench {
 public:
  Bench(const Options& o) : o_(o) {
    CUDA_CHECK(cudaStreamCreate(&stream_));
    CUDA_CHECK(cudaEventCreate(&start_));
    CUDA_CHECK(cudaEventCreate(&stop_));
    ctx_.stream = stream_;
    ctx_.scratch = &scratch_;
  }
  ~Bench() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaStreamDestroy(stream_);
  }

  void header() {
    cudaDeviceProp prop;
    int dev = 0, rt = 0, drv = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    CUDA_CHECK(cudaRuntimeGetVersion(&rt));
    CUDA_CHECK(cudaDriverGetVersion(&drv));
    bw_ = measure_copy_bandwidth(default_bandwidth_buffer_bytes(), 20, stream_);
    std::printf("device: %s (%d SMs, sm_%d%d), CUDA runtime %d, driver %d\n", prop.name,
                prop.multiProcessorCount, prop.major, prop.minor, rt, drv);
    std::printf("copy bandwidth (device-to-device cudaMemcpyAsync of %.0f MiB, median of %d, read+write counted): %.1f GB/s\n",
                bw_.buffer_bytes / 1048576.0, bw_.reps, bw_.gb_per_s);
    std::printf("timing: median of %d runs after %d warm-up runs, CUDA events, fresh input copy per run (not timed)\n\n",
                o_.reps, o_.warmup);
  }

  // Prepares input `d` of size n in b.pristine and CUB's result in b.ref.
  void prepare(Buffers& b, const Config& c, const Dist& d, uint64_t n) {
    InputSpec spec;
    spec.dist = d.dist;
    spec.n = n;
    spec.key = c.type;
    spec.with_values = c.values;
    spec.seed = 42;
    DeviceKeys k{c.type, b.pristine.data(), c.values ? b.pv.data() : nullptr, n};
    generate_device(spec, k, stream_);
    copy(b.ref.data(), b.rv.data(), b, c, n);
    DeviceKeys r{c.type, b.ref.data(), c.values ? b.rv.data() : nullptr, n};
    cub_radix_algorithm().run_gpu({}, r, ctx_);
    CUDA_CHECK(cudaStreamSynchronize(stream_));
  }

  void copy(void* keys, uint32_t* values, Buffers& b, const Config& c, uint64_t n) {
    CUDA_CHECK(cudaMemcpyAsync(keys, b.pristine.data(), n * key_bytes(c.type), cudaMemcpyDeviceToDevice, stream_));
    if (c.values) CUDA_CHECK(cudaMemcpyAsync(values, b.pv.data(), n * 4, cudaMemcpyDeviceToDevice, stream_));
  }

  void run_once(const Variant& v, DeviceKeys& k) {
    if (v.without_hooks)
      radix_sort_gpu_without_hooks(make_radix_plan(v.algo->id() == "radix-onesweep" ? RadixVariant::Onesweep
                                                                                     : RadixVariant::ReduceThenScan,
                                                   k.n, k.type, k.values != nullptr, v.params),
                                   k, ctx_);
    else
      v.algo->run_gpu(v.params, k, ctx_);
  }

  float timed_run(const Variant& v, Buffers& b, const Config& c, uint64_t n) {
    copy(b.work.data(), b.wv.data(), b, c, n);
    DeviceKeys k{c.type, b.work.data(), c.values ? b.wv.data() : nullptr, n};
    CUDA_CHECK(cudaEventRecord(start_, stream_));
    run_once(v, k);
    CUDA_CHECK(cudaEventRecord(stop_, stream_));
    CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return ms;
  }

  // Median ms of reps after warm-up; verifies the last output against CUB's.
  double measure(const Variant& v, Buffers& b, const Config& c, uint64_t n, bool* ok, int reps = 0,
                 int warmup = -1) {
    if (reps <= 0) reps = o_.reps;
    if (warmup < 0) warmup = o_.warmup;
    for (int i = 0; i < warmup; ++i) timed_run(v, b, c, n);
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) ms.push_back(timed_run(v, b, c, n));
    *ok = same_as_ref(b, c, n);
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  }

  bool same_as_ref(Buffers& b, const Config& c, uint64_t n) {
    CUDA_CHECK(cudaMemsetAsync(b.mismatches.data(), 0, sizeof(unsigned long long), stream_));
    const size_t words = n * key_bytes(c.type) / 4;
    count_mismatches<<<1024, 256, 0, stream_>>>(reinterpret_cast<const uint32_t*>(b.work.data()),
                                                 reinterpret_cast<const uint32_t*>(b.ref.data()), words,
                                                 b.mismatches.data());
    if (c.values) count_mismatches<<<1024, 256, 0, stream_>>>(b.wv.data(), b.rv.data(), n, b.mismatches.data());
    CUDA_CHECK_LAUNCH("count_mismatches");
    unsigned long long bad = 0;
    CUDA_CHECK(cudaMemcpyAsync(&bad, b.mismatches.data(), sizeof(bad), cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    return bad == 0;
  }

  double gbps_fraction(const Variant& v, const Config& c, uint64_t n, double ms) const {
    const double bytes = v.algo->bytes_moved(n, c.type, c.values, v.params);
    return bytes / (ms * 1e-3) / 1e9 / bw_.gb_per_s;
  }

  // The parameter sweep of both variants on one config at n (uniform): prints the results, best
  // first, and returns {fastest reduce-then-scan, fastest onesweep}.
  std::vector<Variant> sweep_config(Buffers& b, const Config& c, uint64_t n, int lg, bool wide) {
    prepare(b, c, dist_named("uniform"), n);
    bool ok = false;
    const Variant cub = make_variant("cub-radix", {});
    const double cub_ms = measure(cub, b, c, n, &ok, 3, 1);
    std::vector<Variant> vs;
    const std::vector<const char*> kpts = {"12", "16", "20", "24", "28", "32"};
    for (const char* th : {"256", "384", "512"})
      for (const char* kpt : kpts)
        for (const char* rk : wide ? std::vector<const char*>{"ballot", "match", "atomic"}
                                   : std::vector<const char*>{"ballot", "atomic"})
          vs.push_back(make_variant("radix-onesweep", {std::string("threads=") + th,
                                                       std::string("keys_per_thread=") + kpt,
                                                       std::string("ranking=") + rk}));
    for (const char* bits : wide ? std::vector<const char*>{"4", "5", "6", "7", "8"} : std::vector<const char*>{"7", "8"})
      for (const char* th : {"256", "512"})
        for (const char* kpt : {"12", "16", "20"})
          vs.push_back(make_variant("radix", {std::string("radix_bits=") + bits, std::string("threads=") + th,
                                              std::string("keys_per_thread=") + kpt}));
    std::vector<std::pair<double, size_t>> rows;
    std::printf("\n%s uniform 2^%d: cub-radix %.4f ms (%.2f Gkeys/s); parameter sweep, 3 runs each, best first\n",
                c.name.c_str(), lg, cub_ms, n / (cub_ms * 1e-3) / 1e9);
    for (size_t i = 0; i < vs.size(); ++i) {
      try {
        const double ms = measure(vs[i], b, c, n, &ok, 3, 1);
        if (!ok) {
          failures_++;
          std::printf("  %s: output differs from CUB's\n", vs[i].label.c_str());
          continue;
        }
        rows.push_back({ms, i});
      } catch (const std::exception& e) {
        std::printf("  %s: %s\n", vs[i].label.c_str(), e.what());
      }
    }
    std::sort(rows.begin(), rows.end());
    std::printf("| config | n | variant | median ms | Gkeys/s | vs CUB | of copy bw |\n|---|---|---|---|---|---|---|\n");
    for (const auto& [ms, i] : rows)
      std::printf("| %s | 2^%d | %s | %.4f | %.2f | %.3f | %.3f |\n", c.name.c_str(), lg, vs[i].label.c_str(), ms,
                  n / (ms * 1e-3) / 1e9, cub_ms / ms, gbps_fraction(vs[i], c, n, ms));
    std::fflush(stdout);
    std::vector<Variant> best;
    for (const char* id : {"radix", "radix-onesweep"})
      for (const auto& [ms, i] : rows)
        if (vs[i].algo->id() == id) {
          best.push_back(vs[i]);
          break;
        }
    return best;
  }

  void table(const std::vector<Variant>& given) {
    std::map<std::string, std::vector<Variant>> per_config;
    for (const auto& cn : o_.configs) {
      per_config[cn] = given;
      if (o_.tune) {
        const Config& c = config_named(cn);
        Buffers b(uint64_t(1) << o_.hi, c);
        per_config[cn] = {given.front()};  // cub-radix
        for (Variant& v : sweep_config(b, c, uint64_t(1) << o_.hi, o_.hi, false)) per_config[cn].push_back(v);
      }
    }
    std::printf("\n| config | input | n | variant | median ms | Gkeys/s | vs CUB | bytes-moved model GB/s | of copy bw | verified |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto& cn : o_.configs) {
      const Config& c = config_named(cn);
      const std::vector<Variant>& variants = per_config[cn];
      Buffers b(uint64_t(1) << o_.hi, c);
      for (const auto& dn : o_.dists) {
        const Dist& d = dist_named(dn);
        for (int lg = o_.lo; lg <= o_.hi; ++lg) {
          const uint64_t n = uint64_t(1) << lg;
          prepare(b, c, d, n);
          double cub_ms = 0;
          for (const Variant& v : variants) {
            bool ok = false;
            const double ms = measure(v, b, c, n, &ok);
            if (v.algo == &cub_radix_algorithm()) cub_ms = ms;
            const double bytes = v.algo->bytes_moved(n, c.type, c.values, v.params);
            std::printf("| %s | %s | 2^%d | %s | %.4f | %.2f | %.3f | %.0f | %.3f | %s |\n", c.name.c_str(),
                        d.name.c_str(), lg, v.label.c_str(), ms, n / (ms * 1e-3) / 1e9,
                        cub_ms > 0 ? cub_ms / ms : 0.0, bytes / (ms * 1e-3) / 1e9,
                        gbps_fraction(v, c, n, ms), ok ? "yes" : "NO");
            std::fflush(stdout);
            if (!ok) failures_++;
          }
        }
      }
    }
  }

  void sweep() {
    const uint64_t n = uint64_t(1) << o_.hi;
    for (const auto& cn : o_.configs) {
      const Config& c = config_named(cn);
      Buffers b(n, c);
      sweep_config(b, c, n, o_.hi, true);
    }
  }

  void hooks(const std::vector<Variant>& base) {
    const uint64_t n = uint64_t(1) << o_.hi;
    const Config& c = config_named("keys32");
    Buffers b(n, c);
    prepare(b, c, dist_named("uniform"), n);
    std::printf("| variant | with hooks (capture pointer null) ms | hooks compiled out ms | ratio | verified |\n|---|---|---|---|---|\n");
    for (const Variant& v : base) {
      if (v.algo == &cub_radix_algorithm()) continue;
      Variant off = v;
      off.without_hooks = true;
      for (int i = 0; i < o_.warmup; ++i) {
        timed_run(v, b, c, n);
        timed_run(off, b, c, n);
      }
      std::vector<double> on_ms, off_ms;
      for (int i = 0; i < o_.reps; ++i) {  // interleaved, alternating order, so drift hits both
        if (i % 2) {
          on_ms.push_back(timed_run(v, b, c, n));
          off_ms.push_back(timed_run(off, b, c, n));
        } else {
          off_ms.push_back(timed_run(off, b, c, n));
          on_ms.push_back(timed_run(v, b, c, n));
        }
      }
      const bool ok = same_as_ref(b, c, n);
      std::sort(on_ms.begin(), on_ms.end());
      std::sort(off_ms.begin(), off_ms.end());
      const double a = on_ms[on_ms.size() / 2], z = off_ms[off_ms.size() / 2];
      std::printf("| %s, keys32 uniform 2^%d | %.4f (min %.4f, max %.4f) | %.4f (min %.4f, max %.4f) | %.4f | %s |\n",
                  v.label.c_str(), o_.hi, a, on_ms.front(), on_ms.back(), z, off_ms.front(), off_ms.back(), a / z,
                  ok ? "yes" : "NO");
      if (!ok) failures_++;
    }
  }

  int failures() const { return failures_; }

 private:
  static const Config& config_named(const std::string& n) {
    for (const auto& c : kConfigs)
      if (c.name == n) return c;
    throw std::runtime_error("radix_bench: unknown config " + n + " (keys32, pairs32, keys64, pairs64)");
  }
  static const Dist& dist_named(const std::string& n) {
    for (const auto& d : kDists)
      if (d.name == n) return d;
    throw std::runtime_error("radix_bench: unknown input " + n + " (uniform, low-entropy, sorted, all-equal)");
  }

  Options o_;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  DeviceScratch scratch_;
  GpuRunContext ctx_;
  CopyBandwidth bw_;
  int failures_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  try {
    const Options o = parse(argc, argv);
    std::vector<Variant> variants;
    variants.push_back(make_variant("cub-radix", {}));  // first: the others are set against it
    if (o.sets.empty()) {
      variants.push_back(make_variant("radix", {}));
      variants.push_back(make_variant("radix-onesweep", {}));
    } else {
      for (const auto& s : o.sets) variants.push_back(variant_from_set(s));
    }
    Bench bench(o);
    bench.header();
    if (o.mode == "table") bench.table(variants);
    else if (o.mode == "sweep") bench.sweep();
    else if (o.mode == "hooks") bench.hooks(variants);
    else throw std::runtime_error("radix_bench: --mode is table, sweep or hooks");
    if (bench.failures()) {
      std::printf("\n%d verification failure(s)\n", bench.failures());
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}
