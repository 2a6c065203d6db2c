// Whole-file output (kernels/common/output_file.h): a file appears whole or not at all, a failed
// write leaves the destination and its folder as they were, links are written through, special
// files are refused, modes are kept, staged folders appear whole, and the folder lock serializes
// read-modify-write across processes.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/output_file.h"

namespace sortscope {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sortscope-out-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string slurp(const std::string& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }
  std::set<std::string> names() const {
    std::set<std::string> n;
    for (const auto& e : fs::recursive_directory_iterator(dir_)) n.insert(e.path().lexically_relative(dir_).string());
    return n;
  }
  fs::path dir_;
};

TEST_F(OutputFileTest, WritesWholeAndReplacesOnlyOnCommit) {
  std::ofstream(path("a.txt")) << "old";
  {
    OutputFile out(path("a.txt"));
    out.write("new contents");
    EXPECT_EQ(slurp(path("a.txt")), "old") << "the destination changed before commit";
    EXPECT_EQ(names().size(), 2u);  // a.txt and the temporary beside it
    out.commit();
  }
  EXPECT_EQ(slurp(path("a.txt")), "new contents");
  EXPECT_EQ(names(), std::set<std::string>{"a.txt"});
}

TEST_F(OutputFileTest, FailureLeavesTheDestinationAndNoTemporary) {
  std::ofstream(path("keep.gif")) << "precious";
  EXPECT_THROW(write_file_atomically(path("keep.gif"),
                                     [](OutputFile& out) {
                                       out.write("half");
                                       throw std::runtime_error("encoder failed");
                                     }),
               std::runtime_error);
  EXPECT_EQ(slurp(path("keep.gif")), "precious");
  EXPECT_EQ(names(), std::set<std::string>{"keep.gif"});
  // Never committed: the same.
  { OutputFile out(path("keep.gif")); }
  EXPECT_EQ(names(), std::set<std::string>{"keep.gif"});
}

TEST_F(OutputFileTest, TemporaryKeepsTheExtensionForToolsThatChooseByName) {
  OutputFile out(path("lecture.mp4"));
  EXPECT_EQ(fs::path(out.temp_path()).extension(), ".mp4");
  EXPECT_EQ(fs::path(out.temp_path()).parent_path(), dir_);
  EXPECT_EQ(fs::path(out.temp_path()).filename().string()[0], '.');
}

TEST_F(OutputFileTest, LinksAreWrittenThrough) {
  fs::create_directory(dir_ / "real");
  std::ofstream(path("real/data.csv")) << "old";
  fs::create_symlink("real/data.csv", dir_ / "link.csv");  // relative to the link's folder
  write_file_atomically(path("link.csv"), [](OutputFile& out) { out.write("new"); });
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.csv")) << "the link was replaced by a file";
  EXPECT_EQ(slurp(path("real/data.csv")), "new");
  // A chain of links, and a dangling one (its target is created).
  fs::create_symlink(dir_ / "link.csv", dir_ / "link2.csv");
  write_file_atomically(path("link2.csv"), [](OutputFile& out) { out.write("newer"); });
  EXPECT_EQ(slurp(path("real/data.csv")), "newer");
  fs::create_symlink("real/new.csv", dir_ / "dangling.csv");
  write_file_atomically(path("dangling.csv"), [](OutputFile& out) { out.write("x"); });
  EXPECT_EQ(slurp(path("real/new.csv")), "x");
  EXPECT_TRUE(fs::is_symlink(dir_ / "dangling.csv"));
  // A loop is refused.
  fs::create_symlink(dir_ / "loop_b", dir_ / "loop_a");
  fs::create_symlink(dir_ / "loop_a", dir_ / "loop_b");
  EXPECT_THAT(check_output_file(path("loop_a")), HasSubstr("symbolic links"));
}

