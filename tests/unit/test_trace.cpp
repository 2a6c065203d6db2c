// Trace files (app/trace/trace_file.h): every registered algorithm's timeline (CPU model, small n)
// written and read back equal, step by step and snapshot by snapshot (full arrays, density
// summaries, values, every auxiliary snapshot); and damaged, truncated, wrong-version and hostile
// files each refused with one TraceError, never a crash or another exception.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "common/launch_times.h"
#include "common/trace_aux.h"
#include "common/generators.h"
#include "core/record_scenario.h"
#include "core/runner.h"
#include "records/record_explain.h"
#include "records/record_memory_map.h"
#include "registry.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {

ExplainResult record(const std::string& algo, uint64_t n, KeyType key, bool values, uint64_t budget = 512ull << 20) {
  RunnerOptions ro;
  ro.force_cpu = true;
  ro.capture_budget_bytes = budget;
  Runner runner(ro);
  Scenario s;
  s.algorithm = algo;
  s.input.n = n;
  s.input.key = key;
  s.input.with_values = values;
  s = runner.prepare(s, std::nullopt, true);
  return runner.explain(s);
}

std::vector<uint8_t> aux_bytes(const AuxData& a) {
  const AuxCodecRegistry::Codec* c = aux_codec_registry().find(a);
  if (!c) return {};
  ByteWriter w;
  c->encode(w, a);
  return w.bytes();
}

void expect_same_snapshot(const CaptureStore& a, SnapshotRef ra, const CaptureStore& b, SnapshotRef rb,
                          const std::string& where) {
  ASSERT_EQ(ra.valid(), rb.valid()) << where;
  if (!ra.valid()) return;
  const ArraySnapshot &sa = a.get(ra), &sb = b.get(rb);
  EXPECT_EQ(sa.full, sb.full) << where;
  EXPECT_EQ(sa.n, sb.n) << where;
  EXPECT_EQ(sa.padded_n, sb.padded_n) << where;
  EXPECT_EQ(sa.word_bytes, sb.word_bytes) << where;
  if (sa.full) {
    EXPECT_EQ(a.read_host(ra), b.read_host(rb)) << where;
  } else {
    EXPECT_EQ(sa.density.columns, sb.density.columns) << where;
    EXPECT_EQ(sa.density.bins, sb.density.bins) << where;
    EXPECT_EQ(sa.density.counts, sb.density.counts) << where;
  }
}

void expect_same_timeline(const Timeline& a, const Timeline& b) {
  EXPECT_EQ(a.algorithm, b.algorithm);
  EXPECT_EQ(a.key_type, b.key_type);
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.padded_n, b.padded_n);
  EXPECT_EQ(a.with_values, b.with_values);
  EXPECT_EQ(a.on_gpu, b.on_gpu);
  EXPECT_EQ(a.range.lo, b.range.lo);
  EXPECT_EQ(a.range.hi, b.range.hi);
  EXPECT_EQ(a.store->summarised_count(), b.store->summarised_count());
  ASSERT_EQ(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const Step &x = a.steps[i], &y = b.steps[i];
    const std::string where = a.algorithm + " step " + std::to_string(i);
    EXPECT_EQ(x.kind, y.kind) << where;
    EXPECT_EQ(x.caption, y.caption) << where;
    EXPECT_EQ(x.pseudo_line, y.pseudo_line) << where;
    EXPECT_EQ(x.launch, y.launch) << where;
    EXPECT_EQ(x.launch_name, y.launch_name) << where;
    EXPECT_EQ(x.gpu_ms, y.gpu_ms) << where;
    expect_same_snapshot(*a.store, x.keys, *b.store, y.keys, where + " keys");
    expect_same_snapshot(*a.store, x.values, *b.store, y.values, where + " values");
    ASSERT_EQ(x.aux.size(), y.aux.size()) << where;
    for (size_t k = 0; k < x.aux.size(); ++k) {
      EXPECT_EQ(x.aux[k].type(), y.aux[k].type()) << where << " aux " << k;
      const std::vector<uint8_t> bx = aux_bytes(x.aux[k]);
      EXPECT_FALSE(bx.empty()) << where << " aux " << k << ": no codec";
      EXPECT_EQ(bx, aux_bytes(y.aux[k])) << where << " aux " << k;
    }
  }
}

