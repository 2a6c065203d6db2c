#include "sample_plan.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "sample_bucket_spread.h"
#include "sample_perf_model.h"

namespace sortscope {
namespace {

ParamSpec spec(const char* name, int def, int lo, int hi, bool pow2, const char* help) {
  ParamSpec p;
  p.name = name;
  p.default_value = def;
  p.min = lo;
  p.max = hi;
  p.power_of_two = pow2;
  p.help = help;
  return p;
}

// Level-1 and level-2 knobs both engines share. Sample sort's threads may be `auto`
// (sample_auto_level1); quicksort's are 256 unless given.
void add_common(std::vector<ParamSpec>& s, bool auto_threads) {
  s.push_back(spec("bucket_max", 1 << 18, 16, 1 << 24, true,
                   "M: buckets larger than this get another distribution pass (thesis: 2^18)"));
  if (auto_threads)
    s.push_back(ParamSpec::list("threads", kSampleThreads, true, kParamAuto,
                                "threads per block of the count and scatter kernels; auto: 512 from 2^24 keys, 256 below "
                                "(measured, docs/performance-history.md)"));
  else
    s.push_back(spec("threads", 256, 64, 1024, true, "threads per block of the count and scatter kernels"));
  s.push_back(spec("keys_per_thread", 8, 4, 16, true,
                   "keys a thread loads and descends at once per round of the count and scatter kernels (4, 8, 16)"));
  s.push_back(spec("blocks", 1024, 1, 65536, false,
                   "p: thread blocks a distribution pass aims at, spread over its buckets by size"));
  s.push_back(spec("base", 2048, 16, int(kSampleMaxBase), true,
                   "odd-even merge sort in shared memory for buckets of at most this many keys"));
}

int value(const ParamValues& params, const char* name, const std::vector<ParamSpec>& specs) {
  auto it = params.find(name);
  if (it != params.end()) return it->second;
  for (const auto& s : specs)
    if (s.name == name) return s.default_value;
  throw std::logic_error(std::string("sample sort: no parameter ") + name);
}

}  // namespace

const std::vector<ParamSpec>& sample_sort_params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s;
    s.push_back(ParamSpec::enumeration(
        "version", {{int(SampleVersion::Original), "original"}, {int(SampleVersion::Revised), "revised"}},
        int(SampleVersion::Revised),
        "original: level 2 is block quicksort; revised (§6.3.2): block sample sort (k = 32, a = 6) first"));
    s.push_back(ParamSpec::enumeration(
        "level2",
        {{int(SampleLevel2::Thesis), "thesis"}, {int(SampleLevel2::Radix), "radix"}, {int(SampleLevel2::Rank), "rank"}},
        int(SampleLevel2::Rank),
        "thesis: level 2 as `version` says; radix: buckets of at most 8192 keys sorted by one block-wide radix "
        "sort in shared memory, larger ones as `version` says; rank: such buckets cut into sub-buckets of about "
        "16 keys by their top bits, each rank-sorted (radix where values bunch)"));
    s.push_back(ParamSpec::enumeration(
        "scatter", {{int(SampleScatter::Direct), "direct"}, {int(SampleScatter::Local), "local"}},
        int(SampleScatter::Local),
        "direct: each key to its slot by a shared atomic (the thesis); local: a round's keys ordered by bucket in "
        "shared memory first, then written in runs"));
    s.push_back(ParamSpec::enumeration(
        "descent", {{kParamAuto, "auto"}, {int(SampleDescent::Full), "full"}, {int(SampleDescent::Half), "half"}},
        kParamAuto,
        "count and scatter: full: Alg. 6's descent over whole keys; half: 64-bit keys descend over the "
        "splitters' high 32-bit words (where those are distinct) and one full compare fixes ties"));
    s.push_back(ParamSpec::enumeration(
        "rank",
        {{kParamAuto, "auto"},
         {int(SampleRank::Match), "match"},
         {int(SampleRank::Atomic), "atomic"},
         {int(SampleRank::Uniform), "uniform"}},
        kParamAuto,
        "local scatter: a key's rank among its round's keys of its bucket by warp-aggregated atomics "
        "(match), one shared atomic a key (atomic), or atomic with one atomic for a warp whose keys share "
        "a bucket (uniform)"));
    s.push_back(ParamSpec::enumeration(
        "value_load",
        {{kParamAuto, "auto"}, {int(SampleValueLoad::Late), "late"}, {int(SampleValueLoad::Early), "early"}},
        kParamAuto,
        "local scatter with values: load a round's values right before staging them (late) or with the "
        "keys, before the descent (early)"));
    s.push_back(ParamSpec::enumeration(
        "rounds", {{kParamAuto, "auto"}, {int(SampleRounds::Checked), "checked"}, {int(SampleRounds::Split), "split"}},
        kParamAuto,
        "count and scatter: every key bounds-checked (checked) or full rounds without checks (split)"));
    std::vector<int> ks;
    for (uint32_t k = 2; k <= kSampleMaxK; k *= 2) ks.push_back(int(k));
    s.push_back(ParamSpec::list("k", ks, true, kParamAuto,
                                "buckets per distribution pass; the search tree has log2 k levels (thesis: 128); "
                                "auto: by n, so that the last pass leaves buckets of about half a block (two passes of at most 256; "
                                "where two of 256 would leave 1/16 of the keys above a block, from about 2^29 x 1.1, "
                                "three passes, 64 at 2^30 and 2^31, with level 3 unless levels = 2)"));
    s.push_back(ParamSpec::enumeration(
        "pass_k", {{kParamAuto, "auto"}, {int(SamplePassK::ByN), "by-n"}, {int(SamplePassK::BySize), "by-size"}},
        kParamAuto,
        "with k = auto: one k for every distribution pass, chosen by n (by-n), or each pass's own k from the "
        "sizes of the buckets it cuts, so that the passes end at about half a block (by-size); auto: by-n"));
    s.push_back(ParamSpec::list(
        "levels", {2, 3}, true, kParamAuto,
        "2: distribution passes while a bucket exceeds M, then level 2 (the thesis); 3: then every bucket still "
        "above level3_above keys is distributed again with a k of its own; auto: 3 where the model expects at "
        "least 1/16 of the keys in such buckets, and with k auto's three passes (from about 2^29 x 1.1 keys)"));
    std::vector<int> aboves;
    for (int a = 16; a <= int(kSampleRankBlockMax); a *= 2) aboves.push_back(a);
    s.push_back(ParamSpec::list("level3_above", aboves, true, kParamAuto,
                                "levels = 3: buckets above this many keys after level 1 are distributed again; "
                                "auto: what level 2 sorts by one block (16384 with level2 = rank, 8192 with radix)"));
    s.push_back(spec("oversampling", 16, 1, 64, false, "a: the sample holds a * k keys (a * k <= 4096)"));
    s.push_back(spec("count_replicas", 8, 1, 16, true, "shared counters per bucket in the count kernel (§6.3.3: 8)"));
    s.push_back(spec("scatter_replicas", 4, 1, 16, true,
                     "shared counters per bucket in the scatter kernel (§6.3.3: 4); divides count_replicas"));
    add_common(s, true);
    s.push_back(spec("quicksort_threshold", 12000, 64, 1 << 24, false,
                     "revised: buckets at or above this size are split by block sample sort (§6.3.2: 12,000)"));
    return s;
  }();
  return specs;
}

