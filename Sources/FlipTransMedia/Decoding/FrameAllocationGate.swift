import CFFmpeg
import FlipTransCore

/// The decoder's frame allocator (`get_buffer2`): every picture buffer a decoder allocates is
/// asked for here, so a picture over the pixel limit is refused before its memory exists, whatever
/// size the decoder's own `max_pixels` let through, and the buffers allocated are counted.
final class FrameAllocationGate {
    let pixelLimit: PixelLimit
    /// Picture buffers the decoder has allocated.
    private(set) var allocations = 0
    /// The picture size refused here, if one was.
    private(set) var refusedSize: PixelSize?

    init(pixelLimit: PixelLimit) {
        self.pixelLimit = pixelLimit
    }

    /// Makes `context`, which must not outlive the gate, allocate through it. FFmpeg decodes on
    /// one thread by default, so the callback runs on the thread that decodes.
    func install(on context: UnsafeMutablePointer<AVCodecContext>) {
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.get_buffer2 = { context, frame, flags in
            guard let context, let opaque = context.pointee.opaque else { return cffmpeg_averror(EINVAL) }
            return Unmanaged<FrameAllocationGate>.fromOpaque(opaque).takeUnretainedValue().allocate(frame, for: context, flags: flags)
        }
    }

    private func allocate(_ frame: UnsafeMutablePointer<AVFrame>?, for context: UnsafeMutablePointer<AVCodecContext>, flags: Int32) -> Int32 {
        // The picture's own size, not the buffer's, which FFmpeg pads for alignment.
        let size = PixelSize(width: Int(context.pointee.width), height: Int(context.pointee.height))
        guard pixelLimit.allows(size) else {
            refusedSize = size
            return cffmpeg_averror(EINVAL)
        }
        let result = avcodec_default_get_buffer2(context, frame, flags)
        if result >= 0 { allocations += 1 }
        return result
    }
}
