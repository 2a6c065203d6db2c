// `sortscope bench`'s pieces (app/bench): the matrix expansion and its refusals, the nvbench
// statistics and stopping rule, the runner on the CPU models (every state verified, files
// rewritten after each state), the CSV/JSON/Markdown writers and --compare's rule and reader.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bench/bench_compare.h"
#include "bench/bench_runner.h"
#include "bench/bench_writers.h"
#include "core/csv_writer.h"
#include "registry.h"

#include <set>

namespace sortscope {
namespace {
namespace fs = std::filesystem;

std::string error_of(const BenchAxesText& t) {
  try {
    parse_bench_matrix(t);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

TEST(BenchMatrix, SizeRangeIsEveryPowerOfTwo) {
  EXPECT_EQ(parse_bench_sizes("2^16:2^20"),
            (std::vector<uint64_t>{1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20}));
  EXPECT_EQ(parse_bench_sizes("1K:1K"), (std::vector<uint64_t>{1024}));
  EXPECT_EQ(parse_bench_sizes("1M,3*2^20"), (std::vector<uint64_t>{1u << 20, 3u << 20}));
  EXPECT_THROW(parse_bench_sizes("3K:2^20"), std::runtime_error);   // not a power of two
  EXPECT_THROW(parse_bench_sizes("2^20:2^16"), std::runtime_error); // backwards
  EXPECT_THROW(parse_bench_sizes("1M,,2M"), std::runtime_error);    // empty item
  EXPECT_THROW(parse_bench_sizes("lots"), std::runtime_error);
}

TEST(BenchMatrix, ExpandsTheProductInputsOutermost) {
  BenchAxesText t;
  t.algos = "merge,bitonic";
  t.sizes = "2^10:2^11";
  t.keys = "u32,u64";
  t.values = "no,yes";
  t.dists = "uniform,sorted";
  t.params = {"threads=128,256"};
  const BenchMatrix m = parse_bench_matrix(t);
  const std::vector<BenchState> states = expand_bench_matrix(m);
  ASSERT_EQ(states.size(), 2u * 2 * 2 * 2 * 2 * 2);
  // The first four states share one input: two algorithms x two thread counts.
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(states[i].scenario.input.n, 1024u);
    EXPECT_EQ(states[i].scenario.input.key, KeyType::U32);
    EXPECT_FALSE(states[i].scenario.input.with_values);
    EXPECT_EQ(states[i].scenario.input.dist, Distribution::Uniform);
  }
  EXPECT_EQ(states[0].name, "merge threads=128 n=2^10 key=u32 values=no dist=uniform");
  EXPECT_EQ(states[1].name, "merge threads=256 n=2^10 key=u32 values=no dist=uniform");
  EXPECT_EQ(states[2].name, "bitonic threads=128 n=2^10 key=u32 values=no dist=uniform");
  EXPECT_EQ(states[4].scenario.input.n, 2048u);
  // Parameters not on an axis are the spec's defaults (resolved), and names are unique.
  std::set<std::string> names;
  for (const BenchState& s : states) {
    EXPECT_EQ(s.scenario.params.size(), find_algorithm(s.scenario.algorithm)->params().size());
    names.insert(s.name);
  }
  EXPECT_EQ(names.size(), states.size());
  ParamValues p;
  parse_param_assignment(find_algorithm("merge")->params(), "threads=256", p, "merge");
  EXPECT_EQ(states[1].scenario.params.at("threads"), p.at("threads"));
}

TEST(BenchMatrix, RefusesWithOneLine) {
  BenchAxesText t;
  t.algos = "merge,radix-onesweep";
  t.params = {"block_sort_threads=2"};
  const std::string e = error_of(t);
  EXPECT_NE(e.find("radix-onesweep has no parameter 'block_sort_threads'"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);

  t = {};
  t.algos = "radx";
  EXPECT_NE(error_of(t).find("--algo: unknown algorithm 'radx'"), std::string::npos);
  t = {};
  t.values = "maybe";
  EXPECT_NE(error_of(t).find("--values: 'maybe'"), std::string::npos);
  t = {};
  t.keys = "u16";
  EXPECT_NE(error_of(t).find("--key: unknown key type 'u16'"), std::string::npos);
  t = {};
  t.dists = "zipf";
  EXPECT_NE(error_of(t).find("--dist: unknown distribution 'zipf'"), std::string::npos);
  t = {};
  t.algos = "bitonic";
  t.params = {"threads=100"};  // bitonic's threads are powers of two
  EXPECT_NE(error_of(t).find("threads"), std::string::npos);
  t.params = {"threads=128", "threads=256"};
  EXPECT_NE(error_of(t).find("given twice"), std::string::npos);
  t.params = {"threads"};
  EXPECT_NE(error_of(t).find("name=value"), std::string::npos);
  t = {};
  // 61 sizes x 6 key types x 2 x 4 distributions x 6 x 6 parameter values = 105408 states.
  t.algos = "bitonic";
  t.sizes = "1:2^60";
  t.keys = "u32,i32,f32,u64,i64,f64";
  t.values = "no,yes";
  t.dists = "uniform,sorted,gaussian,zero";
  t.params = {"threads=32,64,128,256,512,1024", "keys_per_thread=1,2,4,8,16,32"};
  EXPECT_NE(error_of(t).find("more than 100000 states"), std::string::npos) << error_of(t);
  t.dists = "uniform,sorted,gaussian";  // 79056 states: accepted
  EXPECT_EQ(error_of(t), "");
}

TEST(BenchStats, SummaryAndNoise) {
  SampleSummary s = summarise_samples({4, 1, 3, 2});
  EXPECT_EQ(s.samples, 4u);
  EXPECT_DOUBLE_EQ(s.median_ms, 2.5);
  EXPECT_DOUBLE_EQ(s.min_ms, 1);
  EXPECT_DOUBLE_EQ(s.max_ms, 4);
  EXPECT_DOUBLE_EQ(s.mean_ms, 2.5);
  // Sample standard deviation sqrt(5/3) over the mean 2.5.
  EXPECT_NEAR(s.noise, std::sqrt(5.0 / 3.0) / 2.5, 1e-12);
  EXPECT_FALSE(summarise_samples({3}).noise_known());
  EXPECT_EQ(summarise_samples({}).samples, 0u);
}

TEST(BenchStats, StopsOnNoiseAfterMinSamplesOrOnTimeout) {
  StopRule rule;
  rule.min_samples = 5;
  rule.max_noise = 0.01;
  rule.timeout_s = 10;
  std::vector<double> steady(4, 1.0);
  EXPECT_EQ(stop_reason(rule, summarise_samples(steady), 0.1), "");  // too few samples
  steady.push_back(1.0);
  EXPECT_EQ(stop_reason(rule, summarise_samples(steady), 0.1), "noise");
  const std::vector<double> noisy = {1, 2, 1, 2, 1, 2};
  EXPECT_EQ(stop_reason(rule, summarise_samples(noisy), 9.9), "");
  EXPECT_EQ(stop_reason(rule, summarise_samples(noisy), 10.0), "timeout");
  // The budget ends a slow state after one sample, short of min_samples.
  EXPECT_EQ(stop_reason(rule, summarise_samples({5.0}), 11), "timeout");
  EXPECT_EQ(stop_reason(rule, summarise_samples({}), 11), "");
  rule.max_samples = 6;
  EXPECT_EQ(stop_reason(rule, summarise_samples(noisy), 0), "max-samples");
}

TEST(BenchStats, TimeLeft) {
  EXPECT_EQ(bench_time_left(0, 10, 5, 15), -1);
  EXPECT_DOUBLE_EQ(bench_time_left(2, 10, 4, 15), 16);  // 2 s per state, 8 left
  EXPECT_DOUBLE_EQ(bench_time_left(1, 3, 100, 1), 4);   // capped by 2 x budget per state left
  EXPECT_DOUBLE_EQ(bench_time_left(3, 3, 9, 1), 0);
}

TEST(BenchCompare, NvbenchRule) {
  // 1% noise each: 0.5% slower is within it, 2% is not.
  EXPECT_EQ(compare_state(10, 0.01, 10.05, 0.01), CompareStatus::Same);
  EXPECT_EQ(compare_state(10, 0.01, 10.2, 0.01), CompareStatus::Slow);
  EXPECT_EQ(compare_state(10, 0.01, 9.8, 0.01), CompareStatus::Fast);
  // The smaller noise decides: 3% vs 0.1% noise, a 1% difference is real.
  EXPECT_EQ(compare_state(10, 0.03, 9.9, 0.001), CompareStatus::Fast);
  // One noise unknown (0): the other one is used.
  EXPECT_EQ(compare_state(10, 0, 10.05, 0.01), CompareStatus::Same);
  EXPECT_EQ(compare_state(10, 0, 10.05, 0), CompareStatus::Slow);
}

BenchReport cpu_report(const std::string& algos, const std::string& sizes, const std::vector<std::string>& params,
                       const std::function<void(const BenchReport&)>& on_record = [](const BenchReport&) {}) {
  BenchAxesText t;
  t.algos = algos;
  t.sizes = sizes;
  t.params = params;
  const std::vector<BenchState> states = expand_bench_matrix(parse_bench_matrix(t));
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  check_bench_states(states, runner);
  BenchSettings settings;
  settings.rule.min_samples = 3;
  settings.rule.timeout_s = 0.05;
  settings.warmup = 1;
  return run_bench(states, settings, runner, on_record);
}

TEST(BenchRunner, CpuModelStatesAreVerifiedAndLabelled) {
  int calls = 0;
  const BenchReport r = cpu_report("bitonic,merge", "2^10:2^11", {}, [&](const BenchReport& so_far) {
    ++calls;
    EXPECT_EQ(so_far.records.size(), size_t(calls));  // handed over after every state
  });
  EXPECT_EQ(calls, 4);
  ASSERT_EQ(r.records.size(), 4u);
  EXPECT_TRUE(r.complete());
  EXPECT_EQ(r.backend, "cpu-model");
  for (const BenchRecord& rec : r.records) {
    EXPECT_TRUE(rec.result.verdict.ok()) << rec.state.name;
    EXPECT_GE(rec.measurement.summary.samples, 1u);
    EXPECT_EQ(rec.result.timing.ms.size(), rec.measurement.summary.samples);
    EXPECT_EQ(rec.result.timing.backend, Backend::CpuModel);
    EXPECT_FALSE(rec.baseline);  // the baselines run on the GPU only
    EXPECT_EQ(rec.keys_per_sm_per_clock, 0);
    EXPECT_GT(rec.result.timing.keys_per_s, 0);
    // The fraction of the bound: the bytes-moved model at the copy bandwidth measured at the start
    // (the host's memcpy on the CPU model) over the median.
    ASSERT_TRUE(rec.result.timing.bytes_from_model) << rec.state.name;
    ASSERT_TRUE(rec.bound.known()) << rec.state.name;
    EXPECT_NEAR(rec.bound.fraction, rec.result.timing.bytes / (r.copy_gb_per_s * 1e6) / rec.result.timing.median_ms,
                1e-9 * rec.bound.fraction);
  }
  EXPECT_GT(r.copy_gb_per_s, 0);
  EXPECT_NE(r.bandwidth_source.find("host memcpy"), std::string::npos) << r.bandwidth_source;
  // The parameter columns: bitonic's, then merge's that bitonic lacks.
  EXPECT_EQ(r.param_names.front(), "threads");
  EXPECT_NE(std::find(r.param_names.begin(), r.param_names.end(), "global_layers"), r.param_names.end());
}

TEST(BenchWriters, CsvJsonMarkdown) {
  const BenchReport r = cpu_report("merge", "2^10", {"threads=128,256"});
  ASSERT_EQ(r.records.size(), 2u);
  const std::string csv = bench_csv_text(r);
  std::istringstream lines(csv);
  std::string header, row1, row2, extra;
  std::getline(lines, header);
  std::getline(lines, row1);
  std::getline(lines, row2);
  EXPECT_FALSE(std::getline(lines, extra));
  // run's columns first, then the bench's.
  const std::string run_header = csv_line(csv_header(r.param_names));
  EXPECT_EQ(header.rfind(run_header, 0), 0u) << header;
  EXPECT_NE(header.find("noise,stopped_by,baseline_noise,keys_per_sm_per_clock,fraction_of_bound"), std::string::npos);
  EXPECT_NE(row1.find(",bench,merge,"), std::string::npos) << row1;
  EXPECT_NE(row1.find("cpu-model"), std::string::npos);
  EXPECT_NE(row1.find("verified"), std::string::npos);

  const nlohmann::json j = bench_json(r);
  EXPECT_EQ(j["sortscope_bench"], 1);
  EXPECT_EQ(j["backend"], "cpu-model");
  EXPECT_TRUE(j["complete"].get<bool>());
  ASSERT_EQ(j["states"].size(), 2u);
  const auto& s0 = j["states"][0];
  EXPECT_EQ(s0["name"], r.records[0].state.name);
  EXPECT_EQ(s0["axes"]["algorithm"], "merge");
  EXPECT_EQ(s0["axes"]["params"]["threads"], "128");
  EXPECT_EQ(s0["axes"]["n"], 1024);
  EXPECT_EQ(s0["verdict"], "verified");
  EXPECT_DOUBLE_EQ(s0["summaries"]["median_ms"].get<double>(), r.records[0].result.timing.median_ms);
  EXPECT_EQ(s0["summaries"]["samples"], r.records[0].measurement.summary.samples);
  EXPECT_TRUE(s0["baseline"].is_null());
  EXPECT_EQ(scenario_from_json(s0["scenario"], algorithm_params).params, r.records[0].result.scenario.params);
  // What the JSON writer writes, --compare reads back.
  const BenchFile f = parse_bench_file(j.dump(), "test");
  ASSERT_EQ(f.states.size(), 2u);
  EXPECT_EQ(f.states[1].name, r.records[1].state.name);
  EXPECT_DOUBLE_EQ(f.states[1].noise, r.records[1].measurement.summary.noise);

  const std::string md = bench_markdown(r);
  EXPECT_NE(md.find("CPU model timings, not GPU timings"), std::string::npos);
  EXPECT_NE(md.find("| merge | threads=128 | 2^10 | u32 | no | uniform |"), std::string::npos) << md;
  EXPECT_NE(md.find("| merge | threads=256 |"), std::string::npos);
  EXPECT_EQ(md.find("Incomplete"), std::string::npos);
  BenchReport partial = r;
  partial.planned_states = 5;
  EXPECT_NE(bench_markdown(partial).find("**Incomplete**: 2 of 5 states"), std::string::npos);
  EXPECT_FALSE(bench_json(partial)["complete"].get<bool>());
}

TEST(BenchCompare, MatchesStatesByName) {
  BenchFile a, b;
  a.backend = b.backend = "gpu";
  a.device = b.device = "GPU";
  a.states = {{"x", 10, 0.01, true}, {"y", 10, 0.01, true}, {"gone", 1, 0, true}};
  b.states = {{"y", 12, 0.01, true}, {"x", 9.99, 0.01, true}, {"new", 1, 0, false}};
  const Comparison c = compare_bench_files(a, b);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].name, "y");
  EXPECT_EQ(c.rows[0].status, CompareStatus::Slow);
  EXPECT_NEAR(c.rows[0].diff, 0.2, 1e-12);
  EXPECT_EQ(c.rows[1].status, CompareStatus::Same);
  EXPECT_EQ(c.only_ref, std::vector<std::string>{"gone"});
  EXPECT_EQ(c.only_cmp, std::vector<std::string>{"new"});
  EXPECT_TRUE(c.warning.empty());
  const std::string text = format_comparison(c);
  EXPECT_NE(text.find("1 SAME, 0 FAST, 1 SLOW"), std::string::npos) << text;
  b.backend = "cpu-model";
  EXPECT_NE(compare_bench_files(a, b).warning.find("different backends"), std::string::npos);
}

TEST(BenchCompare, ReaderRefusesMalformedFiles) {
  auto err = [](const std::string& text) {
    try {
      parse_bench_file(text, "f.json");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(err("{").find("not valid JSON"), std::string::npos);
  EXPECT_NE(err("{}").find("missing field 'sortscope_bench'"), std::string::npos);
  EXPECT_NE(err(R"({"sortscope_bench":2})").find("version 1"), std::string::npos);
  const std::string head = R"({"sortscope_bench":1,"device":"d","backend":"gpu","states":)";
  EXPECT_NE(err(head + "{}}").find("'states' is not an array"), std::string::npos);
  EXPECT_NE(err(head + R"([{"name":"a","summaries":{"median_ms":"1","noise":0},"verdict":"verified"}]})")
                .find("states[0].summaries: 'median_ms' is not a number"),
            std::string::npos);
  EXPECT_NE(err(head + R"([{"name":"a","summaries":{"median_ms":-1,"noise":0},"verdict":"verified"}]})")
                .find("finite number >= 0"),
            std::string::npos);
  EXPECT_EQ(err(head + R"([{"name":"a","summaries":{"median_ms":1,"noise":0},"verdict":"verified"}]})"), "");
  EXPECT_NE(err(std::string(kMaxBenchFileBytes + 1, ' ')).find("larger than"), std::string::npos);
}

}  // namespace
}  // namespace sortscope
