// Colour by key, digit, bucket or run (visual/color_by.h): the class function itself
// (views/key_class.h), the classes each algorithm's timeline gives at every step
// (views/key_coloring.h: the CPU models at lecture sizes, checked against what the step did: digits
// grouped after a scatter, buckets by value equal to buckets by place, runs sorted), the fallbacks
// the legend says out loud, and the array view's pixels: bars in the colour of their class.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>

#include "class_palette.h"
#include "color_by.h"
#include "common/aux_types.h"
#include "core/runner.h"
#include "distributed/distributed_aux.h"
#include "frame_renderer.h"
#include "lesson/lesson_file.h"
#include "gl/offscreen_target.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "primitives/digit_histogram/scatter_map.h"
#include "registry.h"
#include "render_test_util.h"
#include "sample/sample_aux.h"
#include "split_radix/split_radix_aux.h"
#include "views/array_view.h"
#include "views/key_coloring.h"
#include "views/view_registry.h"

namespace sortscope::test {
namespace {

// ---- the class function ----

TEST(KeyClass, DigitIsTheBitsOfThePass) {
  KeyClassLookup l;
  l.kind = KeyClassLookup::Kind::Digit;
  l.shift = 4;
  l.bits = 4;
  EXPECT_EQ(key_class(l, 0x000000A5u, 0), 0xAu);
  EXPECT_EQ(key_class(l, 0xFFFFFF0Fu, 7), 0x0u);
  l.shift = 56;
  l.bits = 8;
  EXPECT_EQ(key_class(l, 0xAB00000000000000ull, 0), 0xABu);
  l.shift = 0;
  l.bits = 32;
  EXPECT_EQ(key_class(l, 0x1234567890ull, 0), 0x34567890u);
}

TEST(KeyClass, SplittersSendTiesToTheLowerBucket) {
  // Leischner 2010 §6.2: j := 2j + (e > bt[j]), so a key equal to a splitter stays below it.
  const KeyClassRule rule = splitter_classes({10, 20, 20, 30}, "buckets");
  EXPECT_EQ(rule.classes, 5u);
  const KeyClassLookup l = rule.lookup();
  EXPECT_EQ(key_class(l, 0, 0), 0u);
  EXPECT_EQ(key_class(l, 10, 0), 0u);
  EXPECT_EQ(key_class(l, 11, 0), 1u);
  EXPECT_EQ(key_class(l, 20, 0), 1u);
  EXPECT_EQ(key_class(l, 21, 0), 3u);  // past both equal splitters: bucket 2 stays empty
  EXPECT_EQ(key_class(l, 31, 0), 4u);
  EXPECT_EQ(key_class(l, ~uint64_t(0), 0), 4u);
}

TEST(KeyClass, ThreeWayAroundThePivot) {
  const KeyClassRule rule = three_way_classes(50, "parts");
  EXPECT_EQ(rule.classes, 3u);
  const KeyClassLookup l = rule.lookup();
  EXPECT_EQ(key_class(l, 49, 0), 0u);
  EXPECT_EQ(key_class(l, 50, 0), 1u);
  EXPECT_EQ(key_class(l, 51, 0), 2u);
}

TEST(KeyClass, RunsAndSegmentsArePlaces) {
  KeyClassLookup runs;
  runs.kind = KeyClassLookup::Kind::Runs;
  runs.run_keys = 7;
  EXPECT_EQ(key_class(runs, 999, 0), 0u);
  EXPECT_EQ(key_class(runs, 0, 6), 0u);
  EXPECT_EQ(key_class(runs, 0, 7), 1u);
  EXPECT_EQ(key_class(runs, 0, 70), 10u);
  const KeyClassRule segments = segment_classes({0, 3, 10, 11}, "segments");
  EXPECT_EQ(segments.classes, 4u);
  const KeyClassLookup seg = segments.lookup();
  const uint32_t want[] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3};
  for (uint64_t i = 0; i < std::size(want); ++i) EXPECT_EQ(key_class(seg, 12345, i), want[i]) << "position " << i;
}

TEST(KeyClass, HostTwinReadsEachWordAtItsPosition) {
  const std::vector<uint64_t> words64 = {0x13, 0x24, 0x3F, 0x40};
  const std::vector<uint32_t> words32 = {0x13, 0x24, 0x3F, 0x40};
  const KeyClassRule digit = digit_classes(4, 4);
  EXPECT_EQ(key_classes_host(words32.data(), 4, 4, digit.lookup()), (std::vector<uint32_t>{1, 2, 3, 4}));
  EXPECT_EQ(key_classes_host(words64.data(), 4, 8, digit.lookup()), (std::vector<uint32_t>{1, 2, 3, 4}));
  const KeyClassRule runs = run_classes(3, 4, "runs");
  EXPECT_EQ(key_classes_host(words32.data(), 4, 4, runs.lookup()), (std::vector<uint32_t>{0, 0, 0, 1}));
  EXPECT_EQ(runs.classes, 2u);
}

TEST(KeyClass, HeatMapCellsTakeTheClassOfTheirMiddle) {
  // Runs of 10 over 40 keys in 8 columns of 5 positions: the middles 2, 7, 12, ... decide.
  const KeyClassRule runs = run_classes(10, 40, "runs");
  EXPECT_EQ(heat_classes_kind(runs), HeatClasses::ByColumn);
  EXPECT_EQ(heat_column_classes(runs, 40, 8), (std::vector<uint32_t>{0, 0, 1, 1, 2, 2, 3, 3}));
  // Splitters 25, 50, 75 of keys 0..100 in 4 bins: the middles 12.5, 37.5, 62.5, 87.5.
  const DisplayRange range{0, 100};
  const KeyClassRule buckets = splitter_classes({25, 50, 75}, "buckets");
  EXPECT_EQ(heat_classes_kind(buckets), HeatClasses::ByBin);
  EXPECT_EQ(heat_bin_classes(buckets, KeyType::U32, range, 4), (std::vector<uint32_t>{0, 1, 2, 3}));
  // The pivot's own bin is its = part.
  const KeyClassRule parts = three_way_classes(50, "parts");
  EXPECT_EQ(heat_bin_classes(parts, KeyType::U32, range, 4), (std::vector<uint32_t>{0, 0, 1, 2}));
  // A digit is no property of a cell.
  EXPECT_EQ(heat_classes_kind(digit_classes(0, 4)), HeatClasses::None);
}

TEST(ColorBy, NamesRoundTripAndCycle) {
  for (ColorBy m : kColorByModes) EXPECT_EQ(parse_color_by(color_by_name(m)), m);
  EXPECT_FALSE(parse_color_by("colour"));
  EXPECT_FALSE(parse_color_by(""));
  EXPECT_EQ(next_color_by(ColorBy::Key), ColorBy::Digit);
  EXPECT_EQ(next_color_by(ColorBy::Run), ColorBy::Key);
  EXPECT_EQ(color_by_choices(), "key, digit, bucket, run");
}

TEST(ClassPalette, ColoursAreDistinctAndStandOutFromTheBackground) {
  // WCAG contrast of each class colour against the plot background: at least 3:1, as graphics need.
  auto luminance = [](float r, float g, float b) {
    auto lin = [](float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); };
    return 0.2126f * lin(r) + 0.7152f * lin(g) + 0.0722f * lin(b);
  };
  const auto& bg = palette::kPlotBackground;
  const float lb = luminance(bg[0], bg[1], bg[2]);
  std::set<uint32_t> seen;
  for (int c = 0; c < kClassColors; ++c) {
    const Rgb8 col = class_palette()[size_t(c)];
    seen.insert(uint32_t(col.r) << 16 | uint32_t(col.g) << 8 | col.b);
    const float l = luminance(col.r / 255.0f, col.g / 255.0f, col.b / 255.0f);
    EXPECT_GE((l + 0.05f) / (lb + 0.05f), 3.0f) << "class colour " << c;
  }
  EXPECT_EQ(seen.size(), size_t(kClassColors));
  EXPECT_EQ(class_color(kClassColors + 3).r, class_palette()[3].r);
}

