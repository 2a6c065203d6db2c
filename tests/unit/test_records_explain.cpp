// Records in explain mode (kernels/records/record_steps.h, record_explain.h): the steps each
// strategy records, their captions and pseudo-code lines, the arrays they show (the last one the
// stable sort's), the cycles' histogram against permutation_cycles, the warp memory map's
// transactions for small cases worked by hand, and the bytes-moved phases against record_traffic.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

#include <fmt/format.h>

#include "core/record_scenario.h"
#include "records/record_aux.h"
#include "records/record_explain.h"
#include "records/record_memory_map.h"
#include "radix/radix_plan.h"
#include "records/record_phase_bytes.h"
#include "records/record_steps.h"
#include "records/record_traffic.h"
#include "records_test_support.h"
#include "registry.h"

namespace sortscope::test {
namespace {

HostRecords make_records(KeyType t, uint64_t n, uint32_t m, RecordLayout l, Distribution d = Distribution::Uniform) {
  return records_from_keys(records_input_keys(d, t, n), m, l, 3);
}

RecordExplain explain(const char* algo, const RecordSortOptions& o, const HostRecords& in) {
  const Algorithm* a = find_algorithm(algo);
  EXPECT_NE(a, nullptr);
  return explain_records_model(*a, records_default_params(*a), o, in, 64ull << 20);
}

// The app's records scenario (core/record_scenario.h) of n = 300 records, indirect, checked valid.
Scenario records_scenario(const char* algo, uint32_t m, RecordLayout l, Rearrange rearrange) {
  Scenario s;
  s.algorithm = algo;
  s.input.n = 300;
  s.records = ScenarioRecords{m, l, RecordStrategy::Indirect, rearrange};
  EXPECT_EQ(validate_scenario(s), "");
  return s;
}

std::vector<RecordStepKind> kinds_of(const Timeline& t) {
  std::vector<RecordStepKind> k;
  for (const Step& s : t.steps) k.push_back(RecordStepKind(s.kind));
  return k;
}

// Every step: a caption, a pseudo-code line inside the variant's code (none only for a phase that
// moves nothing: records of no fields), keys and values recorded, the bytes-moved counter; the last
// step shows the stable sort's keys and record positions.
void expect_well_formed(const RecordExplain& r, const RecordSortOptions& o, const HostRecords& in) {
  ASSERT_TRUE(r.verdict.ok()) << r.verdict.summary();
  const auto& code = record_pseudo_code(o);
  for (const Step& s : r.timeline.steps) {
    EXPECT_FALSE(s.caption.empty());
    EXPECT_GE(s.pseudo_line, s.caption.rfind("Nothing to ", 0) == 0 ? -1 : 0) << s.caption;
    EXPECT_LT(s.pseudo_line, int(code.size())) << s.caption;
    EXPECT_TRUE(s.keys.valid());
    EXPECT_TRUE(s.values.valid());
    EXPECT_NE(find_aux<RecordBytesMoved>(s.aux), nullptr) << s.caption;
  }
  const Step& last = r.timeline.steps.back();
  const std::vector<uint8_t> keys = r.timeline.store->read_host(last.keys);
  const std::vector<uint8_t> vals = r.timeline.store->read_host(last.values);
  const std::vector<uint32_t> want = stable_record_order(in);
  const HostRecords sorted = reference_sort_records(in);
  for (uint64_t j = 0; j < in.n; ++j) {
    uint64_t k = 0;
    std::memcpy(&k, keys.data() + j * in.shape.key_size(), in.shape.key_size());
    ASSERT_EQ(k, sorted.key_ordered(j)) << j;
    uint32_t v = 0;
    std::memcpy(&v, vals.data() + j * 4, 4);
    ASSERT_EQ(v, want[j]) << j;
  }
  const RecordBytesMoved* b = find_aux<RecordBytesMoved>(last.aux);
  EXPECT_EQ(b->done, b->phases.size());
}

TEST(RecordsExplain, IndirectGatherStepsPerLayout) {
  const RecordSortOptions o{RecordStrategy::Indirect, Rearrange::Gather};
  using K = RecordStepKind;
  const std::pair<RecordLayout, std::vector<K>> cases[] = {
      {RecordLayout::ByField, {K::Input, K::BuildPairs, K::SortPairs, K::GatherFields}},
      {RecordLayout::Hybrid, {K::Input, K::BuildPairs, K::SortPairs, K::GatherRows}},
      {RecordLayout::ByRecord, {K::Input, K::BuildPairs, K::SortPairs, K::GatherRows}}};
  for (const auto& [layout, want] : cases) {
    SCOPED_TRACE(std::string(record_layout_name(layout)));
    const HostRecords in = make_records(KeyType::U32, 3000, 7, layout, Distribution::FewUnique);
    const RecordExplain r = explain("radix", o, in);
    EXPECT_EQ(kinds_of(r.timeline), want);
    expect_well_formed(r, o, in);
    EXPECT_FALSE(r.timeline.on_gpu);
    EXPECT_NE(r.timeline.steps[0].caption.find("CPU model"), std::string::npos);
    // The gather steps carry the warp's random reads: the permutation's first 32 records.
    const RecordMemoryMap* map = find_aux<RecordMemoryMap>(r.timeline.steps.back().aux);
    ASSERT_NE(map, nullptr);
    EXPECT_TRUE(map->gathered);
    const std::vector<uint32_t> perm = stable_record_order(in);
    for (size_t t = 0; t < map->records.size(); ++t) EXPECT_EQ(map->records[t], perm[t]);
    EXPECT_NE(r.timeline.steps[2].caption.find("Sort the pairs"), std::string::npos);
    // As on the GPU: the keys are sorted where the output keeps them and never gathered.
    if (layout != RecordLayout::ByRecord)
      EXPECT_NE(r.timeline.steps[1].caption.find("never gathered"), std::string::npos) << r.timeline.steps[1].caption;
    for (const auto& e : find_aux<RecordBytesMoved>(r.timeline.steps.back().aux)->phases)
      EXPECT_NE(e.phase, RecordBytesMoved::Phase::GatherKeys);
  }
}

// radix-onesweep's gather and fused draw what it runs on the GPU (record_gpu.cu): on more than one
// block no pairs built (ByRecord's keys copied out of the rows), the sort, then the gather of the
// fields / rows, or, for fused, the sort's last pass moving them (no permutation read); on one
// block the pairs built and gathered, as the GPU runs it there.
TEST(RecordsExplain, TheIndexInTheSortIsWhatTheGpuRuns) {
  using K = RecordStepKind;
  struct Case {
    Rearrange rearrange;
    RecordLayout layout;
    uint64_t n;
    std::vector<K> want;
  };
  const Case cases[] = {
      {Rearrange::Gather, RecordLayout::ByField, 20000, {K::Input, K::SortPairs, K::GatherFields}},
      {Rearrange::Gather, RecordLayout::Hybrid, 20000, {K::Input, K::SortPairs, K::GatherRows}},
      {Rearrange::Gather, RecordLayout::ByRecord, 20000, {K::Input, K::CopyKeys, K::SortPairs, K::GatherRows}},
      {Rearrange::Fused, RecordLayout::ByField, 20000, {K::Input, K::SortPairs, K::FusedMove}},
      {Rearrange::Fused, RecordLayout::Hybrid, 20000, {K::Input, K::SortPairs, K::FusedMove}},
      {Rearrange::Fused, RecordLayout::ByRecord, 20000, {K::Input, K::CopyKeys, K::SortPairs, K::FusedMove}},
      {Rearrange::Gather, RecordLayout::Hybrid, 1000, {K::Input, K::BuildPairs, K::SortPairs, K::GatherRows}},
      {Rearrange::Fused, RecordLayout::ByField, 1000, {K::Input, K::BuildPairs, K::SortPairs, K::GatherFields}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(rearrange_name(c.rearrange)) + " " + std::string(record_layout_name(c.layout)) + " n=" +
                 std::to_string(c.n));
    const RecordSortOptions o{RecordStrategy::Indirect, c.rearrange};
    const uint32_t m = 8;
    const HostRecords in = make_records(KeyType::U32, c.n, m, c.layout, Distribution::FewUnique);
    const Algorithm& onesweep = *find_algorithm("radix-onesweep");
    const bool in_sort = index_in_sort(onesweep, records_default_params(onesweep), o, KeyType::U32, c.n);
    EXPECT_EQ(in_sort, c.n > kSingleBlockMaxKeys);
    const RecordExplain r = explain("radix-onesweep", o, in);
    EXPECT_EQ(kinds_of(r.timeline), c.want);
    expect_well_formed(r, o, in);
    const Step& sort = r.timeline.steps[c.want.size() - 2];
    EXPECT_EQ(sort.caption.find("no index array") != std::string::npos, in_sort) << sort.caption;
    const RecordBytesMoved* b = find_aux<RecordBytesMoved>(r.timeline.steps.back().aux);
    ASSERT_EQ(b->phases.size(), c.want.size() - 1);
    const auto& last = b->phases.back();
    const double moved = c.layout == RecordLayout::ByField ? 4.0 * m : double(in.shape.row_bytes());
    // The gather reads the permutation; the fused move knows each record from its key's value.
    const bool fused_move = c.want.back() == K::FusedMove;
    EXPECT_DOUBLE_EQ(last.move_bytes, double(in.n) * ((fused_move ? 0 : 4) + 2 * moved));
    const RecordMemoryMap* map = find_aux<RecordMemoryMap>(r.timeline.steps.back().aux);
    ASSERT_NE(map, nullptr);
    EXPECT_TRUE(map->gathered);
    if (fused_move) EXPECT_NE(r.timeline.steps.back().caption.find("no permutation is written"), std::string::npos);
  }
}

TEST(RecordsExplain, DirectHasOneStepPerPassAndEveryLayout) {
  const RecordSortOptions o{RecordStrategy::Direct, Rearrange::Gather};
  for (KeyType t : {KeyType::U32, KeyType::F64})
    for (RecordLayout l : kAllRecordLayouts)
      for (const char* algo : {"radix-onesweep", "merge", "sample-sort"}) {
        SCOPED_TRACE(std::string(algo) + " " + std::string(record_layout_name(l)) + " " + std::string(key_type_name(t)));
        const HostRecords in = make_records(t, 500, 2, l);
        const RecordExplain r = explain(algo, o, in);
        const uint32_t passes = direct_passes(t);
        ASSERT_EQ(r.timeline.steps.size(), 1u + passes);
        for (uint32_t p = 0; p < passes; ++p) {
          const Step& s = r.timeline.steps[1 + p];
          EXPECT_EQ(RecordStepKind(s.kind), RecordStepKind::DirectPass);
          EXPECT_NE(s.caption.find(fmt::format("Pass {} of {}", p + 1, passes)), std::string::npos);
          EXPECT_EQ(find_aux<RecordBytesMoved>(s.aux)->done, p + 1);
        }
        if (find_record_sort_algorithm(algo)->stable) expect_well_formed(r, o, in);
        else EXPECT_TRUE(r.verdict.ok());  // direct's digit passes are stable whatever the sort
      }
}

TEST(RecordsExplain, CyclesHistogramIsThePermutationsAndOneCycleRotates) {
  const RecordSortOptions o{RecordStrategy::Indirect, Rearrange::Cycles};
  for (uint64_t n : {uint64_t(1), uint64_t(2), uint64_t(40), uint64_t(5000)}) {
    SCOPED_TRACE(n);
    const HostRecords in = make_records(KeyType::U32, n, 3, RecordLayout::Hybrid);
    const RecordExplain r = explain("merge", o, in);
    expect_well_formed(r, o, in);
    const std::vector<uint32_t> perm = stable_record_order(in);
    const CycleStats want = permutation_cycles(perm);
    const RecordPermutationCycles* c = nullptr;
    size_t moves = 0;
    for (const Step& s : r.timeline.steps) {
      if (RecordStepKind(s.kind) == RecordStepKind::CycleMove) ++moves;
      if (const auto* x = find_aux<RecordPermutationCycles>(s.aux); x && !c) c = x;
    }
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->cycles, want.cycles);
    EXPECT_EQ(c->fixed_points, want.fixed_points);
    EXPECT_EQ(c->longest, want.longest);
    EXPECT_EQ(c->length_log2_histogram, want.length_log2_histogram);
    // The shown cycle is a cycle of the permutation: each place takes the record of the next.
    for (size_t k = 0; k + 1 < c->cycle.size(); ++k) EXPECT_EQ(perm[c->cycle[k]], c->cycle[k + 1]);
    if (c->cycle_length >= 2 && c->cycle.size() == c->cycle_length) EXPECT_EQ(perm[c->cycle.back()], c->cycle[0]);
    const size_t want_moves = c->cycle_length == 0 ? 0
                              : c->cycle_length <= kMaxCycleMoveSteps ? c->cycle_length
                                                                      : kMaxCycleMoveSteps + 1;
    EXPECT_EQ(moves, want_moves);
    EXPECT_EQ(RecordStepKind(r.timeline.steps.back().kind), RecordStepKind::CyclesRest);
  }
}

const RecordMemoryMap::Scheme& scheme(const RecordMemoryMap& m, RecordLayout l, bool grouped) {
  for (const auto& s : m.schemes)
    if (s.layout == l && (s.grouped == grouped || l == RecordLayout::ByField)) return s;
  throw std::logic_error("no scheme");
}

std::vector<uint64_t> first32() {
  std::vector<uint64_t> r(32);
  std::iota(r.begin(), r.end(), uint64_t(0));
  return r;
}

TEST(RecordsExplain, MemoryMapTransactionsByHand) {
  // ByField u32 key, 32 consecutive threads: 128 bytes, one line of 4 sectors.
  {
    const RecordMemoryMap m = warp_memory_map({KeyType::U32, 0, RecordLayout::ByField}, 1024, first32(), false);
    const auto& s = scheme(m, RecordLayout::ByField, false);
    EXPECT_EQ(s.instructions, 1u);
    EXPECT_EQ(s.lines, 1u);
    EXPECT_EQ(s.sectors, 4u);
    EXPECT_EQ(s.useful_bytes, 128u);
  }
  // m = 7, u32 key: a 32-byte record. ByField: 8 arrays, one line each. ByRecord one thread per
  // record: 2 int4 per thread, 32 threads 32 bytes apart: 32 sectors and 8 lines per instruction.
  // Fig. 6: g = 2 threads per record, each instruction 16 whole records: 16 sectors, 4 lines.
  {
    const RecordMemoryMap m = warp_memory_map({KeyType::U32, 7, RecordLayout::ByRecord}, 1024, first32(), false);
    const auto& f = scheme(m, RecordLayout::ByField, false);
    EXPECT_EQ(f.instructions, 8u);
    EXPECT_EQ(f.lines, 8u);
    EXPECT_EQ(f.sectors, 32u);
    const auto& naive = scheme(m, RecordLayout::ByRecord, false);
    EXPECT_EQ(naive.word_bytes, 16u);
    EXPECT_EQ(naive.instructions, 2u);
    EXPECT_EQ(naive.sectors, 64u);
    EXPECT_EQ(naive.lines, 16u);
    const auto& grouped = scheme(m, RecordLayout::ByRecord, true);
    EXPECT_EQ(grouped.threads_per_record, 2u);
    EXPECT_EQ(grouped.instructions, 2u);
    EXPECT_EQ(grouped.sectors, 32u);
    EXPECT_EQ(grouped.lines, 8u);
    EXPECT_GT(naive.lines, f.lines);
    for (const auto& s : m.schemes) EXPECT_EQ(s.useful_bytes, 32u * 32u);
  }
  // m = 8, u32 key, ByRecord: 36-byte rows move in 4-byte words, g = 9: the struct copy takes 9
  // instructions of 32 threads 36 bytes apart (1152 bytes: 9 or 10 lines each), the groups 9
  // instructions of 32 consecutive words: 128 contiguous, aligned bytes each, one line.
  {
    const RecordMemoryMap m = warp_memory_map({KeyType::U32, 8, RecordLayout::ByRecord}, 1024, first32(), false);
    const auto& naive = scheme(m, RecordLayout::ByRecord, false);
    EXPECT_EQ(naive.word_bytes, 4u);
    EXPECT_EQ(naive.instructions, 9u);
    EXPECT_GE(naive.lines, 81u);
    const auto& grouped = scheme(m, RecordLayout::ByRecord, true);
    EXPECT_EQ(grouped.instructions, 9u);
    EXPECT_EQ(grouped.sectors, 36u);
    EXPECT_EQ(grouped.lines, 9u);
  }
  // A field array that does not start on a line: n = 1000 u32 puts field 0 at byte 4000 (32 past a
  // line), so its 128 bytes touch two lines.
  {
    const RecordMemoryMap m = warp_memory_map({KeyType::U32, 1, RecordLayout::ByField}, 1000, first32(), false);
    const auto& f = scheme(m, RecordLayout::ByField, false);
    EXPECT_EQ(f.instructions, 2u);
    EXPECT_EQ(f.lines, 3u);
    EXPECT_EQ(f.sectors, 8u);
  }
  // A gather's random reads: 32 records far apart cost a sector per thread and field.
  {
    std::vector<uint64_t> far(32);
    for (uint64_t t = 0; t < 32; ++t) far[t] = t * 997 % 4096;
    const RecordMemoryMap m = warp_memory_map({KeyType::U32, 3, RecordLayout::ByField}, 4096, far, true);
    EXPECT_EQ(scheme(m, RecordLayout::ByField, false).sectors, 4u * 32u);
  }
  EXPECT_THROW(warp_memory_map({KeyType::U32, 1, RecordLayout::ByField}, 10, first32(), false), std::invalid_argument);
}

// The records the warp reads, named as the memory map and the input step name them: 32, or n
// where fewer (no "records 0..31" for a run of 2).
TEST(RecordsExplain, WarpRecordsInWords) {
  EXPECT_EQ(warp_records(32), "records 0..31");
  EXPECT_EQ(warp_records(32, "perm"), "records perm[0..31]");
  EXPECT_EQ(warp_records(2), "records 0..1");
  EXPECT_EQ(warp_records(1), "record 0");
  EXPECT_EQ(warp_records(1, "perm"), "record perm[0]");
  EXPECT_EQ(warp_records(0), "no record");
  const HostRecords two = make_records(KeyType::U32, 2, 1, RecordLayout::ByField);
  const RecordExplain r = explain("radix-onesweep", {}, two);
  ASSERT_FALSE(r.timeline.steps.empty());
  EXPECT_NE(r.timeline.steps[0].caption.find("one warp of 32 threads reading records 0..1 in each layout"),
            std::string::npos)
      << r.timeline.steps[0].caption;
  EXPECT_EQ(find_aux<RecordMemoryMap>(r.timeline.steps[0].aux)->records.size(), 2u);
}

TEST(RecordsExplain, BytesMovedPhasesAddUpToTheModel) {
  for (RecordLayout l : kAllRecordLayouts) {
    const RecordShape shape{KeyType::U32, 8, l};
    const HostRecords in = make_records(KeyType::U32, 4096, 8, l);
    const RecordTraffic tm = record_traffic(shape, in.n);
    for (auto o : {RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather},
                   RecordSortOptions{RecordStrategy::Indirect, Rearrange::Gather},
                   RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles},
                   RecordSortOptions{RecordStrategy::Indirect, Rearrange::Fused}}) {
      const RecordExplain r = explain(o.rearrange == Rearrange::Fused ? "radix-onesweep" : "radix", o, in);
      const RecordBytesMoved* b = find_aux<RecordBytesMoved>(r.timeline.steps.back().aux);
      ASSERT_NE(b, nullptr);
      double model = 0;
      for (const auto& e : b->phases) {
        model += e.model_bytes;
        EXPECT_GE(e.fetched_bytes, 0.0);
        if (e.phase != RecordBytesMoved::Phase::SortPairs) EXPECT_GT(e.move_bytes, 0.0);
      }
      EXPECT_DOUBLE_EQ(model, o.strategy == RecordStrategy::Direct ? tm.direct_bytes : tm.indirect_bytes());
      EXPECT_DOUBLE_EQ(b->gather_alpha, tm.gather_alpha);
      // ByField's gather reads each field at random: its sectors fetch 8x the 4 useful bytes.
      if (l == RecordLayout::ByField && o.strategy == RecordStrategy::Indirect && o.rearrange == Rearrange::Gather) {
        const auto& fields = b->phases.back();
        ASSERT_EQ(fields.phase, RecordBytesMoved::Phase::GatherFields);
        // The permutation read in order, the fields written in order, each field read in a sector.
        EXPECT_DOUBLE_EQ(fields.fetched_bytes, double(in.n) * 4 + double(in.n) * 8 * 4 + double(in.n) * 8 * 32);
      }
    }
  }
}

