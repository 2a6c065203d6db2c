// Trace codecs (common/trace_aux.h) of split radix sort's snapshot types (split_radix_aux.h). The
// checks cover the sizes the views (visual/views/split_radix/) index by.
#include "common/trace_aux.h"
#include "split_radix_aux.h"

namespace sortscope {
namespace {

constexpr auto split_fields = [](auto& io, auto& s) {
  io("pass", s.pass);
  io("split", s.split);
  io("splits", s.splits);
  io("bit", s.bit);
  io("tile", s.tile);
  io("first key", s.begin);
  io("bits", s.bits);
  io("zeros before", s.zeros_before);
  io("zeros", s.zeros);
};

void check_split(const OneBitSplit& s) {
  require_size(s.zeros_before, s.bits.size(), "one-bit split: zeros before");
  if (s.bit >= 64) ByteReader::fail("one-bit split: bit", "is past 63");
  if (s.zeros > s.bits.size()) ByteReader::fail("one-bit split: zeros", "outnumber the keys");
  for (size_t i = 0; i < s.bits.size(); ++i)
    if (s.bits[i] > 1 || s.zeros_before[i] > i || s.zeros_before[i] > s.zeros)
      ByteReader::fail("one-bit split: bits", "are not a scanned split (a bit above 1 or a scan out of range)");
}

constexpr auto runs_fields = [](auto& io, auto& t) {
  io("pass", t.pass);
  io("tile", t.tile);
  io("first key", t.begin);
  io("keys", t.keys);
  io("starts", t.starts);
  io("counts", t.counts);
};

void check_runs(const TileDigitRuns& t) {
  require_size(t.counts, t.starts.size(), "tile digit runs: counts");
  for (size_t d = 0; d < t.starts.size(); ++d)
    if (uint64_t(t.starts[d]) + t.counts[d] > t.keys) ByteReader::fail("tile digit runs: a run", "ends past the tile");
}

}  // namespace

void register_split_radix_aux_codecs(AuxCodecRegistry& r) {
  r.add<OneBitSplit>("split-radix.one-bit-split", "one-bit split", split_fields, check_split);
  r.add<TileDigitRuns>("split-radix.tile-digit-runs", "tile digit runs", runs_fields, check_runs);
}

}  // namespace sortscope
