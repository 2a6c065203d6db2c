#include "records/record_phase_bytes.h"

#include <numeric>

#include "common/run_cancel.h"
#include "records/host_records.h"
#include "records/record_traffic.h"
#include "fused_record_sort.h"

namespace sortscope {
namespace {

using Phase = RecordBytesMoved::Phase;

uint64_t sectors_of(uint64_t address, uint64_t bytes) {
  return bytes ? (address + bytes - 1) / kSectorBytes - address / kSectorBytes + 1 : 0;
}

// Bytes a read in order of `count` pieces of `bytes` each, `stride` apart from `offset`, fetches:
// neighbours share sectors (the warp's coalesced read), so every sector the pieces touch once.
uint64_t in_order_sectors(uint64_t offset, uint64_t stride, uint64_t bytes, uint64_t count) {
  uint64_t sectors = 0, last = UINT64_MAX;
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t a = offset + i * stride;
    for (uint64_t s = a / kSectorBytes; s <= (a + bytes - 1) / kSectorBytes; ++s)
      if (s != last) { ++sectors; last = s; }
  }
  return sectors;
}

double in_order_fetched(uint64_t offset, uint64_t stride, uint64_t bytes, uint64_t count) {
  if (!count || !bytes) return 0;
  // The pieces' places within a sector repeat every `period` pieces (period x stride is a whole
  // number of sectors), so every period after the first adds the same sectors: counted once, not
  // per piece (the advice, record_advice.h, asks for every sort and strategy at 2^26 records).
  const uint64_t period = kSectorBytes / std::gcd(stride ? stride : kSectorBytes, uint64_t(kSectorBytes));
  if (count <= 3 * period) return double(in_order_sectors(offset, stride, bytes, count)) * kSectorBytes;
  const uint64_t per_period = in_order_sectors(offset, stride, bytes, 2 * period) - in_order_sectors(offset, stride, bytes, period);
  const uint64_t q = count / period, r = count % period;
  return double(in_order_sectors(offset, stride, bytes, period + r) + (q - 1) * per_period) * kSectorBytes;
}

double sort_model(const Algorithm& a, uint64_t n, KeyType type, const ParamValues& params) {
  try {
    return a.bytes_moved(n, type, true, params);
  } catch (const std::exception&) {
    return 0;  // a plan that refuses this n has no model figure; the bar shows none
  }
}

}  // namespace

bool index_in_sort(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options, KeyType key,
                   uint64_t n) {
  const FusedRecordSort* fused = fused_record_sort_of(algorithm);
  if (!find_record_sort_algorithm(algorithm.id()) || !fused || options.strategy != RecordStrategy::Indirect ||
      !rearrange_gathers(options.rearrange))
    return false;
  ParamValues p = params;
  if (!resolve_params(algorithm.params(), p, algorithm.id()).empty()) return false;
  try {
    return fused->fuses(n, key, p);
  } catch (const std::exception&) {
    return false;  // a plan that refuses this n runs nothing fused
  }
}

