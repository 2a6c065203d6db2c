#include "video_exporter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <system_error>

#include "core/interrupt.h"
#include "video_check.h"
#include "frame_limits.h"
#include "gl/png_writer.h"

namespace sortscope {

namespace fs = std::filesystem;

const char* export_kind_name(ExportKind k) {
  switch (k) {
    case ExportKind::Mp4: return "MP4";
    case ExportKind::Gif: return "GIF";
    case ExportKind::PngFrames: return "PNG frames";
  }
  return "?";
}

ExportKind export_kind_for(const fs::path& out) {
  std::string s = out.string();
  if (s.empty()) throw std::runtime_error("no output path given");
  std::error_code ec;
  if (s.back() == '/' || fs::is_directory(out, ec)) return ExportKind::PngFrames;
  std::string ext = out.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".mp4") return ExportKind::Mp4;
  if (ext == ".gif") return ExportKind::Gif;
  if (ext.empty()) return ExportKind::PngFrames;
  throw std::runtime_error("cannot export to '" + s + "': use a .mp4 or .gif file, or a folder for PNG frames");
}

namespace {

std::string frame_file_name(int step) {
  char name[64];
  std::snprintf(name, sizeof name, "frame_%05d.png", step);
  return name;
}

}  // namespace

namespace {

std::unique_ptr<FrameSource> timeline_frames(std::shared_ptr<const Timeline> timeline, const Algorithm& algorithm,
                                             const FrameStyle& style) {
  if (!timeline || timeline->steps.empty()) throw std::runtime_error("nothing to export: the timeline has no steps");
  return std::make_unique<TimelineFrames>(std::move(timeline), algorithm, style);
}

}  // namespace

VideoExporter::VideoExporter(std::shared_ptr<const Timeline> timeline, const Algorithm& algorithm,
                             VideoExportOptions options)
    : options_(std::move(options)), source_(timeline_frames(std::move(timeline), algorithm, options_.style)) {
  start();
}

VideoExporter::VideoExporter(std::unique_ptr<FrameSource> source, VideoExportOptions options)
    : options_(std::move(options)), source_(std::move(source)) {
  start();
}

void VideoExporter::start() {
  if (!source_ || source_->count() <= 0) throw std::runtime_error("nothing to export: no pictures");
  const int steps = source_->count();
  if (!frame_size_ok(options_.width, options_.height))
    throw std::runtime_error(frame_size_error(options_.width, options_.height));
  schedule_.first_step = options_.first_step;
  schedule_.last_step = options_.last_step < 0 ? steps - 1 : options_.last_step;
  schedule_.fps = options_.fps;
  schedule_.steps_per_second = options_.steps_per_second;
  schedule_.hold_last_seconds = options_.hold_last_seconds;
  if (auto e = validate_schedule(schedule_, steps); !e.empty()) throw std::runtime_error(e);

  requested_ = kind_ = export_kind_for(options_.out);
  output_ = options_.out;
  std::optional<fs::path> ffmpeg;
  if (kind_ != ExportKind::PngFrames) {
    ffmpeg = find_ffmpeg();
    if (!ffmpeg) {
      // No ffmpeg: the frames still come out, as PNGs next to the file that was asked for.
      fs::path dir = output_;
      dir.replace_extension();
      dir += "_frames";
      fallback_note_ = "ffmpeg was not found, so no " + std::string(export_kind_name(kind_)) + " was made; ";
      kind_ = ExportKind::PngFrames;
      output_ = dir;
    }
  }
  if (kind_ == ExportKind::PngFrames) {
    frames_ = std::make_unique<OutputFolder>(output_.string());
    total_frames_ = schedule_.step_count();
  } else {
    video_file_ = std::make_unique<OutputFile>(output_.string());
    total_frames_ = schedule_.frame_count();
    ffmpeg_ = std::make_unique<FfmpegPipe>(*ffmpeg, kind_ == ExportKind::Mp4 ? VideoFormat::Mp4 : VideoFormat::Gif,
                                           options_.width, options_.height, options_.fps, false,
                                           video_file_->temp_path());
  }
  thread_ = std::thread([this] { writer(); });
}

VideoExporter::~VideoExporter() {
  if (!finished_) cancel();
  {
    std::lock_guard lock(mutex_);
    producer_done_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void VideoExporter::cancel() {
  cancel_ = true;
  cv_.notify_all();
}

bool VideoExporter::pump(double budget_ms) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (producer_done_) return false;
      if (cancel_ || !error_.empty() || next_frame_ >= total_frames_) {
        producer_done_ = true;
        cv_.notify_all();
        return false;
      }
      if (queue_.size() >= kQueueDepth) return true;  // the writer is behind: try next time
    }
    Frame f;
    f.index = next_frame_;
    f.step = kind_ == ExportKind::PngFrames ? schedule_.first_step + int(next_frame_) : schedule_.step_of_frame(next_frame_);
    // Consecutive frames of one step are the same picture: render it once.
    if (f.step != last_step_rendered_ || !last_rgba_) {
      last_rgba_ = std::make_shared<const std::vector<uint8_t>>(
          source_->render_rgba(f.step, options_.width, options_.height));
      last_step_rendered_ = f.step;
    }
    f.rgba = last_rgba_;
    ++next_frame_;
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(std::move(f));
    }
    cv_.notify_all();
    double ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
    if (ms >= budget_ms) return true;
  }
}

