/// Where rendered frames go, in order: a video encoder, a test's array, …
public protocol FrameSink: AnyObject {
    func append(_ frame: Image) throws
    /// Appends the last frame again, as a still held on screen: an encoder need not convert it
    /// again.
    func repeatLastFrame() throws
}