const std::vector<ParamSpec>& quicksort_params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s;
    s.push_back(spec("oversampling", 16, 1, 64, false,
                     "a: a global partition's pivot is the median of 2a sampled keys"));
    add_common(s, false);
    return s;
  }();
  return specs;
}

ParamValues sample_teaching_params(SampleEngine engine, uint64_t n, const ParamValues& given) {
  // As run, M is at least 2^14 (make_sample_plan), so the defaults put a lecture's few thousand
  // keys in one bucket and sort it in one step. M = n / 16 (sample sort: every first-level bucket
  // of about n / k keys takes a second distribution pass, the recursion of Alg. 5) or n / 4
  // (quicksort: two levels of global pivot partitions, App. C), and base = 16 so that quicksort's
  // level 2 partitions in the block before its odd-even base case. Sample sort takes k = 8 (a
  // search tree of three levels, Alg. 6, that one can read) from a sample of a * k = 32 keys.
  // A block's round is 64 threads x 4 keys (the defaults' 256 x 8 = 2048 keys would put a lecture's
  // 1024 keys in one block): the count table then has a row per block (4 at 1024 keys, 16 at 4096)
  // and the bucket-major scan of §6.3 (Alg. 5, steps 2-3) shows each block's place in each bucket.
  const uint64_t share = engine == SampleEngine::SampleSort ? 16 : 4;
  int bucket_max = 16;
  while (uint64_t(bucket_max) * share < n && bucket_max < (1 << 24)) bucket_max *= 2;
  while (bucket_max < param_or(given, "base", 0) && bucket_max < (1 << 24)) bucket_max *= 2;
  ParamValues v = {{"bucket_max", bucket_max}, {"base", 16}, {"threads", 64}, {"keys_per_thread", 4}};
  if (engine == SampleEngine::SampleSort) {
    v["k"] = 8;
    v["oversampling"] = 4;
  }
  return v;
}

