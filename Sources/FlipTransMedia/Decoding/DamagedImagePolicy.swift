/// What becomes of an image whose data is damaged: cut short, or with parts its decoder cannot
/// read and would otherwise fill in without a word (FFmpeg's JPEG decoder paints them grey).
public enum DamagedImagePolicy: Sendable, Equatable {
    /// Refuse it: `a.jpg: damaged image data (the file ends before the picture does)`.
    case refuse
    /// Use what can be decoded, with a one-line warning.
    case accept

    private static let reasonOpening = "damaged image data ("
    static func reason(_ detail: String) -> String { reasonOpening + detail + ")" }

    static func refusal(path: String, detail: String) -> MediaError {
        MediaError(.inputDamaged, path: path, reason: reason(detail))
    }

    /// The option that accepts damage, and what it would do: added to the refusal of an image
    /// that decodes with it.
    public static let acceptance = (option: "allow-damaged", effect: "uses the part that decodes")
    public static let acceptanceHint = "--\(acceptance.option) \(acceptance.effect)"

    /// What the look at a file found cut short says.
    static let cutShort = "the file ends before the picture does"

    /// `error`, when it refuses damage that accepting it would use, with the option that does. A
    /// file cut short is told by its format: JPEG's decoder gives what it read (of a JPEG cut
    /// before its first scan, nothing), PNG's, WebP's, GIF's and BMP's nothing; other damage only
    /// decoding can tell (`decodesWhenAccepted`, asked only then).
    static func pointingToAcceptance(_ error: MediaError, decodesWhenAccepted: () -> Bool) -> MediaError {
        guard error.kind == .inputDamaged, error.reason.hasPrefix(reasonOpening), !error.reason.hasSuffix(acceptanceHint) else { return error }
        let helps = error.reason == reason(cutShort) ? (try? ImageFileScan(path: error.path)).map { $0.format == "JPEG" && $0.reachesScan } == true
            : decodesWhenAccepted()
        return helps ? MediaError(error.kind, path: error.path, reason: error.reason + "; " + acceptanceHint) : error
    }

    static func warning(path: String, detail: String) -> String {
        "warning: \(refusal(path: path, detail: detail)); using what could be decoded"
    }
}
