#include "records/record_steps.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"
#include "common/run_cancel.h"
#include "records/record_advice.h"
#include "records/record_memory_map.h"
#include "records/record_phase_bytes.h"

namespace sortscope {
namespace {

using K = RecordStepKind;

// One catalog per strategy / rearrangement: the same kinds (indexed by RecordStepKind) with the
// lines of that variant's pseudo-code (record_pseudo_code; -1 where the variant has no such step).
std::vector<StepKind> catalog(const std::vector<int>& lines) {
  static const std::pair<const char*, const char*> kKinds[] = {
      {"input", "The records as laid out"},
      {"build-pairs", "Build the (key, index) pairs"},
      {"sort-pairs", "Sort the pairs by key"},
      {"gather-keys", "Gather the keys"},
      {"gather-fields", "Gather the fields"},
      {"gather-rows", "Gather the rows"},
      {"cycles", "The permutation's cycles"},
      {"cycle-move", "One move of the cycle"},
      {"cycles-rest", "Every cycle rotated"},
      {"direct-pass", "One pass: every record moves with its key"},
      {"copy-keys", "Copy the keys out of the rows"},
      {"fused-move", "The last pass moves the records"},
  };
  std::vector<StepKind> k;
  for (size_t i = 0; i < std::size(kKinds); ++i) k.push_back({kKinds[i].first, kKinds[i].second, lines.at(i)});
  return k;
}
// The lines index record_pseudo_code's variant, in RecordStepKind order (gather-keys: -1, no run
// records it now). Gather and fused list both ways to the sorted pairs (built, or taken by the
// sort itself: index_in_sort) and fused both ends (its last pass, or the gather of one block).
const std::vector<StepKind>& gather_kinds() {
  static const std::vector<StepKind> k = catalog({0, 1, 3, -1, 6, 7, -1, -1, -1, -1, 2, -1});
  return k;
}
const std::vector<StepKind>& fused_kinds() {
  static const std::vector<StepKind> k = catalog({0, 1, 3, -1, 7, 7, -1, -1, -1, -1, 2, 5});
  return k;
}
const std::vector<StepKind>& cycles_kinds() {
  static const std::vector<StepKind> k = catalog({0, 1, 2, -1, -1, -1, 3, 7, 3, -1, -1, -1});
  return k;
}
const std::vector<StepKind>& direct_kinds() {
  static const std::vector<StepKind> k = catalog({0, -1, -1, -1, -1, -1, -1, -1, -1, 4, -1, -1});
  return k;
}

std::string bytes_text(double b) {
  if (b >= 1e9) return fmt::format("{:.2f} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.2f} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.1f} KB", b / 1e3);
  return fmt::format("{:.0f} B", b);
}

std::string layout_story(const RecordShape& s) {
  // No fields: every layout is the key array; each says what it leaves out.
  if (s.fields == 0) switch (s.layout) {
      case RecordLayout::ByField: return "ByField: the key array, with no field arrays after it (§III)";
      case RecordLayout::ByRecord:
        return fmt::format("ByRecord: one packed row of {} bytes per record, the key alone (§III)", s.row_bytes());
      case RecordLayout::Hybrid: return "Hybrid: the key array, with no rows of fields after it (§III, SRTS's layout)";
    }
  switch (s.layout) {
    case RecordLayout::ByField: return "ByField: the key array, then one array per field (§III)";
    case RecordLayout::ByRecord: return fmt::format("ByRecord: one packed row of {} bytes per record, key first (§III)", s.row_bytes());
    case RecordLayout::Hybrid: break;
  }
  return fmt::format("Hybrid: the key array, then one row of the {} ({} bytes) per record (§III, SRTS's layout)",
                     counted(s.fields, "field"), s.row_bytes());
}

// "8 u32 fields", or "no fields" (records of the key alone).
std::string fields_text(uint32_t m) { return m ? counted(m, "u32 field") : std::string("no fields"); }

// A record's size in a caption: "36 bytes", or for no fields "the 4-byte key alone".
std::string record_size_text(const RecordShape& s) {
  return s.fields ? fmt::format("{} bytes", s.key_size() + 4 * s.fields) : fmt::format("the {}-byte key alone", s.key_size());
}

std::vector<uint64_t> first_warp(const std::vector<uint32_t>* perm, uint64_t n) {
  std::vector<uint64_t> r;
  for (uint64_t j = 0; j < std::min<uint64_t>(n, RecordMemoryMap::kWarp); ++j) r.push_back(perm ? (*perm)[j] : j);
  return r;
}

std::vector<uint64_t> ordered_keys(const HostRecords& r) {
  std::vector<uint64_t> k(r.n);
  for (uint64_t i = 0; i < r.n; ++i) {
    throw_if_run_cancelled_at(i);  // every loop over 2^24 records looks at the app's cancel (common/run_cancel.h)
    k[i] = r.key_ordered(i);
  }
  return k;
}

// The pieces of a record a layout reads as separate random accesses (record_traffic.h's alpha).
RecordPieces whole_record(const RecordShape& s) {
  RecordPieces p;
  p.key = s.layout != RecordLayout::ByRecord;
  if (s.layout == RecordLayout::ByField) p.field_end = s.fields;
  else p.row = true;
  return p;
}

}  // namespace

const std::vector<StepKind>& record_step_kinds(const RecordSortOptions& o) {
  if (o.strategy == RecordStrategy::Direct) return direct_kinds();
  switch (o.rearrange) {
    case Rearrange::Cycles: return cycles_kinds();
    case Rearrange::Fused: return fused_kinds();
    case Rearrange::Gather: break;
  }
  return gather_kinds();
}

const std::vector<std::string>& record_pseudo_code(const RecordSortOptions& o) {
  // As record_gpu.cu runs them: the keys of ByField and Hybrid are sorted where the output keeps
  // them, so only the fields (rows) move by the permutation; ByRecord's rows carry their keys. A
  // sort that fuses (radix-onesweep, on more than one block) builds no pairs: its first pass reads
  // the keys in place and takes each key's position as its value.
  static const std::vector<std::string> gather = {
      "// indirect (§III): sort (key, index), then move each record once",
      "for i in 0..n-1: pairs[i] = (key[i], i)  // keys in outKey (not ByRecord)",
      "keys[i] = key[i]  // radix-onesweep, ByRecord: the keys out of the rows",
      "sort by key, index i riding with key i  // radix-onesweep: pass 0 makes i",
      "perm[j] = index at j  // outKey sorted in place; record perm[j] belongs at j",
      "for j in 0..n-1:  // gather the fields into a new block",
      "  for f in 0..m-1: outField_f[j] = field_f[perm[j]]  // ByField (Fig. 4)",
      "  outRow[j] = row[perm[j]]  // g threads, one int4 each (Fig. 6); ByRecord: key inside",
  };
  static const std::vector<std::string> fused = {
      "// indirect, fused into radix-onesweep's passes: no index, no permutation",
      "for i in 0..n-1: pairs[i] = (key[i], i)  // one block only: pairs, then a gather",
      "keys[i] = key[i]  // ByRecord only: the keys out of the rows",
      "sort keys, the value of key i = i  // pass 0 makes it: no index array",
      "last pass: key k, value i, scatters to its place j:",
      "  outKey[j] = k; outRow[j] = row[i]  // ByField: outField_f[j] = field_f[i]",
      "// one block: perm[j] = index at j, then",
      "for j: outRow[j] = row[perm[j]]  // (ByField: each field array)",
  };
  static const std::vector<std::string> cycles = {
      "// indirect (§III), rearranged in place: table sort",
      "for i in 0..n-1: pairs[i] = (key[i], i)",
      "sort pairs by key; perm[j] = pairs[j].index",
      "for start in 0..n-1:  // each cycle once",
      "  if done[start] or perm[start] == start: continue",
      "  tmp = rec[start]; j = start",
      "  while perm[j] != start:",
      "    rec[j] = rec[perm[j]]; done[j] = 1; j = perm[j]",
      "  rec[j] = tmp; done[j] = 1",
  };
  static const std::vector<std::string> direct = {
      "// direct (§III): the record moves whenever its key moves",
      "for pass p in 0..P-1:  // LSD, 8-bit digits of the key",
      "  d[i] = (key[i] >> 8p) & 255",
      "  perm = stable sort of (d[i], i)  // the chosen sort",
      "  for j in 0..n-1: out[j] = rec[perm[j]]  // key + m fields",
      "  swap(rec, out)",
  };
  if (o.strategy == RecordStrategy::Direct) return direct;
  switch (o.rearrange) {
    case Rearrange::Cycles: return cycles;
    case Rearrange::Fused: return fused;
    case Rearrange::Gather: break;
  }
  return gather;
}

RecordStepWriter::RecordStepWriter(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                                   const HostRecords& input, Recorder& recorder)
    : algorithm_(algorithm), params_(params), options_(options), input_(input), rec_(recorder),
      bytes_(plan_record_bytes(algorithm, params, options, input.shape, input.n)),
      in_sort_(index_in_sort(algorithm, params, options, input.shape.key, input.n)) {
  ids_.resize(input.n);
  std::iota(ids_.begin(), ids_.end(), 0u);
}

Step RecordStepWriter::step(RecordStepKind kind, std::string caption) const {
  return make_step(record_step_kinds(options_), kind, std::move(caption));
}

void RecordStepWriter::record_keys(Step s, const std::vector<uint64_t>& ordered, const std::vector<uint32_t>& ids) {
  const uint32_t kb = input_.shape.key_size();
  std::vector<uint8_t> words(ordered.size() * kb);
  for (size_t i = 0; i < ordered.size(); ++i) {
    throw_if_run_cancelled_at(i);
    if (kb == 4) {
      const uint32_t w = uint32_t(ordered[i]);
      std::memcpy(words.data() + i * 4, &w, 4);
    } else {
      std::memcpy(words.data() + i * 8, &ordered[i], 8);
    }
  }
  ArrayState a;
  a.keys = words.data();
  a.values = ids.data();
  rec_.record(std::move(s), a);
}

void RecordStepWriter::record(Step s, const HostRecords& records, const std::vector<uint32_t>& ids) {
  record_keys(std::move(s), ordered_keys(records), ids);
}

RecordBytesMoved RecordStepWriter::bytes_done(uint32_t done) const {
  RecordBytesMoved b = bytes_;
  b.done = std::min<uint32_t>(done, uint32_t(b.phases.size()));
  return b;
}

uint32_t RecordStepWriter::done_after(RecordBytesMoved::Phase p) const {
  for (size_t i = 0; i < bytes_.phases.size(); ++i)
    if (bytes_.phases[i].phase == p) return uint32_t(i + 1);
  throw std::logic_error("record steps: a phase the run does not have");
}

void RecordStepWriter::input() {
  const RecordShape& sh = input_.shape;
  const std::vector<uint64_t> warp = first_warp(nullptr, input_.n);
  Step s = step(K::Input, fmt::format(
      "{} of {} key and {} ({} bytes each), laid out {}.{} Below: one warp of 32 threads reading "
      "{} in each layout, the addresses each thread touches and the memory transactions they cost; then "
      "the bytes every phase of this {} sort will move. Recorded from the CPU model.",
      counted(input_.n, "record"), key_type_with_article(sh.key), fields_text(sh.fields), sh.key_size() + 4 * sh.fields,
      layout_story(sh),
      sh.fields ? std::string()
                : " With no fields the three layouts are the same bytes, the key array: this is the key sort alone, "
                  "the baseline that a record's fields add their cost to.",
      warp_records(warp.size()), record_strategy_name(options_.strategy)));
  // Which sort and strategy the bytes-moved model expects to be fastest for this layout and m.
  s.caption += " The bytes-moved " +
               describe_record_advice(advise_record_sort(sh, input_.n), algorithm_.id(), options_, sh, input_.n) + ".";
  s.aux.push_back(warp_memory_map(sh, input_.n, warp, false));
  s.aux.push_back(bytes_done(0));
  record(std::move(s), input_, ids_);
}

void RecordStepWriter::pairs_built(const HostKeys& pairs) {
  const RecordShape& sh = input_.shape;
  const uint32_t kb = sh.key_size();
  const bool by_record = sh.layout == RecordLayout::ByRecord;
  if (in_sort_) {
    // The sort's first pass reads the keys where the records keep them and takes their positions
    // itself: nothing is built, except ByRecord's keys side by side.
    if (!by_record) return;
    Step s = step(K::CopyKeys,
                  fmt::format("Copy the {} out of the rows ({} bytes each, {} bytes apart): the sort reads its keys "
                              "side by side. No index array: the sort's first pass takes each key's position as its "
                              "value. The records stay where they are until the end (§III, indirect).",
                              counted(pairs.size(), "key"), kb, sh.row_bytes()));
    s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::CopyKeys)));
    record(std::move(s), input_, ids_);
    return;
  }
  Step s = step(K::BuildPairs,
                fmt::format("Build the (key, index) pairs: {} of {} bytes, each key with its record's position{}. "
                            "The records themselves stay where they are until the end (§III, indirect).",
                            counted(pairs.size(), "pair"), kb + 4,
                            by_record ? ""
                                      : ", the keys written where the output keeps its key array: the sort leaves them "
                                        "sorted in place, so they are never gathered"));
  s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::BuildPairs)));
  record(std::move(s), input_, ids_);
}

