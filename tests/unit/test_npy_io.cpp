// .npy and raw key files: round trips for every key type with and without values, files as NumPy
// writes them, and one clear error for each kind of bad file.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/generators.h"
#include "common/npy_io.h"

namespace sortscope {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

class NpyIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sortscope-npy-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  void write_file(const std::string& name, const std::string& bytes) const {
    std::ofstream(path(name), std::ios::binary) << bytes;
  }
  // A .npy file as NumPy writes it: magic, version 1.0, the header padded to 64 bytes, the data.
  std::string npy_bytes(const std::string& dict, const std::string& data, char major = 1) const {
    std::string header = dict;
    const size_t preamble = major == 1 ? 10 : 12;
    while ((preamble + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += char(major);
    out += '\0';
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    if (major != 1) out += std::string(2, '\0');
    return out + header + data;
  }
  std::string error_of(const std::string& name, std::optional<KeyType> raw = std::nullopt) const {
    try {
      read_keys_file(path(name), raw);
    } catch (const std::runtime_error& e) {
      std::string msg = e.what();
      EXPECT_EQ(msg.find('\n'), std::string::npos) << "one line: " << msg;
      return msg;
    }
    ADD_FAILURE() << name << " was read without an error";
    return "";
  }

  fs::path dir_;
};

TEST_F(NpyIo, RoundTripEveryKeyTypeWithAndWithoutValues) {
  for (KeyType t : kAllKeyTypes)
    for (bool values : {false, true})
      for (uint64_t n : {0, 1, 1000}) {
        InputSpec s;
        s.n = n;
        s.key = t;
        s.with_values = values;
        HostKeys keys = generate_host(s);
        write_npy(path("a.npy"), keys);
        HostKeys back = read_keys_file(path("a.npy"), std::nullopt);
        EXPECT_EQ(back.type, t);
        EXPECT_EQ(back.bytes, keys.bytes);
        EXPECT_EQ(back.values, keys.values);
        // The header length keeps the data 64-byte aligned, as NumPy's own files do.
        std::ifstream f(path("a.npy"), std::ios::binary);
        std::string head(10, '\0');
        f.read(head.data(), 10);
        EXPECT_EQ(head.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
        EXPECT_EQ((10 + uint8_t(head[8]) + 256 * uint8_t(head[9])) % 64, 0);
      }
  // Only the final file remains: no temporary left beside it.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(NpyIo, ReadsFilesAsNumpyWritesThem) {
  const uint32_t data[3] = {5, 1, 4};
  write_file("u4.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }",
                                 std::string(reinterpret_cast<const char*>(data), 12)));
  HostKeys k = read_keys_file(path("u4.npy"), std::nullopt);
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k.as<uint32_t>()[0], 5u);
  EXPECT_EQ(k.as<uint32_t>()[2], 4u);
  EXPECT_FALSE(k.has_values());

  // Version 2.0, a structured dtype with the value field first.
  std::string rec;
  for (uint32_t i = 0; i < 2; ++i) {
    double key = -1.5 * (i + 1);
    uint32_t value = 10 + i;
    rec.append(reinterpret_cast<const char*>(&value), 4);
    rec.append(reinterpret_cast<const char*>(&key), 8);
  }
  write_file("kv.npy", npy_bytes("{'descr': [('value', '<u4'), ('key', '<f8')], 'fortran_order': False, 'shape': (2,), }",
                                 rec, 2));
  HostKeys kv = read_keys_file(path("kv.npy"), KeyType::F64);
  ASSERT_EQ(kv.size(), 2u);
  EXPECT_EQ(kv.type, KeyType::F64);
  EXPECT_EQ(kv.as<double>()[1], -3.0);
  EXPECT_EQ(kv.values[0], 10u);
  EXPECT_EQ(kv.values[1], 11u);
}

TEST_F(NpyIo, RawFilesNeedTheKeyType) {
  const int64_t data[2] = {-7, 9};
  write_file("k.bin", std::string(reinterpret_cast<const char*>(data), 16));
  HostKeys k = read_keys_file(path("k.bin"), KeyType::I64);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k.as<int64_t>()[0], -7);
  EXPECT_THAT(error_of("k.bin"), HasSubstr("not a .npy file"));
  EXPECT_THAT(error_of("k.bin"), HasSubstr("--raw-key"));
  write_file("odd.bin", std::string(13, 'x'));
  EXPECT_THAT(error_of("odd.bin", KeyType::U32), HasSubstr("not a multiple of the u32 key size (4 bytes)"));
  write_file("empty.bin", "");
  EXPECT_EQ(read_keys_file(path("empty.bin"), KeyType::U32).size(), 0u);
}