// Records of no fields (m = 0, allowed by --fields and the scenario: the key sort alone, the
// baseline bench measures the fields against) read right in every step: no "0 fields", no group of
// 0; in ByField and Hybrid the keys sorted in place are the records, so the gather or fused phase
// moves nothing (0 bytes, no permutation read, as record_gpu.cu launches nothing) and says so, with
// no warp's reads; ByRecord still gathers its rows (the key alone); the verdict names the keys.
TEST(RecordsExplain, NoFieldsReadsRight) {
  using K = RecordStepKind;
  struct Case {
    const char* algo;
    RecordSortOptions options;
    uint64_t n;
  };
  const Case cases[] = {{"radix", {RecordStrategy::Indirect, Rearrange::Gather}, 3000},
                        {"radix-onesweep", {RecordStrategy::Indirect, Rearrange::Gather}, 20000},
                        {"radix-onesweep", {RecordStrategy::Indirect, Rearrange::Fused}, 20000},
                        {"merge", {RecordStrategy::Indirect, Rearrange::Cycles}, 500},
                        {"radix", {RecordStrategy::Direct, Rearrange::Gather}, 500}};
  for (const Case& c : cases)
    for (RecordLayout l : kAllRecordLayouts) {
      SCOPED_TRACE(fmt::format("{} {} {} {}", c.algo, record_strategy_name(c.options.strategy),
                               rearrange_name(c.options.rearrange), record_layout_name(l)));
      const HostRecords in = make_records(KeyType::U32, c.n, 0, l, Distribution::FewUnique);
      const RecordExplain r = explain(c.algo, c.options, in);
      expect_well_formed(r, c.options, in);
      EXPECT_EQ(r.verdict.summary(), "verified: sorted, the keys of the stable sort (records of the key alone)");
      EXPECT_NE(r.timeline.steps[0].caption.find("a u32 key and no fields (4 bytes each)"), std::string::npos)
          << r.timeline.steps[0].caption;
      for (const Step& st : r.timeline.steps) {
        for (const char* wrong : {"0 u32 fields", "0 fields", "0 field arrays", "of the 0", "groups of 0", "(0 bytes)"})
          EXPECT_EQ(st.caption.find(wrong), std::string::npos) << wrong << " in: " << st.caption;
        if (const RecordMemoryMap* map = find_aux<RecordMemoryMap>(st.aux))
          for (const auto& sc : map->schemes) {
            EXPECT_GT(sc.instructions, 0u);  // every scheme reads the keys at least
            if (sc.layout == RecordLayout::Hybrid) EXPECT_EQ(sc.threads_per_record, 0u);
          }
      }
      const bool gathers = c.options.strategy == RecordStrategy::Indirect && rearrange_gathers(c.options.rearrange);
      if (!gathers) continue;
      const Step& last = r.timeline.steps.back();
      const RecordBytesMoved::Entry& phase = find_aux<RecordBytesMoved>(last.aux)->phases.back();
      if (l == RecordLayout::ByRecord) {
        EXPECT_EQ(RecordStepKind(last.kind), c.options.rearrange == Rearrange::Fused ? K::FusedMove : K::GatherRows);
        EXPECT_NE(last.caption.find("the key alone"), std::string::npos) << last.caption;
        EXPECT_GT(phase.move_bytes, 0.0);
        EXPECT_NE(find_aux<RecordMemoryMap>(last.aux), nullptr);
      } else {
        EXPECT_EQ(last.caption.rfind("Nothing to ", 0), 0u) << last.caption;
        EXPECT_EQ(last.pseudo_line, -1) << "no pseudo-code line runs when nothing moves";
        EXPECT_NE(last.caption.find("Every record is now in its sorted place"), std::string::npos) << last.caption;
        EXPECT_EQ(phase.move_bytes, 0.0);
        EXPECT_EQ(phase.fetched_bytes, 0.0);
        EXPECT_GT(phase.model_bytes, 0.0);  // B.3 still gathers the key: its figure stays beside the 0
        EXPECT_EQ(find_aux<RecordMemoryMap>(last.aux), nullptr);
      }
    }
  // A Hybrid record of no fields has no row: one scheme, the key array alone (not "groups of 0"):
  // 32 u32 keys in order, one line of 4 sectors.
  const RecordMemoryMap m = warp_memory_map({KeyType::U32, 0, RecordLayout::Hybrid}, 1024, first32(), false);
  size_t hybrid = 0;
  for (const auto& sc : m.schemes)
    if (sc.layout == RecordLayout::Hybrid) {
      ++hybrid;
      EXPECT_FALSE(sc.grouped);
      EXPECT_EQ(sc.threads_per_record, 0u);
      EXPECT_EQ(sc.instructions, 1u);
      EXPECT_EQ(sc.lines, 1u);
      EXPECT_EQ(sc.sectors, 4u);
    }
  EXPECT_EQ(hybrid, 1u);
  EXPECT_EQ(record_shape_text({KeyType::U64, 0, RecordLayout::ByRecord}), "u64 key alone, no fields (8 bytes each), layout by-record");
  EXPECT_EQ(record_shape_text({KeyType::U32, 2, RecordLayout::Hybrid}), "u32 key + 2 u32 fields (12 bytes each), layout hybrid");
  // The app's verdict line (core/record_scenario.h) names the keys too.
  const ExplainResult e =
      explain_record_scenario(records_scenario("radix", 0, RecordLayout::Hybrid, Rearrange::Gather), 64ull << 20);
  EXPECT_EQ(verdict_summary(e.scenario, e.verdict), "verified: sorted, the input's keys (records of the key alone)");
}

