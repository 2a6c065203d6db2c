// Multifield records (kernels/records/): every layout x strategy x rearrangement x offered sort on
// the CPU model against a stable sort of the records (every field follows its key; stable sorts
// keep equal keys in input order, sample sort is checked as a multiset of (key, record) pairs);
// m = 0, 1, 2, 7, 32; n = 0, 1, small, 2^20 + 7; duplicates; every key type; the layouts' byte
// positions; gather against cycle chasing; the permutation's cycle statistics; bad options.
#include <gtest/gtest.h>

#include <numeric>

#include "records/record_sort.h"
#include "records_test_support.h"
#include "records/record_traffic.h"
#include "registry.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {


struct Case {
  RecordStrategy strategy;
  Rearrange rearrange;
};
const Case kCases[] = {{RecordStrategy::Direct, Rearrange::Gather},
                       {RecordStrategy::Indirect, Rearrange::Gather},
                       {RecordStrategy::Indirect, Rearrange::Cycles}};

std::string describe(const RecordSortAlgorithm& a, const Case& c, const HostRecords& r) {
  return std::string(a.id) + " " + std::string(record_strategy_name(c.strategy)) + "/" +
         std::string(rearrange_name(c.rearrange)) + " " + std::string(record_layout_name(r.shape.layout)) + " " +
         std::string(key_type_name(r.shape.key)) + " m=" + std::to_string(r.shape.fields) + " n=" + std::to_string(r.n);
}

void expect_sorts(const RecordSortAlgorithm& info, const Case& c, const HostRecords& input) {
  const Algorithm* a = find_algorithm(info.id);
  ASSERT_NE(a, nullptr) << info.id;
  HostRecords out = input;
  sort_records_model(*a, records_default_params(*a), RecordSortOptions{c.strategy, c.rearrange}, out);
  const RecordVerdict v = verify_records(input, out, info.stable);
  ASSERT_TRUE(v.ok()) << describe(info, c, input) << ": " << v.summary();
  if (info.stable) ASSERT_EQ(out.bytes, reference_sort_records(input).bytes) << describe(info, c, input);
}

TEST(RecordLayouts, PlaceKeysAndFieldsWhereTheLayoutSays) {
  const HostKeys keys = records_input_keys(Distribution::Uniform, KeyType::U64, 5);
  const HostRecords f = records_from_keys(keys, 3, RecordLayout::ByField, 1);
  const HostRecords h = convert_layout(f, RecordLayout::Hybrid);
  const HostRecords r = convert_layout(f, RecordLayout::ByRecord);
  EXPECT_EQ(f.bytes.size(), 5u * (8 + 12));
  // ByField: field 1 of record 2 after the 5 keys and one whole field array.
  EXPECT_EQ(f.field_offset(2, 1), 5u * 8 + (5 + 2) * 4);
  // Hybrid: the row of record 2 after the keys, field 1 inside it.
  EXPECT_EQ(h.field_offset(2, 1), 5u * 8 + (2 * 3 + 1) * 4);
  // ByRecord: rows of key + 3 fields = 20 bytes.
  EXPECT_EQ(r.key_offset(2), 40u);
  EXPECT_EQ(r.field_offset(2, 1), 40u + 8 + 4);
  for (uint64_t i = 0; i < 5; ++i) {
    EXPECT_EQ(h.key_raw(i), keys.raw(i));
    EXPECT_EQ(r.record_bytes(i), f.record_bytes(i));
    for (uint32_t k = 0; k < 3; ++k) EXPECT_EQ(r.field(i, k), record_field_value(1, i, k));
  }
  EXPECT_EQ(convert_layout(r, RecordLayout::ByField).bytes, f.bytes);
}

TEST(RecordSort, EveryLayoutStrategyAndSortAgainstTheStableSort) {
  for (const RecordSortAlgorithm& info : record_sort_algorithms())
    for (const Case& c : kCases)
      for (RecordLayout l : kAllRecordLayouts)
        for (uint32_t m : {0u, 1u, 2u, 7u, 32u})
          for (uint64_t n : {0ull, 1ull, 2ull, 1000ull}) {
            // Few unique keys: long runs of equal keys, where only a stable sort keeps input order.
            const HostRecords in =
                records_from_keys(records_input_keys(Distribution::FewUnique, KeyType::U32, n), m, l, 7 + m);
            expect_sorts(info, c, in);
          }
}

TEST(RecordSort, EveryKeyTypeWithDuplicates) {
  for (KeyType t : kAllKeyTypes)
    for (const RecordSortAlgorithm& info : record_sort_algorithms())
      for (const Case& c : kCases)
        for (Distribution d : {Distribution::Uniform, Distribution::RandomizedDuplicates})
          expect_sorts(info, c, records_from_keys(records_input_keys(d, t, 3001), 5, RecordLayout::Hybrid, 3));
}