// ---- the classes of the algorithms' timelines ----

ExplainResult explain(const std::string& algorithm, uint64_t n) {
  Scenario given;
  given.algorithm = algorithm;
  given.input.n = n;
  given.input.seed = 29;
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  ExplainResult r = runner.explain(runner.prepare(given, std::nullopt, /*for_explain=*/true));
  EXPECT_TRUE(r.verdict.ok()) << algorithm;
  return r;
}

// The classes of every key of the step's snapshot under rule c.
std::vector<uint32_t> classes_at(const Timeline& t, int step, const KeyColoring& c) {
  const std::vector<uint8_t> words = t.store->read_host(t.steps[size_t(step)].keys);
  return key_classes_host(words.data(), t.n, key_bytes(t.key_type), c.rule->lookup());
}

std::vector<uint64_t> words_at(const Timeline& t, int step) {
  const std::vector<uint8_t> bytes = t.store->read_host(t.steps[size_t(step)].keys);
  const int wb = key_bytes(t.key_type);
  std::vector<uint64_t> w(t.n);
  for (uint64_t i = 0; i < t.n; ++i) std::memcpy(&w[i], bytes.data() + i * size_t(wb), size_t(wb));
  return w;
}

// The first step that carries a T, or -1.
template <class T>
int first_step_with(const Timeline& t) {
  for (int s = 0; s < int(t.steps.size()); ++s)
    if (find_aux<T>(t.steps[size_t(s)].aux)) return s;
  return -1;
}

