import CFFmpeg

/// The demuxers a music file is opened with: every one FFmpeg has but those that read other
/// files, or the network, as the file tells them — playlists (HLS, DASH), concat lists, SDP and
/// RTSP sessions, IMF packages, numbered image patterns. A file of music is all that is read for
/// it: a job's "music" that was an HLS playlist read any file it named, outside `batch --root` too.
enum SelfContainedDemuxers {
    private static let readingElsewhere: Set<Substring> = ["hls", "dash", "concat", "sdp", "rtsp", "rtp", "imf",
                                                           "webm_dash_manifest", "image2", "avisynth", "vapoursynth"]

    /// FFmpeg's `format_whitelist`: the names of the demuxers allowed, comma-separated.
    static let whitelist: String = {
        var names: [String] = [], state: UnsafeMutableRawPointer? = nil
        while let format = av_demuxer_iterate(&state) {
            let name = String(cString: format.pointee.name)
            // A demuxer goes by several names ("mov,mp4,m4a,…"): any of them matches.
            if !name.split(separator: ",").contains(where: readingElsewhere.contains) { names.append(name) }
        }
        return names.joined(separator: ",")
    }()

    /// Why FFmpeg refused `path` when a demuxer left out would have read it, if one would: an
    /// HLS or DASH playlist, a concat list, an SDP session.
    static func refusal(of path: String) -> String? {
        let head = String(decoding: (try? FileBytes(path: path)).map { $0.read(at: 0, count: 512) } ?? [], as: UTF8.self)
        if head.hasPrefix("#EXTM3U") || head.hasPrefix("ffconcat") || head.contains("<MPD") {
            return "a playlist, which names other files to read; give the music file itself"
        }
        return head.hasPrefix("v=0") ? "a session description (SDP), which names streams to receive; give the music file itself" : nil
    }
}