TEST(RecordSort, LargeInputEveryLayoutAndStrategy) {
  // 2^20 + 7 records (partial last tiles, every pass); the sanitizer build uses 2^14 + 7.
  const uint64_t n = workload_n((1ull << 20) + 7, (1ull << 14) + 7);
  const HostKeys keys = records_input_keys(Distribution::Uniform, KeyType::U32, n, 9);
  for (RecordLayout l : kAllRecordLayouts)
    for (const Case& c : kCases) expect_sorts(record_sort_algorithms()[0], c, records_from_keys(keys, 2, l, 2));
  // The unstable sort at size too, through the multiset check, with wide records.
  for (const Case& c : kCases)
    expect_sorts(*find_record_sort_algorithm("sample-sort"), c, records_from_keys(keys, 7, RecordLayout::Hybrid, 4));
}

TEST(RecordSort, StableSortsKeepEqualKeysInInputOrder) {
  // All keys equal: the only stable order is the input order, whatever the strategy.
  const HostRecords in = records_from_keys(records_input_keys(Distribution::Zero, KeyType::I32, 777), 2,
                                           RecordLayout::ByRecord, 8);
  for (const RecordSortAlgorithm& info : record_sort_algorithms()) {
    if (!info.stable) continue;
    for (const Case& c : kCases) {
      HostRecords out = in;
      sort_records_model(*find_algorithm(info.id), records_default_params(*find_algorithm(info.id)),
                         RecordSortOptions{c.strategy, c.rearrange}, out);
      EXPECT_EQ(out.bytes, in.bytes) << describe(info, c, in);
    }
  }
}

TEST(RecordSort, VerificationCatchesAFieldThatDidNotFollowItsKey) {
  const HostRecords in = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::F32, 100), 3,
                                           RecordLayout::ByField, 1);
  HostRecords out = reference_sort_records(in);
  ASSERT_TRUE(verify_records(in, out, true).ok());
  ASSERT_TRUE(verify_records(in, out, false).ok());
  const uint32_t f = out.field(10, 2);
  out.set_field(10, 2, out.field(11, 2));
  out.set_field(11, 2, f);  // keys still sorted, two fields swapped between records
  EXPECT_FALSE(verify_records(in, out, true).ok());
  EXPECT_FALSE(verify_records(in, out, false).ok());
  EXPECT_TRUE(verify_records(in, out, false).sorted);
}

TEST(RecordSort, FastVerificationForLargeSets) {
  const HostRecords in = records_from_keys(records_input_keys(Distribution::FewUnique, KeyType::U64, 2000), 4,
                                           RecordLayout::Hybrid, 1);
  const HostRecords want = reference_sort_records(in);
  EXPECT_TRUE(verify_records_fast(in, want, &want).ok());
  EXPECT_TRUE(verify_records_fast(in, want, nullptr).ok());
  EXPECT_EQ(record_multiset_hash(in), record_multiset_hash(want));
  HostRecords bad = want;
  bad.set_field(5, 3, bad.field(5, 3) ^ 1);  // one bit of one field
  EXPECT_FALSE(verify_records_fast(in, bad, &want).ok());
  EXPECT_FALSE(verify_records_fast(in, bad, nullptr).ok());
  EXPECT_FALSE(verify_records_fast(in, in, nullptr).sorted);
}

TEST(RecordPermutation, CyclesMatchGatherAndCountCycles) {
  // perm = (0)(1 2)(3 4 5 6): 3 cycles, one fixed point, longest 4.
  const std::vector<uint32_t> perm = {0, 2, 1, 4, 5, 6, 3};
  const CycleStats s = permutation_cycles(perm);
  EXPECT_EQ(s.cycles, 3u);
  EXPECT_EQ(s.fixed_points, 1u);
  EXPECT_EQ(s.longest, 4u);
  EXPECT_EQ(s.length_log2_histogram, (std::vector<uint64_t>{1, 1, 1}));
  for (RecordLayout l : kAllRecordLayouts) {
    const HostRecords in = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U64, 7), 4, l, 6);
    HostRecords inplace = in;
    permute_records_in_place(inplace, perm);
    const HostRecords gathered = gather_records(in, perm);
    EXPECT_EQ(inplace.bytes, gathered.bytes);
    for (uint64_t j = 0; j < 7; ++j) EXPECT_EQ(gathered.record_bytes(j), in.record_bytes(perm[j]));
  }
  HostRecords r = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 3), 1, RecordLayout::Hybrid, 1);
  EXPECT_THROW(permute_records_in_place(r, {0, 0, 1}), std::invalid_argument);
  EXPECT_THROW(gather_records(r, {0, 1, 3}), std::invalid_argument);
}