TEST_F(OutputFileTest, SpecialFilesAndFoldersAreRefusedNeverReplaced) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
  EXPECT_THAT(check_output_file(path("fifo")), HasSubstr("a FIFO"));
  EXPECT_THROW(OutputFile{path("fifo")}, std::runtime_error);
  struct stat st {};
  ASSERT_EQ(::lstat(path("fifo").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";
  EXPECT_THAT(check_output_file("/dev/null"), HasSubstr("a character device"));
  EXPECT_THAT(check_output_file(dir_.string()), HasSubstr("folder"));
  EXPECT_THAT(check_output_file(path("nodir/x.npy")), HasSubstr("does not exist"));
  EXPECT_THAT(check_output_file(""), HasSubstr("empty"));
  fs::create_symlink("/dev/null", dir_ / "to_null");
  EXPECT_THAT(check_output_file(path("to_null")), HasSubstr("character device"));
  EXPECT_EQ(names(), (std::set<std::string>{"fifo", "to_null"}));
}

TEST_F(OutputFileTest, TheReplacedFilesModeIsKept) {
  std::ofstream(path("private.csv")) << "old";
  ASSERT_EQ(::chmod(path("private.csv").c_str(), 0600), 0);
  write_file_atomically(path("private.csv"), [](OutputFile& out) { out.write("new"); });
  struct stat st {};
  ASSERT_EQ(::stat(path("private.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  std::ofstream(path("shared.csv")) << "old";
  ASSERT_EQ(::chmod(path("shared.csv").c_str(), 0664), 0);
  write_file_atomically(path("shared.csv"), [](OutputFile& out) { out.write("new"); });
  ASSERT_EQ(::stat(path("shared.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0664u);
}

TEST_F(OutputFileTest, SameFileSeesThroughLinks) {
  std::ofstream(path("in.npy")) << "x";
  fs::create_symlink("in.npy", dir_ / "alias.npy");
  EXPECT_TRUE(same_file(path("in.npy"), path("alias.npy")));
  EXPECT_TRUE(same_file(path("in.npy"), (dir_ / "." / "in.npy").string()));
  EXPECT_FALSE(same_file(path("in.npy"), path("other.npy")));
  EXPECT_FALSE(same_file(path("in.npy"), ""));
}

TEST_F(OutputFileTest, FoldersAppearWholeOrNotAtAll) {
  // Not committed: a folder it made is gone, an existing folder keeps exactly its files.
  { OutputFolder f(path("frames"));
    std::ofstream(f.staged("frame_00000.png")) << "a";
  }
  EXPECT_FALSE(fs::exists(dir_ / "frames"));
  fs::create_directory(dir_ / "old");
  std::ofstream(path("old/frame_00000.png")) << "last year";
  { OutputFolder f(path("old"));
    std::ofstream(f.staged("frame_00000.png")) << "this year";
    std::ofstream(f.staged("frame_00001.png")) << "this year";
  }
  EXPECT_EQ(names(), (std::set<std::string>{"old", "old/frame_00000.png"}));
  EXPECT_EQ(slurp(path("old/frame_00000.png")), "last year");
  // Committed: every file moves in.
  { OutputFolder f(path("old"));
    std::ofstream(f.staged("frame_00000.png")) << "this year";
    std::ofstream(f.staged("frame_00001.png")) << "this year";
    f.commit();
  }
  EXPECT_EQ(names(), (std::set<std::string>{"old", "old/frame_00000.png", "old/frame_00001.png"}));
  EXPECT_EQ(slurp(path("old/frame_00000.png")), "this year");
  std::ofstream(path("file")) << "x";
  EXPECT_THROW(OutputFolder{path("file")}, std::runtime_error);
}

TEST_F(OutputFileTest, FolderLockSerializesReadModifyWriteAcrossProcesses) {
  // Each of four processes adds one line 25 times, reading the file and replacing it whole: without
  // the lock, replacements race and lines are lost.
  const std::string file = path("count.txt");
  std::ofstream(file) << "";
  constexpr int kProcs = 4, kEach = 25;
  for (int p = 0; p < kProcs; ++p) {
    if (::fork() == 0) {
      for (int i = 0; i < kEach; ++i) {
        FolderLock lock(file);
        std::string text = slurp(file);
        write_file_atomically(file, [&](OutputFile& out) { out.write(text + "x\n"); });
      }
      ::_exit(0);
    }
  }
  for (int p = 0; p < kProcs; ++p) {
    int status = 0;
    ::wait(&status);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const std::string text = slurp(file);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), kProcs * kEach);
  EXPECT_EQ(names(), std::set<std::string>{"count.txt"});
}

}  // namespace
}  // namespace sortscope