TEST(KeyColoring, RadixColoursByThePassDigitAndTheScatterGroupsIt) {
  for (const char* algo : {"radix", "radix-onesweep"}) {
    SCOPED_TRACE(algo);
    const ExplainResult r = explain(algo, 256);
    const Timeline& t = r.timeline;
    // The input: the first pass's digit, bits 0.. (found at the first step that has one).
    const KeyColoring first = key_coloring(t, 0, ColorBy::Digit);
    ASSERT_TRUE(first.rule);
    EXPECT_EQ(first.rule->kind, KeyClassLookup::Kind::Digit);
    EXPECT_EQ(first.rule->shift, 0u);
    EXPECT_TRUE(first.note.empty());
    EXPECT_GT(first.source_step, 0);
    int scatters = 0;
    for (int s = 1; s < int(t.steps.size()); ++s) {
      const DigitHistogram* h = find_aux<DigitHistogram>(t.steps[size_t(s)].aux);
      const KeyColoring c = key_coloring(t, s, ColorBy::Digit);
      ASSERT_TRUE(c.rule) << "step " << s;
      if (!h || h->rows_are == DigitHistogram::Rows::DigitPlaces) continue;
      EXPECT_EQ(c.rule->shift, h->digit_shift) << "step " << s;
      EXPECT_EQ(c.rule->bits, h->digit_bits) << "step " << s;
      EXPECT_EQ(c.rule->classes, uint64_t(1) << h->digit_bits);
      EXPECT_NE(c.rule->what.find("pass " + std::to_string(h->pass + 1)), std::string::npos) << c.rule->what;
      if (find_aux<ScatterMap>(t.steps[size_t(s)].aux)) {
        // After a pass's scatter the keys stand digit by digit: classes never fall.
        const std::vector<uint32_t> cls = classes_at(t, s, c);
        EXPECT_TRUE(std::is_sorted(cls.begin(), cls.end())) << "step " << s;
        ++scatters;
      }
    }
    EXPECT_GE(scatters, 2);
  }
}