TEST(RecordsExplain, RefusesASortWithoutRecords) {
  const HostRecords in = make_records(KeyType::U32, 10, 1, RecordLayout::ByField);
  EXPECT_THROW(explain_records_model(*find_algorithm("bitonic"), {}, {}, in, 1 << 20), std::invalid_argument);
}

// The app's records scenario (app/core/record_scenario.h): the timeline with the records' catalog,
// verified; a sort that does not sort records, values with records are refused by validate_scenario.
TEST(RecordsExplain, AppScenarioCarriesTheRecordsCatalog) {
  Scenario s;
  s.algorithm = "radix";
  s.input.n = 500;
  s.records = ScenarioRecords{4, RecordLayout::ByField, RecordStrategy::Indirect, Rearrange::Gather};
  const ExplainResult r = explain_record_scenario(s, 64ull << 20);
  EXPECT_TRUE(r.verdict.ok());
  ASSERT_NE(r.catalog, nullptr);
  EXPECT_EQ(&r.catalog->pseudo_code(), &record_pseudo_code({RecordStrategy::Indirect, Rearrange::Gather}));
  EXPECT_EQ(r.timeline.steps.size(), 4u);  // input, pairs, sort, fields (the keys are sorted in place)
  EXPECT_FALSE(r.timeline.on_gpu);
  Scenario bad = s;
  bad.algorithm = "bitonic";
  EXPECT_NE(validate_scenario(bad).find("does not sort records"), std::string::npos);
  bad = s;
  bad.input.with_values = true;
  EXPECT_NE(validate_scenario(bad).find("not with values"), std::string::npos);
  EXPECT_THROW(explain_record_scenario(bad, 1 << 20), std::runtime_error);
}

