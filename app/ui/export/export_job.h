#pragma once
// A video/GIF/PNG-frames export running inside the app: the exporter plus the timeline it renders
// (held here, so a re-run of the scenario meanwhile does not pull the steps away from it), or a
// race's moments (export/race_frames.h, which hold the lanes).
#include <memory>
#include <string>

#include "core/runner.h"
#include "export/video_exporter.h"

namespace sortscope::ui {

class ExportJob {
 public:
  ExportJob(std::shared_ptr<const ExplainResult> explain, const Algorithm& algorithm, VideoExportOptions options)
      : explain_(std::move(explain)),
        exporter_(std::shared_ptr<const Timeline>(explain_, &explain_->timeline), algorithm, std::move(options)) {}
  ExportJob(std::unique_ptr<FrameSource> source, VideoExportOptions options)
      : exporter_(std::move(source), std::move(options)) {}
  void pump(double budget_ms) { exporter_.pump(budget_ms); }
  float progress() const { return exporter_.progress(); }
  void cancel() { exporter_.cancel(); }
  bool finished() const { return exporter_.finished(); }
  bool failed() const { return exporter_.failed(); }
  std::string message() const { return exporter_.message(); }
  const VideoExporter& exporter() const { return exporter_; }

 private:
  std::shared_ptr<const ExplainResult> explain_;
  VideoExporter exporter_;
};

}  // namespace sortscope::ui
