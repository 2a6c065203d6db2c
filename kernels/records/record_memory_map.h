#pragma once
// The memory map of one warp's record move (Bandyopadhyay & Sahni §IV; the extract's B.2 item 1):
// which bytes each of the 32 threads reads and how many 32-byte sectors and 128-byte lines that
// takes, for ByField (Fig. 4), ByRecord and Hybrid rows copied one thread per record (Fig. 5) and
// moved by thread groups (Fig. 6); Hybrid of no fields has no rows, so one scheme reads its key
// array alone. The addresses are the layouts' real offsets (host_records.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "records/record_aux.h"

namespace sortscope {

// The warp reads `records` (at most 32 record indices, each < n) of a set of n records of `shape`'s
// key type and m; `gathered` says they are a permutation's (a gather's random reads). Every scheme
// is evaluated whatever shape.layout is (it names the run's own). Throws std::invalid_argument for
// more than 32 records or an index past n.
RecordMemoryMap warp_memory_map(const RecordShape& shape, uint64_t n, const std::vector<uint64_t>& records,
                                bool gathered);

// The first `count` places a warp reads, in words: "records 0..31", "records 0..1", "record 0",
// "no record"; with `prefix` "perm" the places of a permutation: "records perm[0..31]", "record
// perm[0]". A warp reads fewer than 32 records only where n is less than 32.
std::string warp_records(uint64_t count, std::string_view prefix = {});

}  // namespace sortscope
