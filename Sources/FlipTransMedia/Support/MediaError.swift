/// An error with the file it concerns and a one-line human reason, e.g.
/// "a.png: not an image FFmpeg can decode (Invalid data found when processing input)".
public struct MediaError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { OneLine.printable("\(path): \(reason)") }
}
