#pragma once
// A lesson as pictures for the VideoExporter (`record --lesson`): picture i is slide i at its step,
// headed by the slide's title and caption (cli/lesson_setup.h), shown kLessonSlidesPerSecond
// pictures a second unless --steps-per-second says otherwise.
#include <memory>
#include <vector>

#include "cli/lesson_setup.h"
#include "export/frame_source.h"

namespace sortscope {

// Four seconds a slide: time to read a caption aloud.
constexpr double kLessonSlidesPerSecond = 0.25;

class LessonFrames final : public FrameSource {
 public:
  // Needs the GL context it will render in to be current.
  // `color_by_given`: --color-by, which wins over the slides' own colour modes (render_lesson_slide).
  LessonFrames(std::shared_ptr<const LessonRun> run, const FrameStyle& style, std::optional<ColorBy> color_by_given)
      : run_(std::move(run)), style_(style), color_by_given_(color_by_given) {}
  int count() const override { return int(run_->slides.size()); }
  std::vector<uint8_t> render_rgba(int index, int width, int height) override {
    return render_lesson_slide(*run_, size_t(index), width, height, style_, color_by_given_);
  }

 private:
  std::shared_ptr<const LessonRun> run_;
  FrameStyle style_;
  std::optional<ColorBy> color_by_given_;
};

}  // namespace sortscope
