#include "exchange_layout.h"

#include <algorithm>
#include <stdexcept>

namespace sortscope {

uint32_t exchange_align_elements(int key_bytes, bool with_values) {
  const int smallest = with_values ? std::min(key_bytes, 4) : key_bytes;
  return uint32_t(kExchangeAlignBytes / uint64_t(smallest));
}

PieceLayout contiguous_pieces(const std::vector<uint64_t>& counts) {
  return pieces_congruent_to(counts, std::vector<uint64_t>(counts.size(), 0), 1);
}

PieceLayout pieces_congruent_to(const std::vector<uint64_t>& counts, const std::vector<uint64_t>& residue, uint32_t q) {
  if (q == 0 || residue.size() != counts.size()) throw std::invalid_argument("pieces_congruent_to: bad arguments");
  PieceLayout l;
  l.count = counts;
  uint64_t at = 0;
  for (size_t j = 0; j < counts.size(); ++j) {
    at += (residue[j] % q + q - at % q) % q;
    l.start.push_back(at);
    at += counts[j];
  }
  l.span = at;
  return l;
}

PieceMessages split_piece(uint64_t start, uint64_t count, uint32_t q) {
  PieceMessages m;
  m.head = std::min<uint64_t>(count, (q - start % q) % q);
  m.body = count - m.head;
  return m;
}

RankExchange packed_exchange(const std::vector<uint64_t>& matrix, uint32_t ranks, uint32_t rank, uint32_t q) {
  if (matrix.size() != uint64_t(ranks) * ranks || rank >= ranks) throw std::invalid_argument("packed_exchange: bad matrix");
  RankExchange x;
  std::vector<uint64_t> in(ranks), out(ranks), lands(ranks);
  for (uint32_t i = 0; i < ranks; ++i) in[i] = matrix[uint64_t(i) * ranks + rank];
  x.recv = contiguous_pieces(in);
  for (uint32_t j = 0; j < ranks; ++j) {
    out[j] = matrix[uint64_t(rank) * ranks + j];
    // Rank j receives contiguously in rank order: this rank's piece lands after those of ranks < rank.
    for (uint32_t i = 0; i < rank; ++i) lands[j] += matrix[uint64_t(i) * ranks + j];
  }
  x.send = pieces_congruent_to(out, lands, q);
  return x;
}

}  // namespace sortscope
