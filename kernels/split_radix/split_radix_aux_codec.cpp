// Trace codecs (common/trace_aux.h) of split radix sort's snapshot types (split_radix_aux.h).
// Decoders check the sizes the views (visual/views/split_radix/) index by.
#include "common/trace_aux.h"
#include "split_radix_aux.h"

namespace sortscope {
namespace {

void encode(ByteWriter& w, const OneBitSplit& s) {
  w.put<uint32_t>(s.pass);
  w.put<uint32_t>(s.split);
  w.put<uint32_t>(s.splits);
  w.put<uint32_t>(s.bit);
  w.put<uint64_t>(s.tile);
  w.put<uint64_t>(s.begin);
  w.put_vector(s.bits);
  w.put_vector(s.zeros_before);
  w.put<uint32_t>(s.zeros);
}

OneBitSplit decode_split(ByteReader& r) {
  OneBitSplit s;
  s.pass = r.get<uint32_t>("one-bit split: pass");
  s.split = r.get<uint32_t>("one-bit split: split");
  s.splits = r.get<uint32_t>("one-bit split: splits");
  s.bit = r.get<uint32_t>("one-bit split: bit");
  s.tile = r.get<uint64_t>("one-bit split: tile");
  s.begin = r.get<uint64_t>("one-bit split: first key");
  s.bits = r.get_vector<uint8_t>("one-bit split: bits", kMaxAuxEntries);
  s.zeros_before = r.get_vector<uint32_t>("one-bit split: zeros before", kMaxAuxEntries);
  s.zeros = r.get<uint32_t>("one-bit split: zeros");
  require_size(s.zeros_before, s.bits.size(), "one-bit split: zeros before");
  if (s.bit >= 64) ByteReader::fail("one-bit split: bit", "is past 63");
  if (s.zeros > s.bits.size()) ByteReader::fail("one-bit split: zeros", "outnumber the keys");
  for (size_t i = 0; i < s.bits.size(); ++i)
    if (s.bits[i] > 1 || s.zeros_before[i] > i || s.zeros_before[i] > s.zeros)
      ByteReader::fail("one-bit split: bits", "are not a scanned split (a bit above 1 or a scan out of range)");
  return s;
}

void encode(ByteWriter& w, const TileDigitRuns& t) {
  w.put<uint32_t>(t.pass);
  w.put<uint64_t>(t.tile);
  w.put<uint64_t>(t.begin);
  w.put<uint32_t>(t.keys);
  w.put_vector(t.starts);
  w.put_vector(t.counts);
}

TileDigitRuns decode_runs(ByteReader& r) {
  TileDigitRuns t;
  t.pass = r.get<uint32_t>("tile digit runs: pass");
  t.tile = r.get<uint64_t>("tile digit runs: tile");
  t.begin = r.get<uint64_t>("tile digit runs: first key");
  t.keys = r.get<uint32_t>("tile digit runs: keys");
  t.starts = r.get_vector<uint32_t>("tile digit runs: starts", kMaxAuxEntries);
  t.counts = r.get_vector<uint32_t>("tile digit runs: counts", kMaxAuxEntries);
  require_size(t.counts, t.starts.size(), "tile digit runs: counts");
  for (size_t d = 0; d < t.starts.size(); ++d)
    if (uint64_t(t.starts[d]) + t.counts[d] > t.keys) ByteReader::fail("tile digit runs: a run", "ends past the tile");
  return t;
}

}  // namespace

void register_split_radix_aux_codecs(AuxCodecRegistry& r) {
  r.add<OneBitSplit>("split-radix.one-bit-split", encode, decode_split);
  r.add<TileDigitRuns>("split-radix.tile-digit-runs", encode, decode_runs);
}

}  // namespace sortscope