void RecordStepWriter::pairs_sorted(const HostKeys& pairs) {
  perm_ = pairs.values;
  const RecordShape& sh = input_.shape;
  // The rearrangement's random reads, now that the permutation is known.
  for (RecordBytesMoved::Entry& e : bytes_.phases) {
    RecordPieces p;
    const std::vector<bool>* moved = nullptr;
    std::vector<bool> out_of_place;
    switch (e.phase) {
      case RecordBytesMoved::Phase::GatherKeys: p.key = true; break;
      case RecordBytesMoved::Phase::GatherFields: p.field_end = sh.fields; break;
      case RecordBytesMoved::Phase::GatherRows: p.row = true; break;
      case RecordBytesMoved::Phase::FusedMove:
        if (sh.layout == RecordLayout::ByField) p.field_end = sh.fields;
        else p.row = true;
        break;
      case RecordBytesMoved::Phase::Cycles:
        p = whole_record(sh);
        out_of_place.resize(perm_.size());
        for (size_t j = 0; j < perm_.size(); ++j) {
          throw_if_run_cancelled_at(j);
          out_of_place[j] = perm_[j] != j;
        }
        moved = &out_of_place;
        break;
      default: continue;
    }
    add_random_reads(e, sh, input_.n, perm_, p, moved);
  }
  std::vector<uint64_t> ord(pairs.size());
  for (size_t j = 0; j < pairs.size(); ++j) {
    throw_if_run_cancelled_at(j);
    ord[j] = pairs.ordered(j);
  }
  const bool by_record = sh.layout == RecordLayout::ByRecord;
  const std::string where = by_record ? "beside the rows" : "in the output's key array (where they stay)";
  std::string what;
  if (in_sort_)
    what = fmt::format("Sort the keys with {}'s key-value path: its first pass reads them where the records keep them "
                       "and takes each key's input position as its value, so no index array is built or read. Its "
                       "last pass writes the sorted keys {} and {}",
                       algorithm_.title(), where,
                       options_.rearrange == Rearrange::Fused
                           ? "moves the records instead of writing the permutation (next step)"
                           : "the values: the permutation, record perm[j] belongs at j");
  else
    what = fmt::format("Sort the pairs by key with {}'s key-value path: each index rides with its key, {} bytes per pair "
                       "{}. The keys are now sorted {}; the indices form the permutation: record perm[j] belongs at j",
                       algorithm_.title(), sh.key_size() + 4,
                       sh.fields ? fmt::format("instead of {} per record", sh.key_size() + 4 * sh.fields)
                                 : fmt::format("where a record is {}", record_size_text(sh)),
                       where);
  Step s = step(K::SortPairs, fmt::format("{}. (The sort is summed up in this one step; its own steps: sortscope render "
                                          "--algo {} --values.)",
                                          what, algorithm_.id()));
  s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::SortPairs)));
  record_keys(std::move(s), ord, perm_);
  if (options_.rearrange == Rearrange::Cycles) cycles(input_);
}