RecordBytesMoved plan_record_bytes(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                                   const RecordShape& shape, uint64_t n) {
  RecordBytesMoved b;
  b.strategy = options.strategy;
  const RecordTraffic tm = record_traffic(shape, n);
  b.model_direct = tm.direct_bytes;
  b.model_indirect = tm.indirect_bytes();
  b.gather_alpha = tm.gather_alpha;
  const double nn = double(n), kb = shape.key_size(), rec = kb + 4.0 * shape.fields;
  const uint64_t key_stride = shape.layout == RecordLayout::ByRecord ? shape.row_bytes() : shape.key_size();
  auto entry = [&](Phase p, uint32_t pass = 0) {
    RecordBytesMoved::Entry e;
    e.phase = p;
    e.pass = pass;
    return e;
  };
  if (options.strategy == RecordStrategy::Direct) {
    const bool stable = find_record_sort_algorithm(algorithm.id()) && find_record_sort_algorithm(algorithm.id())->stable;
    for (uint32_t p = 0; p < tm.passes; ++p) {
      RecordBytesMoved::Entry e = entry(Phase::DirectPass, p);
      // The pass reads every key for its digit (in order), the sort runs on the digits, then every
      // record is read at its old place and written at its new one.
      e.sort_bytes = sort_model(algorithm, n, stable ? KeyType::U32 : KeyType::U64, params);
      e.move_bytes = nn * kb + 2 * nn * rec;
      e.fetched_bytes = in_order_fetched(0, key_stride, shape.key_size(), n) + nn * rec;  // + the random reads
      e.model_bytes = tm.direct_bytes / tm.passes;
      b.phases.push_back(e);
    }
    return b;
  }
  // What the GPU runs (record_gpu.cu): the pairs built in the output's key array (ByField, Hybrid)
  // or beside the rows (ByRecord), or none where the sort takes the index itself (index_in_sort),
  // ByRecord's keys then copied out of the rows.
  const bool in_sort = index_in_sort(algorithm, params, options, shape.key, n);
  const bool by_record = shape.layout == RecordLayout::ByRecord;
  if (!in_sort) {
    RecordBytesMoved::Entry e = entry(Phase::BuildPairs);
    e.move_bytes = nn * kb + nn * (kb + 4);
    e.fetched_bytes = in_order_fetched(0, key_stride, shape.key_size(), n) + nn * (kb + 4);
    b.phases.push_back(e);
  } else if (by_record) {
    RecordBytesMoved::Entry e = entry(Phase::CopyKeys);
    e.move_bytes = 2 * nn * kb;
    e.fetched_bytes = in_order_fetched(0, key_stride, shape.key_size(), n) + nn * kb;
    b.phases.push_back(e);
  }
  {
    RecordBytesMoved::Entry e = entry(Phase::SortPairs);
    e.sort_bytes = sort_model(algorithm, n, shape.key, params);
    e.model_bytes = tm.sort_pairs_bytes;
    b.phases.push_back(e);
  }
  // The rearrangement: read the permutation (not fused: the last pass knows each key's record),
  // read every record's fields (rows) at the old place, write them at the new one; the keys are
  // sorted in place already, except ByRecord's, which ride in their rows. B.3 models it as one
  // phase (with the gather's alpha): its figure goes on the last.
  std::vector<RecordBytesMoved::Entry> re;
  const bool fused_move = in_sort && options.rearrange == Rearrange::Fused;
  // Records of no fields in ByField or Hybrid are their keys, already sorted in place: the GPU moves
  // nothing and reads no permutation (record_gpu.cu returns before any launch), so the phase is 0.
  const bool nothing_moves = shape.fields == 0 && !by_record;
  const double perm_bytes = fused_move || nothing_moves ? 0 : 4 * nn;
  if (options.rearrange == Rearrange::Cycles) {
    re.push_back(entry(Phase::Cycles));
    re.back().move_bytes = 4 * nn + 2 * nn * rec;
    re.back().fetched_bytes = 4 * nn + nn * rec;
  } else {
    const Phase move = fused_move ? Phase::FusedMove
                       : shape.layout == RecordLayout::ByField ? Phase::GatherFields
                                                               : Phase::GatherRows;
    const double moved = shape.layout == RecordLayout::ByField ? 4.0 * shape.fields : double(shape.row_bytes());
    re.push_back(entry(move, move == Phase::GatherFields ? shape.fields : 0));
    re.back().move_bytes = perm_bytes + 2 * nn * moved;
    re.back().fetched_bytes = perm_bytes + nn * moved;
  }
  re.back().model_bytes = tm.rearrange_bytes;
  re.back().model_covers = uint32_t(re.size());
  b.phases.insert(b.phases.end(), re.begin(), re.end());
  return b;
}

void add_random_reads(RecordBytesMoved::Entry& entry, const RecordShape& shape, uint64_t n,
                      const std::vector<uint32_t>& perm, const RecordPieces& pieces, const std::vector<bool>* moved) {
  HostRecords shell;
  shell.shape = shape;
  shell.n = n;
  const uint64_t kb = shape.key_size();
  uint64_t sectors = 0;
  for (uint64_t j = 0; j < perm.size(); ++j) {
    throw_if_run_cancelled_at(j);  // 2^24 records in the app's explain run (common/run_cancel.h)
    if (moved && !(*moved)[j]) continue;
    const uint64_t i = perm[j];
    if (pieces.key) sectors += sectors_of(shell.key_offset(i), kb);
    for (uint32_t f = pieces.field_begin; f < pieces.field_end; ++f) sectors += sectors_of(shell.field_offset(i, f), 4);
    if (pieces.row && shape.row_bytes())
      sectors += sectors_of(shape.layout == RecordLayout::ByRecord ? shell.key_offset(i) : shell.field_offset(i, 0),
                            shape.row_bytes());
  }
  entry.fetched_bytes += double(sectors) * kSectorBytes;
}

}  // namespace sortscope