std::string VideoExporter::run(const std::function<void(float)>& progress) {
  float last_reported = -1;
  while (!finished_) {
    if (interrupted()) cancel();  // Ctrl-C in `record`: the writer stops, the destination stays as it was
    bool more = pump(50);
    if (progress && this->progress() - last_reported >= 0.01f) {
      last_reported = this->progress();
      progress(last_reported);
    }
    if (!more) {
      std::unique_lock lock(mutex_);
      cv_.wait_for(lock, std::chrono::milliseconds(20), [&] { return finished_.load(); });
    } else {
      // Queue full: wait for the writer to take a frame.
      std::unique_lock lock(mutex_);
      cv_.wait_for(lock, std::chrono::milliseconds(20), [&] { return queue_.size() < kQueueDepth || finished_; });
    }
  }
  if (progress) progress(1.0f);
  return message();
}

void VideoExporter::write_one(const Frame& f) {
  if (kind_ == ExportKind::PngFrames) {
    write_png(frames_->staged(frame_file_name(f.step)), options_.width, options_.height, *f.rgba);
  } else if (auto e = ffmpeg_->write_frame(f.rgba->data()); !e.empty()) {
    throw std::runtime_error(e);
  }
}

void VideoExporter::writer() {
  for (;;) {
    Frame f;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return !queue_.empty() || producer_done_ || cancel_; });
      if (cancel_) break;
      if (queue_.empty()) break;  // producer done and everything written
      f = std::move(queue_.front());
      queue_.pop_front();
    }
    cv_.notify_all();
    try {
      write_one(f);
      ++written_;
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      error_ = e.what();
      break;
    }
  }
  std::string result;
  std::string error;
  {
    std::lock_guard lock(mutex_);
    error = error_;
  }
  // The output is committed only when every frame is in; anything else removes what was written.
  const auto commit = [&]() -> std::string {
    try {
      if (video_file_) video_file_->commit();
      if (frames_) frames_->commit();
    } catch (const std::exception& e) {
      return e.what();
    }
    return {};
  };
  if (cancel_ || !error.empty()) {
    if (ffmpeg_) ffmpeg_->abort();
    video_file_.reset();
    frames_.reset();
    result = cancel_ && error.empty() ? "export cancelled" : "export failed: " + error;
  } else if (ffmpeg_) {
    // An interrupt during the final encode (the clip's end, a GIF's palette pass) stops it and keeps
    // the destination as it was; so does an encoder that exited 0 but left a damaged file (a full
    // disk can do that: the file is checked whole before it replaces anything).
    const auto stop = [this] { return cancel_.load() || interrupted(); };
    std::string e = ffmpeg_->finish(stop);
    if (e.empty() && stop()) e = "cancelled";
    if (e.empty()) e = check_video_file(video_file_->temp_path(), kind_ == ExportKind::Mp4 ? VideoFormat::Mp4 : VideoFormat::Gif);
    if (e.empty()) e = commit();
    if (e == "cancelled") {
      video_file_.reset();
      result = "export cancelled";
    } else if (!e.empty()) {
      video_file_.reset();
      error = e;
      result = "export failed: " + e;
    } else {
      char buf[256];
      std::snprintf(buf, sizeof buf, ": %lld frames, %dx%d, %.1f s at %d fps", static_cast<long long>(written_.load()),
                    options_.width, options_.height, schedule_.duration_seconds(), options_.fps);
      result = "wrote " + output_.string() + buf;
    }
  } else if (interrupted()) {  // between the last frame and the move into place
    frames_.reset();
    result = "export cancelled";
  } else if (auto e = commit(); !e.empty()) {
    frames_.reset();
    error = e;
    result = "export failed: " + e;
  } else {
    result = fallback_note_ + "wrote " + std::to_string(written_.load()) + " PNG frames (one per step) to " +
             output_.string();
    if (!fallback_note_.empty()) {
      char cmd[512];
      std::snprintf(cmd, sizeof cmd, "; encode them later with: ffmpeg -framerate %g -start_number %d -i %s/frame_%%05d.png %s",
                    options_.steps_per_second, schedule_.first_step, output_.string().c_str(),
                    options_.out.string().c_str());
      result += cmd;
    }
  }
  {
    std::lock_guard lock(mutex_);
    error_ = error;
    result_ = result;
    producer_done_ = true;
  }
  finished_ = true;
  cv_.notify_all();
}

float VideoExporter::progress() const {
  return total_frames_ > 0 ? float(double(written_.load()) / double(total_frames_)) : 1.0f;
}

bool VideoExporter::finished() const { return finished_; }

bool VideoExporter::failed() const {
  std::lock_guard lock(mutex_);
  return !error_.empty();
}

std::string VideoExporter::message() const {
  std::lock_guard lock(mutex_);
  return result_;
}

}  // namespace sortscope
