#include "sample_model.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <vector>

#include "common/ordered_model.h"
#include "common/run_cancel.h"
#include "primitives/networks/odd_even_network.h"
#include "sample_driver.h"
#include "sample_schedule.h"
#include "sample_steps.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope {

template <class Word>
void odd_even_sort_host(Word* keys, uint32_t* values, uint64_t n) {
  if (n < 2) return;
  int log_n = 0;
  while ((uint64_t(1) << log_n) < n) ++log_n;
  const uint64_t candidates = odd_even_candidates(uint64_t(1) << log_n);
  for (int l = 0; l < odd_even_layer_count(log_n); ++l) {
    const OddEvenLayer layer = odd_even_layer(l);
    for (uint64_t q = 0; q < candidates; ++q) {
      const uint64_t x = odd_even_lower(q, layer.p, layer.k, n);
      if (x == ~uint64_t(0)) continue;
      const uint64_t y = x + layer.k;
      if (keys[x] > keys[y]) {
        std::swap(keys[x], keys[y]);
        if (values) std::swap(values[x], values[y]);
      }
    }
  }
}
template void odd_even_sort_host<uint32_t>(uint32_t*, uint32_t*, uint64_t);
template void odd_even_sort_host<uint64_t>(uint64_t*, uint32_t*, uint64_t);

namespace {

// The pass number the level-2 block sample sort draws its samples with (level 1 uses 0, 1, ...).
constexpr uint32_t kBlockSamplePass = 0xFFFFu;

template <class Word>
class Model {
 public:
  Model(const SamplePlan& plan, Word* keys, uint32_t* values, Recorder* recorder)
      : plan_(plan), out_(keys), vout_(values), alt_(plan.n), valt_(values ? plan.n : 0) {
    if (recorder) writer_.emplace(plan, *recorder);
  }

  SampleRunStats run() {
    const SampleDriverRun run = run_sample_driver(plan_, *this, writer_ ? &*writer_ : nullptr);
    stats_.passes = run.passes;
    stats_.level3_passes = run.level3_passes;
    stats_.small_buckets = run.small_buckets;
    stats_.largest_small = run.largest_small;
    return stats_;
  }

  // The engine run_sample_driver drives (sample_driver.h).
  ArrayState array(const std::vector<SampleBucket>& buckets) {
    view_.resize(plan_.n);
    compose_buckets(buckets, out_, alt_.data(), view_.data());
    return ArrayState{view_.data(), nullptr, false, nullptr};
  }

