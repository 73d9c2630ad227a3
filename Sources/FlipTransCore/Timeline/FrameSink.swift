/// Where rendered frames go, in order: a video encoder, an image file, a test's array, …
public protocol FrameSink: AnyObject {
    /// Appends the next frame, of the size the sink was made for. An encoder converts it and writes
    /// it now or later; it throws when that fails.
    func append(_ frame: Image) throws
    /// Appends the last frame again, as a still held on screen: an encoder need not convert it
    /// again.
    func repeatLastFrame() throws
    /// Called after the last frame: an encoder flushes, a file is moved into place.
    func finish() throws
}

extension FrameSink {
    /// Default: nothing to finish.
    public func finish() throws {}
}

/// A sink whose frames become BT.709 4:2:0 pictures as `BT709Conversion` makes them (8-bit
/// video: MP4, WebM, Y4M …). The player then has the renderer convert each frame straight into a
/// picture the sink lends, in the stripes it draws, while they are in cache: no RGBA frame is
/// kept, and the picture is appended without a copy.
package protocol YUV420FrameSink: FrameSink {
    /// False when this sink's frames take another way (alpha, 10-bit, RGB …).
    var takesYUV420: Bool { get }
    /// A picture of the sink's frame size to convert a frame into: `reused` (one it made before,
    /// appended and since given back) made ready to be written again, or else a new one. The
    /// renderer redraws only what changed since the frame it drew in the picture: made ready, it
    /// must hold the same pixels (if in another buffer, a copy).
    func picture(reusing reused: (any YUV420PictureBuffer)?) throws -> any YUV420PictureBuffer
    /// Appends a frame converted into `picture`, one this sink made. The sink may read it (to
    /// repeat it) until the next picture is appended; then it is given back for another frame.
    func append(converted picture: any YUV420PictureBuffer) throws
}
