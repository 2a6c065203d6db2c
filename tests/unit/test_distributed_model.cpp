// The simulated ranks of the distributed sorts (kernels/distributed): P = 1..16, every distributed
// sort, key types and distributions with duplicates; compared with the one-GPU model's result;
// verification across ranks; the balance bounds of issue 33; the shared partition decisions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "common/generators.h"
#include "common/verify.h"
#include "common/aux_data.h"
#include "distributed/distributed_aux.h"
#include "distributed/distributed_model.h"
#include "distributed/distributed_steps.h"
#include "distributed/distributed_verify.h"
#include "distributed/rank_partition.h"
#include "registry.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {

constexpr DistributedSort kSorts[] = {DistributedSort::SampleSort, DistributedSort::Merge,
                                      DistributedSort::RadixOnesweep};

HostKeys input(Distribution d, KeyType t, uint64_t n, bool values, uint64_t seed = 7) {
  InputSpec s;
  s.dist = d;
  s.key = t;
  s.n = n;
  s.with_values = values;
  s.seed = seed;
  s.unique = 5;
  return generate_host(s);
}

// The one-GPU sort of the same input (its CPU model with default parameters).
HostKeys one_gpu(DistributedSort sort, const HostKeys& in) {
  const Algorithm* a = find_algorithm(distributed_sort_id(sort));
  ParamValues p;
  EXPECT_EQ(resolve_params(a->params(), p, a->id()), "");
  HostKeys k = in;
  a->run_model(p, k, nullptr);
  return k;
}

struct Outcome {
  DistributedRunInfo info;
  HostKeys joined;
};

Outcome run_and_verify(DistributedSort sort, uint32_t p, const HostKeys& in, const std::string& what) {
  std::vector<HostKeys> ranks = split_into_ranks(in, p);
  Outcome o;
  o.info = distributed_sort_model(sort, DistributedParams{}, ranks);
  std::vector<RankVerdict> v;
  for (const HostKeys& r : ranks) v.push_back(rank_verdict_host(r));
  const DistributedVerdict d = verify_ranks(multiset_hash_host(in), v);
  EXPECT_TRUE(d.ok()) << what << ": " << d.summary();
  uint64_t total = 0;
  for (uint32_t r = 0; r < p; ++r) {
    EXPECT_EQ(o.info.keys_after[r], ranks[r].size()) << what;
    total += ranks[r].size();
  }
  EXPECT_EQ(total, in.size()) << what;
  o.joined = join_ranks(ranks, in.type, in.has_values());
  return o;
}

// Every sort, P = 1..16, every key type, with and without values, uniform and duplicates: the
// joined output equals the one-GPU sort's keys; merge (stable) equals its key-value pairs too.
TEST(DistributedModel, AllRanksAllSortsMatchOneGpu) {
  const KeyType types[] = {KeyType::U32, KeyType::I32, KeyType::F32, KeyType::U64, KeyType::I64, KeyType::F64};
  const Distribution dists[] = {Distribution::Uniform, Distribution::DeterministicDuplicates, Distribution::FewUnique,
                                Distribution::Sorted, Distribution::Zero};
  int case_index = 0;
  for (DistributedSort sort : kSorts)
    for (KeyType t : types)
      for (Distribution d : dists) {
        const bool values = (case_index++ % 2) == 1;
        const HostKeys in = input(d, t, workload_n(1237, 301), values);
        const HostKeys reference = one_gpu(sort, in);
        for (uint32_t p = 1; p <= kMaxSimulatedRanks; ++p) {
          const std::string what = std::string(distributed_sort_id(sort)) + " " + std::string(key_type_name(t)) + " " +
                                   std::string(distribution_name(d)) + " P=" + std::to_string(p);
          const Outcome o = run_and_verify(sort, p, in, what);
          ASSERT_EQ(o.joined.bytes, reference.bytes) << what;
          if (sort == DistributedSort::Merge && values) {
            HostKeys stable = in;  // std::stable_sort by ordered bits: the stable order of pairs
            std::vector<uint64_t> idx(in.size());
            for (uint64_t i = 0; i < idx.size(); ++i) idx[i] = i;
            std::stable_sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) { return in.ordered(a) < in.ordered(b); });
            for (uint64_t i = 0; i < idx.size(); ++i) stable.values[i] = in.values[idx[i]];
            ASSERT_EQ(o.joined.values, stable.values) << what << ": merge across ranks is stable";
          }
          if (::testing::Test::HasFailure()) return;
        }
      }
}