uint32_t sample_auto_k(uint64_t n, SampleLevel2 level2, int levels) {
  // The passes should end with buckets of about half of what level 2 sorts by one block, and not
  // far below it: a second pass with a large k over buckets that are only a little above M leaves
  // tens of thousands of tiny buckets, and level 2 then pays per bucket, not per key. With the block
  // radix sort (up to 8192 keys) that is 2^12, measured on an H100 (docs/performance-history.md, u32 and u64
  // alike): 2^20 best with k = 256 (one pass), 2^22 with 32, 2^24 with 64, 2^26 with 128, 2^28 with
  // 256 (two passes), i.e. k = 2^ceil((log2 n - 12) / 2); at 2^24 u64 k = 256 took 14.1 ms, k = 64
  // 1.95 ms. With the rank sort (up to 16,384 keys) 2^13: on an H200, u64 keys, 2^25 ran 0.81x
  // cub-radix with k = 64 against 0.58x with 128, and 2^27 0.86x with k = 128 against 0.51x with 256.
  const int target = level2 == SampleLevel2::Rank ? 13 : 12;
  if (n <= (uint64_t(1) << (8 + target))) return kSampleMaxK;
  int log_n = 0;
  while ((uint64_t(1) << log_n) < n) ++log_n;
  const int log_k = (log_n - target + 1) / 2;
  if (log_k <= kSampleMaxLogK) return uint32_t(1) << log_k;
  // With level 3, two passes of kSampleMaxK and a third over only the buckets they leave above a
  // block, with a k of its own (sample_level3_k): at 2^30 that pass reads and writes about half of the
  // keys, where a third pass of k = 64 moves all of them (README.md, "Level 3").
  if (levels == 3) return kSampleMaxK;
  // Two passes of kSampleMaxK no longer reach the target (above 2^29 with the rank sort): their
  // buckets of 2^14 and more fall to level 2's slow path. Three passes of 2^ceil((log2 n - target) / 3)
  // end near the target again (the thesis's answer, §6.3.2: more levels as n grows). Measured on an
  // H100, u64 keys, against the same-run cub-radix (docs/performance-history.md, session 11): 2^30 0.579x with
  // k = 256 -> 0.650x with k = 64, 2^31 0.476x -> 0.848x.
  const int log_k3 = (log_n - target + 2) / 3;
  return uint32_t(1) << std::min(log_k3, kSampleMaxLogK);
}

bool sample_large_n_wants_three_passes(const SamplePlan& plan) {
  if (plan.engine != SampleEngine::SampleSort || plan.level3_above == 0) return false;
  if (sample_auto_k(plan.n, plan.level2, 2) == sample_auto_k(plan.n, plan.level2, 3)) return false;  // two passes reach
  SamplePlan two = plan;
  two.k = kSampleMaxK;
  return sample_level3_estimate(two).share >= kSampleLevel3Share;
}

void sample_auto_k_and_levels(SamplePlan& p, int k, int levels) {
  if (k != kParamAuto) {
    p.k = uint32_t(k);
  } else if (levels == 2) {
    p.k = sample_auto_k(p.n, p.level2, 2);
  } else if (sample_large_n_wants_three_passes(p)) {
    // Two passes of kSampleMaxK leave too many keys above a block (at 2^30 about 57 %, and those
    // take a level-3 pass of their own, largely in buckets of 16K-32K keys cut 4 ways); three passes of
    // a smaller k write longer runs per bucket in every scatter (round / k keys: 64 at k = 64 against 16
    // at 256, README.md "Where the time goes"), and level 3 takes the buckets the second pass leaves
    // between a block and M (about 43 % of the keys at 2^30, their third pass) and the few the third
    // leaves above a block. Measured (H200, u64 keys, against cub-radix in the same run): 2^30 0.986x
    // against 0.827x (two passes of 256, level 3) and 0.673x (three passes of 64, two levels); 2^31
    // 1.013x against 0.843x and 0.941x. Level 3 is part of the rule, not left to the estimate (which
    // expects about 10 % of the keys above a block at 2^31 and 43 % at 2^30).
    p.k = sample_auto_k(p.n, p.level2, 2);
    p.levels = 3;
    return;
  } else {
    p.k = sample_auto_k(p.n, p.level2, 3);
  }
  p.levels = levels != kParamAuto ? levels : sample_level3_estimate(p).share >= kSampleLevel3Share ? 3 : 2;
}