void RecordStepWriter::cycles(const HostRecords& in_place) {
  const CycleStats st = permutation_cycles(perm_);
  RecordPermutationCycles c;
  c.n = perm_.size();
  c.cycles = st.cycles;
  c.fixed_points = st.fixed_points;
  c.longest = st.longest;
  c.length_log2_histogram = st.length_log2_histogram;
  // The highlighted cycle: in chase order (lowest start first), the first of 2..16 records, so its
  // moves fit the timeline; else the first that is not a fixed point.
  std::vector<uint64_t> chosen;
  {
    std::vector<bool> seen(perm_.size(), false);
    uint64_t visited = 0;
    for (uint64_t start = 0; start < perm_.size(); ++start) {
      throw_if_run_cancelled_at(start);
      if (seen[start]) continue;
      std::vector<uint64_t> cyc;
      for (uint64_t j = start; !seen[j]; j = perm_[j]) {
        throw_if_run_cancelled_at(++visited);
        seen[j] = true;
        cyc.push_back(j);
      }
      if (cyc.size() < 2) continue;
      if (chosen.empty() || (chosen.size() > 16 && cyc.size() <= 16)) chosen = std::move(cyc);
      if (chosen.size() <= 16) break;
    }
  }
  c.cycle_length = chosen.size();
  c.cycle.assign(chosen.begin(), chosen.begin() + std::min<size_t>(chosen.size(), RecordPermutationCycles::kMaxShown));
  cycles_ = c;
  std::vector<uint64_t> ord = ordered_keys(in_place);
  std::vector<uint32_t> ids = ids_;
  {
    Step s = step(K::Cycles, fmt::format(
        "The permutation has {}: {} already in place, the longest cycle {} long. Cycle chasing rotates each "
        "cycle once, with one record of temporary storage (§III, table sort).{}",
        counted(st.cycles, "cycle"), counted(st.fixed_points, "record"), counted(st.longest, "record"),
        chosen.empty() ? std::string(" Every record is in place: nothing moves.")
                       : fmt::format(" Highlighted: the cycle through place {}, {}.", chosen[0],
                                     counted(chosen.size(), "record"))));
    s.aux.push_back(c);
    s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::SortPairs)));
    record_keys(std::move(s), ord, ids);
  }
  if (chosen.empty()) return;
  // Its moves on a copy of the keys and positions: rec[cyc[k]] = rec[cyc[k + 1]] (perm[cyc[k]] =
  // cyc[k + 1]), the last place takes tmp, the record that started the cycle.
  const uint64_t tmp_key = ord[chosen[0]];
  const uint32_t tmp_id = ids[chosen[0]];
  const size_t len = chosen.size();
  auto move = [&](size_t k) {
    const uint64_t dst = chosen[k];
    if (k + 1 < len) {
      ord[dst] = ord[chosen[k + 1]];
      ids[dst] = ids[chosen[k + 1]];
    } else {
      ord[dst] = tmp_key;
      ids[dst] = tmp_id;
    }
  };
  const size_t shown = std::min<size_t>(len, kMaxCycleMoveSteps);
  for (size_t k = 0; k < shown; ++k) {
    move(k);
    const bool last = k + 1 == len;
    const std::string what =
        last ? fmt::format("tmp (the record from place {}) goes to place {}: the cycle is rotated", chosen[0], chosen[k])
             : fmt::format("the record at place {} moves to place {}", chosen[k + 1], chosen[k]);
    Step s = step(K::CycleMove, fmt::format("Move {} of {}: {}. {}", k + 1, len, what,
                                            k == 0 ? fmt::format("First the record at place {} went to tmp. (The cycles are "
                                                                 "disjoint, so the order they are rotated in does not matter.)",
                                                                 chosen[0])
                                                   : std::string()));
    RecordPermutationCycles ck = c;
    ck.rotated = uint32_t(std::min<size_t>(k + 1, ck.cycle.size()));
    s.aux.push_back(std::move(ck));
    s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::SortPairs)));
    record_keys(std::move(s), ord, ids);
  }
  if (shown < len) {
    for (size_t k = shown; k < len; ++k) move(k);
    Step s = step(K::CycleMove, fmt::format("Moves {} to {}: the rest of the cycle, the same way; tmp goes to place {}.",
                                            shown + 1, len, chosen[len - 1]));
    RecordPermutationCycles ck = c;
    ck.rotated = uint32_t(ck.cycle.size());
    s.aux.push_back(std::move(ck));
    s.aux.push_back(bytes_done(done_after(RecordBytesMoved::Phase::SortPairs)));
    record_keys(std::move(s), ord, ids);
  }
}