// Issue 33's balance bounds: max/mean <= 1.05 on uniform input for every sort, <= 1.2 for sample
// sort on det-duplicates and few-unique, exactly 1 (shares of n/P up to the remainder) for merge.
TEST(DistributedModel, BalanceBounds) {
  const uint64_t n = workload_n(uint64_t(1) << 16, uint64_t(1) << 13);
  for (KeyType t : {KeyType::U32, KeyType::U64})
    for (uint32_t p : {2u, 3u, 4u, 7u, 8u, 16u}) {
      const HostKeys uniform = input(Distribution::Uniform, t, n, false, 11);
      for (DistributedSort sort : kSorts) {
        const std::string what = std::string(distributed_sort_id(sort)) + " uniform P=" + std::to_string(p);
        const Outcome o = run_and_verify(sort, p, uniform, what);
        EXPECT_LE(o.info.imbalance(), 1.05) << what;
        if (sort == DistributedSort::Merge) EXPECT_EQ(o.info.keys_after, o.info.keys_before) << what;
      }
      for (Distribution d : {Distribution::DeterministicDuplicates, Distribution::FewUnique}) {
        const HostKeys dup = input(d, t, n, true, 5);
        const std::string what = std::string(distribution_name(d)) + " P=" + std::to_string(p);
        EXPECT_LE(run_and_verify(DistributedSort::SampleSort, p, dup, "sample-sort " + what).info.imbalance(), 1.2)
            << what;
        const Outcome m = run_and_verify(DistributedSort::Merge, p, dup, "merge " + what);
        EXPECT_EQ(m.info.keys_after, m.info.keys_before) << what;
      }
    }
}

// Radix splits by digits, so few-unique input shows its imbalance (and stays correct).
TEST(DistributedModel, RadixShowsImbalanceOnFewUnique) {
  const HostKeys in = input(Distribution::FewUnique, KeyType::U32, 1 << 14, false, 3);
  const Outcome o = run_and_verify(DistributedSort::RadixOnesweep, 8, in, "radix few-unique");
  EXPECT_GT(o.info.imbalance(), 1.2);
}

// The exchange matrix accounts for every key: row sums = shares, column sums = results.
TEST(DistributedModel, ExchangeMatrixAccounts) {
  const HostKeys in = input(Distribution::Uniform, KeyType::U64, 5000, true);
  for (DistributedSort sort : kSorts) {
    const Outcome o = run_and_verify(sort, 5, in, distributed_sort_id(sort));
    for (uint32_t i = 0; i < 5; ++i) {
      uint64_t row = 0, col = 0;
      for (uint32_t j = 0; j < 5; ++j) row += o.info.exchange_bytes[i * 5 + j], col += o.info.exchange_bytes[j * 5 + i];
      EXPECT_EQ(row, o.info.keys_before[i] * 12);
      EXPECT_EQ(col, o.info.keys_after[i] * 12);
    }
    EXPECT_EQ(o.info.splitters.size(), 4u);
    EXPECT_TRUE(std::is_sorted(o.info.splitters.begin(), o.info.splitters.end()));
    EXPECT_TRUE(o.info.simulated);
    // The simulated ranks' keys are in host memory already: no copy phases (--host-io is a no-op).
    EXPECT_FALSE(o.info.host_io);
    for (uint32_t r = 0; r < 5; ++r)
      for (DistributedPhase ph : {DistributedPhase::CopyIn, DistributedPhase::CopyOut}) {
        EXPECT_EQ(o.info.ms(r, ph), 0.0);
        EXPECT_EQ(o.info.bytes(r, ph), 0.0);
      }
  }
  EXPECT_STREQ(distributed_phase_name(DistributedSort::Merge, DistributedPhase::CopyIn), "copy in");
  EXPECT_STREQ(distributed_phase_name(DistributedSort::RadixOnesweep, DistributedPhase::CopyOut), "copy out");
}

// The verification fails where it must: an unsorted rank, crossed boundaries, a lost key.
TEST(DistributedVerify, CatchesEachFault) {
  const HostKeys in = input(Distribution::Uniform, KeyType::U32, 4000, false);
  std::vector<HostKeys> ranks = split_into_ranks(in, 4);
  distributed_sort_model(DistributedSort::Merge, DistributedParams{}, ranks);
  const MultisetHash h = multiset_hash_host(in);
  auto verdict = [&](const std::vector<HostKeys>& rs) {
    std::vector<RankVerdict> v;
    for (const HostKeys& r : rs) v.push_back(rank_verdict_host(r));
    return verify_ranks(h, v);
  };
  EXPECT_TRUE(verdict(ranks).ok());
  auto unsorted = ranks;
  std::swap(unsorted[2].as<uint32_t>()[0], unsorted[2].as<uint32_t>()[5]);
  EXPECT_EQ(verdict(unsorted).first_unsorted_rank, 2);
  auto crossed = ranks;
  std::swap(crossed[1], crossed[2]);
  EXPECT_EQ(verdict(crossed).first_bad_boundary, 1);  // ranks 0, 2, 1, 3: the second boundary crosses
  EXPECT_NE(verdict(crossed).summary().find("FAILED"), std::string::npos);
  auto lost = ranks;
  lost[3].bytes.resize(lost[3].bytes.size() - 4);
  EXPECT_FALSE(verdict(lost).permutation);
}