// A records run's verdict says what was checked (every field followed its key), not the key sort's
// "permutation of the input", wherever it is printed (trace replays, record, the app's banner);
// fused is refused for a sort that does not fuse; a file's records (the app's --input) go into the
// scenario's layout, and a scenario whose fields are not the file's is one line.
TEST(RecordsExplain, VerdictsAndFileRecordsForTheScenario) {
  const Scenario s = records_scenario("radix-onesweep", 3, RecordLayout::Hybrid, Rearrange::Fused);
  const ExplainResult r = explain_record_scenario(s, 64ull << 20);
  EXPECT_EQ(verdict_summary(r.scenario, r.verdict), "verified: sorted, every field follows its key");
  Verdict bad = r.verdict;
  bad.permutation = false;
  EXPECT_EQ(verdict_summary(r.scenario, bad), "FAILED: a field did not follow its key");
  bad.sorted = false;
  bad.first_unsorted = 7;
  EXPECT_EQ(verdict_summary(r.scenario, bad), "FAILED: records not sorted at index 7");
  Scenario keys = s;
  keys.records.reset();
  EXPECT_EQ(verdict_summary(keys, r.verdict), r.verdict.summary());
  Scenario merge = s;
  merge.algorithm = "merge";
  merge.params = {};  // radix-onesweep's, resolved above
  EXPECT_NE(validate_scenario(merge).find("only radix-onesweep"), std::string::npos) << validate_scenario(merge);

  const HostRecords file = records_from_keys(records_input_keys(Distribution::Uniform, KeyType::U32, 300), 3,
                                             RecordLayout::ByRecord, 4);
  Scenario by_field = s;
  by_field.records->layout = RecordLayout::ByField;
  const HostRecords got = records_for_scenario(file, by_field);
  EXPECT_EQ(got.shape.layout, RecordLayout::ByField);
  EXPECT_EQ(convert_layout(got, RecordLayout::ByRecord).bytes, file.bytes);
  EXPECT_TRUE(explain_record_input(by_field, got, 64ull << 20).verdict.ok());
  Scenario wrong = s;
  wrong.records->fields = 4;
  EXPECT_THROW(records_for_scenario(file, wrong), std::runtime_error);
  wrong = s;
  wrong.input.n = 299;
  EXPECT_THROW(records_for_scenario(file, wrong), std::runtime_error);
}

}  // namespace
}  // namespace sortscope::test