TraceInfo info_of(const ExplainResult& r) { return make_trace_info(r, query_device(), "generated on the CPU", nullptr); }

Trace round_trip(const ExplainResult& r) {
  const std::vector<uint8_t> bytes = encode_trace(info_of(r), r.timeline);
  return decode_trace(bytes.data(), bytes.size());
}

TEST(Trace, EveryAlgorithmRoundTripsOnTheCpuModel) {
  for (const Algorithm* a : all_algorithms()) {
    SCOPED_TRACE(a->id());
    const ExplainResult r = record(a->id(), 1000, KeyType::U32, false);
    const Trace t = round_trip(r);
    expect_same_timeline(r.timeline, t.explain->timeline);
    EXPECT_EQ(t.skipped_aux, 0);
    EXPECT_EQ(t.info.scenario.algorithm, a->id());
    EXPECT_EQ(t.info.verdict.ok(), r.verdict.ok());
    EXPECT_EQ(t.info.backend, Backend::CpuModel);
    EXPECT_EQ(t.info.writer.rfind("sortscope ", 0), 0u);
  }
}

TEST(Trace, ValuesWideKeysAndEveryAuxTypeRoundTrip) {
  size_t aux_seen = 0;
  for (const char* id : {"radix", "radix-onesweep", "merge", "multiway-merge", "sample-sort", "bitonic"}) {
    if (!find_algorithm(id)) continue;
    SCOPED_TRACE(id);
    const ExplainResult r = record(id, 3000, KeyType::F64, true);
    ASSERT_TRUE(r.timeline.with_values);
    const Trace t = round_trip(r);
    expect_same_timeline(r.timeline, t.explain->timeline);
    for (const Step& s : r.timeline.steps) aux_seen += s.aux.size();
  }
  EXPECT_GT(aux_seen, 0u);
}

// Records in explain mode (kernels/records/record_explain.h): the memory map, the permutation's
// cycles and the bytes moved per phase, from real record timelines, each encoded, decoded and
// encoded again to the same bytes under its stored name; a memory map whose access names a scheme
// it does not have is refused. (Whole record timelines: RecordRunsRoundTripWithTheirCatalog.)
TEST(Trace, RecordAuxTypesRoundTrip) {
  const Algorithm& radix = *find_algorithm("radix");
  ParamValues params;
  ASSERT_EQ(resolve_params(radix.params(), params, "radix"), "");
  InputSpec spec;
  spec.n = 700;
  spec.key = KeyType::U64;
  std::set<std::string> names;
  for (const RecordSortOptions o : {RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather},
                                    RecordSortOptions{RecordStrategy::Indirect, Rearrange::Gather},
                                    RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles}})
    for (RecordLayout l : kAllRecordLayouts) {
      const HostRecords in = records_from_keys(generate_host(spec), 5, l, 1);
      const RecordExplain rec = explain_records_model(radix, params, o, in, 64ull << 20);
      ASSERT_TRUE(rec.verdict.ok());
      for (const Step& s : rec.timeline.steps)
        for (const AuxData& a : s.aux) {
          const AuxCodecRegistry::Codec* c = aux_codec_registry().find(a);
          ASSERT_NE(c, nullptr);
          names.insert(c->name);
          const std::vector<uint8_t> bytes = aux_bytes(a);
          ByteReader reader(bytes.data(), bytes.size());
          const AuxData back = c->decode(reader);
          EXPECT_TRUE(reader.done());
          EXPECT_EQ(back.type(), a.type());
          EXPECT_EQ(aux_bytes(back), bytes) << c->name;
        }
    }
  EXPECT_EQ(names, (std::set<std::string>{"records.memory-map", "records.permutation-cycles", "records.bytes-moved"}));

  RecordMemoryMap bad = warp_memory_map({KeyType::U32, 2, RecordLayout::ByField}, 64, {0, 1, 2}, false);
  bad.accesses[0].scheme = 99;
  const std::vector<uint8_t> bytes = aux_bytes(AuxData(bad));
  const AuxCodecRegistry::Codec* c = aux_codec_registry().find(std::string("records.memory-map"));
  ASSERT_NE(c, nullptr);
  ByteReader reader(bytes.data(), bytes.size());
  EXPECT_THROW(c->decode(reader), TraceFormatError);
}

