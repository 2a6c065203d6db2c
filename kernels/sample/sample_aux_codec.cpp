// Trace codecs (common/trace_aux.h) of sample sort's snapshot types (sample_aux.h). Decoders check
// the sizes the views (visual/views/sample/) index by.
#include "common/trace_aux.h"
#include "sample_aux.h"

namespace sortscope {
namespace {

void encode(ByteWriter& w, const SampleSplitters& s) {
  w.put<uint32_t>(s.pass);
  w.put<uint32_t>(s.k);
  w.put<uint32_t>(s.oversampling);
  w.put<uint64_t>(s.bucket_begin);
  w.put<uint64_t>(s.bucket_size);
  w.put<uint32_t>(s.buckets_in_pass);
  w.put_bool(s.three_way);
  w.put_vector(s.sample);
  w.put_vector(s.splitters);
}

SampleSplitters decode_splitters(ByteReader& r) {
  SampleSplitters s;
  s.pass = r.get<uint32_t>("sample splitters: pass");
  s.k = r.get<uint32_t>("sample splitters: k");
  s.oversampling = r.get<uint32_t>("sample splitters: oversampling");
  s.bucket_begin = r.get<uint64_t>("sample splitters: bucket start");
  s.bucket_size = r.get<uint64_t>("sample splitters: bucket size");
  s.buckets_in_pass = r.get<uint32_t>("sample splitters: buckets in the pass");
  s.three_way = r.get_bool("sample splitters: three-way");
  s.sample = r.get_vector<uint64_t>("sample splitters: sample", kMaxAuxEntries);
  s.splitters = r.get_vector<uint64_t>("sample splitters: splitters", kMaxAuxEntries);
  if (s.k > (1u << 20)) ByteReader::fail("sample splitters: k", "is out of range");
  return s;
}

void encode(ByteWriter& w, const SampleBucketSizes& s) {
  w.put<uint32_t>(s.pass);
  w.put<uint32_t>(s.k);
  w.put<uint32_t>(s.oversampling);
  w.put<uint64_t>(s.bucket_max);
  w.put_vector(s.parent_size);
  w.put_vector(s.parent_three_way);
  w.put_vector(s.child_begin);
  w.put_vector(s.child_size);
  w.put<uint64_t>(s.buckets.size());
  for (const SampleBucketSizes::Bucket& b : s.buckets) {
    w.put<uint64_t>(b.begin);
    w.put<uint64_t>(b.size);
    w.put_bool(b.done);
  }
}

SampleBucketSizes decode_bucket_sizes(ByteReader& r) {
  SampleBucketSizes s;
  s.pass = r.get<uint32_t>("bucket sizes: pass");
  s.k = r.get<uint32_t>("bucket sizes: k");
  s.oversampling = r.get<uint32_t>("bucket sizes: oversampling");
  s.bucket_max = r.get<uint64_t>("bucket sizes: M");
  s.parent_size = r.get_vector<uint64_t>("bucket sizes: parents", kMaxAuxEntries);
  s.parent_three_way = r.get_vector<uint8_t>("bucket sizes: three-way parents", kMaxAuxEntries);
  s.child_begin = r.get_vector<uint32_t>("bucket sizes: child offsets", kMaxAuxEntries);
  s.child_size = r.get_vector<uint64_t>("bucket sizes: children", kMaxAuxEntries);
  const uint64_t buckets = r.get_count("bucket sizes: buckets", kMaxAuxEntries, 17);
  for (uint64_t i = 0; i < buckets; ++i) {
    SampleBucketSizes::Bucket b;
    b.begin = r.get<uint64_t>("bucket sizes: bucket start");
    b.size = r.get<uint64_t>("bucket sizes: bucket size");
    b.done = r.get_bool("bucket sizes: bucket done");
    s.buckets.push_back(b);
  }
  require_size(s.parent_three_way, s.parent_size.size(), "bucket sizes: three-way parents");
  require_size(s.child_begin, s.parent_size.size() + 1, "bucket sizes: child offsets");
  for (size_t i = 1; i < s.child_begin.size(); ++i)
    if (s.child_begin[i] < s.child_begin[i - 1]) ByteReader::fail("bucket sizes: child offsets", "decrease");
  if (s.child_begin.back() > s.child_size.size()) ByteReader::fail("bucket sizes: child offsets", "point past the children");
  return s;
}

}  // namespace

void register_sample_aux_codecs(AuxCodecRegistry& r) {
  r.add<SampleSplitters>("sample.splitters", encode, decode_splitters);
  r.add<SampleBucketSizes>("sample.bucket-sizes", encode, decode_bucket_sizes);
}

}  // namespace sortscope