uint64_t sample_bucket_max_as_run(uint64_t bucket_max, uint64_t n) {
  // At most n / 1024 (but not below 2^14), so that level 2 has about a thousand buckets or more to
  // spread over the SMs. Measured on an H200 at 2^24 u64 keys: M = 2^14 took 5.3 ms, M = 2^18 11.4 ms
  // (docs/performance-history.md); the released code clamps M the same way, to
  // max(2^14, min(2^18, n / (2 sqrt k))).
  uint64_t per_thousand = uint64_t(1) << 14;
  while (per_thousand * 2 * 1024 <= n) per_thousand *= 2;
  return std::min(bucket_max, per_thousand);
}

uint32_t sample_expected_passes(uint64_t n, uint32_t k, uint64_t bucket_max) {
  uint32_t passes = 0;
  for (double size = double(n); size > double(bucket_max) && k >= 2; size /= double(k)) ++passes;
  return passes;
}

uint64_t sample_auto_level3_above(SampleLevel2 level2) { return sample_level2_block_max(level2); }

uint32_t sample_most_k(const SamplePlan& plan) {
  uint32_t most = kSampleMaxK;
  while (most > 2 && (uint64_t(most) * plan.oversampling > kSampleMaxSample ||
                      uint64_t(most) * plan.count_replicas > kSampleMaxCounters))
    most /= 2;
  return most;
}

uint32_t sample_level3_k(const SamplePlan& plan, uint64_t size) {
  const uint64_t target = std::max<uint64_t>(1, plan.level3_above / 2);
  const uint32_t most = sample_most_k(plan);
  uint32_t k = 2;
  while (k < most && (size + k - 1) / k > target) k *= 2;
  return k;
}

uint32_t sample_pass_k_by_size(const SamplePlan& plan, double size) {
  const uint64_t block = plan.digits() || plan.level3_above == 0 ? plan.bucket_max
                                                                  : std::min(plan.bucket_max, plan.level3_above);
  // A splitter pass's buckets spread by about 1/sqrt(a) around their mean (sample_bucket_spread.h), so a
  // bucket that much above 2^j ends counts as 2^j ends: without it the buckets of one pass straddle the
  // boundary and half of them take a smaller k and one more pass (sample sort at 2^29 by size took
  // two passes of 256 for the buckets below 2^21 keys and 32, then a third pass, for those above).
  const double end = plan.digits() ? double(block) * 7 / 8
                                   : double(block) / 2 * (1 + 1 / std::sqrt(double(std::max<uint32_t>(1, plan.oversampling))));
  const int most = sample_log_k(sample_most_k(plan));
  int bits = 1;  // ceil(log2(size / end)), at least one
  while (bits < 64 && std::ldexp(end, bits) < size) ++bits;
  const int passes = (bits + most - 1) / most;
  return 1u << std::min(most, (bits + passes - 1) / passes);
}

uint32_t sample_level1_pass_k(const SamplePlan& plan, uint32_t pass, double mean) {
  return plan.k_by_size && pass > 0 ? sample_pass_k_by_size(plan, mean) : plan.k;
}

namespace {
// The oversampling whose spread a pass's buckets of `mean` keys have: the plan's for splitters; for
// digits, which cut uniform keys into buckets spread like Binomial(n, 1/k), about 1/sqrt(mean) around
// their mean: the spread of a sample of `mean` keys a bucket (sample_bucket_spread.h).
uint32_t spread_oversampling(const SamplePlan& p, double mean) {
  return p.digits() ? uint32_t(std::clamp(mean, 1.0, double(1 << 24))) : p.oversampling;
}

// The share of the keys (0..1) that end level 1 in buckets of more than `size` keys (at most M). A
// key stops after the first pass that leaves its bucket at or below M; with k of 32 or more and
// M = 2^18, a bucket above a block after pass P came from one above M after pass P - 1 (M / k is below
// a block), so the share is the sum over P of the keys whose bucket after P passes lies in (size, M]
// (sample_bucket_spread.h; P = 0: the input itself), at most the share that took pass P. Where n / M
// is near a power of k both the expected pass count and the one after it contribute: at 2^30 with
// k = 64 the second pass leaves buckets of 2^18 on average, about 43 % of the keys at or below M
// (level 3's) and the rest for a third level-1 pass.
double level1_share_between(const SamplePlan& p, double size) {
  double share = 0, mean = double(p.n), took = 1;  // took: the share above M before this pass (read by it)
  for (uint32_t pass = 0; mean >= 1 && took > 0 && pass < 64;
       mean /= double(std::max<uint32_t>(2, sample_level1_pass_k(p, pass, mean))), ++pass) {
    const uint32_t a = spread_oversampling(p, mean);
    const double above_m = sample_share_above(mean, pass, a, double(p.bucket_max));
    // No more keys can end a pass than took it (the bound matters only for small k, where M / k is
    // not below a block).
    share += std::clamp(sample_share_above(mean, pass, a, size) - above_m, 0.0, took);
    took = above_m;
  }
  return share;
}
}  // namespace

