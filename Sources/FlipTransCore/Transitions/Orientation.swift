/// How a transition that splits the frame in two halves cuts it.
public enum Orientation: String, Sendable, CaseIterable {
    /// Top and bottom halves; the fold line is horizontal.
    case vertical
    /// Left and right halves; the fold line is vertical.
    case horizontal
}
