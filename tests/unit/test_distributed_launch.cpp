// One rank per process (kernels/distributed): the launcher's environment and the rendezvous that
// hands NCCL's id from rank 0 to the others, by file and by host:port, with the timeout that ends
// a rendezvous that never completes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include "distributed/launcher_env.h"
#include "distributed/rendezvous.h"

namespace sortscope::test {
namespace {

EnvLookup env_of(const std::map<std::string, std::string>& vars) {
  return [vars](const char* name) -> const char* {
    const auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

TEST(LauncherEnv, ReadsOpenMpiPmiAndSlurm) {
  EXPECT_FALSE(launcher_rank_from_env(env_of({})));
  const auto ompi = launcher_rank_from_env(
      env_of({{"OMPI_COMM_WORLD_RANK", "3"}, {"OMPI_COMM_WORLD_SIZE", "8"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}}));
  ASSERT_TRUE(ompi);
  EXPECT_EQ(ompi->rank, 3u);
  EXPECT_EQ(ompi->size, 8u);
  EXPECT_EQ(ompi->local_rank, 1u);
  EXPECT_TRUE(ompi->local_known);
  EXPECT_EQ(ompi->source, "Open MPI");
  const auto pmi = launcher_rank_from_env(env_of({{"PMI_RANK", "0"}, {"PMI_SIZE", "2"}}));
  ASSERT_TRUE(pmi);
  EXPECT_FALSE(pmi->local_known);
  const auto slurm = launcher_rank_from_env(env_of({{"SLURM_PROCID", "1"}, {"SLURM_NTASKS", "2"}, {"SLURM_LOCALID", "0"}}));
  ASSERT_TRUE(slurm);
  EXPECT_EQ(slurm->source, "Slurm");
  EXPECT_EQ(slurm->rank, 1u);
}

TEST(LauncherEnv, MalformedIsOneLine) {
  for (const auto& vars : std::vector<std::map<std::string, std::string>>{
           {{"SLURM_PROCID", "2"}, {"SLURM_NTASKS", "2"}},
           {{"PMI_RANK", "-1"}, {"PMI_SIZE", "2"}},
           {{"OMPI_COMM_WORLD_RANK", "0"}},
           {{"OMPI_COMM_WORLD_RANK", "0"}, {"OMPI_COMM_WORLD_SIZE", "99999999999"}}}) {
    try {
      launcher_rank_from_env(env_of(vars));
      ADD_FAILURE() << "accepted a malformed launcher environment";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
}

TEST(Rendezvous, Parses) {
  EXPECT_EQ(parse_rendezvous("/shared/job.id").kind, Rendezvous::Kind::File);
  EXPECT_EQ(parse_rendezvous("file:node1:1234").path, "node1:1234");
  const Rendezvous t = parse_rendezvous("node1:29500");
  EXPECT_EQ(t.kind, Rendezvous::Kind::Tcp);
  EXPECT_EQ(t.host, "node1");
  EXPECT_EQ(t.port, 29500);
  EXPECT_EQ(parse_rendezvous("tcp:[::1]:80").host, "::1");
  EXPECT_EQ(parse_rendezvous("./rel/id").kind, Rendezvous::Kind::File);
  EXPECT_THROW(parse_rendezvous(""), std::runtime_error);
  EXPECT_THROW(parse_rendezvous("tcp:host:0"), std::runtime_error);
  EXPECT_THROW(parse_rendezvous("tcp:host:70000"), std::runtime_error);
}

std::vector<uint8_t> some_id() {
  std::vector<uint8_t> id(128);
  for (size_t i = 0; i < id.size(); ++i) id[i] = uint8_t(i * 7 + 1);
  return id;
}

TEST(Rendezvous, FileHandsTheIdOnAndTimesOut) {
  const std::string path = testing::TempDir() + "sortscope_rdv_" + std::to_string(::getpid());
  std::remove(path.c_str());
  const Rendezvous where = parse_rendezvous(path);
  std::vector<uint8_t> got;
  std::thread reader([&] { got = share_unique_id(where, 1, 2, {}, 128, 10); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the reader waits for the file
  EXPECT_EQ(share_unique_id(where, 0, 2, some_id(), 128, 10), some_id());
  reader.join();
  EXPECT_EQ(got, some_id());
  // A file of another world size is not taken for the id: the reader times out with a message.
  try {
    share_unique_id(where, 1, 3, {}, 128, 0.3);
    ADD_FAILURE() << "read an id written for 2 ranks as one for 3";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("within"), std::string::npos) << e.what();
  }
  remove_rendezvous_file(where);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(share_unique_id(where, 1, 2, {}, 128, 0.3), std::runtime_error);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(Rendezvous, TcpHandsTheIdOnAndTimesOut) {
  const uint16_t port = uint16_t(20000 + ::getpid() % 20000);
  const Rendezvous where = parse_rendezvous("127.0.0.1:" + std::to_string(port));
  std::vector<uint8_t> a, b;
  std::thread r1([&] { a = share_unique_id(where, 1, 3, {}, 128, 10); });
  std::thread r2([&] { b = share_unique_id(where, 2, 3, {}, 128, 10); });
  EXPECT_EQ(share_unique_id(where, 0, 3, some_id(), 128, 10), some_id());
  r1.join();
  r2.join();
  EXPECT_EQ(a, some_id());
  EXPECT_EQ(b, some_id());
  // Rank 0 waits for ranks that never come; a rank whose rank 0 never listens gives up too.
  EXPECT_THROW(share_unique_id(where, 0, 2, some_id(), 128, 0.3), std::runtime_error);
  EXPECT_THROW(share_unique_id(where, 1, 2, {}, 128, 0.3), std::runtime_error);
}

}  // namespace
}  // namespace sortscope::test