std::vector<double> sample_level1_pass_shares(const SamplePlan& p) {
  std::vector<double> shares;
  double mean = double(p.n);
  for (uint32_t pass = 0; mean >= 1 && pass < 64;
       mean /= double(std::max<uint32_t>(2, sample_level1_pass_k(p, pass, mean))), ++pass) {
    const double share = sample_share_above(mean, pass, spread_oversampling(p, mean), double(p.bucket_max));
    if (share * double(p.n) / double(p.bucket_max) < 0.5) break;  // not even half a bucket above M
    shares.push_back(share);
  }
  return shares;
}

Level3Estimate sample_level3_estimate(const SamplePlan& p) {
  Level3Estimate e;
  if (p.engine != SampleEngine::SampleSort || p.level3_above == 0 || p.bucket_max <= p.level3_above) return e;
  const auto above = [&](uint64_t size) { return level1_share_between(p, double(size)); };
  // Keys above M take another level-1 pass: only those between level3_above and M are level 3's, in
  // classes by the k that sample_level3_k gives: sizes in (target k / 2, target k] take k, and the
  // largest k allowed takes everything above.
  const uint64_t target = std::max<uint64_t>(1, p.level3_above / 2);
  for (uint64_t low = p.level3_above; low < p.bucket_max;) {
    const uint32_t k = sample_level3_k(p, low + 1);
    const uint64_t high = sample_level3_k(p, target * k + 1) == k ? p.bucket_max : std::min(p.bucket_max, target * k);
    const double share = std::max(0.0, above(low) - above(high));
    const double buckets = share * double(p.n) / (0.5 * double(low + high));
    e.share += share;
    if (buckets >= 0.5) e.classes.push_back({k, share, buckets});  // a pass is expected to run
    low = high;
  }
  return e;
}

void sample_auto_level1(SamplePlan& p) {
  // Measured on an H200 in one binary against the same-run cub-radix (docs/performance-history.md, session
  // of 2026-11-26, issue 12): for 64-bit keys alone the three new paths together won at 2^24 (0.77x
  // -> 0.97x), 2^26 (0.78x -> 0.89x), 2^28 (0.74x -> 0.81x) and 2^29 (0.83x -> 0.95x). For u32 keys
  // alone at 2^28, rank=atomic took full rounds from 0.356x to 0.387x (half-word descent is for 64-bit
  // keys only). With values no path won (u64 + u32 values 0.677-0.689x for all four at 2^28), so
  // pairs keep the paths they had.
  const bool keys_alone = !p.with_values;
  p.descent = keys_alone && p.key_bits == 64 ? SampleDescent::Half : SampleDescent::Full;
  p.rank = keys_alone ? SampleRank::Atomic : SampleRank::Match;
  p.rounds = keys_alone ? SampleRounds::Split : SampleRounds::Checked;
  // Session 9 (H200, 2026-11-26 12:02 UTC, one binary, same-run cub-radix): 512 threads (rounds of
  // 4096 keys: runs of 16 keys a bucket at k = 256 in the local scatter's write-out) against 256, u64
  // keys: 2^24 1.179x vs 1.186x (a tie), 2^26 1.409x vs 1.333x, 2^28 1.332x vs 1.137x, 2^29 1.249x
  // vs 1.057x; 2^28 f64 1.206x vs 1.044x, u32 0.617x vs 0.509x, u64 + u32 values 1.018x vs 0.849x
  // (values loaded early). 1024 threads tied 512 at 2^28 (1.343x) and lost at 2^24 and 2^26. Below
  // 2^24 (unmeasured) the 256 of earlier sessions stays. Values loaded with the keys won with both
  // block sizes (2^28, 256: 0.814x -> 0.849x, 512: 0.929x -> 1.018x).
  p.value_load = p.with_values ? SampleValueLoad::Early : SampleValueLoad::Late;
  p.threads = p.n >= (uint64_t(1) << 24) ? 512 : 256;
}

