// Multifield records on the GPU (kernels/records/record_gpu.*): every layout x strategy x offered
// sort against CUB's pairs sort of (key, index) + gather on the same records and against the CPU
// stable sort (stable sorts byte for byte; sample sort as a multiset of (key, record) pairs);
// m = 0, 1, 2, 7, 32; n = 0, 1, small, 2^20 + 7; every key type; duplicates; cycle chasing in
// place against the gather on permutations of known cycles (none, 2-cycles, one cycle of n).
#include <gtest/gtest.h>

#include "baselines/cub_radix.h"
#include "gpu_test_env.h"
#include "records/record_gpu.h"
#include "../unit/records_test_support.h"
#include "registry.h"

namespace sortscope::test {
namespace {


const std::vector<RecordSortOptions> kAllOnGpu = {{RecordStrategy::Direct, Rearrange::Gather},
                                                  {RecordStrategy::Indirect, Rearrange::Gather},
                                                  {RecordStrategy::Indirect, Rearrange::Cycles},
                                                  {RecordStrategy::Indirect, Rearrange::Fused}};

// Under compute-sanitizer the sweeps leave cycle chasing out (its kernels use no shared memory;
// serial cycles under racecheck ran past the test's time): CycleChasingMovesRecordsAsTheGatherDoes
// runs it there on small inputs.
// The test's sizes, field counts and key types in three tiers: the plain run, the compute-sanitizer
// run (small inputs) and racecheck's (fewer still: its shared-memory tracking makes every block-wide
// kernel 10-50x slower again, and the sweeps below run every sort of the registry; gpu_test_env.h).
template <class T>
std::vector<T> tier(std::vector<T> plain, std::vector<T> sanitizer, std::vector<T> racecheck) {
  return g_racecheck_run ? racecheck : g_sanitizer_run ? sanitizer : plain;
}

std::vector<RecordSortOptions> strategies_on_gpu() {
  if (!g_sanitizer_run) return kAllOnGpu;
  return {kAllOnGpu[0], kAllOnGpu[1], kAllOnGpu[3]};
}

void expect_gpu_sorts(const RecordSortAlgorithm& info, const RecordSortOptions& o, const HostRecords& input) {
  if (!check_record_options(info.id, o).empty()) return;  // fused: the sorts that fuse only
  const std::string what = std::string(info.id) + " " + std::string(record_strategy_name(o.strategy)) + " " +
                           std::string(record_layout_name(input.shape.layout)) + " " +
                           std::string(key_type_name(input.shape.key)) + " m=" + std::to_string(input.shape.fields) +
                           " n=" + std::to_string(input.n);
  const Algorithm& a = *find_algorithm(info.id);
  const HostRecords got = measure_records_gpu(a, records_default_params(a), o, input, 0, 1).output;
  const HostRecords cub = measure_records_gpu(cub_radix_algorithm(), {}, RecordSortOptions{}, input, 0, 1).output;
  const HostRecords want = reference_sort_records(input);
  ASSERT_EQ(cub.bytes, want.bytes) << what << ": CUB pairs + gather against the stable sort";
  if (info.stable) {
    ASSERT_EQ(got.bytes, cub.bytes) << what << " against CUB pairs + gather";
  } else {
    const RecordVerdict v = verify_records(input, got, false);
    ASSERT_TRUE(v.ok()) << what << ": " << v.summary();
  }
}

TEST(RecordsGpu, EveryLayoutStrategyAndSortAgainstCubPairsAndGather) {
  const std::vector<uint64_t> sizes = tier<uint64_t>({0, 1, 2, 1000, 100003}, {0, 1, 1000}, {1, 1000});
  const std::vector<uint32_t> fields = tier<uint32_t>({0, 1, 2, 7, 32}, {0, 1, 2, 7, 32}, {0, 7});
  for (const RecordSortAlgorithm& info : record_sort_algorithms())
    for (const RecordSortOptions& o : strategies_on_gpu())
      for (RecordLayout l : kAllRecordLayouts)
        for (uint32_t m : fields)
          for (uint64_t n : sizes)
            expect_gpu_sorts(info, o, records_from_keys(records_input_keys(Distribution::FewUnique, KeyType::U32, n), m, l, m));
}

TEST(RecordsGpu, EveryKeyTypeAndLargeInputs) {
  for (KeyType t : tested_key_types())
    for (const RecordSortAlgorithm& info : record_sort_algorithms())
      for (const RecordSortOptions& o : strategies_on_gpu())
        expect_gpu_sorts(info, o, records_from_keys(records_input_keys(Distribution::RandomizedDuplicates, t, 5003), 3,
                                                    RecordLayout::ByRecord, 2));
  if (g_sanitizer_run) return;
  const HostKeys keys = records_input_keys(Distribution::Uniform, KeyType::U32, (1ull << 20) + 7, 9);
  for (RecordLayout l : kAllRecordLayouts)
    for (const RecordSortOptions& o : strategies_on_gpu())
      for (const RecordSortAlgorithm& info : record_sort_algorithms())
        expect_gpu_sorts(info, o, records_from_keys(keys, 8, l, 3));
}

// Fused (radix-onesweep's last pass moves the records, kernels/radix/radix_records.h) against CUB
// pairs + gather: every layout, key types of both widths, m from 0 to 32 (row words of 16, 8 and
// 4 bytes), sizes on both sides of the single-block plan and with a partial last tile; and the
// sorts that do not fuse refuse it.
TEST(RecordsGpu, FusedMovesRecordsAsTheGatherDoes) {
  const RecordSortAlgorithm& onesweep = *find_record_sort_algorithm("radix-onesweep");
  const RecordSortOptions fused{RecordStrategy::Indirect, Rearrange::Fused};
  for (KeyType t : tier<KeyType>({KeyType::U32, KeyType::F32, KeyType::I64, KeyType::F64},
                                 {KeyType::U32, KeyType::F32, KeyType::I64, KeyType::F64}, {KeyType::U32, KeyType::I64}))
    for (RecordLayout l : kAllRecordLayouts)
      for (uint32_t m : tier<uint32_t>({0, 1, 2, 3, 4, 8, 32}, {0, 1, 2, 3, 4, 8, 32}, {0, 3, 32}))
        for (uint64_t n : tier<uint64_t>({4095, 4097, 70001, 300007}, {5000, 70001}, {5000}))
          expect_gpu_sorts(onesweep, fused,
                           records_from_keys(records_input_keys(Distribution::RandomizedDuplicates, t, n, 5), m, l, m + 1));
  const HostRecords in = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 1000, 1), 2,
                                           RecordLayout::Hybrid, 1);
  EXPECT_THROW(measure_records_gpu(*find_algorithm("merge"), {}, fused, in, 0, 1), std::invalid_argument);
}

