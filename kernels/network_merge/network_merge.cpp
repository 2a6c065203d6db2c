// network-merge: the Algorithm entry over its plan (network_merge_plan.h) and CPU model.
#include "network_merge.h"

#include <algorithm>
#include <stdexcept>

#include "primitives/items/item_traits.h"
#include "network_merge_model.h"
#include "network_merge_perf_model.h"
#include "network_merge_plan.h"
#include "network_merge_scratch.h"
#if SORTSCOPE_HAS_CUDA
#include "network_merge_gpu.h"
#endif

namespace sortscope {
namespace {

class NetworkMergeSort final : public Algorithm {
 public:
  std::string id() const override { return "network-merge"; }
  std::string title() const override { return "Merge sort with bitonic merge networks (Satish et al.)"; }
  std::string citation() const override {
    return "Satish, Harris, Garland et al. 2010 (Fast sort on CPUs and GPUs): §5.1 (bitonic merge networks, "
           "quantile partitioning, after Chhugani et al.), §5.2.1 (merging long lists with a retained vector), "
           "§5.3 (GPU merge sort, Fig. 4)";
  }
  std::string baseline() const override { return "cub-merge"; }
  const std::vector<ParamSpec>& params() const override { return network_merge_params(); }
  ParamValues teaching_params(uint64_t n, KeyType type, bool with_values, const ParamValues& given) const override {
    ParamValues v = Algorithm::teaching_params(n, type, with_values, given);
    for (const auto& [name, value] : network_merge_teaching_params(n)) v[name] = value;
    return v;
  }
  // width, threads, keys, lists, levels, padding and stores `auto` as the plan resolves them for the
  // item type (and n: lists).
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    const NetworkMergePlan plan = make_network_merge_plan(std::min(n, kNetworkMergeMaxKeys), type, with_values, p);
    p[kNetworkMergeWidth] = plan.width;
    p[kNetworkMergeThreads] = plan.threads;
    p[kNetworkMergeKeys] = plan.keys;
    p[kNetworkMergeLists] = plan.lists;
    p[kNetworkMergeLevels] = int(plan.transpose ? NetworkMergeLevels::Transpose : NetworkMergeLevels::Shuffle);
    p[kNetworkMergePadding] = int(plan.largest_pad ? NetworkMergePadding::Largest : NetworkMergePadding::Flags);
    p[kNetworkMergeStores] = int(plan.vector_stores ? NetworkMergeStores::Vector : NetworkMergeStores::Scalar);
    return p;
  }
  const std::vector<std::string>& pseudo_code() const override { return network_merge_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(NetworkMergeStep{}); }
  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    network_merge_model_sort(make_network_merge_plan(keys.size(), keys.type, keys.has_values(), params), keys,
                             recorder);
  }
  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    network_merge_run_gpu(make_network_merge_plan(keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("network-merge: this build has no CUDA kernels (built without nvcc)");
#endif
  }
  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool explain) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    const NetworkMergePlan plan = make_network_merge_plan(n, type, with_values, p);
    return merge::dispatch_items(key_bytes(type), with_values, [&](auto traits) -> uint64_t {
      return merge::network_merge_scratch<decltype(traits)>(plan, explain).layout.total_bytes();
    });
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    const bool transform = type != KeyType::U32 && type != KeyType::U64;
    return network_merge_perf_model(make_network_merge_plan(n, type, with_values, p), transform);
  }
};

}  // namespace

const Algorithm& network_merge_algorithm() {
  static const NetworkMergeSort a;
  return a;
}

}  // namespace sortscope