TEST(RankPartition, RadixBoundsAndSelection) {
  const std::vector<uint64_t> hist = {10, 0, 30, 25, 0, 35};  // 100 keys
  const auto b = radix_rank_bounds(hist, 2);
  EXPECT_EQ(b, (std::vector<uint32_t>{0, 3, 6}));  // 40 | 60: the boundary nearest to 50
  EXPECT_EQ(radix_rank_bounds(hist, 1), (std::vector<uint32_t>{0, 6}));
  // The selection across three "ranks" gives the split of the 5 smallest of 1,3,5 | 2,2,6 | 2,4.
  const std::vector<std::vector<int>> seqs = {{1, 3, 5}, {2, 2, 6}, {2, 4}};
  RankSelection sel({3, 3, 2}, 5, 9);
  std::vector<uint64_t> below(3), at_most(3);
  while (!sel.done()) {
    const auto pv = sel.pivot();
    const int d = seqs[pv.owner][pv.pos];
    for (uint32_t r = 0; r < 3; ++r) {
      const auto s = seqs[r].begin();
      below[r] = uint64_t(std::lower_bound(s + sel.lower(r), s + sel.upper(r), d) - s);
      at_most[r] = uint64_t(std::upper_bound(s + below[r], s + sel.upper(r), d) - s);
    }
    sel.advance(below, at_most);
  }
  EXPECT_EQ(sel.splits(), (std::vector<uint64_t>{2, 2, 1}));  // 1,3 | 2,2 | 2: ties to lower ranks first
}

// `trace --gpus P` on GPUs: the simulated ranks' steps take a GPU run's measured phases, each step
// the phases up to its own in the sort's order, and stop being labelled simulated; a run that split
// the keys otherwise is refused.
TEST(DistributedTrace, StepsAdoptTheMeasuredPhasesUpToTheirOwn) {
  const HostKeys in = input(Distribution::Uniform, KeyType::U32, 6000, false);
  for (DistributedSort sort : kSorts) {
    std::vector<HostKeys> ranks = split_into_ranks(in, 3);
    std::vector<Step> steps;
    const DistributedRunInfo model = distributed_sort_model(
        sort, DistributedParams{}, ranks, [&](DistributedStep step, const DistributedRunInfo& info, const void*, const uint32_t*) {
          Step st;
          st.kind = int(step);
          st.caption = distributed_caption(sort, step, info);
          st.aux.push_back(AuxData(DistributedSnapshot{info, phase_of(step)}));
          steps.push_back(std::move(st));
        });
    DistributedRunInfo measured = model;
    measured.simulated = false;
    measured.alltoall_busbw_gbs = 321;
    for (uint32_t r = 0; r < 3; ++r)
      for (int ph = 0; ph < kDistributedPhases; ++ph) measured.ms(r, DistributedPhase(ph)) = 100 * r + ph + 1;
    std::vector<Step> adopted = steps;
    ASSERT_EQ(adopt_measured_phases(adopted, measured), "") << distributed_sort_id(sort);
    const std::vector<DistributedPhase>& order = distributed_phase_order(sort);
    for (const Step& st : adopted) {
      const DistributedSnapshot* a = find_aux<DistributedSnapshot>(st.aux);
      ASSERT_NE(a, nullptr);
      EXPECT_FALSE(a->info.simulated);
      EXPECT_EQ(a->info.alltoall_busbw_gbs, 321);
      EXPECT_EQ(st.caption.find("simulated"), std::string::npos) << st.caption;
      // The copy in opens every order; the finish step, the last, holds the copy out as well.
      EXPECT_EQ(order.front(), DistributedPhase::CopyIn);
      EXPECT_EQ(order.back(), DistributedPhase::CopyOut);
      const auto upto = a->phase == DistributedPhase::Finish ? order.end() - 1 : std::find(order.begin(), order.end(), a->phase);
      for (auto it = order.begin(); it != order.end(); ++it)
        for (uint32_t r = 0; r < 3; ++r)
          EXPECT_EQ(a->info.ms(r, *it), upto != order.end() && it <= upto ? measured.ms(r, *it) : 0.0)
              << distributed_sort_id(sort) << " step " << st.kind << " phase " << int(*it);
    }
    EXPECT_EQ(adopted.size(), steps.size());
    DistributedRunInfo other = measured;
    std::swap(other.keys_after[0], other.keys_after[2]);
    if (other.keys_after != measured.keys_after) {
      std::vector<Step> refused = steps;
      EXPECT_NE(adopt_measured_phases(refused, other), "");
    }
    measured.n += 1;
    std::vector<Step> wrong_n = steps;
    EXPECT_NE(adopt_measured_phases(wrong_n, measured), "");
  }
}

TEST(DistributedSortIds, MapsTheThreeSorts) {
  EXPECT_EQ(distributed_sort_of("sample-sort"), DistributedSort::SampleSort);
  EXPECT_EQ(distributed_sort_of("merge"), DistributedSort::Merge);
  EXPECT_EQ(distributed_sort_of("radix-onesweep"), DistributedSort::RadixOnesweep);
  EXPECT_FALSE(distributed_sort_of("bitonic"));
  std::vector<HostKeys> none;
  EXPECT_THROW(distributed_sort_model(DistributedSort::Merge, {}, none), std::invalid_argument);
}

}  // namespace
}  // namespace sortscope::test
