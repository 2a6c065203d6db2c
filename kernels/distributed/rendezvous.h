#pragma once
// How the ranks of a multi-process run agree on NCCL's unique id: rank 0 makes it and publishes it
// through a rendezvous the user names, the others wait for it there. Either a file on storage
// every host sees (written whole by rename, so a reader never sees half an id), or host:port, where
// rank 0 listens and hands the id to each rank that connects. Every wait has a deadline: a
// rendezvous that never completes ends with a message, not a hang. The id is opaque bytes here,
// so this file needs no NCCL.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sortscope {

struct Rendezvous {
  enum class Kind { File, Tcp } kind = Kind::File;
  std::string path;  // File
  std::string host;  // Tcp
  uint16_t port = 0;
  std::string describe() const;  // "file /shared/job.id" or "tcp host:port"
};

// "file:PATH", "tcp:HOST:PORT", or bare: HOST:PORT when it ends in :digits and has no '/', else a
// path. Throws std::runtime_error with one line for an empty text, a port outside 1..65535.
Rendezvous parse_rendezvous(const std::string& text);

// Rank 0 passes its id and returns it; the others get it. Throws std::runtime_error naming the
// rendezvous and the timeout when it does not complete within timeout_s. The file is rank 0's to
// remove once every rank has joined (remove_rendezvous_file), so a later run never reads a stale id.
std::vector<uint8_t> share_unique_id(const Rendezvous& where, uint32_t rank, uint32_t world,
                                     const std::vector<uint8_t>& id, size_t id_bytes, double timeout_s);
void remove_rendezvous_file(const Rendezvous& where);

// The message both rendezvous carry (magic, world size, id): the id when `message` is one for a
// world of `world` ranks and an id of `id_bytes`, else nullopt (anything else at the path or port).
std::optional<std::vector<uint8_t>> decode_rendezvous_message(const std::vector<uint8_t>& message, uint32_t world,
                                                              size_t id_bytes);

}  // namespace sortscope