TEST(KeyColoring, SplitRadixSplitsColourByTheirOwnPassDigit) {
  const ExplainResult r = explain("split-radix", 256);
  const Timeline& t = r.timeline;
  int splits = 0;
  for (int s = 0; s < int(t.steps.size()); ++s)
    if (const auto* b = find_aux<OneBitSplit>(t.steps[size_t(s)].aux)) {
      const KeyColoring c = key_coloring(t, s, ColorBy::Digit);
      ASSERT_TRUE(c.rule);
      // Not the previous pass's digit, which the step before (its scatter) carried.
      EXPECT_EQ(c.rule->shift, b->bit - b->split) << "step " << s;
      EXPECT_EQ(c.rule->bits, b->splits);
      ++splits;
    }
  EXPECT_GT(splits, 4);
}

TEST(KeyColoring, SampleSortBucketsByValueThenByPlaceAndTheyAgree) {
  const ExplainResult r = explain("sample-sort", 256);
  const Timeline& t = r.timeline;
  const KeyColoring input = key_coloring(t, 0, ColorBy::Bucket);
  ASSERT_TRUE(input.rule);
  EXPECT_EQ(input.rule->kind, KeyClassLookup::Kind::Splitters);
  const SampleSplitters* sp = find_aux<SampleSplitters>(t.steps[size_t(input.source_step)].aux);
  ASSERT_NE(sp, nullptr);
  EXPECT_EQ(input.rule->bounds, sp->splitters);
  EXPECT_EQ(input.rule->classes, sp->splitters.size() + 1);
  // The first scatter: buckets by place from then on, and every key sits in the bucket its value
  // gave it before.
  const int scatter = first_step_with<SampleBucketSizes>(t);
  ASSERT_GT(scatter, 0);
  const KeyColoring placed = key_coloring(t, scatter, ColorBy::Bucket);
  ASSERT_TRUE(placed.rule);
  EXPECT_EQ(placed.rule->kind, KeyClassLookup::Kind::Segments);
  EXPECT_EQ(classes_at(t, scatter, placed), classes_at(t, scatter, input));
  // A later pass's splitters cover its first bucket only: its steps keep the buckets by place.
  for (int s = scatter + 1; s < int(t.steps.size()); ++s) {
    const KeyColoring c = key_coloring(t, s, ColorBy::Bucket);
    ASSERT_TRUE(c.rule) << "step " << s;
    EXPECT_EQ(c.rule->kind, KeyClassLookup::Kind::Segments) << "step " << s;
  }
  // Level 2, the last step: the final buckets, each a stretch of the sorted array.
  const int last = int(t.steps.size()) - 1;
  ASSERT_NE(find_aux<SampleRecursionTree>(t.steps[size_t(last)].aux), nullptr);
  const KeyColoring final_buckets = key_coloring(t, last, ColorBy::Bucket);
  ASSERT_TRUE(final_buckets.rule);
  EXPECT_EQ(final_buckets.source_step, last);
  EXPECT_GT(final_buckets.rule->classes, placed.rule->classes);
  const std::vector<uint32_t> cls = classes_at(t, last, final_buckets);
  EXPECT_TRUE(std::is_sorted(cls.begin(), cls.end()));
  EXPECT_EQ(uint64_t(cls.back()) + 1, final_buckets.rule->classes);
}

TEST(KeyColoring, QuicksortPartsAroundThePivot) {
  const ExplainResult r = explain("quicksort", 256);
  const Timeline& t = r.timeline;
  const KeyColoring c = key_coloring(t, 1, ColorBy::Bucket);
  ASSERT_TRUE(c.rule);
  EXPECT_EQ(c.rule->kind, KeyClassLookup::Kind::ThreeWay);
  EXPECT_EQ(c.rule->labels, (std::vector<std::string>{"<", "=", ">"}));
  // After the first pass's scatter: < first, then =, then >.
  const int scatter = first_step_with<SampleBucketSizes>(t);
  ASSERT_GT(scatter, 0);
  const std::vector<uint32_t> by_pivot = classes_at(t, scatter, c);
  EXPECT_TRUE(std::is_sorted(by_pivot.begin(), by_pivot.end()));
  EXPECT_EQ(classes_at(t, scatter, key_coloring(t, scatter, ColorBy::Bucket)).back(), 2u);
}

