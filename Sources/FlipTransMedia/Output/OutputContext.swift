import CFFmpeg
import Glibc

/// An owned output AVFormatContext (a muxer) and the file it writes.
final class OutputContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    /// The user's path, named in errors (FFmpeg writes to a temporary file beside it).
    private let reportedPath: String

    init(muxer: String, writingTo url: String, reportedPath: String) throws {
        self.reportedPath = reportedPath
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_alloc_output_context2(&context, nil, muxer, url), "FFmpeg has no \(muxer) muxer", .unavailable, path: reportedPath)
        guard let context else { throw MediaError(.unavailable, path: reportedPath, reason: "FFmpeg has no \(muxer) muxer") }
        pointer = context
        // The same job writes the same bytes: Matroska and WebM otherwise get a random segment
        // and track IDs and the date, and MP4 the library's version.
        context.pointee.flags |= AVFMT_FLAG_BITEXACT
        // A muxer such as image2 opens its own files, one per frame.
        guard context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 else { return }
        try check(avio_open(&context.pointee.pb, url, AVIO_FLAG_WRITE), "cannot create the output file", .writeFailed, path: reportedPath)
    }

    /// Whether the muxer wants codec headers once in the container rather than in every keyframe.
    var wantsGlobalHeader: Bool { pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    func writeHeader(options: [String: String]) throws {
        var dictionary = OptionDictionary(options)
        try check(avformat_write_header(pointer, &dictionary.pointer), "cannot write the file header", .writeFailed, path: reportedPath)
        try dictionary.rejectLeftovers(path: reportedPath, consumer: "the \(String(cString: pointer.pointee.oformat.pointee.name)) muxer")
    }

    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let code = av_interleaved_write_frame(pointer, packet)
        // The image2 muxer reports any frame file it cannot create as an I/O error: a full device
        // or one out of file entries (inodes) is said as such.
        if code == cffmpeg_averror(EIO), let full = Self.deviceFull(for: reportedPath) {
            throw MediaError(.writeFailed, path: reportedPath, reason: "cannot write to the output file (\(full))")
        }
        try check(code, "cannot write to the output file", .writeFailed, path: reportedPath)
    }

    /// What is used up on the device of `path`'s folder, if anything: its space or its file entries.
    private static func deviceFull(for path: String) -> String? {
        var device = statvfs()
        guard statvfs(FilePaths.folder(of: path), &device) == 0 else { return nil }
        // Root may still use the blocks kept back for it.
        if (geteuid() == 0 ? device.f_bfree : device.f_bavail) == 0 { return String(cString: strerror(ENOSPC)) }
        if device.f_favail == 0, device.f_files > 0 { return MediaError.noFileEntries }
        return nil
    }

    /// Writes the trailer (call only after `writeHeader`) and closes the file.
    func finish() throws {
        try check(av_write_trailer(pointer), "cannot finish the output file", .writeFailed, path: reportedPath)
        try check(closeFile(), "cannot close the output file", .writeFailed, path: reportedPath)
    }

    /// Closes the file if it is open; the muxer context stays alive until deinit.
    @discardableResult
    func closeFile() -> Int32 {
        pointer.pointee.pb == nil ? 0 : avio_closep(&pointer.pointee.pb)
    }

    deinit {
        closeFile()
        avformat_free_context(pointer)
    }
}
