#pragma once
// Whether an encoded video is whole, checked before it replaces anything (common/output_file.h):
// an encoder can exit 0 and still leave a cut-off file (ffmpeg on a full disk, where writing the
// MP4's index after the frames fails). An MP4 must be a chain of top-level boxes that ends exactly
// at the end of the file and holds the index (moov) and the frames (mdat); a GIF must start with
// its signature and end with its trailer byte (0x3B).
#include <string>

#include "ffmpeg_pipe.h"

namespace sortscope {

// "" when the file at `path` is a whole video of `format`, else one line saying what is wrong.
std::string check_video_file(const std::string& path, VideoFormat format);

}  // namespace sortscope
