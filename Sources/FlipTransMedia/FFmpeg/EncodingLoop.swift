import CFFmpeg

extension OwnedCodecContext {
    /// Sends `frame` to the opened encoder (nil flushes it) and hands every packet it has ready to
    /// `write`. After a flush this drains to the end, or up to half the frames would be lost.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?, into packet: OwnedPacket, path: String,
                write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try check(avcodec_send_frame(pointer, frame), "the encoder rejected a frame", .writeFailed, path: path, shortage: frameShortage(path: path))
        while true {
            let received = avcodec_receive_packet(pointer, packet.pointer)
            if received == cffmpeg_averror(EAGAIN) || received == cffmpeg_averror_eof() { return }
            try check(received, "encoding failed", .writeFailed, path: path, shortage: frameShortage(path: path))
            defer { av_packet_unref(packet.pointer) }
            try write(packet.pointer)
        }
    }
}