// A record sort is a trace: its scenario carries the records (fields, layout, strategy,
// rearrange), the reader checks the steps against the records' own catalog (record_steps.h) and
// hands that catalog back, so a machine without a GPU draws it as recorded.
TEST(Trace, RecordRunsRoundTripWithTheirCatalog) {
  for (const char* id : {"radix", "merge"}) {
    const Algorithm& algo = *find_algorithm(id);
    for (const RecordSortOptions o : {RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather},
                                      RecordSortOptions{RecordStrategy::Indirect, Rearrange::Gather},
                                      RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles}})
      for (RecordLayout l : kAllRecordLayouts) {
        Scenario s;
        s.algorithm = id;
        ASSERT_EQ(resolve_params(algo.params(), s.params, id), "");
        s.input.n = 600;
        s.input.key = l == RecordLayout::ByRecord ? KeyType::I64 : KeyType::U32;
        s.records = ScenarioRecords{5, l, o.strategy, o.rearrange};
        const ExplainResult r = explain_record_scenario(s, 64ull << 20);
        ASSERT_TRUE(r.verdict.ok());
        const Trace t = round_trip(r);
        SCOPED_TRACE(r.catalog->title());
        expect_same_timeline(r.timeline, t.explain->timeline);
        ASSERT_NE(t.explain->catalog, nullptr);
        EXPECT_EQ(t.explain->catalog->title(), r.catalog->title());
        EXPECT_EQ(t.explain->catalog->step_kinds().size(), r.catalog->step_kinds().size());
        EXPECT_EQ(t.explain->catalog->pseudo_code(), r.catalog->pseudo_code());
        ASSERT_TRUE(t.info.scenario.records.has_value());
        EXPECT_EQ(t.info.scenario.records->fields, 5u);
        EXPECT_EQ(t.info.scenario.records->layout, l);
        EXPECT_EQ(t.info.scenario.records->strategy, o.strategy);
        EXPECT_EQ(t.info.scenario.records->rearrange, o.rearrange);
        EXPECT_EQ(t.explain->verdict.ok(), true);
      }
  }
  // A records scenario whose sort does not sort records is refused with one line.
  Scenario s;
  s.algorithm = "radix";
  ASSERT_EQ(resolve_params(find_algorithm("radix")->params(), s.params, "radix"), "");
  s.input.n = 100;
  s.records = ScenarioRecords{};
  const ExplainResult r = explain_record_scenario(s, 64ull << 20);
  TraceInfo info = info_of(r);
  info.scenario.algorithm = "bitonic";
  info.scenario.params.clear();
  ASSERT_EQ(resolve_params(find_algorithm("bitonic")->params(), info.scenario.params, "bitonic"), "");
  const std::vector<uint8_t> bytes = encode_trace(info, r.timeline);
  try {
    decode_trace(bytes.data(), bytes.size());
    ADD_FAILURE() << "a records trace of bitonic was read";
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("does not sort records"), std::string::npos) << e.what();
  }
  // A key sort's trace has no records catalog.
  EXPECT_EQ(round_trip(record("radix", 100, KeyType::U32, false)).explain->catalog, nullptr);
}

// A kernel-lab run names its piece in the header (TraceInfo::lab_piece); other traces name none.
TEST(Trace, ALabPieceTravelsInTheHeader) {
  const ExplainResult r = record("merge", 1000, KeyType::U32, false);
  TraceInfo info = info_of(r);
  const std::vector<uint8_t> plain = encode_trace(info, r.timeline);
  EXPECT_EQ(decode_trace(plain.data(), plain.size()).info.lab_piece, "");
  info.lab_piece = "your merge-path piece (mine.cu)";
  const std::vector<uint8_t> bytes = encode_trace(info, r.timeline);
  EXPECT_EQ(decode_trace(bytes.data(), bytes.size()).info.lab_piece, "your merge-path piece (mine.cu)");
}