TEST(RecordTrafficModel, FollowsTheExtractsFormulas) {
  // B.3 with 8-bit digits: u32 key, m = 8 fields (36-byte records), P = 4.
  const RecordTraffic f = record_traffic({KeyType::U32, 8, RecordLayout::ByField}, 1000);
  EXPECT_EQ(f.passes, 4u);
  EXPECT_DOUBLE_EQ(f.direct_bytes, 4 * (4 + 2 * 36) * 1000.0);
  EXPECT_DOUBLE_EQ(f.sort_pairs_bytes, 4 * (4 + 2 * 8) * 1000.0);
  EXPECT_DOUBLE_EQ(f.gather_alpha, 8.0);  // every 4-byte piece costs a 32-byte sector
  EXPECT_DOUBLE_EQ(f.rearrange_bytes, (4 + 8 * 36 + 36) * 1000.0);
  // Hybrid: the 4-byte key at alpha 8, the 32-byte row at alpha 1.
  const RecordTraffic h = record_traffic({KeyType::U32, 8, RecordLayout::Hybrid}, 1000);
  EXPECT_DOUBLE_EQ(h.gather_alpha, (4 * 8 + 32) / 36.0);
  // ByRecord: one 36-byte row fetches 64 bytes.
  EXPECT_DOUBLE_EQ(record_traffic({KeyType::U32, 8, RecordLayout::ByRecord}, 1).gather_alpha, 64 / 36.0);
  // The layout decides (§VIII): for ByField the gather's amplification makes indirect dearer as m
  // grows; for Hybrid indirect moves fewer bytes than direct.
  EXPECT_GT(record_traffic({KeyType::U32, 20, RecordLayout::ByField}, 1).indirect_bytes(),
            record_traffic({KeyType::U32, 20, RecordLayout::ByField}, 1).direct_bytes);
  EXPECT_LT(h.indirect_bytes(), h.direct_bytes);
}

TEST(RecordOptions, NamesParseAndLimits) {
  for (RecordLayout l : kAllRecordLayouts) EXPECT_EQ(parse_record_layout(record_layout_name(l)), l);
  for (RecordStrategy s : kAllRecordStrategies) EXPECT_EQ(parse_record_strategy(record_strategy_name(s)), s);
  for (Rearrange r : kAllRearranges) EXPECT_EQ(parse_rearrange(rearrange_name(r)), r);
  EXPECT_FALSE(parse_record_layout("rows"));
  EXPECT_EQ(check_record_fields(32), "");
  EXPECT_NE(check_record_fields(33).find("--fields"), std::string::npos);
  EXPECT_EQ(direct_passes(KeyType::U32), 4u);
  EXPECT_EQ(direct_passes(KeyType::F64), 8u);
  HostRecords r = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 3), 1, RecordLayout::Hybrid, 1);
  EXPECT_THROW(sort_records_model(*find_algorithm("bitonic"), {}, {}, r), std::invalid_argument);
  EXPECT_THROW(records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 3), 33, RecordLayout::Hybrid, 1),
               std::invalid_argument);
}

// Fused (the gather inside radix-onesweep's last pass on the GPU): on the CPU model the records
// end where the gather puts them; the sorts that do not fuse refuse it, in one line naming the one
// that does.
TEST(RecordOptions, FusedIsTheGatherOfTheSortsThatFuse) {
  const RecordSortOptions fused{RecordStrategy::Indirect, Rearrange::Fused};
  EXPECT_EQ(rearrange_name(Rearrange::Fused), "fused");
  EXPECT_TRUE(rearrange_gathers(Rearrange::Fused));
  EXPECT_FALSE(rearrange_gathers(Rearrange::Cycles));
  EXPECT_EQ(check_record_options("radix-onesweep", fused), "");
  // Only radix-onesweep offers the fused sort (Algorithm::fused_record_sort, fused_record_sort.h).
  EXPECT_TRUE(record_sort_fuses("radix-onesweep"));
  EXPECT_FALSE(record_sort_fuses("radix"));
  EXPECT_FALSE(record_sort_fuses("cub-radix"));
  EXPECT_EQ(check_record_options("merge", {RecordStrategy::Direct, Rearrange::Fused}), "");  // direct ignores it
  for (const RecordSortAlgorithm& info : record_sort_algorithms()) {
    const std::string why = check_record_options(info.id, fused);
    EXPECT_EQ(why.empty(), record_sort_fuses(info.id)) << info.id;
    if (!record_sort_fuses(info.id)) EXPECT_NE(why.find("only radix-onesweep"), std::string::npos) << why;
  }
  const RecordSortAlgorithm& onesweep = *find_record_sort_algorithm("radix-onesweep");
  for (RecordLayout l : kAllRecordLayouts)
    for (uint32_t m : {0u, 3u, 8u})
      expect_sorts(onesweep, {RecordStrategy::Indirect, Rearrange::Fused},
                   records_from_keys(records_input_keys(Distribution::RandomizedDuplicates, KeyType::I64, 5003), m, l, 2));
  HostRecords r = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 3), 1, RecordLayout::Hybrid, 1);
  EXPECT_THROW(sort_records_model(*find_algorithm("merge"), {}, fused, r), std::invalid_argument);
}

}  // namespace
}  // namespace sortscope::test