// The gather of a sort that fuses (radix-onesweep: its pass 0 takes the input positions as values,
// no pairs built; its last pass writes the permutation; then the gather moves the fields only,
// record_gpu.cu) against CUB pairs + gather: every layout, both key widths, rows of 4-, 8- and
// 16-byte words and none, sizes on both sides of the single-block plan (which builds the pairs)
// and a partial last tile.
TEST(RecordsGpu, GatherWithTheIndexTakenBySortAsCubPairsAndGather) {
  const RecordSortAlgorithm& onesweep = *find_record_sort_algorithm("radix-onesweep");
  const RecordSortOptions gather{RecordStrategy::Indirect, Rearrange::Gather};
  for (KeyType t : tier<KeyType>({KeyType::U32, KeyType::F32, KeyType::I64}, {KeyType::U32, KeyType::F32, KeyType::I64},
                                 {KeyType::U32, KeyType::I64}))
    for (RecordLayout l : kAllRecordLayouts)
      for (uint32_t m : tier<uint32_t>({0, 2, 3, 8}, {0, 2, 3, 8}, {0, 3}))
        for (uint64_t n : tier<uint64_t>({4095, 4097, 300007}, {5000, 70001}, {5000}))
          expect_gpu_sorts(onesweep, gather,
                           records_from_keys(records_input_keys(Distribution::RandomizedDuplicates, t, n, 7), m, l, m + 2));
}

// Cycle chasing on the GPU (record_gpu.cu: leaders by pointer jumping, one thread per cycle)
// moves the records exactly as the gather does, on permutations whose cycles are known: sorted keys
// (every record in place), reversed distinct keys (n/2 2-cycles), keys rotated by k (gcd(n, k)
// cycles of n/gcd(n, k): one cycle of all n for k = 1 and n = 100003), and random keys.
TEST(RecordsGpu, CycleChasingMovesRecordsAsTheGatherDoes) {
  const uint64_t n = g_sanitizer_run ? 257 : 100003;
  auto keys_of = [n](auto key_at) {
    HostKeys k(KeyType::U32, size_t(n), false);
    for (uint64_t i = 0; i < n; ++i) k.as<uint32_t>()[i] = key_at(i);
    return k;
  };
  // Under compute-sanitizer the two with the most and the longest cycles only.
  std::vector<std::pair<const char*, HostKeys>> inputs = {
      {"reversed", keys_of([n](uint64_t i) { return uint32_t(n - 1 - i); })},
      {"rotated by 1", keys_of([n](uint64_t i) { return uint32_t((i + 1) % n); })}};
  if (!g_sanitizer_run) {
    inputs.push_back({"sorted", keys_of([](uint64_t i) { return uint32_t(i); })});
    inputs.push_back({"rotated by 7", keys_of([n](uint64_t i) { return uint32_t((i + 7) % n); })});
    inputs.push_back({"random", records_input_keys(Distribution::Uniform, KeyType::U32, n, 3)});
  }
  const Algorithm& radix = *find_algorithm("radix-onesweep");
  for (const auto& [name, keys] : inputs)
    for (RecordLayout l : kAllRecordLayouts)
      for (uint32_t m : g_sanitizer_run ? std::vector<uint32_t>{3u} : std::vector<uint32_t>{0u, 3u, 8u}) {
        SCOPED_TRACE(std::string(name) + " " + std::string(record_layout_name(l)) + " m=" + std::to_string(m));
        const HostRecords in = records_from_keys(keys, m, l, 4);
        const HostRecords cycles =
            measure_records_gpu(radix, records_default_params(radix), {RecordStrategy::Indirect, Rearrange::Cycles}, in,
                                g_sanitizer_run ? 0 : 1, 1).output;
        const HostRecords gather =
            measure_records_gpu(radix, records_default_params(radix), {RecordStrategy::Indirect, Rearrange::Gather}, in, 0, 1).output;
        ASSERT_EQ(cycles.bytes, gather.bytes);
        ASSERT_EQ(cycles.bytes, reference_sort_records(in).bytes);
      }
}

}  // namespace
}  // namespace sortscope::test
