#pragma once
// Explain mode on the GPU against the CPU model, shared by the families' GPU tests: one input sorted
// by both with a recorder, and the two timelines compared step by step (kind, caption, key and value
// snapshots), each family comparing the aux of its own steps. Where a family checks only part of
// its GPU steps (sample sort: its later passes' buckets depend on the scatter's atomics), it takes
// the two runs and compares what is deterministic itself.
#include <string>

#include <gtest/gtest.h>

#include "common/device_scratch.h"
#include "device_input.h"
#include "../unit/radix_test_support.h"

namespace sortscope::test {

// One input sorted in explain mode by the CPU model and by the GPU kernels.
struct ExplainRuns {
  HostKeys model_keys, gpu_keys;  // each side's result
  Timeline model, gpu;            // each side's steps
};

inline ExplainRuns run_explain(const Algorithm& a, const ParamValues& p, const HostKeys& input) {
  ExplainRuns r;
  r.model_keys = input;
  r.model = radix_timeline(a, input, false);
  {
    Recorder rec(r.model);
    a.run_model(p, r.model_keys, &rec);
  }
  DeviceScratch scratch;
  r.gpu = radix_timeline(a, input, true);
  Recorder rec(r.gpu);
  r.gpu_keys = sort_on_gpu(a, p, input, scratch, &rec);
  return r;
}

// The GPU's step `g` carries an aux of type T exactly where the model's step `m` does; where both
// do, `same(gpu's, model's)` compares them.
template <class T, class Same>
void expect_matching_aux(const Step& g, const Step& m, const std::string& at, Same same) {
  const T *ag = find_aux<T>(g.aux), *am = find_aux<T>(m.aux);
  ASSERT_EQ(ag == nullptr, am == nullptr) << at;
  if (am) same(*ag, *am);
}

// What the GPU's steps share with the model's besides their kind and snapshots. Every family's
// steps have the model's captions but radix sort's, whose test compares launches and pseudo-code
// lines instead.
struct ExplainStepFields {
  bool captions = true;
  bool launches = false;
  bool pseudo_lines = false;
};

// The GPU's timeline equals the model's step for step: as many steps, each of the model's kind with
// the `fields` asked for, the model's key snapshot and (with values) value snapshot; then
// `same_aux(gpu step, model step, at)` compares the family's aux. The first fatal failure ends the
// comparison.
template <class SameAux>
void expect_explain_steps_equal(const ExplainRuns& r, const std::string& what, ExplainStepFields fields,
                                SameAux same_aux) {
  ASSERT_EQ(r.gpu.steps.size(), r.model.steps.size()) << what;
  for (size_t i = 0; i < r.model.steps.size(); ++i) {
    const Step &g = r.gpu.steps[i], &m = r.model.steps[i];
    const std::string at = what + " step " + std::to_string(i);
    ASSERT_EQ(g.kind, m.kind) << at;
    if (fields.captions) EXPECT_EQ(g.caption, m.caption) << at;
    if (fields.launches) EXPECT_EQ(g.launch, m.launch) << at;
    if (fields.pseudo_lines) EXPECT_EQ(g.pseudo_line, m.pseudo_line) << at;
    ASSERT_EQ(radix_snapshot(r.gpu, g), radix_snapshot(r.model, m)) << at << ": " << m.caption;
    if (r.model.with_values) ASSERT_EQ(radix_value_snapshot(r.gpu, g), radix_value_snapshot(r.model, m)) << at;
    ASSERT_NO_FATAL_FAILURE(same_aux(g, m, at)) << at;
  }
}

// `input` in explain mode on the GPU and on the model: the GPU's result sorted as the model's
// (keys), and its steps the model's (expect_explain_steps_equal).
template <class SameAux>
void expect_explain_equals_model(const Algorithm& a, const ParamValues& p, const HostKeys& input,
                                 const std::string& what, ExplainStepFields fields, SameAux same_aux) {
  const ExplainRuns r = run_explain(a, p, input);
  ASSERT_EQ(radix_ordered_of(r.gpu_keys), radix_ordered_of(r.model_keys)) << what;
  expect_explain_steps_equal(r, what, fields, same_aux);
}

}  // namespace sortscope::test
