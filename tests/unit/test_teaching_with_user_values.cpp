// Lecture sizes with what the user set (kernels/teaching_params.h): a value the user sets always
// wins and the teaching values adapt to it, so every allowed (or representative) value of every
// parameter of every algorithm runs at 256, 1024 and 4096 keys, keys alone and with values, and
// the CPU model's run verifies. Before the choice was joint, some of them were refused with a line
// (onesweep's other value loads beside the lecture tile, the multiway block sort's one thread beside
// more keys per thread).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "cli/scenario_options.h"
#include "core/runner.h"
#include "radix/radix_plan.h"
#include "lecture_inputs.h"
#include "teaching_params.h"

namespace sortscope {
namespace {

// Every value a list or enumeration offers; a range's ends, default and teaching value.
std::vector<int> representative_values(const ParamSpec& p) {
  if (p.kind != ParamSpec::Kind::Range) return p.offered();
  std::set<int> v = {p.min, p.max, p.default_value};
  if (p.teaching_value) v.insert(*p.teaching_value);
  return {v.begin(), v.end()};
}

TEST(TeachingWithUserValues, EveryUserValueRunsAtLectureSizes) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  size_t runs = 0;
  test::for_each_lecture_input({256, 1024, 4096}, 5, [&](const Algorithm& a, const Scenario& input) {
    for (const ParamSpec& p : a.params())
      for (int value : representative_values(p)) {
        Scenario s = input;
        s.params[p.name] = value;
        const std::string what = a.id() + " " + p.name + "=" + format_param_value(p, value) + " n = " +
                                 std::to_string(s.input.n) + (s.input.with_values ? " with values" : "");
        std::string refused;
        try {
          const Scenario prepared = runner.prepare(s, std::nullopt, true);
          EXPECT_EQ(prepared.params.at(p.name), value) << what << ": the user's value must win";
          const ExplainResult r = runner.explain(prepared);
          EXPECT_TRUE(r.verdict.ok()) << what;
          EXPECT_FALSE(r.timeline.steps.empty()) << what;
          ++runs;
        } catch (const std::exception& e) {
          refused = e.what();
        }
        // A value refused beside the defaults too (no teaching value involved: keys=32 for
        // 8-byte pairs) is the user's own error, refused at every size.
        if (!refused.empty()) {
          Scenario plain = s;
          fill_param_defaults(a.params(), plain.params);
          bool plain_runs = true;
          try {
            runner.explain(runner.prepare(plain, std::nullopt, true));
          } catch (const std::exception&) {
            plain_runs = false;
          }
          EXPECT_FALSE(plain_runs) << what << ": refused beside the teaching values (" << refused
                                   << ") but runs beside the defaults";
        }
      }
  });
  EXPECT_GT(runs, 500u);
}

Scenario lecture(const std::string& algorithm, uint64_t n, bool with_values, ParamValues given) {
  Scenario s;
  s.algorithm = algorithm;
  s.input.n = n;
  s.input.with_values = with_values;
  s.params = std::move(given);
  EXPECT_EQ(validate_scenario(s), "") << algorithm;
  return s;
}

// The joint choice: the other teaching values adapt to the user's, and what cannot be shown is said.
TEST(TeachingWithUserValues, TeachingValuesAdaptToTheUsers) {
  // Onesweep's other value loads pack ranks four to a register and rank 8-bit digits: the lecture
  // tile becomes one warp x 8 keys and the digits 8 bits; 1024 keys are still four tiles that count,
  // scan and look back, so nothing is skipped.
  const Scenario early = lecture("radix-onesweep", 1024, true, {{"value_load", int(RadixValueLoad::Early)}});
  EXPECT_EQ(early.params.at("threads"), 32);
  EXPECT_EQ(early.params.at("keys_per_thread"), 8);
  EXPECT_EQ(early.params.at("digit_bits"), 8);
  EXPECT_EQ(early.params.at("single_block"), 0);
  EXPECT_EQ(early.teaching_skips, "");
  // Keys alone have no values to load: the lecture tile stays.
  EXPECT_EQ(lecture("radix-onesweep", 1024, false, {{"value_load", int(RadixValueLoad::Early)}}).params.at("keys_per_thread"), 8);
  EXPECT_EQ(lecture("radix-onesweep", 256, false, {{"value_load", int(RadixValueLoad::Early)}}).params.at("keys_per_thread"), 2);
  // The multiway block sort's lecture block (64 threads) sorts one key a thread: beside the user's
  // VT = 7 it takes two blocks' threads. 256 keys are then one run of 896, so the line says the
  // merging is skipped; at 4096 a user's 64 threads beside the taught VT = 7 make 5 runs that merge.
  const Scenario seven = lecture("multiway-merge", 256, false, {{"keys_per_thread", 7}});
  EXPECT_EQ(seven.params.at("threads"), 64);
  EXPECT_EQ(seven.params.at("block_sort_threads"), 2);
  EXPECT_NE(seven.teaching_skips.find("merge-level"), std::string::npos);
  EXPECT_NE(describe_algorithm_params(seven).find("(at this size skips merge-level"), std::string::npos);
  const Scenario threads = lecture("multiway-merge", 4096, false, {{"threads", 64}});
  EXPECT_EQ(threads.params.at("keys_per_thread"), 7);
  EXPECT_EQ(threads.params.at("block_sort_threads"), 2);
  EXPECT_EQ(threads.teaching_skips, "");
  // Sample sort: a user's base raises M to it (the plan needs M >= base).
  EXPECT_EQ(lecture("sample-sort", 4096, false, {{"base", 512}}).params.at("bucket_max"), 512);
  // Nothing the user set: the teaching values alone, no trial runs, nothing skipped.
  EXPECT_EQ(lecture("multiway-merge", 256, false, {}).teaching_skips, "");
}

}  // namespace
}  // namespace sortscope