// Step times (Timeline::launches, common/launch_times.h) travel in the header; the steps' times
// and shares after loading are those of the recording.
TEST(Trace, LaunchTimesRoundTripAndHostileOnesAreRefused) {
  ExplainResult r = record("radix", 100000, KeyType::U32, false);
  std::vector<LaunchTime> times;
  for (const Step& s : r.timeline.steps)
    if (s.launch >= 0 && (times.empty() || times.back().launch != s.launch))
      times.push_back({s.launch, "", 0.125 * (s.launch + 1)});
  times.push_back({-1, "", 0.5});
  ASSERT_GT(times.size(), 2u);
  r.timeline.launches = attribute_launch_times(r.timeline.steps, times);
  r.timed_ms = 4.5;
  const Trace t = round_trip(r);
  expect_same_timeline(r.timeline, t.explain->timeline);
  EXPECT_EQ(t.explain->timed_ms, 4.5);
  ASSERT_EQ(t.explain->timeline.launches.size(), r.timeline.launches.size());
  for (size_t i = 0; i < r.timeline.launches.size(); ++i) {
    EXPECT_EQ(t.explain->timeline.launches[i].launch, r.timeline.launches[i].launch);
    EXPECT_EQ(t.explain->timeline.launches[i].name, r.timeline.launches[i].name);
    EXPECT_EQ(t.explain->timeline.launches[i].ms, r.timeline.launches[i].ms);
  }
  for (size_t i = 0; i < r.timeline.steps.size(); ++i)
    EXPECT_EQ(t.explain->timeline.steps[i].launch_share, r.timeline.steps[i].launch_share) << i;
  // Without times the header has no table and the steps none.
  const Trace plain = round_trip(record("radix", 3000, KeyType::U32, false));
  EXPECT_TRUE(plain.explain->timeline.launches.empty());
  // Hostile tables: a negative time, an index below -1.
  for (const auto& [bad, says] : {std::pair{LaunchTime{0, "x", -1.0}, "ms"}, std::pair{LaunchTime{-7, "x", 1.0}, "launch"}}) {
    TraceInfo info = info_of(r);
    info.launches = {bad};
    const std::vector<uint8_t> bytes = encode_trace(info, r.timeline);
    try {
      decode_trace(bytes.data(), bytes.size());
      ADD_FAILURE() << "accepted launch " << bad.launch << " of " << bad.ms << " ms";
    } catch (const TraceError& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  }
}

TEST(Trace, DensitySummariesRoundTrip) {
  // A budget of a few snapshots: the rest become density summaries.
  const ExplainResult r = record("bitonic", 1 << 14, KeyType::U32, false, 3 * (1 << 16));
  ASSERT_GT(r.timeline.store->summarised_count(), 0);
  const Trace t = round_trip(r);
  expect_same_timeline(r.timeline, t.explain->timeline);
}

TEST(Trace, HeaderCarriesTheMeasuredTimingAndLabel) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  Scenario s;
  s.algorithm = "bitonic";
  s.input.n = 512;
  s = runner.prepare(s, std::nullopt, true);
  MeasureOptions mo;
  mo.reps = 2;
  mo.warmup = 0;
  const MeasureResult m = runner.measure(s, mo);
  const ExplainResult r = runner.explain(s);
  const TraceInfo info = make_trace_info(r, runner.device(), m.input_source, &m);
  const std::vector<uint8_t> bytes = encode_trace(info, r.timeline);
  const Trace t = decode_trace(bytes.data(), bytes.size());
  ASSERT_TRUE(t.info.timing);
  EXPECT_EQ(t.info.timing->ms, m.timing.ms);
  EXPECT_EQ(t.info.timing->clock, m.timing.clock);
  EXPECT_TRUE(t.info.timing_verdict.ok());
  EXPECT_EQ(t.info.created, info.created);
  EXPECT_NE(t.info.label().find("CPU model"), std::string::npos);
  EXPECT_NE(t.info.label().find("UTC"), std::string::npos);
  // The app shows the recorded measurement as it shows a live one.
  const std::shared_ptr<const MeasureResult> shown = recorded_measure(t.info);
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->timing.ms, m.timing.ms);
  EXPECT_TRUE(shown->verdict.ok());
  EXPECT_EQ(shown->scenario.algorithm, "bitonic");
  EXPECT_EQ(recorded_measure(TraceInfo{}), nullptr);
  // A baseline's verification travels with it; older traces without it read as not recorded.
  TraceInfo with_baseline = info;
  with_baseline.baseline_id = "cub-merge";
  with_baseline.baseline = m.timing;
  with_baseline.baseline_verified = true;
  const std::vector<uint8_t> b2 = encode_trace(with_baseline, r.timeline);
  const Trace t2 = decode_trace(b2.data(), b2.size());
  ASSERT_TRUE(t2.info.baseline_verified.has_value());
  EXPECT_TRUE(*t2.info.baseline_verified);
  EXPECT_TRUE(recorded_measure(t2.info)->baseline_verified);
  with_baseline.baseline_verified.reset();
  const std::vector<uint8_t> b3 = encode_trace(with_baseline, r.timeline);
  EXPECT_FALSE(decode_trace(b3.data(), b3.size()).info.baseline_verified.has_value());
  // The header is readable as text right after the prefix.
  const std::string text(bytes.begin(), bytes.begin() + std::min<size_t>(bytes.size(), 400));
  EXPECT_EQ(text.rfind("SORTSCOPE-TRACE\n", 0), 0u);
  EXPECT_NE(text.find("\"writer\""), std::string::npos);
}

