// Scratch carving (kernels/common/scratch_layout.h): offsets aligned, sizes as asked, no two
// buffers overlapping, empty buffers taking no space, sizes saturating instead of wrapping; and
// every family's plan layout (merge_scratch.h, radix_scratch.h, bitonic_scratch.h) carved so, with
// the buffers a run needs and Algorithm::scratch_bytes reporting exactly that layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "bitonic/bitonic_plan.h"
#include "bitonic/bitonic_scratch.h"
#include "common/scratch_layout.h"
#include "merge/merge_scratch.h"
#include "merge/multiway_plan.h"
#include "merge/two_way_plan.h"
#include "radix/radix_plan.h"
#include "radix/radix_scratch.h"
#include "registry.h"

namespace sortscope::test {
namespace {

// Every buffer with bytes: aligned, inside the block, and disjoint from every other.
void expect_carved(const ScratchLayout& l) {
  std::vector<ScratchLayout::Entry> used;
  for (const auto& e : l.entries()) {
    if (e.bytes == 0) continue;  // no address: nothing to align
    EXPECT_EQ(e.offset % e.alignment, 0u) << e.name;
    EXPECT_LE(e.offset + e.bytes, l.total_bytes()) << e.name;
    used.push_back(e);
  }
  std::sort(used.begin(), used.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  for (size_t i = 1; i < used.size(); ++i)
    EXPECT_LE(used[i - 1].offset + used[i - 1].bytes, used[i].offset) << used[i - 1].name << " / " << used[i].name;
}

// The algorithm's parameters at their defaults.
ParamValues defaults(const char* id) {
  const Algorithm& a = *find_algorithm(id);
  ParamValues p;
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return p;
}

const ScratchLayout::Entry& entry(const ScratchLayout& l, const std::string& name) {
  for (const auto& e : l.entries())
    if (e.name == name) return e;
  ADD_FAILURE() << "no buffer " << name;
  static const ScratchLayout::Entry kNone;
  return kNone;
}

TEST(ScratchLayout, CarvesAlignedDisjointBuffers) {
  ScratchLayout l;
  const auto a = l.add<uint8_t>("a", 3);
  const auto b = l.add<uint64_t>("b", 5);
  const auto c = l.add<uint32_t>("c", 7, 16);
  const auto d = l.add<uint16_t>("d", 1, 2);
  EXPECT_EQ(a.offset, 0u);
  EXPECT_EQ(b.offset, kScratchAlignment);  // 256-byte default, as cudaMalloc aligns
  EXPECT_EQ(c.offset, kScratchAlignment + 48);  // 5 x 8 bytes, then the next 16-byte boundary
  EXPECT_EQ(d.offset, kScratchAlignment + 48 + 28);
  EXPECT_EQ(l.total_bytes(), kScratchAlignment + 48 + 28 + 2);
  EXPECT_EQ(entry(l, "b").bytes, 40u);
  EXPECT_EQ(entry(l, "c").bytes, 28u);
  expect_carved(l);
  // Buffers are found from the block's base.
  alignas(256) static unsigned char block[1024];
  EXPECT_EQ(reinterpret_cast<unsigned char*>(b.in(block)), block + kScratchAlignment);
  EXPECT_EQ(reinterpret_cast<unsigned char*>(c.in(block)), block + kScratchAlignment + 48);
}

TEST(ScratchLayout, RandomLayoutsStayDisjoint) {
  std::mt19937_64 rng(9);
  const size_t aligns[] = {1, 2, 4, 8, 16, 64, 256};
  for (int trial = 0; trial < 200; ++trial) {
    ScratchLayout l;
    size_t sum = 0;
    for (int i = 0, k = int(rng() % 12); i < k; ++i) {
      const uint64_t count = rng() % 4 == 0 ? 0 : rng() % 5000;
      l.add<uint32_t>("b" + std::to_string(i), count, aligns[rng() % 7]);
      sum += count * 4;
    }
    expect_carved(l);
    EXPECT_GE(l.total_bytes(), sum);
    EXPECT_LE(l.total_bytes(), sum + l.entries().size() * kScratchAlignment);
  }
}

TEST(ScratchLayout, EmptyBuffersTakeNoSpaceAndHaveNoAddress) {
  ScratchLayout l;
  const auto a = l.add<uint32_t>("a", 10);
  const auto none = l.add<uint64_t>("none", 0);
  const auto b = l.add<uint32_t>("b", 1);
  alignas(256) static unsigned char block[1024];
  EXPECT_EQ(none.in(block), nullptr);
  EXPECT_EQ(b.offset, kScratchAlignment);
  EXPECT_NE(a.in(block), nullptr);
  EXPECT_EQ(ScratchLayout{}.total_bytes(), 0u);
}

TEST(ScratchLayout, HugeSizesSaturateAndBadAlignmentsAreRefused) {
  ScratchLayout l;
  l.add<uint64_t>("huge", std::numeric_limits<uint64_t>::max() / 2);
  l.add<uint32_t>("after", 10);
  EXPECT_EQ(l.total_bytes(), std::numeric_limits<size_t>::max());
  ScratchLayout m;
  EXPECT_THROW(m.add<uint8_t>("odd", 1, 3), std::invalid_argument);
  EXPECT_THROW(m.add<uint8_t>("big", 1, 512), std::invalid_argument);
}

// The plans' layouts: what a run needs, carved as above.
TEST(ScratchLayout, TwoWayPlanAsksForItsRunsSplitsAndCapture) {
  const uint64_t n = 1u << 20;
  const TwoWayPlan p = make_two_way_plan(n, KeyType::U64, true, defaults("merge"));
  ASSERT_TRUE(p.split_values);  // the 2^20 row: keys and values apart
  const auto measure = merge::two_way_scratch<merge::PairsU64>(p, false);
  expect_carved(measure.layout);
  EXPECT_EQ(measure.runs_in.count, 0u);
  EXPECT_EQ(measure.keys_in.count, n);
  EXPECT_EQ(measure.keys_out.count, n);
  EXPECT_EQ(measure.values_in.count, n);
  EXPECT_EQ(measure.values_out.count, n);
  EXPECT_EQ(measure.splits.count, p.tiles + 1);
  // The item layout: the runs as 16-byte items instead.
  TwoWayPlan items = p;
  items.split_values = false;
  const auto packed = merge::two_way_scratch<merge::PairsU64>(items, false);
  expect_carved(packed.layout);
  EXPECT_EQ(packed.runs_in.count, n);
  EXPECT_EQ(packed.runs_out.count, n);
  EXPECT_EQ(packed.keys_in.count, 0u);
  EXPECT_GT(packed.layout.total_bytes(), measure.layout.total_bytes() + 2 * n * 3);
  EXPECT_EQ(measure.stages.count, 0u);
  EXPECT_EQ(measure.unpack.keys.count, 0u);
  const auto explain = merge::two_way_scratch<merge::PairsU64>(p, true);
  expect_carved(explain.layout);
  EXPECT_EQ(explain.stages.count, uint64_t(p.block_stages) * n);
  EXPECT_EQ(explain.unpack.keys.count, n);
  EXPECT_EQ(explain.unpack.values.count, n);
  EXPECT_GT(explain.layout.total_bytes(), measure.layout.total_bytes() + uint64_t(p.block_stages) * n * 16);
  // One tile: the block sort sorts in place.
  const TwoWayPlan one = make_two_way_plan(100, KeyType::U32, false, defaults("merge"));
  EXPECT_EQ(merge::two_way_scratch<merge::KeysU32>(one, false).layout.total_bytes(), 0u);
}

TEST(ScratchLayout, MultiwayPlanCoversItsLargestRound) {
  const uint64_t n = 3u << 20;
  const MultiwayPlan p = make_multiway_plan(n, defaults("multiway-merge"));
  ASSERT_FALSE(p.rounds.empty());
  const auto s = merge::multiway_sort_scratch<merge::KeysU32>(p, true);
  expect_carved(s.layout);
  EXPECT_EQ(s.runs_in.count, n);
  EXPECT_EQ(s.tree.count, n);
  uint32_t k_max = 0;
  for (const MultiwayRound& r : p.rounds) {
    EXPECT_GE(s.seq_begin.count, r.groups * (r.k + 1));
    EXPECT_GE(s.splits.count, r.groups * (r.parts_per_group + 1) * r.k);
    EXPECT_GE(s.iterations.count, r.groups * (r.parts_per_group + 1));
    k_max = std::max(k_max, r.k);
  }
  EXPECT_EQ(s.sel_lower.count, uint64_t(merge::selection_trace_states(k_max)) * k_max);
  EXPECT_EQ(s.buf_before.count, uint64_t(s.buffer_steps) * 2 * p.merge_threads);
  EXPECT_EQ(s.unpack.keys.count, 0u);  // keys alone are recorded as they are
  const auto m = merge::multiway_merge_scratch<merge::PairsU32>(n, 16, 1 << 14);
  expect_carved(m.layout);
  EXPECT_EQ(m.runs_in.count, n);  // the packed pairs
  EXPECT_EQ(m.seq_begin.count, 17u);
}

TEST(ScratchLayout, RadixPlansAskForTheirVariantsControlWords) {
  const uint64_t n = 1u << 22;
  const RadixPlan rts = make_radix_plan(RadixVariant::ReduceThenScan, n, KeyType::U32, true, defaults("radix"));
  const auto a = radix_scratch<uint32_t>(rts);
  expect_carved(a.layout);
  EXPECT_EQ(a.alt_keys.count, n);
  EXPECT_EQ(a.alt_values.count, n);
  EXPECT_EQ(a.counts.count, uint64_t(rts.digits) * rts.blocks);
  EXPECT_EQ(a.totals.count, uint64_t(rts.passes) * rts.digits);
  EXPECT_EQ(a.bins.count, 0u);
  const RadixPlan os = make_radix_plan(RadixVariant::Onesweep, n, KeyType::F64, false, defaults("radix-onesweep"));
  const auto b = radix_scratch<uint64_t>(os);
  expect_carved(b.layout);
  EXPECT_EQ(b.alt_values.count, 0u);
  EXPECT_EQ(b.bins.count, uint64_t(os.passes) * 2 * os.digits);
  EXPECT_EQ(b.hist_lookback.count,
            uint64_t(os.passes) * os.digits + (b.one_portion ? uint64_t(os.passes) : 1) * b.lookback_words);
  // The single-block kernel sorts in shared memory.
  const RadixPlan small = make_radix_plan(RadixVariant::Onesweep, 1000, KeyType::U32, false, defaults("radix-onesweep"));
  EXPECT_EQ(radix_scratch<uint32_t>(small).layout.total_bytes(), 0u);
}

TEST(ScratchLayout, BitonicPadsAndCapturesWithinItsBudget) {
  const BitonicPlan p = make_bitonic_plan(1000, defaults("bitonic"));
  const auto s = bitonic_scratch<uint64_t>(p, true, false, true, kBitonicCaptureBytes);
  expect_carved(s.layout);
  EXPECT_EQ(s.work_keys.count, p.padded_n);
  EXPECT_EQ(s.work_values.count, p.padded_n);
  EXPECT_GE(s.chunk, 1);
  EXPECT_EQ(s.capture_keys.count, uint64_t(s.chunk) * p.padded_n);
  const BitonicPlan pow2 = make_bitonic_plan(1024, defaults("bitonic"));
  EXPECT_EQ(bitonic_scratch<uint32_t>(pow2, false, true, false, kBitonicCaptureBytes).layout.total_bytes(), 0u);
}

// Algorithm::scratch_bytes is the layout the run carves.
TEST(ScratchLayout, AlgorithmsReportTheirPlansLayout) {
  const uint64_t n = 5'000'000;
  const Algorithm& merge = *find_algorithm("merge");
  const ParamValues mp = defaults("merge");
  EXPECT_EQ(merge.scratch_bytes(n, KeyType::F32, true, mp, true),
            merge::two_way_scratch<merge::PairsU32>(make_two_way_plan(n, KeyType::F32, true, mp), true).layout.total_bytes());
  const Algorithm& multiway = *find_algorithm("multiway-merge");
  const ParamValues wp = defaults("multiway-merge");
  EXPECT_EQ(multiway.scratch_bytes(n, KeyType::U64, false, wp, false),
            merge::multiway_sort_scratch<merge::KeysU64>(make_multiway_plan(n, wp), false).layout.total_bytes());
  const Algorithm& onesweep = *find_algorithm("radix-onesweep");
  const ParamValues op = defaults("radix-onesweep");
  EXPECT_EQ(onesweep.scratch_bytes(n, KeyType::I32, true, op, false),
            radix_scratch<uint32_t>(make_radix_plan(RadixVariant::Onesweep, n, KeyType::I32, true, op))
                .layout.total_bytes());
  const Algorithm& bitonic = *find_algorithm("bitonic");
  const ParamValues bp = defaults("bitonic");
  EXPECT_EQ(bitonic.scratch_bytes(n, KeyType::U32, false, bp, false),
            bitonic_scratch<uint32_t>(make_bitonic_plan(n, bp), false, false, false, kBitonicCaptureBytes)
                .layout.total_bytes());
  // Larger runs need more; explain mode adds its capture buffers.
  EXPECT_LT(merge.scratch_bytes(n, KeyType::U32, false, mp, false), merge.scratch_bytes(4 * n, KeyType::U32, false, mp, false));
  EXPECT_LT(merge.scratch_bytes(n, KeyType::U32, false, mp, false), merge.scratch_bytes(n, KeyType::U32, false, mp, true));
}

}  // namespace
}  // namespace sortscope::test