  // One level-1 pass over pass.parents; `buckets` (all buckets, for the pictures) is updated to
  // the buckets after the pass. Returns the parents' children.
  std::vector<SampleBucket> distribute(SamplePass pass, std::vector<SampleBucket>& buckets) {
    const uint32_t k = pass.k, slots = pass.slots(), reps = plan_.scatter_replicas;
    std::vector<std::vector<Word>> trees(pass.parents.size(), std::vector<Word>(k));
    uint32_t degenerate = 0;
    std::vector<uint64_t> first_sample;  // the first bucket's sorted sample, for the timeline
    // Step 1: sample, sort, splitters, search tree (a digit pass has none: its buckets are the keys'
    // next digit, and the GPU launches no splitter kernel).
    for (size_t pi = 0; pi < pass.parents.size() && !pass.digits; ++pi) {
      SampleParent& p = pass.parents[pi];
      const Word* src = buf(p.in_alt);
      std::vector<Word> sample(uint64_t(plan_.oversampling) * k);
      for (uint32_t i = 0; i < sample.size(); ++i)
        sample[i] = src[sample_position(plan_.seed, pass.index, p.begin, p.size, i)];
      std::sort(sample.begin(), sample.end());
      if (pi == 0 && writer_) first_sample.assign(sample.begin(), sample.end());
      std::vector<Word> splitters(k - 1);
      p.degenerate = (splitters_of_sample(sample.data(), k, plan_.oversampling, splitters.data()) ||
                      plan_.always_three_way) ? 1 : 0;
      degenerate += p.degenerate;
      build_search_tree(splitters.data(), k, trees[pi].data());
      trees[pi][0] = splitters[0];  // the three-way split's key (bt[0] is otherwise unused)
    }
    stats_.degenerate += plan_.always_three_way ? 0 : degenerate;
    if (writer_ && !pass.digits)
      writer_->splitters(pass, plan_.always_three_way ? 0 : degenerate, first_sample, array(buckets));

    // Step 2: per block, per round, thread t = position mod threads counts into replica t mod C.
    std::vector<uint64_t> table(pass.table_entries, 0);
    std::vector<Word> lo(pass.parents.size(), std::numeric_limits<Word>::max()), hi(pass.parents.size(), 0);
    auto bucket_of = [&](size_t pi, Word e) -> uint32_t {
      const SampleParent& p = pass.parents[pi];
      if (pass.digits) return sample_digit_bucket(e, p.digit_shift, pass.log_k);
      return p.degenerate ? three_way_bucket(trees[pi][0], e) : search_tree_bucket(trees[pi].data(), pass.log_k, e);
    };
    // The constant-bucket test's two reductions (§6.2): for degenerate samples, and in every digit pass
    // (a bucket of one key would otherwise be copied once per digit left).
    auto reduces = [&](const SampleParent& p) { return p.degenerate || pass.digits; };
    auto slot_of = [&](const SampleParent& p, uint64_t i, uint32_t j) {
      const uint64_t off = i - p.begin;
      const uint32_t b = uint32_t(off / p.chunk);
      const uint32_t t = uint32_t((off % p.chunk) % plan_.subtile_keys() % uint64_t(plan_.threads));
      return p.table_offset + (uint64_t(j) * p.blocks + b) * reps + t % reps;
    };
    for (size_t pi = 0; pi < pass.parents.size(); ++pi) {
      const SampleParent& p = pass.parents[pi];
      const Word* src = buf(p.in_alt);
      for (uint64_t i = p.begin; i < p.begin + p.size; ++i) {
        // One pass over 2^24 keys: the app's cancel looks every few thousand (common/run_cancel.h).
        throw_if_run_cancelled_at(i - p.begin);
        const Word e = src[i];
        ++table[slot_of(p, i, bucket_of(pi, e))];
        if (reduces(p)) {  // §6.2: the two reductions of the constant-bucket test
          lo[pi] = std::min(lo[pi], e);
          hi[pi] = std::max(hi[pi], e);
        }
      }
    }
    if (writer_) writer_->counts(pass, table, array(buckets));

    // Step 3: exclusive scan over the whole table.
    std::vector<uint64_t> scanned(table.size());
    std::exclusive_scan(table.begin(), table.end(), scanned.begin(), uint64_t(0));
    if (writer_) writer_->scan(pass, table, scanned, array(buckets));

    // Step 4: scatter (skipped for constant buckets), then the children.
    uint32_t constant = 0;
    std::vector<uint64_t> cursor = scanned;
    std::vector<SampleBucket> children;
    std::vector<uint64_t> slot_counts;  // slots per parent, for the timeline
    for (size_t pi = 0; pi < pass.parents.size(); ++pi) {
      SampleParent& p = pass.parents[pi];
      std::vector<uint64_t> counts(slots, 0);
      for (uint32_t j = 0; j < slots; ++j)
        for (uint32_t b = 0; b < p.blocks; ++b)
          for (uint32_t r = 0; r < reps; ++r) counts[j] += table[p.table_offset + (uint64_t(j) * p.blocks + b) * reps + r];
      if (pass.digits) {
        const int state = sample_settle_digit_parent(pass, p, counts.data(), lo[pi], hi[pi]);
        stats_.narrowed += state == 2 ? 1 : 0;
      } else {
        p.constant = (p.degenerate && lo[pi] == hi[pi]) ? 1 : 0;
      }
      constant += p.constant;
      if (!p.constant) {
        const Word* src = buf(p.in_alt);
        Word* dst = buf(!p.in_alt);
        const uint32_t* vsrc = vbuf(p.in_alt);
        uint32_t* vdst = vbuf(!p.in_alt);
        for (uint64_t i = p.begin; i < p.begin + p.size; ++i) {
          throw_if_run_cancelled_at(i - p.begin);
          const uint64_t pos = p.begin - p.scan_base + cursor[slot_of(p, i, bucket_of(pi, src[i]))]++;
          dst[pos] = src[i];
          if (vdst) vdst[pos] = vsrc[i];
        }
      }
      append_pass_children(pass, p, counts.data(), children);
      slot_counts.insert(slot_counts.end(), counts.begin(), counts.end());
    }
    stats_.constant += constant;
    if (writer_) {
      replace_parents(pass, children, buckets);
      writer_->scatter(pass, constant, slot_counts, buckets, array(buckets));
    }
    return children;
  }

