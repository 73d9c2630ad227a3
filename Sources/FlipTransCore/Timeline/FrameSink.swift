/// Where rendered frames go, in order: a video encoder, an image file, a test's array, …
public protocol FrameSink: AnyObject {
    func append(_ frame: Image) throws
    /// Appends the last frame again, as a still held on screen: an encoder need not convert it
    /// again.
    func repeatLastFrame() throws
    /// Called after the last frame: an encoder flushes, a file is moved into place.
    func finish() throws
}

extension FrameSink {
    public func finish() throws {}
}
