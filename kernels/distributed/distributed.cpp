// The Algorithm entries of the distributed sorts: the simulated ranks as their CPU model, recording
// one step per phase with the run's per-rank snapshot.
#include "distributed.h"

#include <stdexcept>

#include "common/aux_data.h"
#include "distributed_aux.h"
#include "distributed_model.h"
#include "distributed_steps.h"

namespace sortscope {

namespace {

const std::vector<ParamSpec>& params_of(DistributedSort sort) {
  auto make = [](DistributedSort s) {
    std::vector<ParamSpec> p = {ParamSpec::range("ranks", 4, 1, int(kMaxSimulatedRanks), false,
                                                 "Ranks (GPUs) the keys are split over; simulated on the CPU up to 16")};
    if (s == DistributedSort::SampleSort)
      p.push_back(ParamSpec::range("samples", 4096, 1, 65536, false,
                                   "Samples each rank draws per splitter (oversampling; more: better balance)"));
    if (s == DistributedSort::RadixOnesweep)
      p.push_back(ParamSpec::range("top_bits", 12, 1, kMaxTopBits, false,
                                   "Top key bits histogrammed and cut into one digit range per rank"));
    return p;
  };
  static const std::vector<ParamSpec> specs[3] = {make(DistributedSort(0)), make(DistributedSort(1)),
                                                  make(DistributedSort(2))};
  return specs[int(sort)];
}

class DistributedAlgorithm final : public Algorithm {
 public:
  explicit DistributedAlgorithm(DistributedSort s) : s_(s) {}
  std::string id() const override { return distributed_algorithm_id(s_); }
  std::string title() const override {
    switch (s_) {
      case DistributedSort::SampleSort: return "Sample sort across GPUs (splitters from a sample)";
      case DistributedSort::Merge: return "Merge sort across GPUs (exact splitting)";
      default: return "Radix sort across GPUs (MSD digit ranges, then LSD)";
    }
  }
  std::string citation() const override {
    switch (s_) {
      case DistributedSort::SampleSort: return "Leischner 2010 §6.1-6.2 (Algorithms 5-6) with P buckets, one per GPU";
      case DistributedSort::Merge: return "Leischner 2010 §5.2 (multi-sequence selection, Algorithm 3) across GPUs";
      default: return "Onesweep (Adinets & Merrill 2022) on each GPU after an MSD split into digit ranges";
    }
  }
  const std::vector<ParamSpec>& params() const override { return params_of(s_); }
  const std::vector<std::string>& pseudo_code() const override { return distributed_pseudo_code(s_); }
  const std::vector<StepKind>& step_kinds() const override { return distributed_step_kinds(s_); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    const uint32_t ranks = ranks_param(params);
    std::vector<HostKeys> shares = split_into_ranks(keys, ranks);
    DistributedObserver observer;
    if (recorder) {
      recorder->set_padded_n(keys.size());
      observer = [&](DistributedStep step, const DistributedRunInfo& info, const void* words, const uint32_t* values) {
        Step s = make_step(distributed_step_kinds(s_), step, distributed_caption(s_, step, info));
        s.aux.push_back(AuxData(DistributedSnapshot{info, phase_of(step)}));
        recorder->record(std::move(s), ArrayState{words, values});
      };
    }
    distributed_sort_model(s_, distributed_params(params, 1), shares, observer);
    keys = join_ranks(shares, keys.type, keys.has_values());
  }

  // One GPU's runner has no distributed kernels: `run --gpus` drives the GPUs (distributed_gpu.h).
  bool has_gpu() const override { return false; }
  void run_gpu(const ParamValues&, DeviceKeys&, const GpuRunContext&) const override {
    throw std::logic_error(id() + ": runs on GPUs through `run --gpus`, not the one-GPU runner");
  }

 private:
  DistributedSort s_;
};

}  // namespace

const Algorithm& distributed_sample_sort_algorithm() {
  static const DistributedAlgorithm a(DistributedSort::SampleSort);
  return a;
}
const Algorithm& distributed_merge_algorithm() {
  static const DistributedAlgorithm a(DistributedSort::Merge);
  return a;
}
const Algorithm& distributed_radix_algorithm() {
  static const DistributedAlgorithm a(DistributedSort::RadixOnesweep);
  return a;
}
const Algorithm& distributed_algorithm(DistributedSort sort) {
  switch (sort) {
    case DistributedSort::SampleSort: return distributed_sample_sort_algorithm();
    case DistributedSort::Merge: return distributed_merge_algorithm();
    default: return distributed_radix_algorithm();
  }
}

std::string distributed_algorithm_id(DistributedSort sort) { return std::string("distributed-") + distributed_sort_id(sort); }

std::optional<DistributedSort> distributed_sort_of_entry(std::string_view id) {
  constexpr std::string_view prefix = "distributed-";
  if (id.substr(0, prefix.size()) != prefix) return std::nullopt;
  return distributed_sort_of(id.substr(prefix.size()));
}

uint32_t ranks_param(const ParamValues& params) {
  const auto it = params.find("ranks");
  return it == params.end() ? 4u : uint32_t(it->second);
}

DistributedParams distributed_params(const ParamValues& params, uint64_t seed) {
  DistributedParams p;
  p.seed = seed;
  if (auto it = params.find("samples"); it != params.end()) p.samples_per_splitter = uint32_t(it->second);
  if (auto it = params.find("top_bits"); it != params.end()) p.top_bits = it->second;
  return p;
}

}  // namespace sortscope
