import CFFmpeg
import FlipTransCore

extension OutputFormat {
    /// One frame as a JPEG, for a poster: coded as a JPEG sequence's frames are (full-resolution
    /// colour, the best quality before the file grows for nothing). JPEG has no transparency.
    public static let jpeg = OutputFormat(
        name: "jpeg", extensions: ["jpg", "jpeg"], kind: .still, summary: "a JPEG image",
        check: { options, path in
            try options.refuseAll("a JPEG still is coded at a fixed quality")
            if options.alpha {
                throw MediaError(.outputRefused, path: path, reason: "a JPEG image cannot keep transparency (--background transparent or translucent); write .png, or give an opaque --background")
            }
        },
        open: { request in
            StillSink(path: request.path, holder: "a JPEG") { frame, path in try JPEGWriter.write(frame, to: path) }
        })
}

/// Writes one frame as a JPEG file through FFmpeg's encoder, with the JPEG sequence's plan, via
/// a temporary file moved into place.
enum JPEGWriter {
    static func write(_ frame: Image, to path: String) throws {
        let plan = try StreamPlan(format: .jpegSequence, codec: nil, options: OutputOptions())
        guard let codec = avcodec_find_encoder_by_name(plan.encoder) else {
            throw MediaError(.unavailable, path: path, reason: "FFmpeg was built without the \(plan.encoder) encoder")
        }
        let converter = try PictureConverter(size: frame.size, pixelFormat: plan.pixelFormat, colour: plan.colour, path: path)
        try converter.convert(frame)
        let encoder = OwnedCodecContext(codec: codec)
        EncodedStream.configure(encoder.pointer, plan: plan, size: frame.size, fps: 1, globalHeader: false)
        try encoder.open(options: plan.encoderOptions, path: path)
        let picture = converter.picture.pointer
        picture.pointee.pts = 0
        if let quantiser = plan.quantiser { picture.pointee.quality = quantiser * FF_QP2LAMBDA }
        let output = try TemporaryOutputFile(target: path)
        let packet = OwnedPacket()
        for sent in [picture, nil] {
            try encoder.encode(sent, into: packet, path: path) { packet in
                // Marked as fliptrans's, as its PNG stills are: a folder of photos tells it apart.
                try OutputMark.mark(packet, path: path)
                try output.append(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            }
        }
        try output.commit()
    }
}
