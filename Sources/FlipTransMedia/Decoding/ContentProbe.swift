import CFFmpeg
import Foundation

/// Asks FFmpeg which container the file's first bytes look like, ignoring its name, so a file
/// with the wrong extension is still read by what it is.
///
/// An APNG is read as the PNG it also is: FFmpeg's PNG reader gives its default image, the
/// picture a viewer that does not animate shows — the first frame, or a still image the file
/// keeps for such viewers when that is not part of the animation (the APNG reader would skip it).
enum ContentProbe {
    /// The input format recognised from content alone, or nil when nothing claims it.
    static func format(ofFileAt path: String) -> UnsafePointer<AVInputFormat>? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return nil }
        // FFmpeg's probes may read past the end, so the buffer carries zeroed padding.
        var buffer = [UInt8](head)
        buffer.append(contentsOf: repeatElement(0, count: Int(AVPROBE_PADDING_SIZE)))
        return buffer.withUnsafeMutableBufferPointer { bytes in
            "".withCString { noName in
                var probe = AVProbeData(filename: noName, buf: bytes.baseAddress, buf_size: Int32(head.count), mime_type: nil)
                var score: Int32 = 0
                let format = av_probe_input_format3(&probe, 1, &score)
                if let format, String(cString: format.pointee.name) == "apng" { return av_find_input_format("png_pipe") }
                return format
            }
        }
    }
}
