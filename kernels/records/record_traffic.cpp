#include "records/record_traffic.h"

#include "records/record_sort.h"

namespace sortscope {

double random_read_alpha(uint32_t bytes) {
  if (bytes == 0) return 1;
  const uint32_t fetched = (bytes + kSectorBytes - 1) / kSectorBytes * kSectorBytes;
  return double(fetched) / double(bytes);
}

RecordTraffic record_traffic(const RecordShape& shape, uint64_t n) {
  RecordTraffic t;
  const double nn = double(n), kb = shape.key_size(), rec = kb + 4.0 * shape.fields, pair = kb + 4;
  t.passes = direct_passes(shape.key);
  // B.3 direct: per pass read the keys once and read plus write whole records.
  t.direct_bytes = t.passes * (kb + 2 * rec) * nn;
  // B.3 indirect: per pass read the key and read plus write the (key, index) pair ...
  t.sort_pairs_bytes = t.passes * (kb + 2 * pair) * nn;
  // ... then read the index, gather every record at random and write it coalesced. The gather
  // reads each piece of a record that lies apart as its own random access: ByField every field and
  // the key, Hybrid the key and the row, ByRecord the row.
  double fetched = 0;
  switch (shape.layout) {
    case RecordLayout::ByField:
      fetched = kb * random_read_alpha(uint32_t(kb)) + 4.0 * shape.fields * random_read_alpha(4);
      break;
    case RecordLayout::Hybrid:
      fetched = kb * random_read_alpha(uint32_t(kb)) + 4.0 * shape.fields * random_read_alpha(4 * shape.fields);
      break;
    case RecordLayout::ByRecord:
      fetched = rec * random_read_alpha(uint32_t(rec));
      break;
  }
  t.gather_alpha = fetched / rec;
  t.rearrange_bytes = (4 + fetched + rec) * nn;
  return t;
}

}  // namespace sortscope