TEST(KeyColoring, MergeSortsColourBySortedRunsAndEveryRunIsSorted) {
  for (const char* algo : {"merge", "multiway-merge", "network-merge", "binary-search-merge"}) {
    SCOPED_TRACE(algo);
    const ExplainResult r = explain(algo, 4096);
    const Timeline& t = r.timeline;
    int sorted_steps = 0;
    for (int s = 0; s < int(t.steps.size()); ++s) {
      const KeyColoring c = key_coloring(t, s, ColorBy::Run);
      ASSERT_TRUE(c.rule) << "step " << s;
      EXPECT_EQ(c.rule->kind, KeyClassLookup::Kind::Runs);
      const SortedRuns* runs = find_aux<SortedRuns>(t.steps[size_t(s)].aux);
      if (!runs) continue;
      EXPECT_EQ(c.rule->run_keys, runs->run_keys) << "step " << s;
      if (!runs->sorted) continue;
      const std::vector<uint64_t> w = words_at(t, s);
      for (uint64_t i = 1; i < t.n; ++i)
        if (i % runs->run_keys != 0) ASSERT_LE(w[i - 1], w[i]) << "step " << s << ": run " << i / runs->run_keys << " unsorted";
      ++sorted_steps;
    }
    EXPECT_GE(sorted_steps, 2);
    // The sorted array is one run.
    const KeyColoring end = key_coloring(t, int(t.steps.size()) - 1, ColorBy::Run);
    EXPECT_EQ(end.rule->classes, 1u) << end.rule->what;
  }
}

TEST(KeyColoring, NetworksColourByTheBlocksTheirStageMerges) {
  const ExplainResult bitonic = explain("bitonic", 256);
  for (int s = 1; s < int(bitonic.timeline.steps.size()); ++s) {
    const ComparatorStage* st = find_aux<ComparatorStage>(bitonic.timeline.steps[size_t(s)].aux);
    ASSERT_NE(st, nullptr);
    const KeyColoring c = key_coloring(bitonic.timeline, s, ColorBy::Run);
    ASSERT_TRUE(c.rule);
    EXPECT_EQ(c.rule->run_keys, st->merge_size) << "step " << s;
  }
  const ExplainResult odd_even = explain("odd-even-merge", 256);
  const Timeline& t = odd_even.timeline;
  const OddEvenStage* last = find_aux<OddEvenStage>(t.steps.back().aux);
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(key_coloring(t, int(t.steps.size()) - 1, ColorBy::Run).rule->run_keys, 2 * last->p);
  // The input: the first layer's blocks, said to be those of a later step.
  const KeyColoring input = key_coloring(t, 0, ColorBy::Run);
  ASSERT_TRUE(input.rule);
  EXPECT_NE(input.rule->what.find("after step 1"), std::string::npos) << input.rule->what;
}

TEST(KeyColoring, DistributedSortsColourByRank) {
  const ExplainResult r = explain("distributed-sample-sort", 256);
  const Timeline& t = r.timeline;
  for (int s = 0; s < int(t.steps.size()); ++s) {
    const KeyColoring c = key_coloring(t, s, ColorBy::Bucket);
    ASSERT_TRUE(c.rule) << "step " << s;
    EXPECT_EQ(c.rule->kind, KeyClassLookup::Kind::Segments);
    EXPECT_EQ(c.rule->classes, find_aux<DistributedSnapshot>(t.steps[size_t(s)].aux)->info.ranks);
  }
  // After the exchange every rank holds a range of values: the ranks' keys are in order of rank.
  const int last = int(t.steps.size()) - 1;
  const std::vector<uint32_t> rank = classes_at(t, last, key_coloring(t, last, ColorBy::Bucket));
  EXPECT_TRUE(std::is_sorted(rank.begin(), rank.end()));
}

