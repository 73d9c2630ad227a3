/// Which way a transition moves, as the viewer sees it.
public enum Direction: String, Sendable, CaseIterable {
    case left, right, up, down

    /// True for left and right: the motion turns about a vertical axis.
    public var isHorizontal: Bool { self == .left || self == .right }
}
