// Radix sort's CPU models (reduce-then-scan and onesweep) and their plan: they sort like
// std::stable_sort for every key type and distribution, special values and sizes 0, 1, 2^k+-1,
// 2^20+7; values follow their keys stably; the timeline has the documented steps and its aux
// snapshots are consistent with each other (histograms, scans, local ranks, scatter maps).
#include <gtest/gtest.h>

#include <set>

#include "radix/radix_model.h"
#include "radix/radix_scratch.h"
#include "radix/radix_steps.h"
#include "radix_test_support.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {

const Algorithm* kVariants[] = {&radix_algorithm(), &radix_onesweep_algorithm()};

std::vector<uint64_t> small_sizes() {
  std::vector<uint64_t> s = {0, 1, 2, 3};
  for (int k : {4, 8, 12, 13, 15, 17}) {
    s.push_back((uint64_t(1) << k) - 1);
    s.push_back((uint64_t(1) << k) + 1);
  }
  return s;
}

void expect_sorts_stably(const Algorithm& a, const ParamValues& p, const HostKeys& input,
                         const std::string& what) {
  HostKeys keys = input;
  a.run_model(p, keys, nullptr);
  const SortedPairs want = radix_stable_reference(input);
  ASSERT_EQ(radix_ordered_of(keys), want.keys) << a.id() << " " << what;
  if (input.has_values()) ASSERT_EQ(keys.values, want.values) << a.id() << " " << what << ": not stable";
}

TEST(RadixModel, SortsLikeStableSortForEveryDistributionKeyTypeAndSize) {
  for (const Algorithm* a : kVariants) {
    const ParamValues p = radix_params(*a);
    for (Distribution d : kAllDistributions)
      for (KeyType t : kAllKeyTypes)
        for (uint64_t n : small_sizes()) {
          const bool values = (n % 2) == 1;
          expect_sorts_stably(*a, p, radix_input(d, t, n, values),
                              radix_describe(std::string(distribution_name(d)), t, n, values));
        }
  }
}

TEST(RadixModel, SortsTwoToTheTwentyPlusSeven) {
  // Many tiles and blocks, a partial last tile (2^16 + 7 in the sanitizer build: test_workload.h).
  const uint64_t n = workload_n((uint64_t(1) << 20) + 7, (uint64_t(1) << 16) + 7);
  for (const Algorithm* a : kVariants) {
    const ParamValues p = radix_params(*a);
    for (Distribution d : {Distribution::Uniform, Distribution::Zero, Distribution::Sorted,
                           Distribution::LowEntropy, Distribution::FewUnique})
      for (KeyType t : kAllKeyTypes)
        expect_sorts_stably(*a, p, radix_input(d, t, n, t == KeyType::U32 || t == KeyType::F64),
                            radix_describe(std::string(distribution_name(d)), t, n, true));
  }
}

TEST(RadixModel, SortsSpecialValuesInTotalOrder) {
  for (const Algorithm* a : kVariants) {
    const ParamValues p = radix_params(*a);
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : {uint64_t(5), uint64_t(4097), uint64_t(70001)})
        expect_sorts_stably(*a, p, radix_special_input(t, n, true), radix_describe("special", t, n, true));
  }
  // -0.0 sorts before +0.0 and NaNs sit at both ends (IEEE 754 totalOrder).
  HostKeys k = radix_special_input(KeyType::F32, 1000, false);
  radix_onesweep_algorithm().run_model(radix_params(radix_onesweep_algorithm()), k, nullptr);
  const float* f = k.as<float>();
  EXPECT_TRUE(std::isnan(f[0]) && std::signbit(f[0]));
  EXPECT_TRUE(std::isnan(f[999]) && !std::signbit(f[999]));
  int last_neg_zero = -1, first_pos_zero = -1;
  for (int i = 0; i < 1000; ++i) {
    if (f[i] == 0.0f && std::signbit(f[i])) last_neg_zero = i;
    if (f[i] == 0.0f && !std::signbit(f[i]) && first_pos_zero < 0) first_pos_zero = i;
  }
  ASSERT_GE(last_neg_zero, 0);
  ASSERT_GE(first_pos_zero, 0);
  EXPECT_LT(last_neg_zero, first_pos_zero);
}

