import CFFmpeg
import FlipTransCore

/// One of the eight axis-aligned rotations/mirrors a display matrix can ask for (the eight EXIF
/// orientations). FFmpeg 5.1 turns a JPEG's EXIF Orientation tag, or a video's rotation, into a
/// display matrix; for PNG, WebP and TIFF it applies nothing. Every image format's tag is read
/// from the file instead (`ImageFileScan`, `init(exifOrientation:)`), JPEG's too; the matrix
/// serves the other sources.
///
/// A source pixel (x, y) is shown at (a·x + c·y, b·x + d·y), shifted back into the picture:
/// the convention of `av_display_rotation_set`, with y pointing down.
struct DisplayOrientation: Equatable {
    let a: Int, b: Int, c: Int, d: Int

    static let identity = DisplayOrientation(a: 1, b: 0, c: 0, d: 1)

    /// The orientation a frame's display matrix (frame side data first, then the stream's) asks
    /// for (identity when it is not a quarter-turn/mirror); without one, `fallback` (an EXIF or
    /// TIFF tag FFmpeg left unapplied) or identity.
    init(frame: UnsafePointer<AVFrame>, stream: UnsafePointer<AVStream>, orElse fallback: DisplayOrientation?) {
        if let sideData = av_frame_get_side_data(frame, AV_FRAME_DATA_DISPLAYMATRIX),
           sideData.pointee.size >= 9 * 4 {
            self.init(matrix: UnsafeRawPointer(sideData.pointee.data).assumingMemoryBound(to: Int32.self))
        } else if let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) {
            self.init(matrix: UnsafeRawPointer(matrix).assumingMemoryBound(to: Int32.self))
        } else {
            self = fallback ?? .identity
        }
    }

    init(a: Int, b: Int, c: Int, d: Int) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// From the 3×3 16.16 fixed-point matrix FFmpeg stores.
    init(matrix: UnsafePointer<Int32>) {
        func unit(_ value: Int32) -> Int { value > 0x8000 ? 1 : value < -0x8000 ? -1 : 0 }
        let candidate = DisplayOrientation(a: unit(matrix[0]), b: unit(matrix[1]), c: unit(matrix[3]), d: unit(matrix[4]))
        let isQuarterTurnOrMirror = abs(candidate.a) + abs(candidate.c) == 1 && abs(candidate.b) + abs(candidate.d) == 1
            && abs(candidate.a) == abs(candidate.d)
        self = isQuarterTurnOrMirror ? candidate : .identity
    }

    /// `image` as it should be displayed. Throws `MemoryShortage` when there is no memory for a
    /// turned copy.
    func apply(to image: Image) throws(MemoryShortage) -> Image {
        if self == .identity { return image }
        var oriented = try reoriented(image)
        if let straight = image.straightPixels {
            oriented.straightPixels = try reoriented(Image(width: image.width, height: image.height, pixels: straight)).pixels
        }
        return oriented
    }

    private func reoriented(_ image: Image) throws(MemoryShortage) -> Image {
        let (width, height) = (image.width, image.height)
        let swapsAxes = a == 0
        let output = swapsAxes ? PixelSize(width: height, height: width) : image.size
        // Offsets bring negative coordinates back into 0..<size.
        let offsetX = (a < 0 ? width - 1 : 0) + (c < 0 ? height - 1 : 0)
        let offsetY = (b < 0 ? width - 1 : 0) + (d < 0 ? height - 1 : 0)
        var oriented = try Image.allocate(width: output.width, height: output.height)
        image.withPixels { source in
            oriented.withMutablePixels { destination in
                for y in 0..<height {
                    let sourceRow = source.row(y)
                    for x in 0..<width {
                        let shownX = a * x + c * y + offsetX
                        let shownY = b * x + d * y + offsetY
                        destination.baseAddress[shownY * destination.rowStride + shownX] = sourceRow[x]
                    }
                }
            }
        }
        return oriented
    }
}
