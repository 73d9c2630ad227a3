import CFFmpeg

/// Interleaved float samples as the 32-bit whole numbers a PCM encoder takes (24-bit PCM keeps
/// their top bits). Full scale, ±1, is ±2³¹; louder samples, which floats keep until the volume
/// is applied, are held to it, and a sample that is no number (a float file may hold one) is silence.
enum PCMConversion {
    static func convert(_ source: UnsafeMutablePointer<AVFrame>, into target: UnsafeMutablePointer<AVFrame>, channels: Int32) {
        let count = Int(source.pointee.nb_samples) * Int(channels)
        let floats = UnsafeRawPointer(source.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
        let whole = UnsafeMutableRawPointer(target.pointee.extended_data[0]!).assumingMemoryBound(to: Int32.self)
        for index in 0..<count {
            let scaled = (Double(floats[index]) * 2_147_483_648).rounded()
            whole[index] = scaled.isNaN ? 0 : Int32(max(-2_147_483_648, min(2_147_483_647, scaled)))
        }
        target.pointee.nb_samples = source.pointee.nb_samples
        target.pointee.pts = source.pointee.pts
    }
}