TEST_F(NpyIo, EachBadFileGetsItsOwnError) {
  EXPECT_THAT(error_of("missing.npy"), HasSubstr("No such file"));
  EXPECT_THAT(error_of("."), HasSubstr("directory"));
  const std::string d8(8, '\0');
  write_file("c8.npy", npy_bytes("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", d8));
  EXPECT_THAT(error_of("c8.npy"), HasSubstr("unsupported dtype '<c8'"));
  write_file("be.npy", npy_bytes("{'descr': '>u4', 'fortran_order': False, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("be.npy"), HasSubstr("big-endian"));
  write_file("f.npy", npy_bytes("{'descr': '<u4', 'fortran_order': True, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("f.npy"), HasSubstr("Fortran"));
  write_file("2d.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (1, 2), }", d8));
  EXPECT_THAT(error_of("2d.npy"), HasSubstr("not 1-D (shape (1, 2))"));
  write_file("0d.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (), }", d8));
  EXPECT_THAT(error_of("0d.npy"), HasSubstr("not 1-D"));
  write_file("short.npy", npy_bytes("{'descr': '<u8', 'fortran_order': False, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("short.npy"), HasSubstr("truncated"));
  write_file("long.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (1,), }", d8));
  EXPECT_THAT(error_of("long.npy"), HasSubstr("unexpected bytes after the array"));
  write_file("hdr.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (2,)", d8));
  EXPECT_THAT(error_of("hdr.npy"), HasSubstr("malformed .npy header"));
  write_file("cut.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", "").substr(0, 30));
  EXPECT_THAT(error_of("cut.npy"), HasSubstr("truncated"));
  write_file("field.npy", npy_bytes("{'descr': [('key', '<u4'), ('weight', '<f4')], 'fortran_order': False, 'shape': (1,), }", d8));
  EXPECT_THAT(error_of("field.npy"), HasSubstr("field 'weight'"));
  write_file("val.npy", npy_bytes("{'descr': [('key', '<u4'), ('value', '<u8')], 'fortran_order': False, 'shape': (1,), }", std::string(12, '\0')));
  EXPECT_THAT(error_of("val.npy"), HasSubstr("value dtype '<u8'"));
  write_file("v9.npy", std::string("\x93NUMPY\x09\x00\x00\x00", 10));
  EXPECT_THAT(error_of("v9.npy"), HasSubstr("version 9.0"));
  write_file("u4.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("u4.npy", KeyType::F32), HasSubstr("holds u32 keys, but the key type asked for is f32"));
}

TEST_F(NpyIo, HostileHeadersAreRefusedPromptly) {
  const std::string d8(8, '\0');
  // Deep nesting: the recursive parser is bounded by depth, not by the stack.
  write_file("deep.npy", npy_bytes("{'descr': " + std::string(9000, '[') + ", 'fortran_order': False, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("deep.npy"), HasSubstr("nested more than"));
  // Longer than NumPy reads (version 2.0 allows 4 GiB headers; NumPy stops at 10000 bytes).
  std::string huge = "\x93NUMPY\x02";
  huge += '\0';
  huge += std::string("\xff\xff\xff\x7f", 4);
  write_file("huge.npy", huge + "{");
  EXPECT_THAT(error_of("huge.npy"), HasSubstr("NumPy reads at most 10000"));
  // Two 'descr' keys: Python keeps the last, which would be read differently here.
  write_file("dup.npy", npy_bytes("{'descr': '<u4', 'descr': '<u8', 'fortran_order': False, 'shape': (2,), }", d8));
  EXPECT_THAT(error_of("dup.npy"), HasSubstr("'descr' appears twice"));
  write_file("extra.npy", npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (2,), 'x': 1}", d8));
  EXPECT_THAT(error_of("extra.npy"), HasSubstr("keys other than"));
  // Minor versions NumPy never writes.
  std::string v11 = npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", d8);
  v11[7] = 1;
  write_file("v11.npy", v11);
  EXPECT_THAT(error_of("v11.npy"), HasSubstr("version 1.1"));
  // A shape whose byte count overflows 64 bits says items, not a wrapped byte count.
  write_file("big.npy", npy_bytes("{'descr': '<u8', 'fortran_order': False, 'shape': (4611686018427387904,), }", d8));
  EXPECT_THAT(error_of("big.npy"), HasSubstr("4611686018427387904 items of 8 bytes"));
  EXPECT_THAT(error_of("big.npy"), Not(HasSubstr("0 bytes) but")));
  // Raw files without a key type name the option that gives it.
  write_file("raw.bin", d8);
  EXPECT_THAT(error_of("raw.bin"), HasSubstr("--raw-key"));
}

TEST_F(NpyIo, StreamsAreReadToTheirEndNotByTheirSize) {
  // A FIFO has no size: its keys arrive through the pipe (the writer opens it a little later).
  const std::string bytes = npy_bytes("{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }",
                                      std::string("\x03\0\0\0\x01\0\0\0\x02\0\0\0", 12));
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    ::usleep(200 * 1000);
    std::ofstream(path("fifo"), std::ios::binary) << bytes;
    ::_exit(0);
  }
  HostKeys keys = read_keys_file(path("fifo"), std::nullopt);
  ::waitpid(child, nullptr, 0);
  ASSERT_EQ(keys.size(), 3u);
  uint32_t first = 0;
  std::memcpy(&first, keys.bytes.data(), 4);
  EXPECT_EQ(first, 3u);
  // /proc files say 0 bytes but are not empty.
  // /proc/self/cmdline holds this test's path: some bytes, whatever their count.
  try {
    EXPECT_GT(read_keys_file("/proc/self/cmdline", KeyType::U32).size(), 0u);
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("is not a multiple"));
    EXPECT_THAT(e.what(), Not(HasSubstr("raw file of 0 bytes")));
  }
  EXPECT_THAT(error_of("/dev/zero", KeyType::U32), HasSubstr("device"));
}

TEST_F(NpyIo, UnwritablePathsLeaveNothingBehind) {
  HostKeys keys(KeyType::U32, 4, false);
  EXPECT_THROW(write_npy(path("no/such/dir/out.npy"), keys), std::runtime_error);
  fs::create_directory(path("sub"));
  try {
    write_npy(path("sub"), keys);  // a directory in the way: the rename fails
    ADD_FAILURE() << "wrote over a directory";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot write"));
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);  // just sub/
  // An existing file is replaced whole.
  write_file("old.npy", "old contents");
  write_npy(path("old.npy"), keys);
  EXPECT_EQ(read_keys_file(path("old.npy"), std::nullopt).size(), 4u);
}

}  // namespace
}  // namespace sortscope
