/// What becomes of an image whose data is damaged: cut short, or with parts its decoder cannot
/// read and would otherwise fill in without a word (FFmpeg's JPEG decoder paints them grey).
public enum DamagedImagePolicy: Sendable, Equatable {
    /// Refuse it: `a.jpg: damaged image data (the file ends before the picture does)`.
    case refuse
    /// Use what can be decoded, with a one-line warning.
    case accept

    static func reason(_ detail: String) -> String { "damaged image data (\(detail))" }

    static func refusal(path: String, detail: String) -> MediaError {
        MediaError(.inputDamaged, path: path, reason: reason(detail))
    }

    static func warning(path: String, detail: String) -> String {
        "warning: \(refusal(path: path, detail: detail)); using what could be decoded"
    }
}