  // Level 2: one bucket after another (one thread block each on the GPU).
  void second_level(const std::vector<SampleSmallBucket>& small) {
    const int64_t traced = writer_ ? traced_level2_bucket(plan_, small) : -1;
    std::optional<SampleLevel2Stack> trace;
    for (size_t i = 0; i < small.size(); ++i) {
      throw_if_run_cancelled();
      if (int64_t(i) == traced) {
        trace.emplace();
        trace->bucket_begin = small[i].begin;
        trace->bucket_size = small[i].size;
        trace->base = plan_.base;
      }
      sort_small(small[i], int64_t(i) == traced ? &*trace : nullptr);
    }
    if (trace) writer_->level2_stack(std::move(*trace));
  }

 private:
  Word* buf(bool alt) { return alt ? alt_.data() : out_; }
  uint32_t* vbuf(bool alt) { return vout_ ? (alt ? valt_.data() : vout_) : nullptr; }

  // Level 2, one bucket (one thread block on the GPU): an explicit stack of segments.
  struct Segment {
    uint64_t begin, size;
    bool in_alt;
  };

  void move_to_out(uint64_t begin, uint64_t size, bool in_alt) {
    if (!in_alt) return;
    std::copy(alt_.begin() + ptrdiff_t(begin), alt_.begin() + ptrdiff_t(begin + size), out_ + begin);
    if (vout_) std::copy(valt_.begin() + ptrdiff_t(begin), valt_.begin() + ptrdiff_t(begin + size), vout_ + begin);
  }

  // `trace`: record the bucket's stack steps (SampleLevel2Stack), as the kernel's thread 0 does.
  static void trace_step(SampleLevel2Stack* trace, const SampleLevel2Step& step) {
    if (!trace) return;
    if (trace->steps.size() < SampleLevel2Stack::kMaxSteps) trace->steps.push_back(step);
    else trace->truncated = true;
  }

  void sort_small(const SampleSmallBucket& sb, SampleLevel2Stack* trace) {
    if (sb.done) {
      move_to_out(sb.begin, sb.size, sb.in_alt != 0);
      return;
    }
    if (sb.size <= sample_level2_block_max(plan_.level2)) {
      move_to_out(sb.begin, sb.size, sb.in_alt != 0);
      radix_sort_bucket(out_ + sb.begin, vout_ ? vout_ + sb.begin : nullptr, sb.size);
      ++stats_.radix_sorts;
      return;
    }
    std::vector<Segment> stack = {{sb.begin, sb.size, sb.in_alt != 0}};
    while (!stack.empty()) {
      throw_if_run_cancelled();
      const Segment s = stack.back();
      stack.pop_back();
      if (s.size <= plan_.base) {
        move_to_out(s.begin, s.size, s.in_alt);
        odd_even_sort_host(out_ + s.begin, vout_ ? vout_ + s.begin : nullptr, s.size);
        ++stats_.base_cases;
        trace_step(trace, {s.begin, uint32_t(s.size), 0, 0, 0, 0, 0, uint32_t(stack.size())});
        continue;
      }
      partition(s, stack, trace);
    }
  }

  // Level 2 by radix sort (level2_radix_kernel): the block-wide LSD radix sort is stable over its
  // input order, so the bucket comes out as a stable sort by key of the keys as they lay.
  static void radix_sort_bucket(Word* keys, uint32_t* values, uint64_t n) {
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    std::vector<Word> k(n);
    std::vector<uint32_t> v(values ? n : 0);
    for (uint64_t i = 0; i < n; ++i) {
      k[i] = keys[order[i]];
      if (values) v[i] = values[order[i]];
    }
    std::copy(k.begin(), k.end(), keys);
    if (values) std::copy(v.begin(), v.end(), values);
  }

