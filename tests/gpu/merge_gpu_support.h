#pragma once
// Helpers of the merge sorts' GPU tests: device copies of host keys, explain-mode runs on the GPU,
// and comparing two timelines step by step (keys, values, captions, launches, merge aux).
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include "../unit/merge_test_support.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "device_input.h"

namespace sortscope::test {

// Sorts a copy of `input` on the GPU (measure mode unless `timeline` is given).
inline HostKeys gpu_sort(const Algorithm& a, const ParamValues& params, const HostKeys& input,
                         Timeline* timeline = nullptr) {
  TestStream stream;
  DeviceScratch scratch;
  DeviceInput d(input);
  std::unique_ptr<Recorder> rec;
  if (timeline) rec = std::make_unique<Recorder>(*timeline);
  a.run_gpu(params, d.view, GpuRunContext{stream.get(), rec.get(), &scratch});
  CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  return d.download();
}

template <class T>
void expect_same_vectors(const std::vector<T>& a, const std::vector<T>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << what << " at " << i;
}

// Aux of the merge sorts compared field by field (other aux types: same type only).
inline void expect_same_aux(const AuxData& g, const AuxData& m, const std::string& what);

// Same steps: kind, caption, pseudo line, launch, aux, and full snapshots of keys and values.
inline void expect_same_timelines(const Timeline& gpu, const Timeline& model, const std::string& what) {
  ASSERT_EQ(gpu.steps.size(), model.steps.size()) << what;
  ASSERT_EQ(gpu.padded_n, model.padded_n) << what;
  for (size_t i = 0; i < gpu.steps.size(); ++i) {
    const Step& g = gpu.steps[i];
    const Step& m = model.steps[i];
    const std::string w = what + " step " + std::to_string(i) + " (" + m.caption + ")";
    EXPECT_EQ(g.kind, m.kind) << w;
    EXPECT_EQ(g.caption, m.caption) << w;
    EXPECT_EQ(g.pseudo_line, m.pseudo_line) << w;
    EXPECT_EQ(g.launch, m.launch) << w;
    EXPECT_EQ(g.launch_name, m.launch_name) << w;
    expect_same_vectors(snapshot_words(gpu, g.keys), snapshot_words(model, m.keys), w + " keys");
    if (m.values.valid()) {
      ASSERT_TRUE(g.values.valid()) << w;
      expect_same_vectors(snapshot_words(gpu, g.values), snapshot_words(model, m.values), w + " values");
    }
    ASSERT_EQ(g.aux.size(), m.aux.size()) << w;
    for (size_t j = 0; j < g.aux.size(); ++j) expect_same_aux(g.aux[j], m.aux[j], w + " aux " + std::to_string(j));
  }
}

inline void expect_same_aux(const AuxData& g, const AuxData& m, const std::string& what) {
  ASSERT_TRUE(g.type() == m.type()) << what;
  if (auto* a = g.get<MergePathGrid>()) {
    auto* b = m.get<MergePathGrid>();
    EXPECT_EQ(a->pass, b->pass) << what;
    EXPECT_EQ(a->a_begin, b->a_begin) << what;
    EXPECT_EQ(a->a_len, b->a_len) << what;
    EXPECT_EQ(a->b_len, b->b_len) << what;
    EXPECT_EQ(a->diagonals, b->diagonals) << what;
    EXPECT_EQ(a->a_splits, b->a_splits) << what;
  } else if (auto* a = g.get<MergeBlockShares>()) {
    auto* b = m.get<MergeBlockShares>();
    EXPECT_EQ(a->a_begin, b->a_begin) << what;
    EXPECT_EQ(a->a_end, b->a_end) << what;
    EXPECT_EQ(a->b_begin, b->b_begin) << what;
    EXPECT_EQ(a->b_end, b->b_end) << what;
  } else if (auto* a = g.get<SelectionTrace>()) {
    auto* b = m.get<SelectionTrace>();
    EXPECT_EQ(a->method, b->method) << what;
    EXPECT_EQ(a->k, b->k) << what;
    EXPECT_EQ(a->rank, b->rank) << what;
    EXPECT_EQ(a->seq_begin, b->seq_begin) << what;
    EXPECT_EQ(a->iterations, b->iterations) << what;
    EXPECT_EQ(a->lower, b->lower) << what;
    EXPECT_EQ(a->upper, b->upper) << what;
    EXPECT_EQ(a->probe, b->probe) << what;
    EXPECT_EQ(a->probe_hi, b->probe_hi) << what;
    EXPECT_EQ(a->pivot, b->pivot) << what;
    EXPECT_EQ(a->chosen, b->chosen) << what;
    EXPECT_EQ(a->grew, b->grew) << what;
    EXPECT_EQ(a->splits, b->splits) << what;
  } else if (auto* a = g.get<SplitMatrix>()) {
    auto* b = m.get<SplitMatrix>();
    EXPECT_EQ(a->k, b->k) << what;
    EXPECT_EQ(a->parts, b->parts) << what;
    EXPECT_EQ(a->seq_begin, b->seq_begin) << what;
    EXPECT_EQ(a->splits, b->splits) << what;
    EXPECT_EQ(a->part_sizes, b->part_sizes) << what;
    EXPECT_EQ(a->iterations, b->iterations) << what;
  } else if (auto* a = g.get<MergeBufferTrace>()) {
    auto* b = m.get<MergeBufferTrace>();
    EXPECT_EQ(a->block, b->block) << what;
    EXPECT_EQ(a->level, b->level) << what;
    EXPECT_EQ(a->steps, b->steps) << what;
    EXPECT_EQ(a->loaded_from, b->loaded_from) << what;
    EXPECT_EQ(a->before, b->before) << what;
    EXPECT_EQ(a->after, b->after) << what;
    EXPECT_EQ(a->out_begin, b->out_begin) << what;
  } else if (auto* a = g.get<PipelineTrace>()) {
    auto* b = m.get<PipelineTrace>();
    EXPECT_EQ(a->block, b->block) << what;
    EXPECT_EQ(a->level, b->level) << what;
    EXPECT_EQ(a->merge_threads, b->merge_threads) << what;
    EXPECT_EQ(a->capacity, b->capacity) << what;
    EXPECT_EQ(a->piece_keys, b->piece_keys) << what;
    EXPECT_EQ(a->rounds, b->rounds) << what;
    EXPECT_EQ(a->leaves, b->leaves) << what;
    EXPECT_EQ(a->fill, b->fill) << what;
    EXPECT_EQ(a->head_from, b->head_from) << what;
    EXPECT_EQ(a->output, b->output) << what;
  } else if (auto* a = g.get<BlockOwnership>()) {
    EXPECT_EQ(a->tile_keys, m.get<BlockOwnership>()->tile_keys) << what;
  }
}

}  // namespace sortscope::test