TEST(KeyColoring, ModesWithoutClassesFallBackToKeyAndSaySo) {
  const ExplainResult radix = explain("radix", 256), bitonic = explain("bitonic", 256);
  struct Case {
    const Timeline* t;
    ColorBy mode;
  } cases[] = {{&radix.timeline, ColorBy::Run}, {&radix.timeline, ColorBy::Bucket}, {&bitonic.timeline, ColorBy::Digit},
               {&bitonic.timeline, ColorBy::Bucket}};
  for (const Case& k : cases)
    for (int s : {0, 3}) {
      const KeyColoring c = key_coloring(*k.t, s, k.mode);
      EXPECT_FALSE(c.rule) << color_by_name(k.mode);
      EXPECT_EQ(c.note, no_classes_note(k.mode));
      EXPECT_EQ(c.note.rfind(color_by_name(k.mode), 0), 0u) << c.note;  // starts with the mode
      EXPECT_NE(c.note.find("colouring by key"), std::string::npos) << c.note;
    }
  EXPECT_EQ(no_classes_note(ColorBy::Digit), "digit: no radix pass here, colouring by key");
  // Colouring by key is no fallback: no classes, nothing to say.
  const KeyColoring key = key_coloring(radix.timeline, 3, ColorBy::Key);
  EXPECT_FALSE(key.rule);
  EXPECT_TRUE(key.note.empty());
  EXPECT_TRUE(heat_map_classes_note(ColorBy::Key).empty());
  EXPECT_NE(heat_map_classes_note(ColorBy::Run).find("heat map colours by key"), std::string::npos);
}

TEST(KeyColoring, RegistryRefusesKeyClassesOfATypeTwice) {
  ViewRegistry r;
  auto rule = +[](ColorBy, const SortedRuns&, const KeyClassSite&) -> std::optional<KeyClassRule> { return std::nullopt; };
  r.add_key_classes<SortedRuns>(rule);
  EXPECT_THROW(r.add_key_classes<SortedRuns>(rule), std::logic_error);
  EXPECT_FALSE(r.key_classes(ColorBy::Run, AuxData(SortedRuns{4}), KeyClassSite{16, false}));
  EXPECT_FALSE(r.key_classes(ColorBy::Run, AuxData(BlockOwnership{4}), KeyClassSite{16, false}));
}

// ---- pixels ----

Rgb rgb_of(Rgb8 c) { return {c.r, c.g, c.b}; }

// 16 keys whose low two bits (the digit of a pass over bits 0..1) run 0, 1, 2, 3, ..., and whose
// runs of 4 are sorted: each bar's bottom pixel must be the colour of its class.
TEST(ArrayViewClasses, BarsTakeTheColourOfTheirClass) {
  headless_or_skip();
  const int n = 16;
  std::vector<uint32_t> keys(n);
  for (int i = 0; i < n; ++i) keys[size_t(i)] = uint32_t(1000 + 40 * (i % 4) + 4 * (i / 4) + (i % 4));
  const DigitHistogram h = digit_place_histogram(0, 2);
  Timeline t = host_timeline(n, n, {keys, keys}, display_range_host(keys.data(), n, KeyType::U32), uint64_t(1) << 30,
                             {{}, {AuxData(h), AuxData(SortedRuns{4})}});
  ArrayView view;
  const int W = 320, H = 200;
  struct Case {
    ColorBy mode;
    int (*cls)(int);
  } cases[] = {{ColorBy::Digit, [](int i) { return i % 4; }}, {ColorBy::Run, [](int i) { return i / 4; }}};
  for (const Case& c : cases) {
    SCOPED_TRACE(color_by_name(c.mode));
    view.options().color_by = c.mode;
    const Image img = draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
    EXPECT_EQ(view.info().mode, ArrayMode::Bars);
    EXPECT_EQ(view.info().class_fill, ArrayViewInfo::Fill::Upload);
    EXPECT_FALSE(view.info().classes.what.empty());
    EXPECT_EQ(view.info().classes.classes, 4u);
    EXPECT_TRUE(view.info().classes.note.empty());
    std::set<std::string> colours;
    for (int i = 0; i < n; ++i) {
      const Rgb got = img.at(i * (W / n) + 8, H - 1);  // 20 px a bar, its gap at the right
      const Rgb want = rgb_of(class_color(uint64_t(c.cls(i))));
      EXPECT_TRUE(near(got, want, 2)) << "bar " << i << " " << str(got) << " want " << str(want);
      colours.insert(str(got));
    }
    EXPECT_EQ(colours.size(), 4u);  // four classes, four colours
    // Drawn again: nothing is filled again.
    draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
    EXPECT_EQ(view.info().class_fill, ArrayViewInfo::Fill::Cached);
  }
  // A mode the timeline has no classes for: the keys keep their value's colour, the legend the note.
  view.options().color_by = ColorBy::Bucket;
  const Image img = draw_view(view, t, 1, W, H, {0, 0, float(W), float(H)});
  EXPECT_TRUE(view.info().classes.what.empty());
  EXPECT_EQ(view.info().classes.note, no_classes_note(ColorBy::Bucket));
  const float f = display_fraction(KeyType::U32, keys[5], t.range);
  EXPECT_TRUE(near(img.at(5 * (W / n) + 8, H - 1), test::rgb_of(colormap(f)), 3));
}

