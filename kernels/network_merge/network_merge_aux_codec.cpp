// Trace codec (common/trace_aux.h) of network-merge's own snapshot (network_merge_aux.h). The checks
// cover what the view (visual/views/network_merge/) indexes by.
#include "common/trace_aux.h"
#include "network_merge_aux.h"

namespace sortscope {
namespace {

constexpr auto levels_fields = [](auto& io, auto& l) {
  io("pass", l.pass);
  io("unit", l.unit);
  io("call", l.call);
  io("width", l.width);
  io("loaded from", l.loaded_from);
  io("rows", l.rows);
};

void check_levels(const NetworkLevels& l) {
  if (l.width < 1 || l.width > 1024 || (l.width & (l.width - 1)) != 0)
    ByteReader::fail("network levels: width", "is not a power of two up to 1024");
  uint64_t levels = 0;
  while ((uint64_t(1) << levels) < 2 * uint64_t(l.width)) ++levels;
  if (!l.rows.empty()) require_size(l.rows, (levels + 1) * 2 * uint64_t(l.width), "network levels: rows");
  if (l.loaded_from > 1) ByteReader::fail("network levels: loaded from", "is neither A nor B");
}

}  // namespace

void register_network_merge_aux_codecs(AuxCodecRegistry& r) {
  r.add<NetworkLevels>("network-merge.levels", "network levels", levels_fields, check_levels);
}

}  // namespace sortscope
