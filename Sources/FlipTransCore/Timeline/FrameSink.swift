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

/// A sink whose frames become BT.709 4:2:0 pictures as `BT709Conversion` makes them (8-bit
/// video: MP4, WebM, Y4M …). The player then has the renderer convert each frame in the stripes
/// it draws, while they are in cache, and hands the picture over with the frame.
package protocol YUV420FrameSink: FrameSink {
    /// False when this sink's frames take another way (alpha, 10-bit, RGB …).
    var takesYUV420: Bool { get }
    /// Appends `frame`, already converted into `picture`.
    func append(_ frame: Image, converted picture: YUV420Picture) throws
}