// A heat map coloured by run: the cells of each run's columns in that run's colour (their
// brightness still the count's), a digit said to be the heat map's to decide.
TEST(ArrayViewClasses, HeatMapColumnsTakeTheirRunsColour) {
  headless_or_skip();
  const int n = 4096;
  std::vector<uint32_t> keys(n);
  for (int i = 0; i < n; ++i) keys[size_t(i)] = uint32_t(7 * (i % 1024) + 3);  // four sorted runs of 1024
  const DigitHistogram h = digit_place_histogram(0, 4);
  Timeline t = host_timeline(n, n, {keys}, display_range_host(keys.data(), n, KeyType::U32), uint64_t(1) << 30,
                             {{AuxData(SortedRuns{1024}), AuxData(h)}});
  ArrayView view;
  view.options().mode = ArrayMode::Heatmap;
  view.options().color_by = ColorBy::Run;
  const int W = 400, H = 200;
  const Image img = draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  ASSERT_EQ(view.info().mode, ArrayMode::Heatmap);
  EXPECT_EQ(view.info().classes.what, "sorted runs of 1024 keys");
  EXPECT_TRUE(view.info().classes.note.empty());
  const Rgb bg = test::rgb_of(palette::kPlotBackground);
  for (int run = 0; run < 4; ++run) {
    // The brightest pixel of the run's columns (inner ones), against the background: the direction
    // of its colour is the class colour's (the cell mixes the two by its brightness).
    int best = -1;
    Rgb got{};
    for (int x = run * W / 4 + 4; x < (run + 1) * W / 4 - 4; ++x)
      for (int y = 0; y < H; ++y) {
        const Rgb p = img.at(x, y);
        if (p.r + p.g + p.b > best) best = p.r + p.g + p.b, got = p;
      }
    const Rgb want = rgb_of(class_color(uint64_t(run)));
    const double d[3] = {double(got.r - bg.r), double(got.g - bg.g), double(got.b - bg.b)};
    const double c[3] = {double(want.r - bg.r), double(want.g - bg.g), double(want.b - bg.b)};
    const double dot = d[0] * c[0] + d[1] * c[1] + d[2] * c[2];
    const double cosine = dot / std::sqrt((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) * (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]));
    EXPECT_GT(cosine, 0.99) << "run " << run << ": " << str(got) << " is not a shade of " << str(want);
  }
  // Digits: the heat map cannot show them, and says so.
  view.options().color_by = ColorBy::Digit;
  draw_view(view, t, 0, W, H, {0, 0, float(W), float(H)});
  EXPECT_TRUE(view.info().classes.what.empty());
  EXPECT_EQ(view.info().classes.note, heat_map_classes_note(ColorBy::Digit));
}

