/// The planes of an 8-bit 4:2:0 picture that the renderer converts a frame into
/// (`Renderer.render(_:convertingInto:over:)`): a `YUV420Picture` of its own, or a picture an
/// encoder owns and lends (`YUV420FrameSink`), so that a converted frame reaches it uncopied.
package protocol YUV420PictureBuffer: AnyObject, Sendable {
    var size: PixelSize { get }
    var planes: YUV420Planes { get }
}