ParamValues sample_sort_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) {
  ParamValues run = params;
  SamplePlan level1;
  level1.key_bits = key_bytes(type) * 8;
  level1.with_values = with_values;
  level1.n = n;
  sample_auto_level1(level1);
  for (const auto& [name, v] : {std::pair{"descent", int(level1.descent)}, std::pair{"rank", int(level1.rank)},
                                std::pair{"rounds", int(level1.rounds)}, std::pair{"value_load", int(level1.value_load)},
                                std::pair{"threads", level1.threads}}) {
    auto it = run.find(name);
    if (it == run.end() || it->second == kParamAuto) run[name] = v;
  }
  // Keys alone have no values to load: value_load is not among what such a run ran with (its run
  // line and CSV cell), as for radix-onesweep.
  if (!with_values) run.erase("value_load");
  // k, levels and level3_above as the plan resolves them (one rule: make_sample_plan). Parameters the
  // plan refuses keep their `auto`: the run that follows says what is wrong with them.
  SamplePlan plan;
  try {
    plan = make_sample_plan(SampleEngine::SampleSort, n, type, with_values, params);
  } catch (const std::runtime_error&) {
    return run;
  }
  for (const auto& [name, v] : {std::pair{"k", int(plan.k)}, std::pair{"levels", plan.levels},
                                std::pair{"level3_above", int(plan.level3_above)},
                                std::pair{"pass_k", int(plan.k_by_size ? SamplePassK::BySize : SamplePassK::ByN)}}) {
    auto it = run.find(name);
    if (it == run.end() || it->second == kParamAuto) run[name] = v;
  }
  // Two levels: no level 3, so no threshold among what ran; a k given: every pass ran it.
  if (plan.levels == 2) run.erase("level3_above");
  if (const auto k = params.find("k"); k != params.end() && k->second != kParamAuto && !plan.k_by_size)
    run.erase("pass_k");
  return run;
}