void RecordStepWriter::rearranged(const HostRecords& records) {
  const RecordShape& sh = input_.shape;
  const uint32_t all = uint32_t(bytes_.phases.size());
  if (options_.rearrange == Rearrange::Cycles) {
    RecordPermutationCycles c = cycles_;
    c.rotated = uint32_t(c.cycle.size());
    c.rest_done = true;
    const uint64_t fixed_points = c.fixed_points;
    const RecordBytesMoved::Entry& e = bytes_.phases.back();
    Step s = step(K::CyclesRest,
                  fmt::format("Every other cycle rotated the same way: the records are sorted in place, {} of {} moved "
                              "({} read and written; with whole 32-byte sectors for the random reads {}).",
                              input_.n - fixed_points, input_.n, bytes_text(e.move_bytes), bytes_text(e.fetched_bytes)));
    s.aux.push_back(std::move(c));
    s.aux.push_back(bytes_done(all));
    record(std::move(s), records, perm_);
    return;
  }
  const RecordMemoryMap map = warp_memory_map(sh, input_.n, first_warp(&perm_, input_.n), true);
  // Records of no fields in ByField or Hybrid are their keys, sorted in place already: the phase
  // moves nothing (plan_record_bytes: 0 bytes; record_gpu.cu launches nothing), so its step says so
  // and shows no warp reading.
  const bool nothing_moves = sh.fields == 0 && sh.layout != RecordLayout::ByRecord;
  for (const RecordBytesMoved::Entry& e : bytes_.phases) {
    RecordStepKind kind;
    std::string what;
    if (nothing_moves && (e.phase == RecordBytesMoved::Phase::GatherFields ||
                          e.phase == RecordBytesMoved::Phase::GatherRows || e.phase == RecordBytesMoved::Phase::FusedMove)) {
      const bool fused = e.phase == RecordBytesMoved::Phase::FusedMove;
      Step s = step(fused ? K::FusedMove : e.phase == RecordBytesMoved::Phase::GatherFields ? K::GatherFields : K::GatherRows,
                    fmt::format("Nothing to {}: a record of no fields is its key alone, and the keys are sorted in "
                                "place in the output's key array already, so {}. This phase: 0 bytes. Every record is "
                                "now in its sorted place, in the input's layout.",
                                fused ? "move" : "gather",
                                fused ? "the sort's last pass writes the keys and has no other words to move"
                                      : "no gather runs and the permutation is never read"));
      s.pseudo_line = -1;  // no line of the gather (or the last pass's move of rows) runs
      s.aux.push_back(bytes_done(done_after(e.phase)));
      record(std::move(s), records, perm_);
      continue;
    }
    switch (e.phase) {
      case RecordBytesMoved::Phase::GatherFields:
        kind = K::GatherFields;
        what = fmt::format("Gather the {}: each field of each record is its own random 4-byte read, "
                           "which fetches a whole 32-byte sector (§VIII: why indirect loses in ByField)",
                           counted(sh.fields, "field array"));
        break;
      case RecordBytesMoved::Phase::GatherRows:
        kind = K::GatherRows;
        // "Figure", not "Fig.": the frame's headline ends at the first full stop.
        what = fmt::format("Gather the rows: one random read of {} bytes per record{}, moved by a group of threads "
                           "(§IV, Figure 6)", sh.row_bytes(),
                           sh.layout != RecordLayout::ByRecord ? "" : sh.fields ? " (its key inside)" : " (the key alone)");
        break;
      case RecordBytesMoved::Phase::FusedMove:
        kind = K::FusedMove;
        what = fmt::format("The sort's last pass moves the records: as each key scatters to its place, its record's {} "
                           "read at the record's input place (the key's value) and written beside it, inside the pass "
                           "(kernels/radix/radix_records.h); no permutation is written, nothing is gathered after",
                           sh.layout == RecordLayout::ByField
                               ? fmt::format("{} {}", counted(sh.fields, "field"), verb_for(sh.fields, "is", "are each"))
                               : fmt::format("row of {} bytes{} is", sh.row_bytes(), sh.fields ? "" : " (the key alone)"));
        break;
      default: continue;
    }
    const uint32_t done = done_after(e.phase);
    Step s = step(kind, fmt::format("{}. This phase: {} at face value, {} in whole sectors.{}", what,
                                    bytes_text(e.move_bytes), bytes_text(e.fetched_bytes),
                                    done == all ? " Every record is now in its sorted place, in the input's layout." : ""));
    s.aux.push_back(map);
    s.aux.push_back(bytes_done(done));
    record(std::move(s), records, perm_);
  }
}

