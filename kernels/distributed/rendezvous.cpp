#include "rendezvous.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "common/output_file.h"

namespace sortscope {

namespace {

using Clock = std::chrono::steady_clock;
constexpr char kMagic[8] = {'S', 'S', 'N', 'C', 'C', 'L', 'I', 'D'};

// The message both rendezvous carry: magic, world size, id. A reader checks all three, so a file
// of another run of a different size, or anything else at the path, is not taken for the id.
std::vector<uint8_t> encode(uint32_t world, const std::vector<uint8_t>& id) {
  std::vector<uint8_t> m(kMagic, kMagic + 8);
  for (int b = 0; b < 4; ++b) m.push_back(uint8_t(world >> (8 * b)));
  m.insert(m.end(), id.begin(), id.end());
  return m;
}

bool decode(const std::vector<uint8_t>& m, uint32_t world, size_t id_bytes, std::vector<uint8_t>& id) {
  auto got = decode_rendezvous_message(m, world, id_bytes);
  if (got) id = std::move(*got);
  return got.has_value();
}

[[noreturn]] void timed_out(const Rendezvous& where, uint32_t rank, double timeout_s, const std::string& what) {
  throw std::runtime_error(fmt::format("rendezvous {}: rank {} {} within {:.0f} s (--rank-timeout); are all "
                                       "ranks started with the same --rendezvous?",
                                       where.describe(), rank, what, timeout_s));
}

// Closes a socket on every path out.
struct Socket {
  int fd = -1;
  explicit Socket(int f) : fd(f) {}
  ~Socket() {
    if (fd >= 0) ::close(fd);
  }
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
};

int ms_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : int(std::min<long long>(left, 1 << 30));
}

std::vector<uint8_t> file_rendezvous(const Rendezvous& where, uint32_t rank, uint32_t world,
                                     const std::vector<uint8_t>& id, size_t id_bytes, double timeout_s,
                                     Clock::time_point deadline) {
  if (rank == 0) {
    const std::vector<uint8_t> m = encode(world, id);
    write_file_atomically(where.path, [&](OutputFile& f) { f.write(m.data(), m.size()); });
    return id;
  }
  std::vector<uint8_t> got;
  for (;;) {
    std::ifstream in(where.path, std::ios::binary);
    if (in) {
      std::vector<uint8_t> m;
      char c;
      while (m.size() <= 12 + id_bytes && in.get(c)) m.push_back(uint8_t(c));  // bounded read
      if (decode(m, world, id_bytes, got)) return got;
    }
    if (Clock::now() >= deadline) timed_out(where, rank, timeout_s, "found no id from rank 0 in the file");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::vector<uint8_t> tcp_serve(const Rendezvous& where, uint32_t world, const std::vector<uint8_t>& id,
                               double timeout_s, Clock::time_point deadline) {
  Socket s(::socket(AF_INET6, SOCK_STREAM, 0));
  bool v6 = s.fd >= 0;
  if (!v6) s.fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s.fd < 0) throw std::runtime_error(fmt::format("rendezvous {}: socket: {}", where.describe(), std::strerror(errno)));
  const int one = 1, zero = 0;
  ::setsockopt(s.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  int bound;
  if (v6) {
    ::setsockopt(s.fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);  // IPv4 clients too
    sockaddr_in6 a{};
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_any;
    a.sin6_port = htons(where.port);
    bound = ::bind(s.fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  } else {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    a.sin_port = htons(where.port);
    bound = ::bind(s.fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  }
  if (bound != 0 || ::listen(s.fd, 64) != 0)
    throw std::runtime_error(fmt::format("rendezvous {}: rank 0 cannot listen on port {}: {}", where.describe(),
                                         where.port, std::strerror(errno)));
  const std::vector<uint8_t> m = encode(world, id);
  for (uint32_t served = 1; served < world;) {
    pollfd p{s.fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, ms_left(deadline));
    if (ready <= 0) {
      if (ready < 0 && errno == EINTR) continue;
      timed_out(where, 0, timeout_s, fmt::format("heard from {} of {} ranks", served - 1, world - 1));
    }
    Socket c(::accept(s.fd, nullptr, nullptr));
    if (c.fd < 0) continue;
    size_t sent = 0;
    while (sent < m.size()) {
      const ssize_t w = ::send(c.fd, m.data() + sent, m.size() - sent, MSG_NOSIGNAL);
      if (w <= 0) break;
      sent += size_t(w);
    }
    if (sent == m.size()) ++served;
  }
  return id;
}

std::vector<uint8_t> tcp_fetch(const Rendezvous& where, uint32_t rank, uint32_t world, size_t id_bytes,
                               double timeout_s, Clock::time_point deadline) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  for (;;) {
    addrinfo* res = nullptr;
    if (::getaddrinfo(where.host.c_str(), std::to_string(where.port).c_str(), &hints, &res) == 0) {
      for (addrinfo* ai = res; ai; ai = ai->ai_next) {
        Socket c(::socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol));
        if (c.fd < 0 || ::connect(c.fd, ai->ai_addr, ai->ai_addrlen) != 0) continue;
        std::vector<uint8_t> m;
        uint8_t buf[512];
        while (m.size() < 12 + id_bytes) {
          pollfd p{c.fd, POLLIN, 0};
          if (::poll(&p, 1, ms_left(deadline)) <= 0) break;
          const ssize_t r = ::recv(c.fd, buf, sizeof buf, 0);
          if (r <= 0) break;
          m.insert(m.end(), buf, buf + r);
        }
        std::vector<uint8_t> id;
        if (decode(m, world, id_bytes, id)) {
          ::freeaddrinfo(res);
          return id;
        }
      }
      ::freeaddrinfo(res);
    }
    if (Clock::now() >= deadline) timed_out(where, rank, timeout_s, "could not get the id from rank 0");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

std::string Rendezvous::describe() const {
  return kind == Kind::File ? "file " + path : fmt::format("tcp {}:{}", host, port);
}

Rendezvous parse_rendezvous(const std::string& text) {
  if (text.empty()) throw std::runtime_error("--rendezvous: empty; give a file on shared storage or HOST:PORT");
  Rendezvous r;
  std::string t = text;
  bool tcp = false;
  if (t.rfind("file:", 0) == 0) {
    r.path = t.substr(5);
    if (r.path.empty()) throw std::runtime_error("--rendezvous 'file:': no path");
    return r;
  }
  if (t.rfind("tcp:", 0) == 0) {
    t = t.substr(4);
    tcp = true;
  }
  const size_t colon = t.rfind(':');
  const bool ends_in_port = colon != std::string::npos && colon + 1 < t.size() &&
                            t.find_first_not_of("0123456789", colon + 1) == std::string::npos;
  if (!tcp && (!ends_in_port || t.find('/') != std::string::npos)) {
    r.path = t;
    return r;
  }
  if (!ends_in_port || colon == 0 || t.size() - colon - 1 > 5)
    throw std::runtime_error(fmt::format("--rendezvous '{}': expected HOST:PORT with a port of 1 to 65535", text));
  const unsigned long port = std::stoul(t.substr(colon + 1));
  if (port < 1 || port > 65535)
    throw std::runtime_error(fmt::format("--rendezvous '{}': the port must be 1 to 65535", text));
  r.kind = Rendezvous::Kind::Tcp;
  r.host = t.substr(0, colon);
  if (r.host.size() > 2 && r.host.front() == '[' && r.host.back() == ']') r.host = r.host.substr(1, r.host.size() - 2);
  r.port = uint16_t(port);
  return r;
}

std::vector<uint8_t> share_unique_id(const Rendezvous& where, uint32_t rank, uint32_t world,
                                     const std::vector<uint8_t>& id, size_t id_bytes, double timeout_s) {
  if (rank == 0 && id.size() != id_bytes) throw std::logic_error("share_unique_id: rank 0's id has the wrong size");
  const auto deadline = Clock::now() + std::chrono::milliseconds(int64_t(timeout_s * 1000));
  if (where.kind == Rendezvous::Kind::File) return file_rendezvous(where, rank, world, id, id_bytes, timeout_s, deadline);
  return rank == 0 ? tcp_serve(where, world, id, timeout_s, deadline)
                   : tcp_fetch(where, rank, world, id_bytes, timeout_s, deadline);
}

std::optional<std::vector<uint8_t>> decode_rendezvous_message(const std::vector<uint8_t>& m, uint32_t world,
                                                              size_t id_bytes) {
  if (m.size() != 12 + id_bytes || std::memcmp(m.data(), kMagic, 8) != 0) return std::nullopt;
  uint32_t w = 0;
  for (int b = 0; b < 4; ++b) w |= uint32_t(m[8 + b]) << (8 * b);
  if (w != world) return std::nullopt;
  return std::vector<uint8_t>(m.begin() + 12, m.end());
}

void remove_rendezvous_file(const Rendezvous& where) {
  if (where.kind == Rendezvous::Kind::File) ::unlink(where.path.c_str());
}

}  // namespace sortscope