SamplePlan make_sample_plan(SampleEngine engine, uint64_t n, KeyType type, bool with_values,
                            const ParamValues& params) {
  const auto& specs = engine == SampleEngine::SampleSort ? sample_sort_params() : quicksort_params();
  // radix-hybrid's plan is sample sort's engine with digit passes (make_radix_hybrid_plan): its
  // refusals name the algorithm that was run.
  const auto classify = params.find(kSampleClassifyParam);
  const bool digits = engine == SampleEngine::SampleSort && classify != params.end() &&
                      SampleClassify(classify->second) == SampleClassify::Digits;
  const char* who = engine == SampleEngine::Quicksort ? "quicksort" : digits ? "radix-hybrid" : "sample-sort";
  if (n > kSampleMaxKeys)
    throw std::runtime_error(fmt::format("{} takes at most 2^40 keys, got n = {}", who, n));
  SamplePlan p;
  p.engine = engine;
  p.key_type = type;
  p.key_bits = key_bytes(type) * 8;
  p.with_values = with_values;
  p.n = n;
  // M as run (sample_bucket_max_as_run).
  p.bucket_max = sample_bucket_max_as_run(uint64_t(value(params, "bucket_max", specs)), n);
  p.threads = value(params, "threads", specs);  // auto: sample_auto_level1 below
  p.keys_per_thread = value(params, "keys_per_thread", specs);
  p.blocks = uint32_t(value(params, "blocks", specs));
  p.base = uint32_t(value(params, "base", specs));
  p.oversampling = uint32_t(value(params, "oversampling", specs));
  if (engine == SampleEngine::SampleSort) {
    p.version = value(params, "version", specs) == int(SampleVersion::Original) ? SampleVersion::Original
                                                                                : SampleVersion::Revised;
    p.level2 = SampleLevel2(value(params, "level2", specs));
    p.scatter = value(params, "scatter", specs) == int(SampleScatter::Direct) ? SampleScatter::Direct : SampleScatter::Local;
    const int threads = p.threads;
    sample_auto_level1(p);
    if (threads != kParamAuto) p.threads = threads;
    if (const int d = value(params, "descent", specs); d != kParamAuto) p.descent = SampleDescent(d);
    if (const int r = value(params, "rank", specs); r != kParamAuto) p.rank = SampleRank(r);
    if (const int r = value(params, "rounds", specs); r != kParamAuto) p.rounds = SampleRounds(r);
    if (const int v = value(params, "value_load", specs); v != kParamAuto) p.value_load = SampleValueLoad(v);
    p.count_replicas = uint32_t(value(params, "count_replicas", specs));
    p.scatter_replicas = uint32_t(value(params, "scatter_replicas", specs));
    // k and levels under auto (sample_auto_k_and_levels): two passes of at most kSampleMaxK while
    // they leave few keys above a block; past that, three passes with level 3. (Just past 2^29,
    // levels = 2's k of 64 would leave buckets of 2^17 keys after two passes, all for the thesis's
    // level 2; two passes of 256 leave about 3.5 % above a block there and stay.)
    const int above = value(params, "level3_above", specs);
    p.level3_above = above == kParamAuto ? sample_auto_level3_above(p.level2) : uint64_t(above);
    // radix-hybrid's plan (make_radix_hybrid_plan) says digits; sample sort's parameters do not.
    p.classify = digits ? SampleClassify::Digits : SampleClassify::Splitters;
    const int k = value(params, "k", specs), pass_k = value(params, "pass_k", specs);
    if (p.digits()) {
      // The hybrid MSD radix sort (Stehle & Jacobsen, SIGMOD 2017): digit passes while a bucket exceeds what one
      // block sorts, so M is at most that and level 3 has nothing to take. A bucket's digits run out
      // (it is then all one key), so the passes end on any input.
      if (value(params, "levels", specs) == 3)
        throw std::runtime_error("radix-hybrid passes until a bucket fits one block; level 3 has nothing to take");
      if (const uint64_t block = sample_level2_block_max(p.level2)) p.bucket_max = std::min(p.bucket_max, block);
      // pass_k auto is by size for digits (README.md, "k by size"): with one k by n, a bucket just above
      // a block takes another pass of k buckets of a few dozen keys, which level 2 and the host's
      // bookkeeping pay for per bucket. Measured on an H200 against cub-radix (docs/performance-history.md [V]):
      // gaussian keys at the odd powers of two from 2^25 to 2^31 ran 0.06-0.35x (u64) by n and
      // 1.07-1.39x by size; uniform keys end at about 8192 keys a bucket at every size.
      // By size: given, or auto with k auto (a k given alone cuts every pass by it, as before pass_k).
      p.k_by_size = pass_k == int(SamplePassK::BySize) || (pass_k == kParamAuto && k == kParamAuto);
      sample_auto_k_and_levels(p, k, 2);
      // By size, k is the first pass's (the driver gives each later pass the k its buckets need); auto
      // takes the first pass's by size too. What ran says k = that and pass_k = by-size, which make the
      // same plan again (Runner runs the parameters as run).
      if (p.k_by_size && k == kParamAuto && p.n > p.bucket_max) p.k = sample_pass_k_by_size(p, double(p.n));
    } else {
      const int levels = value(params, "levels", specs);
      p.k_by_size = pass_k == int(SamplePassK::BySize);
      sample_auto_k_and_levels(p, k, levels);
      if (p.k_by_size && k == kParamAuto && p.n > p.bucket_max) {
        p.k = sample_pass_k_by_size(p, double(p.n));
        if (levels == kParamAuto) p.levels = sample_level3_estimate(p).share >= kSampleLevel3Share ? 3 : 2;
      }
    }
    if (p.levels == 3 && p.level3_above == 0)
      throw std::runtime_error(fmt::format(
          "{}: levels=3 distributes the buckets above what level 2 sorts by one block, and level2=thesis "
          "sorts none by one block; give level3_above or levels=2",
          who));

    p.quicksort_threshold = uint32_t(value(params, "quicksort_threshold", specs));
    if (p.count_replicas % p.scatter_replicas != 0)
      throw std::runtime_error(fmt::format(
          "{}: scatter_replicas ({}) must divide count_replicas ({}): a scatter counter sums whole count counters",
          who, p.scatter_replicas, p.count_replicas));
    if (uint64_t(p.k) * p.count_replicas > kSampleMaxCounters)
      throw std::runtime_error(fmt::format(
          "{}: k x count_replicas = {} x {} shared counters exceed {}; lower one of them", who, p.k,
          p.count_replicas, kSampleMaxCounters));
  } else {
    // Quicksort's global phase (App. C, with Cederman & Tsigas's global partitioning): a pass
    // with two buckets around the median of the sample, split three ways.
    p.version = SampleVersion::Original;
    p.k = 2;
    p.count_replicas = 8;
    p.scatter_replicas = 4;
    p.always_three_way = true;
    p.level2 = SampleLevel2::Thesis;
    p.scatter = SampleScatter::Direct;
  }
  p.log_k = sample_log_k(p.k);
  if (p.sample_keys() > kSampleMaxSample)
    throw std::runtime_error(fmt::format("{}: the sample of oversampling x k = {} x {} keys exceeds {}", who,
                                         p.oversampling, p.k, kSampleMaxSample));
  if (p.scatter == SampleScatter::Local && p.subtile_keys() > kSampleMaxRoundKeys)
    throw std::runtime_error(fmt::format(
        "{}: threads x keys_per_thread = {} x {} keys a round exceed {} (the local scatter stages a round in "
        "shared memory); lower one of them",
        who, p.threads, p.keys_per_thread, kSampleMaxRoundKeys));
  if (p.bucket_max < p.base)
    throw std::runtime_error(fmt::format("{}: bucket_max ({}) must be at least base ({})", who, p.bucket_max, p.base));
  return p;
}

