import CFFmpeg

/// Scales samples (floats, planar or interleaved, or interleaved 32-bit whole numbers for PCM)
/// by a gain that may change from sample to sample: the volume and the fade-out.
enum AudioGain {
    static func apply(to frame: UnsafeMutablePointer<AVFrame>, format: AudioFormat, firstSample: Int, gain: (Int) -> Float) {
        let samples = Int(frame.pointee.nb_samples)
        let channels = Int(format.channels)
        let gains = (0..<samples).map { gain(firstSample + $0) }
        guard gains.contains(where: { $0 != 1 }) else { return }
        if format.sampleFormat == AV_SAMPLE_FMT_S32 {
            // Rounded, and held to the range where a volume over 1 would overflow it.
            let interleaved = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Int32.self)
            for index in 0..<samples * channels {
                let scaled = (Double(interleaved[index]) * Double(gains[index / channels])).rounded()
                interleaved[index] = Int32(max(Double(Int32.min), min(Double(Int32.max), scaled)))
            }
        } else if format.isPlanar {
            for channel in 0..<channels {
                let plane = UnsafeMutableRawPointer(frame.pointee.extended_data[channel]!).assumingMemoryBound(to: Float.self)
                for index in 0..<samples { plane[index] *= gains[index] }
            }
        } else {
            let interleaved = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
            for index in 0..<samples * channels { interleaved[index] *= gains[index / channels] }
        }
    }
}