void RecordStepWriter::direct_pass(uint32_t pass, const std::vector<uint32_t>& perm, const HostRecords& records) {
  const RecordShape& sh = input_.shape;
  std::vector<uint32_t> ids(ids_.size());
  for (size_t j = 0; j < ids.size(); ++j) {
    throw_if_run_cancelled_at(j);
    ids[j] = ids_[perm[j]];
  }
  ids_ = std::move(ids);
  if (pass < bytes_.phases.size()) add_random_reads(bytes_.phases[pass], sh, input_.n, perm, whole_record(sh));
  const uint32_t passes = uint32_t(bytes_.phases.size());
  const RecordBytesMoved::Entry& e = bytes_.phases[std::min<size_t>(pass, bytes_.phases.size() - 1)];
  Step s = step(K::DirectPass, fmt::format(
      "Pass {} of {}: stable sort by bits {}..{} of the key with {}, and every record ({}) moves with its key. "
      "The records moved {}x so far: {} this pass at face value, {} in whole sectors.",
      pass + 1, passes, pass * kDirectDigitBits, pass * kDirectDigitBits + kDirectDigitBits - 1, algorithm_.title(),
      record_size_text(sh), pass + 1, bytes_text(e.move_bytes), bytes_text(e.fetched_bytes)));
  // Why this path is slow (issue 32: sample-sort direct by-record, u64 keys, 8 fields, ran 0.13x of
  // CUB pairs + gather where the one-sweep indirect path ran 1.04x): a sort that is not stable sorts
  // 64-bit (digit, position) words in every pass to keep equal digits in order.
  const RecordSortAlgorithm* info = find_record_sort_algorithm(algorithm_.id());
  if (pass == 0 && info && !info->stable)
    s.caption += fmt::format(
        " {} is not stable, so each pass sorts 64-bit (digit, position) words to keep equal digits in order: {} full "
        "64-bit sorts and {} moves of every record, where the indirect strategy sorts the keys once and moves each "
        "record once.",
        algorithm_.id(), passes, passes);
  s.aux.push_back(warp_memory_map(sh, input_.n, first_warp(&perm, input_.n), true));
  s.aux.push_back(bytes_done(pass + 1));
  record(std::move(s), records, ids_);
}

}  // namespace sortscope
