import CFFmpeg

/// Scales float samples (planar or interleaved) by a gain that may change from sample to sample:
/// the volume and the fade-out.
enum AudioGain {
    static func apply(to frame: UnsafeMutablePointer<AVFrame>, format: AudioFormat, firstSample: Int, gain: (Int) -> Float) {
        let samples = Int(frame.pointee.nb_samples)
        let channels = Int(format.channels)
        let gains = (0..<samples).map { gain(firstSample + $0) }
        guard gains.contains(where: { $0 != 1 }) else { return }
        if format.isPlanar {
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
