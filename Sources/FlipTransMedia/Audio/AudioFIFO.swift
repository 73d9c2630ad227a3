import CFFmpeg

/// Resampled samples waiting for the encoder, which takes them in frames of its own size.
final class AudioFIFO {
    private let pointer: OpaquePointer
    let format: AudioFormat

    init(format: AudioFormat) {
        guard let fifo = av_audio_fifo_alloc(format.sampleFormat, format.channels, 4096) else {
            fatalError("out of memory allocating an audio FIFO")
        }
        pointer = fifo
        self.format = format
    }

    deinit { av_audio_fifo_free(pointer) }

    var size: Int { Int(av_audio_fifo_size(pointer)) }

    /// Appends `count` samples of `frame` from sample `start`.
    func write(_ frame: UnsafeMutablePointer<AVFrame>, from start: Int, count: Int, path: String) throws {
        let bytesPerSample = Int(av_get_bytes_per_sample(format.sampleFormat)) * (format.isPlanar ? 1 : Int(format.channels))
        let planes = format.isPlanar ? Int(format.channels) : 1
        var starts = (0..<planes).map { UnsafeMutableRawPointer(frame.pointee.extended_data[$0]! + start * bytesPerSample) as UnsafeMutableRawPointer? }
        let written = starts.withUnsafeMutableBufferPointer { av_audio_fifo_write(pointer, $0.baseAddress, Int32(count)) }
        try check(written, "cannot buffer the audio", .notEnoughMemory, path: path)
    }

    /// Moves up to `count` samples into `frame` (whose buffer holds at least that many); returns
    /// how many it moved.
    func read(into frame: UnsafeMutablePointer<AVFrame>, count: Int) -> Int {
        frame.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: Int(format.channels)) {
            Int(max(0, av_audio_fifo_read(pointer, $0, Int32(min(count, size)))))
        }
    }
}