TEST(RadixModel, EveryRadixWidthAndTileShape) {
  const Algorithm& a = radix_algorithm();
  for (int bits = 1; bits <= 8; ++bits)
    for (KeyType t : {KeyType::U32, KeyType::I64, KeyType::F32})
      for (const char* shape : {"threads=128", "threads=512"}) {
        const ParamValues p = radix_params(a, {"radix_bits=" + std::to_string(bits), shape,
                                               "keys_per_thread=8", "max_blocks=3"});
        expect_sorts_stably(a, p, radix_input(Distribution::Uniform, t, 30011, true),
                            radix_describe("bits=" + std::to_string(bits) + " " + shape, t, 30011, true));
      }
  for (const char* kpt : {"keys_per_thread=8", "keys_per_thread=32"})
    expect_sorts_stably(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {kpt, "threads=128"}),
                        radix_input(Distribution::FewUnique, KeyType::U64, 50001, true), kpt);
}

TEST(RadixPlan, CoversTheKeysAndNamesItsLaunches) {
  for (RadixVariant v : {RadixVariant::ReduceThenScan, RadixVariant::Onesweep})
    for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(4096), uint64_t(4097), uint64_t(1) << 20,
                       uint64_t(1) << 28, (uint64_t(1) << 31) + 3})
      for (KeyType t : {KeyType::U32, KeyType::U64}) {
        const Algorithm& a = v == RadixVariant::Onesweep ? radix_onesweep_algorithm() : radix_algorithm();
        const RadixPlan p = make_radix_plan(v, n, t, true, radix_params(a));
        SCOPED_TRACE(p.describe());
        EXPECT_EQ(p.single_block, n <= kSingleBlockMaxKeys);
        EXPECT_EQ(p.passes, key_bytes(t) * 8 / p.radix_bits + (key_bytes(t) * 8 % p.radix_bits != 0));
        if (n == 0) {
          EXPECT_TRUE(p.launch_names().empty());
          continue;
        }
        EXPECT_GE(uint64_t(p.blocks) * p.block_keys, n);
        EXPECT_LT(uint64_t(p.blocks - 1) * p.block_keys, n);
        EXPECT_EQ(p.block_end(p.blocks - 1), n);
        if (v == RadixVariant::Onesweep && !p.single_block) {
          EXPECT_EQ(p.blocks, p.tiles);
          EXPECT_LE(p.portion_tiles * p.tile_keys, kOnesweepMaxPortionKeys);
          EXPECT_GE(uint64_t(p.portions) * p.portion_tiles, p.tiles);
        }
        const auto names = p.launch_names();
        for (int pass = 0; pass < p.passes; ++pass) EXPECT_LT(size_t(p.launch_of_pass(pass)), names.size());
        EXPECT_GT(radix_bytes_moved(p), 0.0);
      }
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 32, KeyType::U32, false,
                               radix_params(radix_onesweep_algorithm())),
               std::runtime_error);
}