  // One level-2 partition step: block sample sort (revised, large segments) or quicksort.
  void partition(const Segment& s, std::vector<Segment>& stack, SampleLevel2Stack* trace) {
    ++stats_.block_partitions;
    const Word* src = buf(s.in_alt);
    const uint32_t* vsrc = vbuf(s.in_alt);
    Word* dst = buf(!s.in_alt);
    uint32_t* vdst = vbuf(!s.in_alt);
    const bool sample = plan_.engine == SampleEngine::SampleSort && plan_.version == SampleVersion::Revised &&
                        s.size >= plan_.quicksort_threshold;
    bool three_way = true;
    Word pivot{};
    Word tree[kSampleBlockK];
    if (sample) {
      Word smp[kSampleBlockK * kSampleBlockA], spl[kSampleBlockK - 1];
      for (uint32_t i = 0; i < kSampleBlockK * kSampleBlockA; ++i)
        smp[i] = src[sample_position(plan_.seed, kBlockSamplePass, s.begin, s.size, i)];
      std::sort(smp, smp + kSampleBlockK * kSampleBlockA);
      three_way = splitters_of_sample(smp, kSampleBlockK, kSampleBlockA, spl);
      build_search_tree(spl, kSampleBlockK, tree);
      pivot = spl[0];
    } else {
      pivot = median_of_three(src[s.begin], src[s.begin + s.size / 2], src[s.begin + s.size - 1]);
    }
    stats_.block_three_way += three_way;
    const uint32_t buckets = three_way ? 3 : kSampleBlockK;
    const int log_k = sample_log2(kSampleBlockK);
    auto bucket_of = [&](Word e) {
      return three_way ? three_way_bucket(pivot, e) : search_tree_bucket(tree, log_k, e);
    };
    std::vector<uint64_t> count(buckets, 0);
    for (uint64_t i = s.begin; i < s.begin + s.size; ++i) {
      throw_if_run_cancelled_at(i - s.begin);
      ++count[bucket_of(src[i])];
    }
    std::vector<uint64_t> offset(buckets);
    std::exclusive_scan(count.begin(), count.end(), offset.begin(), uint64_t(0));
    std::vector<uint64_t> cursor = offset;
    for (uint64_t i = s.begin; i < s.begin + s.size; ++i) {
      throw_if_run_cancelled_at(i - s.begin);
      const uint64_t pos = s.begin + cursor[bucket_of(src[i])]++;
      dst[pos] = src[i];
      if (vdst) vdst[pos] = vsrc[i];
    }
    std::vector<Segment> children;
    for (uint32_t j = 0; j < buckets; ++j) {
      if (count[j] == 0) continue;
      if (three_way && j == 1) {
        move_to_out(s.begin + offset[j], count[j], !s.in_alt);  // the = part is final
        continue;
      }
      children.push_back({s.begin + offset[j], count[j], !s.in_alt});
    }
    // Largest pushed first: the smallest runs next, which bounds the stack (README.md).
    std::stable_sort(children.begin(), children.end(),
                     [](const Segment& a, const Segment& b) { return a.size > b.size; });
    for (const auto& c : children) stack.push_back(c);
    SampleLevel2Step step{s.begin, uint32_t(s.size), three_way ? 1u : 2u, 0, 0, 0, uint32_t(children.size()),
                          uint32_t(stack.size())};
    if (three_way) {
      step.less = uint32_t(count[0]);
      step.equal = uint32_t(count[1]);
      step.greater = uint32_t(count[2]);
    }
    trace_step(trace, step);
    if (stack.size() > kSampleStackEntries)
      throw std::logic_error("sample sort model: level-2 stack deeper than the kernels' stack");
  }

  const SamplePlan& plan_;
  Word* out_;
  uint32_t* vout_;
  std::vector<Word> alt_;
  std::vector<uint32_t> valt_;
  std::vector<Word> view_;
  std::optional<SampleStepWriter> writer_;
  SampleRunStats stats_;
};

}  // namespace

SampleRunStats sample_model_sort(const SamplePlan& plan, HostKeys& keys, Recorder* recorder) {
  if (keys.has_values() != plan.with_values)
    throw std::logic_error("sample sort model: plan made for a different key-value setting");
  SampleRunStats stats;
  sort_as_ordered_bits("sample sort", plan.n, keys, [&](auto word, auto /*values*/) {
    using Word = decltype(word);
    stats = Model<Word>(plan, keys.as<Word>(), keys.has_values() ? keys.values.data() : nullptr, recorder).run();
  });
  return stats;
}

}  // namespace sortscope