// Every way of breaking a file ends in a TraceError (and nothing else).
void expect_refused(const std::vector<uint8_t>& bytes, const std::string& says, const TraceLimits& limits = {}) {
  try {
    decode_trace(bytes.data(), bytes.size(), limits);
    ADD_FAILURE() << "accepted a broken trace (" << says << ")";
  } catch (const TraceError& e) {
    if (!says.empty()) EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
  }
}

class TraceDamage : public ::testing::Test {
 protected:
  void SetUp() override {
    r_ = record("radix", 700, KeyType::U32, true);
    bytes_ = encode_trace(info_of(r_), r_.timeline);
  }
  ExplainResult r_;
  std::vector<uint8_t> bytes_;
};

TEST_F(TraceDamage, TruncationAnywhereIsRefused) {
  for (size_t cut = 0; cut < bytes_.size(); cut += std::max<size_t>(1, bytes_.size() / 700))
    expect_refused(std::vector<uint8_t>(bytes_.begin(), bytes_.begin() + ptrdiff_t(cut)), "");
  expect_refused(std::vector<uint8_t>(bytes_.begin(), bytes_.end() - 1), "cut off");
}

TEST_F(TraceDamage, WrongMagicVersionAndTrailingBytes) {
  auto b = bytes_;
  b[0] = 'X';
  expect_refused(b, "not a Sortscope trace");
  b = bytes_;
  b[16] = 7;  // version 7
  expect_refused(b, "version 7 (written by sortscope");
  b = bytes_;
  b.push_back(0);
  expect_refused(b, "follow the compressed timeline");
}

TEST_F(TraceDamage, FlippedBytesAreRefusedOrReadConsistently) {
  // A flip in the header or the compressed frame: refused, or (a flip zstd cannot see, in a caption's
  // text, say) read as a valid timeline. Never anything else.
  for (size_t i = 16; i < bytes_.size(); i += 7) {
    auto b = bytes_;
    b[i] ^= 0x5a;
    try {
      const Trace t = decode_trace(b.data(), b.size());
      EXPECT_FALSE(t.explain->timeline.steps.empty());
    } catch (const TraceError&) {
    }
  }
}

TEST_F(TraceDamage, HostileSizesAreRefusedBeforeAllocating) {
  // The timeline's declared size, raised past the limit.
  uint32_t header_bytes;
  std::memcpy(&header_bytes, bytes_.data() + 20, 4);
  auto b = bytes_;
  const uint64_t huge = uint64_t(1) << 50;
  std::memcpy(b.data() + 24 + header_bytes, &huge, 8);
  expect_refused(b, "more than the");
  // Within the limit but not what the frame holds.
  TraceLimits small;
  small.max_payload_bytes = 64;
  expect_refused(bytes_, "more than the 64 allowed", small);
  b = bytes_;
  const uint64_t more = 1 << 20;
  std::memcpy(b.data() + 24 + header_bytes, &more, 8);
  expect_refused(b, "");
  // A header length past the file.
  b = bytes_;
  const uint32_t long_header = 1u << 19;
  std::memcpy(b.data() + 20, &long_header, 4);
  expect_refused(b, "");
}