// Onesweep's digit_bits: 4 (lectures), 8 or 11 (auto: 8); the pass counts per width and key type;
// what a wide or lecture run resolves to (late values, one histogram per place), what it refuses, and the third
// key/value buffer an odd pass count takes instead of a copy back.
TEST(RadixPlan, DigitBitsSetTheOnesweepPasses) {
  const Algorithm& a = radix_onesweep_algorithm();
  const uint64_t n = uint64_t(1) << 24;
  struct Row {
    KeyType t;
    const char* bits;
    int radix_bits, passes, last_bits;
  };
  for (const Row& r : {Row{KeyType::U32, "digit_bits=8", 8, 4, 8}, Row{KeyType::U32, "digit_bits=11", 11, 3, 10},
                       Row{KeyType::F32, "digit_bits=11", 11, 3, 10}, Row{KeyType::U64, "digit_bits=8", 8, 8, 8},
                       Row{KeyType::U64, "digit_bits=11", 11, 6, 9}, Row{KeyType::F64, "digit_bits=auto", 8, 8, 8},
                       Row{KeyType::U32, "digit_bits=auto", 8, 4, 8}, Row{KeyType::U32, "digit_bits=4", 4, 8, 4},
                       Row{KeyType::I64, "digit_bits=4", 4, 16, 4}})
    for (bool values : {false, true}) {
      const ParamValues p = radix_params(a, {r.bits});
      const RadixPlan plan = make_radix_plan(RadixVariant::Onesweep, n, r.t, values, p);
      SCOPED_TRACE(plan.describe());
      EXPECT_EQ(plan.radix_bits, r.radix_bits);
      EXPECT_EQ(plan.digits, 1u << r.radix_bits);
      EXPECT_EQ(plan.passes, r.passes);
      EXPECT_EQ(plan.pass_bits(plan.passes - 1), r.last_bits);
      EXPECT_EQ(plan.pass_shift(plan.passes - 1) + r.last_bits, int(key_bytes(r.t)) * 8);
      const ParamValues ran = a.params_as_run(p, r.t, values, n);
      EXPECT_EQ(ran.at("digit_bits"), r.radix_bits);
      if (r.radix_bits != 8) {
        EXPECT_EQ(plan.histogram, RadixHistogram::Shared);
        if (values) EXPECT_EQ(plan.value_load, RadixValueLoad::Late);
      }
      // One launch per pass; an odd pass count carves a third buffer (no copy back).
      EXPECT_EQ(plan.launch_names().size(), size_t(2 + plan.passes));
      const RadixScratch<uint64_t> s = radix_scratch<uint64_t>(plan);
      EXPECT_EQ(s.alt_keys2.count, plan.passes % 2 ? n : 0u);
      EXPECT_EQ(s.alt_values2.count, plan.passes % 2 && values ? n : 0u);
      // Fewer passes, fewer bytes (the look-back words of 2048 digits included).
      if (r.radix_bits == 11) {
        const RadixPlan eight = make_radix_plan(RadixVariant::Onesweep, n, r.t, values, radix_params(a, {"digit_bits=8"}));
        EXPECT_LT(radix_bytes_moved(plan), radix_bytes_moved(eight));
      }
    }
  // The single-block kernel ranks 8-bit digits whatever is asked.
  const ParamValues wide = radix_params(a, {"digit_bits=11"});
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, kSingleBlockMaxKeys, KeyType::U32, true, wide).radix_bits, 8);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, kSingleBlockMaxKeys + 1, KeyType::U32, true, wide).radix_bits, 11);
  // Other widths, the after-keys value loads and the exact block kernels are refused with 11 bits.
  ParamValues bad;
  EXPECT_NE(parse_param_assignment(a.params(), "digit_bits=10", bad, a.id()), "");
  bad = wide;
  bad["digit_bits"] = 10;
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, false, bad), std::invalid_argument);
  for (const char* bits : {"digit_bits=11", "digit_bits=4"})
    for (const char* refused : {"value_load=after-keys-batched", "value_load=early", "value_load=staged"})
      EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, true, radix_params(a, {bits, refused})),
                   std::invalid_argument)
          << bits << " " << refused;
  // The lecture tile (2 keys a thread) loads values late (auto resolves so) and ranks at most 8 bits.
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 24, KeyType::U32, true,
                            radix_params(a, {"threads=32", "keys_per_thread=2"}))
                .value_load,
            RadixValueLoad::Late);
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, true,
                               radix_params(a, {"keys_per_thread=2", "value_load=after-keys"})),
               std::invalid_argument);
  EXPECT_NO_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, false,
                                  radix_params(a, {"digit_bits=11", "value_load=after-keys-batched"})));
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U64, false,
                               radix_params(a, {"digit_bits=11", "block_compile=exact", "threads=256", "keys_per_thread=32"})),
               std::invalid_argument);
  // auto tile shapes of a wide run: the wide rows (two blocks an SM beside the packed counters).
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, false, wide).tile_keys, 384u * 24u);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U64, true, wide).tile_keys, 256u * 16u);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, false, radix_params(a)).tile_keys,
            512u * 24u);
  // auto value_load of a wide run is late even where the 8-bit row says after-keys-batched.
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, true, wide).value_load,
            RadixValueLoad::Late);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, true, radix_params(a)).value_load,
            RadixValueLoad::AfterKeysBatched);
}

