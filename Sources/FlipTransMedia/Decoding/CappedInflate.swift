import CZlib

/// How many bytes a zlib stream inflates to, counted without keeping them and without inflating
/// more than a cap: memory stays at two small buffers, time at the cap's worth of output.
enum CappedInflate {
    private static let bufferSize = 64 * 1024

    /// The size the zlib stream of `count` bytes at `offset` inflates to, or `cap + 1` when it is
    /// more than `cap`. A damaged stream counts what it gave before the damage (FFmpeg gives up on
    /// such a chunk at the same point and keeps nothing of it).
    static func inflatedSize(of bytes: FileBytes, at offset: Int, count: Int, cap: Int) -> Int {
        var stream = z_stream()
        guard czlib_inflate_init(&stream) == Z_OK else { return 0 }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: bufferSize)
        var (total, consumed) = (0, 0)
        while consumed < count, total <= cap {
            var input = bytes.read(at: offset + consumed, count: min(bufferSize, count - consumed))
            if input.isEmpty { break }
            consumed += input.count
            let status = input.withUnsafeMutableBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    stream.next_in = input.baseAddress
                    stream.avail_in = UInt32(input.count)
                    var status: Int32
                    repeat {
                        stream.next_out = output.baseAddress
                        stream.avail_out = UInt32(output.count)
                        status = inflate(&stream, Z_NO_FLUSH)
                        total += output.count - Int(stream.avail_out)
                    } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0) && total <= cap
                    return status
                }
            }
            // Z_BUF_ERROR with all input used only asks for more; anything else ends the stream.
            guard status == Z_OK || (status == Z_BUF_ERROR && stream.avail_in == 0) else { break }
        }
        return min(total, cap + 1)
    }
}
