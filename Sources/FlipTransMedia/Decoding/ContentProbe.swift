import CFFmpeg
import Foundation

/// Asks FFmpeg which container the file's first bytes look like, ignoring its name, so a file
/// with the wrong extension is still read by what it is.
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
                return av_probe_input_format3(&probe, 1, &score)
            }
        }
    }
}