// The model with 11-bit digits sorts like std::stable_sort: every distribution (all-equal and
// few-unique keys included), u32, u64 and f32 keys, with and without values, several tiles and a
// ragged last one.
TEST(RadixModel, ElevenBitDigitsSortLikeStableSort) {
  const Algorithm& a = radix_onesweep_algorithm();
  for (const char* shape : {"threads=128", "threads=512"}) {
    const ParamValues p = radix_params(a, {"digit_bits=11", shape, "keys_per_thread=8"});
    for (Distribution d : kAllDistributions)
      for (KeyType t : {KeyType::U32, KeyType::U64, KeyType::F32})
        for (uint64_t n : {uint64_t(4097), uint64_t(30011)})
          for (bool values : {false, true})
            expect_sorts_stably(a, p, radix_input(d, t, n, values),
                                radix_describe(std::string(distribution_name(d)) + " 11-bit " + shape, t, n, values));
  }
  expect_sorts_stably(a, radix_params(a, {"digit_bits=11"}), radix_special_input(KeyType::F32, 70001, true),
                      radix_describe("special 11-bit", KeyType::F32, 70001, true));
}

// Checks the steps of one explain-mode model run against the plan and against each other.
void check_timeline(const Algorithm& a, const ParamValues& params, const HostKeys& input) {
  HostKeys keys = input;
  Timeline t = radix_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(params, keys, &rec);
  const RadixPlan plan = make_radix_plan(radix_variant_of(a), input.size(), input.type, input.has_values(), params);
  SCOPED_TRACE(plan.describe());
  const int per_pass = plan.single_block ? 1 : (plan.variant == RadixVariant::ReduceThenScan ? 3 : 1);
  const int extra = (!plan.single_block && plan.variant == RadixVariant::Onesweep) ? 1 : 0;
  // n = 0: nothing to sort, the timeline is the (empty) input alone.
  ASSERT_EQ(t.steps.size(), input.size() == 0 ? size_t(1) : size_t(1 + extra + per_pass * plan.passes));
  EXPECT_EQ(t.steps[0].kind, int(RadixStep::Input));
  const std::vector<uint64_t> input_ord = radix_ordered_of(input);
  EXPECT_EQ(radix_snapshot(t, t.steps[0]), input_ord);
  EXPECT_EQ(radix_snapshot(t, t.steps.back()), radix_stable_reference(input).keys);
  const auto names = plan.launch_names();
  std::vector<uint64_t> before = input_ord;
  for (const Step& s : t.steps) {
    ASSERT_GE(s.kind, 0);
    ASSERT_LT(size_t(s.kind), a.step_kinds().size());
    EXPECT_EQ(s.pseudo_line, a.step_kinds()[size_t(s.kind)].pseudo_line);
    ASSERT_LT(s.pseudo_line, int(a.pseudo_code().size()));
    EXPECT_FALSE(s.caption.empty());
    // One catalog for both variants: each records only its own kinds.
    const RadixStep kind = RadixStep(s.kind);
    const bool onesweep_kind = kind == RadixStep::Histogram || kind == RadixStep::OnesweepPass;
    const bool rts_kind = kind == RadixStep::Upsweep || kind == RadixStep::Scan || kind == RadixStep::Downsweep;
    EXPECT_FALSE(plan.variant == RadixVariant::Onesweep ? rts_kind : onesweep_kind) << s.caption;
    if (s.launch >= 0) {
      ASSERT_LT(size_t(s.launch), names.size());
      EXPECT_EQ(s.launch_name, names[size_t(s.launch)]);
    }
    const auto* h = find_aux<DigitHistogram>(s.aux);
    if (h) {
      uint64_t sum = 0;
      for (uint32_t c : h->counts) sum += c;
      EXPECT_EQ(sum, kind == RadixStep::Histogram ? uint64_t(plan.passes) * input.size() : input.size());
      EXPECT_EQ(h->cols, plan.digits);
      if (!h->scanned.empty() && h->blocks_per_row == 1 &&
          kind != RadixStep::Histogram)
        EXPECT_EQ(h->scanned, digit_major_scan(h->counts, h->rows, h->cols));
      // What a row is, for the views: digit places, onesweep's tiles, or blocks.
      EXPECT_EQ(h->rows_are, kind == RadixStep::Histogram      ? DigitHistogram::Rows::DigitPlaces
                             : kind == RadixStep::OnesweepPass ? DigitHistogram::Rows::Tiles
                                                               : DigitHistogram::Rows::Blocks);
    }
    const bool is_pass =
        kind == RadixStep::Downsweep || kind == RadixStep::OnesweepPass || kind == RadixStep::SingleBlockPass;
    if (!is_pass) continue;
    const std::vector<uint64_t> after = radix_snapshot(t, s);
    const auto* r = find_aux<LocalRanks>(s.aux);
    ASSERT_NE(r, nullptr);
    std::vector<uint32_t> sorted_ranks = r->ranks;
    std::sort(sorted_ranks.begin(), sorted_ranks.end());
    for (size_t i = 0; i < sorted_ranks.size(); ++i) ASSERT_EQ(sorted_ranks[i], i) << "ranks not a permutation";
    EXPECT_EQ(r->begin, plan.block_begin(r->block));
    const auto* m = find_aux<ScatterMap>(s.aux);
    if (input.size() <= kScatterMapMaxKeys) {
      ASSERT_NE(m, nullptr);
      ASSERT_EQ(m->dest.size(), input.size());
      for (size_t i = 0; i < before.size(); ++i) ASSERT_EQ(after[m->dest[i]], before[i]) << "arrow " << i;
    }
    const auto* lb = find_aux<LookbackState>(s.aux);
    if (plan.variant == RadixVariant::Onesweep && !plan.single_block) {
      ASSERT_NE(lb, nullptr);
      ASSERT_EQ(lb->tiles, plan.tiles);
      EXPECT_FALSE(lb->measured);
      EXPECT_EQ(lb->depth[0], 0u);
      for (uint32_t i = 0; i < lb->tiles; ++i) {
        EXPECT_LE(lb->aggregate_at[i], lb->inclusive_at[i]);
        EXPECT_LT(lb->inclusive_at[i], lb->ticks);
        EXPECT_LE(lb->depth[i], i);
        EXPECT_EQ(lb->flag_at(i, lb->ticks), LookbackState::Inclusive);
      }
    } else {
      EXPECT_EQ(lb, nullptr);
    }
    before = after;
  }
}

