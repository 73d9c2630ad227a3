import CLCMS
import FlipTransCore

/// A LittleCMS transform from one profile and pixel layout to 8-bit sRGB RGBA, alpha copied
/// as it is (the pixels are straight, not premultiplied). LittleCMS allows one transform to be
/// used from several threads at once.
final class SRGBTransform: @unchecked Sendable {
    let layout: PixelLayout
    private let handle: cmsHTRANSFORM

    /// Relative colorimetric: colours inside the sRGB gamut keep their values (an sRGB-tagged
    /// image comes out as it went in) and those outside are clipped to the nearest sRGB colour,
    /// which is how colour-managed browsers show images. Matrix-shaper profiles — Display P3,
    /// Adobe RGB, nearly every camera and screen profile — have no perceptual tables, so for them
    /// "perceptual" is the same conversion; for print-style table profiles it would compress the
    /// whole gamut and shift colours that sRGB can show.
    static let intent = cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)

    init(from profile: LCMSProfile, layout: PixelLayout) throws(ColourRefusal) {
        let sRGB = LCMSProfile.sRGB()
        guard let handle = cmsCreateTransform(profile.handle, Self.format(of: layout), sRGB.handle, clcms_type_rgba_8(),
                                              Self.intent, cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else {
            throw ColourRefusal("LittleCMS cannot convert it to sRGB")
        }
        self.handle = handle
        self.layout = layout
    }

    private static func format(of layout: PixelLayout) -> cmsUInt32Number {
        switch layout {
        case .rgba8: clcms_type_rgba_8()
        case .rgba16: clcms_type_rgba_16()
        case .greyAlpha8: clcms_type_graya_8()
        case .greyAlpha16: clcms_type_graya_16()
        }
    }

    /// Converts `pixels` into 8-bit sRGB RGBA at `destination`, which may be the pixels' own
    /// memory when they are 8-bit RGBA. Large pictures are split across the cores.
    func convert(_ pixels: UnsafeRawBufferPointer, into destination: UnsafeMutableRawPointer) {
        let pixelCount = pixels.count / layout.bytesPerPixel
        let parts = pixelCount < 1 << 16 ? 1 : ProcessInfoCores.active
        guard let source = pixels.baseAddress else { return }
        let buffers = Buffers(source: source, destination: destination), bytesPerPixel = layout.bytesPerPixel
        ParallelWork.perform(iterations: parts) { [handle] part in
            let first = pixelCount * part / parts, end = pixelCount * (part + 1) / parts
            cmsDoTransform(handle, buffers.source + first * bytesPerPixel, buffers.destination + first * 4, cmsUInt32Number(end - first))
        }
    }

    /// The buffers the parallel parts share; each part touches only its own pixels.
    private struct Buffers: @unchecked Sendable {
        let source: UnsafeRawPointer
        let destination: UnsafeMutableRawPointer
    }

    deinit {
        cmsDeleteTransform(handle)
    }
}
