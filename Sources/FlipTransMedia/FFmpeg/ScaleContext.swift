import CFFmpeg
import FlipTransCore

/// The YUV↔RGB matrix and range on one side of a conversion.
struct ColourEncoding {
    /// An `SWS_CS_*` constant (`AVColorSpace` values map onto them).
    var matrix: Int32
    var fullRange: Bool

    static let rgb = ColourEncoding(matrix: SWS_CS_DEFAULT, fullRange: true)
}

/// An owned swscale context for one fixed conversion (sizes, formats, colour), made once and
/// reused for every frame so the hot path allocates nothing.
final class ScaleContext {
    private let pointer: OpaquePointer

    /// nil when swscale does not support the conversion.
    init?(from sourceSize: PixelSize, _ sourceFormat: AVPixelFormat,
          to destinationSize: PixelSize, _ destinationFormat: AVPixelFormat,
          flags: Int32, source: ColourEncoding = .rgb, destination: ColourEncoding = .rgb) {
        FFmpegLogging.quiet
        guard let context = sws_getContext(Int32(sourceSize.width), Int32(sourceSize.height), sourceFormat,
                                           Int32(destinationSize.width), Int32(destinationSize.height),
                                           destinationFormat, flags, nil, nil, nil) else { return nil }
        pointer = context
        // Without this swscale assumes BT.601 and guesses the range, which shifts colours.
        sws_setColorspaceDetails(context, sws_getCoefficients(source.matrix), source.fullRange ? 1 : 0,
                                 sws_getCoefficients(destination.matrix), destination.fullRange ? 1 : 0,
                                 0, 1 << 16, 1 << 16)
    }

    /// Converts the planes of `frame` into one packed plane (e.g. RGBA).
    func convert(_ frame: UnsafeMutablePointer<AVFrame>, intoPacked destination: UnsafeMutablePointer<UInt8>, bytesPerRow: Int) {
        withFramePlanes(frame) { planes, strides in
            planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { sourcePlanes in
                var destinationPlane: UnsafeMutablePointer<UInt8>? = destination
                var destinationStride = Int32(bytesPerRow)
                sws_scale(pointer, sourcePlanes, strides, 0, frame.pointee.height, &destinationPlane, &destinationStride)
            }
        }
    }

    /// Converts one packed plane into another (resizing, for the fitter).
    func convert(packed source: UnsafePointer<UInt8>, bytesPerRow: Int, height: Int,
                 intoPacked destination: UnsafeMutablePointer<UInt8>, destinationBytesPerRow: Int) {
        var destinationPlane: UnsafeMutablePointer<UInt8>? = destination
        var destinationStride = Int32(destinationBytesPerRow)
        convert(packed: source, bytesPerRow: bytesPerRow, height: height, planes: &destinationPlane, strides: &destinationStride)
    }

    /// Converts one packed plane (e.g. RGBA) into the planes of `frame`.
    func convert(packed source: UnsafePointer<UInt8>, bytesPerRow: Int, height: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        withFramePlanes(frame) { planes, strides in
            convert(packed: source, bytesPerRow: bytesPerRow, height: height, planes: planes, strides: strides)
        }
    }

    private func convert(packed source: UnsafePointer<UInt8>, bytesPerRow: Int, height: Int,
                         planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>, strides: UnsafePointer<Int32>) {
        var sourcePlane: UnsafePointer<UInt8>? = source
        var sourceStride = Int32(bytesPerRow)
        sws_scale(pointer, &sourcePlane, &sourceStride, 0, Int32(height), planes, strides)
    }

    /// The data and linesize arrays of `frame` as the C arrays swscale expects, without copying.
    private func withFramePlanes<Result>(
        _ frame: UnsafeMutablePointer<AVFrame>,
        _ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) -> Result
    ) -> Result {
        let count = Int(AV_NUM_DATA_POINTERS)
        let planes = UnsafeMutableRawPointer(frame).advanced(by: MemoryLayout<AVFrame>.offset(of: \AVFrame.data)!)
            .bindMemory(to: UnsafeMutablePointer<UInt8>?.self, capacity: count)
        let strides = UnsafeMutableRawPointer(frame).advanced(by: MemoryLayout<AVFrame>.offset(of: \AVFrame.linesize)!)
            .bindMemory(to: Int32.self, capacity: count)
        return body(planes, strides)
    }

    deinit {
        sws_freeContext(pointer)
    }
}