// A whole frame of the radix model at 256 keys: the legend names the digit, and the bars in the
// frame carry the class colours of the snapshot's keys.
TEST(ArrayViewClasses, RadixFrameColoursEveryKeyByItsDigit) {
  headless_or_skip();
  const ExplainResult r = explain("radix", 256);
  const Timeline& t = r.timeline;
  FrameStyle style;
  style.samples = 1;
  style.array.color_by = ColorBy::Digit;
  FrameRenderer frames(t, *find_algorithm("radix"), style);
  const int step = 6;  // pass 2's scatter: the keys grouped by bits 4..7
  const int W = 1280, H = 720;
  const Image img{W, H, frames.render_rgba(step, W, H)};
  EXPECT_NE(frames.array_info().classes.what.find("bits 4..7"), std::string::npos) << frames.array_info().classes.what;
  const KeyColoring c = key_coloring(t, step, ColorBy::Digit);
  const std::vector<uint32_t> cls = classes_at(t, step, c);
  const ArrayViewLayout& l = frames.array_layout();
  int matched = 0;
  std::set<std::string> colours;
  for (uint64_t i = 0; i < t.n; ++i) {
    const int x = int(l.plot.x + (float(i) + 0.5f) * l.key_px);
    const Rgb got = img.at(x, int(l.plot.bottom()) - 1);
    matched += near(got, rgb_of(class_color(cls[i])), 3);
    colours.insert(str(got));
  }
  EXPECT_EQ(matched, int(t.n));
  EXPECT_EQ(colours.size(), size_t(kClassColors));
}

// The shipped lessons' coloured slides (sample sort by bucket, radix by digit, merges by run) drawn
// in their mode whatever the order they are shown in and whatever was drawn before: one array view
// draws every slide forwards, then backwards, each slide's timeline explained afresh and the one
// before it freed (so a new timeline may take the freed one's address, which the view's caches key
// on); every drawing has the slide's classes and equals a fresh view's. A colour mode kept from an
// earlier slide's timeline (the sample-sort lesson once drew slides 2-8 by key) fails here.
TEST(ArrayViewClasses, LessonSlidesDrawInTheirModeInAnyOrder) {
  headless_or_skip();
  for (const char* name : {"sample-sort", "radix-digit-by-digit", "quicksort"}) {
    SCOPED_TRACE(name);
    const Lesson lesson = read_lesson(std::string(SORTSCOPE_LESSON_DIR) + "/" + name + ".json", "");
    std::vector<size_t> order;
    for (size_t i = 0; i < lesson.slides.size(); ++i)
      if (lesson.slides[i].scenario && !lesson.slides[i].scenario->records) order.push_back(i);
    for (size_t i = order.size(); i-- > 0;) order.push_back(order[i]);
    ArrayView shared;
    const int W = 480, H = 240;
    const Rect r{0, 0, float(W), float(H)};
    for (size_t i : order) {
      const LessonSlide& sl = lesson.slides[i];
      SCOPED_TRACE(sl.title);
      RunnerOptions ro;
      ro.force_cpu = true;
      Runner runner(ro);
      const auto run = std::make_unique<ExplainResult>(runner.explain(runner.prepare(*sl.scenario, std::nullopt, true)));
      const Timeline& t = run->timeline;
      const int step = sl.step == kLastStep ? int(t.steps.size()) - 1 : std::min(sl.step, int(t.steps.size()) - 1);
      const ColorBy mode = slide_color_by(sl, std::nullopt, ColorBy::Key);
      shared.options().color_by = mode;
      const Image got = draw_view(shared, t, step, W, H, r);
      if (mode != ColorBy::Key) EXPECT_FALSE(shared.info().classes.what.empty()) << shared.info().classes.note;
      ArrayView fresh;
      fresh.options().color_by = mode;
      const Image want = draw_view(fresh, t, step, W, H, r);
      EXPECT_EQ(shared.info().classes.what, fresh.info().classes.what);
      EXPECT_EQ(differing_pixels(got, want, r), 0);
    }
  }
}

}  // namespace
}  // namespace sortscope::test
