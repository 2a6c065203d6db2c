#include "lab_free_catalog.h"

#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"

namespace sortscope {
namespace {

// The lab's loop around a free exercise (lab_gpu.cpp, run_whole_sort): the pseudo-code the steps
// point into.
const std::vector<std::string> kPseudo = {
    "for pass = 0, 1, 2, ... (at most 65536):",
    "  my_sort<<<ceil(n / 256), 256>>>(keys, n, scratch, pass, done)",
    "  if it called ss_snapshot(label): capture the keys",
    "  if *done: stop",
};

class LabFreeCatalog final : public Algorithm {
 public:
  std::string id() const override { return kLabFreeAlgorithm; }
  std::string title() const override { return "Your whole sort (lab exercise free)"; }
  std::string citation() const override { return "the student's own sort (docs/lab.md, the free exercise)"; }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> none;
    return none;
  }
  const std::vector<std::string>& pseudo_code() const override { return kPseudo; }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(LabFreeStep::Input); }
  void run_model(const ParamValues&, HostKeys&, Recorder*) const override {
    throw std::logic_error("lab-free: a student's sort runs only in the lab (sortscope lab, --lab free:FILE)");
  }
  bool has_gpu() const override { return false; }
  void run_gpu(const ParamValues&, DeviceKeys&, const GpuRunContext&) const override {
    throw std::logic_error("lab-free: a student's sort runs only in the lab (sortscope lab, --lab free:FILE)");
  }
};

}  // namespace

const std::vector<StepKind>& step_kinds_of(LabFreeStep) {
  static const std::vector<StepKind> kinds = {
      {"input", "input", -1},
      {"snapshot", "pass {pass}: ss_snapshot({label})", 2},
      {"sorted", "sorted after {passes} passes", 3},
  };
  return kinds;
}

std::string lab_free_snapshot_caption(uint32_t pass, uint32_t label) {
  return label == kLabFreeNoLabel ? fmt::format("pass {}", pass) : fmt::format("pass {}: ss_snapshot({})", pass, label);
}

std::string lab_free_sorted_caption(uint32_t passes, uint64_t dropped) {
  std::string s = "sorted after " + counted(passes, "pass");
  if (dropped) s += fmt::format(", {} dropped (at most {} are kept)", counted(dropped, "more snapshot"), kLabFreeMaxSnapshots);
  return s;
}

std::shared_ptr<const Algorithm> lab_free_catalog(std::string_view algorithm) {
  if (algorithm != kLabFreeAlgorithm) return nullptr;
  static const auto catalog = std::make_shared<const LabFreeCatalog>();
  return catalog;
}

}  // namespace sortscope
