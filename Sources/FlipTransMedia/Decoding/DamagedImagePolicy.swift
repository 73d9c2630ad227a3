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

    /// The option that accepts damage, and what it would do: added to the refusal of an image
    /// that decodes with it.
    public static let acceptance = (option: "allow-damaged", effect: "uses the part that decodes")
    public static let acceptanceHint = "--\(acceptance.option) \(acceptance.effect)"

    static func pointingToAcceptance(_ refusal: MediaError) -> MediaError {
        MediaError(refusal.kind, path: refusal.path, reason: refusal.reason + "; " + acceptanceHint)
    }

    static func warning(path: String, detail: String) -> String {
        "warning: \(refusal(path: path, detail: detail)); using what could be decoded"
    }
}
