#pragma once
// A library sort as a baseline (DESIGN.md, "Performance rules": every figure against something
// measured in the same run), built from one descriptor: what the library call is, its parameters
// and captions, and the GPU function that makes the call. The Algorithm around it is the same for
// every library: ordered bits in and out (key_type.h), an input and a sorted step, and a CPU model
// that is std::stable_sort on the ordered bits (every library sort wrapped here is stable or, like
// CUB's merge sort, stable in practice, so the model's order is the library's). A new baseline
// (CUB's segmented sort, thrust::sort, ...) is one descriptor and one .cu function.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "algorithm.h"

namespace sortscope {

// Every library baseline records the same two steps (their captions are the library's).
enum class LibraryStep { Input, Sorted };

struct LibrarySort {
  std::string id;        // "cub-merge"
  std::string title;     // "CUB merge sort (baseline)"
  std::string citation;
  std::string library;   // the call's name in captions: "cub::DeviceMergeSort"
  std::vector<ParamSpec> params;
  std::vector<std::string> pseudo_code;
  std::vector<StepKind> step_kinds;  // indexed by LibraryStep
  // The entry point a run calls, for the sorted step's caption: "SortPairs", "StableSortKeys".
  std::function<std::string(const ParamValues&, bool with_values)> entry;
  // Sorts n ordered-bits words (word_bytes 4 or 8) in place on `stream`, values (or null) following
  // their keys, temporary memory from `scratch`. Asynchronous. Null in builds without CUDA.
  using GpuSort = void (*)(const ParamValues& params, void* words, uint32_t* values, uint64_t n, int word_bytes,
                           GpuStream stream, DeviceScratch& scratch);
  GpuSort gpu_sort = nullptr;
  // Algorithm::scratch_bytes of a GPU run: the layout the GPU function carves (CUDA builds).
  using ScratchBytes = uint64_t (*)(const ParamValues& params, uint64_t n, int word_bytes, bool with_values);
  ScratchBytes scratch_bytes = nullptr;
  // Algorithm::bytes_moved; unset: no model (the runner counts one read and one write).
  std::function<double(uint64_t n, KeyType type, bool with_values)> bytes_moved;
};

class LibraryBaseline final : public Algorithm {
 public:
  explicit LibraryBaseline(LibrarySort sort) : s_(std::move(sort)) {}
  std::string id() const override { return s_.id; }
  std::string title() const override { return s_.title; }
  std::string citation() const override { return s_.citation; }
  const std::vector<ParamSpec>& params() const override { return s_.params; }
  const std::vector<std::string>& pseudo_code() const override { return s_.pseudo_code; }
  const std::vector<StepKind>& step_kinds() const override { return s_.step_kinds; }
  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override;
  bool has_gpu() const override { return s_.gpu_sort != nullptr; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override;
  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool /*explain: the call is the same*/) const override {
    return s_.scratch_bytes ? s_.scratch_bytes(params, n, key_bytes(type), with_values) : 0;
  }
  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues&) const override {
    return s_.bytes_moved ? s_.bytes_moved(n, type, with_values) : 0;
  }

 private:
  LibrarySort s_;
};

}  // namespace sortscope