// A compression bomb: a small frame whose timeline claims more than any recording holds (4 GiB by
// default) is refused from the sizes alone, before a byte is decompressed.
TEST_F(TraceDamage, CompressionBombIsRefusedBeforeDecompressing) {
  uint32_t header_bytes;
  std::memcpy(&header_bytes, bytes_.data() + 20, 4);
  auto b = bytes_;
  const uint64_t claimed = uint64_t(16) << 30;  // the 16 GiB from 513 KiB
  std::memcpy(b.data() + 24 + header_bytes, &claimed, 8);
  expect_refused(b, "more than the 4294967296 allowed");
}

// The header is checked against the timeline it describes: another n (2^64 - 1 keys), another key
// type, values the timeline lacks are refused with one line.
TEST_F(TraceDamage, HeaderMustMatchItsTimeline) {
  TraceInfo info = info_of(r_);
  info.scenario.input.n = 701;
  std::vector<uint8_t> b = encode_trace(info, r_.timeline);
  expect_refused(b, "its header says n = 701 but its timeline holds 700 keys");
  info = info_of(r_);
  info.scenario.input.n = UINT64_MAX;
  b = encode_trace(info, r_.timeline);
  expect_refused(b, "");
  info = info_of(r_);
  info.scenario.input.key = KeyType::U64;
  b = encode_trace(info, r_.timeline);
  expect_refused(b, "its header says u64 keys but its timeline holds u32 keys");
  info = info_of(r_);
  info.scenario.input.with_values = false;
  b = encode_trace(info, r_.timeline);
  expect_refused(b, "its header says keys alone but its timeline holds key-value pairs");
}

// Records or bare keys: a header that labels key frames as records, or records' frames as keys, is
// refused with one line (the steps' RecordBytesMoved snapshots tell them apart), for each sort
// records can use.
TEST(Trace, HeaderMustNotLabelKeysAsRecordsOrRecordsAsKeys) {
  for (const char* id : {"cub-radix", "radix", "merge", "sample-sort"}) {
    SCOPED_TRACE(id);
    const ExplainResult keys = record(id, 700, KeyType::U32, true);
    TraceInfo info = info_of(keys);
    info.scenario.records = ScenarioRecords{4, RecordLayout::Hybrid, RecordStrategy::Indirect, Rearrange::Gather};
    expect_refused(encode_trace(info, keys.timeline),
                   "its header says records (a key and 4 fields) but its timeline holds frames of bare keys");
    Scenario s;
    s.algorithm = id;
    ASSERT_EQ(resolve_params(find_algorithm(id)->params(), s.params, id), "");
    s.input.n = 700;
    s.records = ScenarioRecords{4, RecordLayout::ByField, RecordStrategy::Indirect, Rearrange::Gather};
    const ExplainResult records = explain_record_scenario(s, 64ull << 20);
    info = info_of(records);
    info.scenario.records.reset();
    info.scenario.input.with_values = true;
    // (cub-radix's catalog has two step kinds: the records' third is refused as not in it.)
    expect_refused(encode_trace(info, records.timeline), std::string(id) == "cub-radix"
                                                             ? "is not in cub-radix's catalog"
                                                             : "its header says bare keys but its timeline holds frames of records");
  }
}

TEST(Trace, ReadTraceNamesTheFileAndWritesAtomically) {
  const ExplainResult r = record("bitonic", 256, KeyType::I32, false);
  const auto dir = std::filesystem::temp_directory_path() / ("sortscope_trace_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "run.sstrace").string();
  write_trace(path, info_of(r), r.timeline);
  EXPECT_TRUE(is_trace_path(path));
  EXPECT_TRUE(is_trace_path("A.SSTRACE"));
  EXPECT_FALSE(is_trace_path("keys.npy"));
  const Trace t = read_trace(path);
  expect_same_timeline(r.timeline, t.explain->timeline);
  try {
    read_trace((dir / "missing.sstrace").string());
    ADD_FAILURE();
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.sstrace"), std::string::npos);
  }
  try {
    read_trace(dir.string());
    ADD_FAILURE();
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sortscope