TEST(RadixModel, TimelineStepsAndAuxAgree) {
  for (const Algorithm* a : kVariants)
    for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(1000), uint64_t(4096), uint64_t(12345), uint64_t(100003)})
      for (bool values : {false, true}) {
        SCOPED_TRACE(radix_describe(a->id(), KeyType::F32, n, values));
        check_timeline(*a, radix_params(*a), radix_input(Distribution::Gaussian, KeyType::F32, n, values));
      }
  // Narrow digits, odd pass count, several tiles per block.
  check_timeline(radix_algorithm(), radix_params(radix_algorithm(), {"radix_bits=5", "max_blocks=4", "threads=128", "keys_per_thread=8"}),
                 radix_input(Distribution::Uniform, KeyType::I32, 9001, true));
  check_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm()),
                 radix_input(Distribution::Uniform, KeyType::U64, 200001, false));
  // 11-bit digits: 2048-column histograms, three passes (the last of 10 bits) and six.
  check_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {"digit_bits=11"}),
                 radix_input(Distribution::Uniform, KeyType::F32, 100003, true));
  check_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {"digit_bits=11", "threads=128"}),
                 radix_input(Distribution::FewUnique, KeyType::U64, 20011, false));
}

TEST(RadixModel, ModelLookbackScheduleChainsInclusivePrefixes) {
  const RadixPlan p = make_radix_plan(RadixVariant::Onesweep, 1000000, KeyType::U32, false,
                                      radix_params(radix_onesweep_algorithm()));
  const LookbackState s = radix_model_lookback(p);
  ASSERT_EQ(s.tiles, p.tiles);
  // Every tile but the first finds an inclusive tile `depth` tiles back, published before it looked.
  for (uint32_t t = 1; t < s.tiles; ++t) {
    ASSERT_GE(s.depth[t], 1u);
    const uint32_t j = t - s.depth[t];
    EXPECT_LT(s.inclusive_at[j], s.inclusive_at[t]) << t;
    for (uint32_t k = j + 1; k < t; ++k) EXPECT_LT(s.aggregate_at[k], s.inclusive_at[t]) << t;
  }
}

}  // namespace
}  // namespace sortscope::test