std::string SamplePlan::describe() const {
  if (engine == SampleEngine::Quicksort)
    return fmt::format("quicksort: global pivot splits above M = {}, block quicksort, odd-even base <= {}",
                       bucket_max, base);
  if (digits())
    return fmt::format("hybrid MSD radix sort (digit passes of log2 k bits while a bucket exceeds M, then level 2{}): "
                       "k = {}, M = {}, counters {}/{}, {} threads x {} keys, ~{} blocks",
                       level2 == SampleLevel2::Radix  ? " by block radix sort"
                       : level2 == SampleLevel2::Rank ? " by sub-buckets and rank sort"
                                                      : " as the thesis",
                       k, bucket_max, count_replicas, scatter_replicas, threads, keys_per_thread, blocks);
  return fmt::format("sample sort ({}{}{}{}{}{}{}{}): k = {}, a = {}, M = {}, counters {}/{}, {} threads x {} keys, "
                     "~{} blocks, odd-even base <= {}",
                     version == SampleVersion::Revised ? "revised" : "original",
                     levels == 3 ? fmt::format(", level 3 above {} keys", level3_above) : std::string(),
                     level2 == SampleLevel2::Radix ? ", level 2 radix"
                     : level2 == SampleLevel2::Rank ? ", level 2 sub-buckets + rank sort"
                                                    : "",
                     scatter == SampleScatter::Local ? ", local scatter" : "",
                     descent == SampleDescent::Half ? ", half-word descent" : "",
                     scatter != SampleScatter::Local ? ""
                     : rank == SampleRank::Atomic    ? ", atomic rank"
                     : rank == SampleRank::Uniform   ? ", atomic rank with warp-uniform shortcut"
                                                     : "",
                     scatter == SampleScatter::Local && with_values && value_load == SampleValueLoad::Early
                         ? ", values loaded early"
                         : "",
                     rounds == SampleRounds::Split ? ", split rounds" : "", k, oversampling, bucket_max,
                     count_replicas, scatter_replicas, threads, keys_per_thread, blocks, base);
}

double sample_bytes_moved(const SamplePlan& p) { return sample_perf_model(p).total_bytes(); }

namespace {
// Sample sort's parameters that a digit pass has no use for: the sample, the descent, the levels
// (passes run until a bucket fits a block) and the level-2 version (no bucket is left above a block).
bool hybrid_drops(const std::string& name) {
  return name == "oversampling" || name == "descent" || name == "levels" || name == "level3_above" ||
         name == "version" || name == "quicksort_threshold";
}
}  // namespace

const std::vector<ParamSpec>& radix_hybrid_params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s;
    for (const ParamSpec& p : sample_sort_params()) {
      if (hybrid_drops(p.name)) continue;
      ParamSpec q = p;
      if (q.name == "k")
        q.help = "buckets per MSD pass, a digit of log2 k bits; auto: each pass's from the sizes of the buckets it "
                 "cuts (pass_k), so that the passes end with buckets of about 7/8 of a block or less";
      if (q.name == "pass_k")
        q.help = "with k = auto: each pass's k from the sizes of the buckets it cuts, the bits to a bucket of 7/8 of "
                 "a block split evenly over the fewest passes (by-size), or one k for every pass by n, sample sort's "
                 "rule (by-n); auto: by-size";
      if (q.name == "bucket_max")
        q.help = "M: buckets larger than this get another digit pass; at most what level 2 sorts by one block";
      s.push_back(q);
    }
    return s;
  }();
  return specs;
}

SamplePlan make_radix_hybrid_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) {
  ParamValues p = params;
  p[kSampleClassifyParam] = int(SampleClassify::Digits);
  return make_sample_plan(SampleEngine::SampleSort, n, type, with_values, p);
}

ParamValues radix_hybrid_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) {
  ParamValues p = params;
  p[kSampleClassifyParam] = int(SampleClassify::Digits);
  ParamValues run = sample_sort_params_as_run(p, type, with_values, n);
  for (auto it = run.begin(); it != run.end();)
    it = hybrid_drops(it->first) || it->first == kSampleClassifyParam ? run.erase(it) : std::next(it);
  return run;
}

ParamValues radix_hybrid_teaching_params(uint64_t n, const ParamValues& given) {
  // Sample sort's lecture values (M = n / 16: every first-level bucket takes a second pass, k = 8:
  // digits of three bits), without its sample.
  ParamValues v = sample_teaching_params(SampleEngine::SampleSort, n, given);
  v.erase("oversampling");
  return v;
}

}  // namespace sortscope
