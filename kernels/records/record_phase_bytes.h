#pragma once
// The bytes each phase of a record sort moves (RecordBytesMoved, record_aux.h), counted from what
// the CPU model's phases read and write, beside the extract's B.3 first-order model
// (record_traffic.h): the bytes-moved counter of the explain timeline (B.2 item 2: "a bytes-moved
// counter per phase tells the story of §VIII").
#include <cstdint>
#include <vector>

#include "algorithm.h"
#include "records/record_aux.h"
#include "records/record_sort.h"

namespace sortscope {

// Whether the run takes the (key, index) pairs inside the sort, as record_gpu.cu runs it: a sort
// that fuses (RecordSortAlgorithm::fuses: radix-onesweep) rearranging into a new block (gather,
// fused) on a plan of several tiles (radix_fuses_records): its first pass reads the keys where the
// records keep them with their positions as values, so no pairs are built (ByRecord's keys are
// copied out of the rows). Otherwise (one block, the other sorts, cycles) the pairs are built.
bool index_in_sort(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options, KeyType key,
                   uint64_t n);

// Every phase of a run of `options` on n records of `shape` with `algorithm` (done = 0): the
// phases' face-value bytes, the sort's own model (Algorithm::bytes_moved of its key-value run) and
// B.3's figures. fetched_bytes is set for the phases that read in order; the random reads' share
// needs the permutation (add_random_reads). Records of no fields in ByField or Hybrid (the keys
// sorted in place are the whole records) keep their gather or fused phase at 0 bytes: as on the
// GPU, nothing moves, but B.3's rearrangement figure (which gathers the key) stays beside it.
RecordBytesMoved plan_record_bytes(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                                   const RecordShape& shape, uint64_t n);

// Adds to `entry.fetched_bytes` what the phase's random reads fetch: for each j, the pieces of
// record perm[j] the phase reads (the key, fields [field_begin, field_end), the row), each rounded
// out to the whole 32-byte sectors it touches at its real offset in the layout. `moved` (when not
// null) picks the j to count (cycle chasing reads only the records that are not in place).
struct RecordPieces {
  bool key = false;
  uint32_t field_begin = 0, field_end = 0;  // ByField / Hybrid fields read as separate pieces ...
  bool row = false;                          // ... or the whole row as one (ByRecord, Hybrid)
};
void add_random_reads(RecordBytesMoved::Entry& entry, const RecordShape& shape, uint64_t n,
                      const std::vector<uint32_t>& perm, const RecordPieces& pieces,
                      const std::vector<bool>* moved = nullptr);

}  // namespace sortscope
