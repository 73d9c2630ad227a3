import CHeif
import FlipTransCore
import Foundation

/// Decodes HEIF images — HEIC (HEVC, every iPhone photo) and AVIF (AV1) — with libheif: the
/// primary image with its rotation, mirroring and crop (`irot`, `imir`, `clap`, which libheif's
/// decode applies unless told not to), its alpha, and its colour profile (ICC or nclx). FFmpeg
/// 5.1 cannot open HEIC, and opens AVIF without its alpha, rotation or grid. An EXIF orientation
/// inside a HEIF file is ignored, as the format requires: `irot`/`imir` say how to show it.
enum HEIFDecoder {
    static func decode(contentsOf path: String, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy,
                       warning: (String) -> Void) throws -> Image {
        let (_, handle) = try primaryImage(of: path, pixelLimit: pixelLimit)
        let shown = PixelSize(width: Int(heif_image_handle_get_width(handle.pointer)), height: Int(heif_image_handle_get_height(handle.pointer)))
        let deep = heif_image_handle_get_luma_bits_per_pixel(handle.pointer) > 8
        let colour = ColourConversion(profile(of: handle), deep: deep, greyPixels: false, path: path, warning: warning)
        let littleEndian = 1.littleEndian == 1
        let chroma = !deep ? heif_chroma_interleaved_RGBA
            : littleEndian ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBBAA_BE
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle.pointer, &decoded, heif_colorspace_RGB, chroma, nil), path: path, picture: shown)
        let image = HEIFOwned.image(decoded!)
        let size = PixelSize(width: Int(heif_image_get_primary_width(image.pointer)), height: Int(heif_image_get_primary_height(image.pointer)))
        try pixelLimit.check(size, path: path)
        // The frame was sized from the header (`shownSize`): a picture of another size would be
        // squeezed into it.
        if size != shown {
            let detail = "its header gives \(shown), its picture is \(size)"
            guard damagedImages == .accept else { throw DamagedImagePolicy.refusal(path: path, detail: detail) }
            warning(DamagedImagePolicy.warning(path: path, detail: detail))
        }
        let hasAlpha = heif_image_handle_has_alpha_channel(handle.pointer) != 0
        return try colour.image(from: try pixels(of: image, size: size, layout: colour.layout, hasAlpha: hasAlpha, path: path))
    }

    /// The size the primary image is shown at (after rotation and crop), read from the file's
    /// boxes without decoding anything.
    static func shownSize(of path: String, pixelLimit: PixelLimit) throws -> PixelSize {
        let (_, handle) = try primaryImage(of: path, pixelLimit: pixelLimit)
        return PixelSize(width: Int(heif_image_handle_get_width(handle.pointer)), height: Int(heif_image_handle_get_height(handle.pointer)))
    }

    /// The primary image's first EXIF block, as a TIFF structure, if it has one and it is within
    /// the EXIF limit.
    static func exif(of path: String) -> [UInt8]? {
        guard let (_, handle) = try? primaryImage(of: path, pixelLimit: .standard) else { return nil }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle.pointer, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle.pointer, id)
        guard size > 4, size <= DecodingLimits.exifBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle.pointer, id, &bytes).code == heif_error_Ok,
              let skip = bytes.uint32(at: 0, littleEndian: false), 4 + skip < size else { return nil }
        // HEIF's Exif item starts with the offset of the TIFF header after its own four bytes.
        return Array(bytes[(4 + skip)...])
    }

    /// The file's context and its primary image's handle, refused over the pixel limit: the coded
    /// size (`ispe`) and the shown one are both known before anything is decoded.
    private static func primaryImage(of path: String, pixelLimit: PixelLimit) throws -> (HEIFContext, HEIFOwned) {
        let context = HEIFContext()
        // libheif's own guard limits each side as it reads the boxes; a side longer than the whole
        // allowance could not pass the area check below, which then speaks for both.
        heif_context_set_maximum_image_size_limit(context.pointer, Int32(clamping: pixelLimit.maxPixels))
        try check(heif_context_read_from_file(context.pointer, path, nil), path: path)
        var primary: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context.pointer, &primary), path: path)
        let handle = HEIFOwned.handle(primary!)
        try pixelLimit.check(PixelSize(width: Int(heif_image_handle_get_ispe_width(handle.pointer)),
                                       height: Int(heif_image_handle_get_ispe_height(handle.pointer))), path: path)
        let shown = PixelSize(width: Int(heif_image_handle_get_width(handle.pointer)), height: Int(heif_image_handle_get_height(handle.pointer)))
        try pixelLimit.check(shown, path: path)
        guard shown.width > 0, shown.height > 0 else {
            throw DamagedImagePolicy.refusal(path: path, detail: "its header gives it no size")
        }
        return (context, handle)
    }

    /// The file's ICC profile if it has one, else its nclx description (or why libheif refused
    /// it), else sRGB.
    private static func profile(of handle: HEIFOwned) -> ColourProfile {
        let iccSize = heif_image_handle_get_raw_color_profile_size(handle.pointer)
        if iccSize > 0 {
            var bytes = [UInt8](repeating: 0, count: iccSize)
            if heif_image_handle_get_raw_color_profile(handle.pointer, &bytes).code == heif_error_Ok { return .icc(bytes) }
        }
        guard heif_image_handle_get_color_profile_type(handle.pointer) == heif_color_profile_type_nclx else { return .sRGB }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(handle.pointer, &nclx)
        // libheif hands the description over even when it refuses one of its code points.
        defer { heif_nclx_color_profile_free(nclx) }
        guard error.code == heif_error_Ok, let nclx else { return .unreadable(reason: "HEIF nclx: \(message(of: error))") }
        return .coded(CodedColours(primaries: Int(nclx.pointee.color_primaries.rawValue),
                                   transfer: Int(nclx.pointee.transfer_characteristics.rawValue)))
    }

    /// The decoded image's interleaved samples as straight-alpha pixels: rows copied out of
    /// libheif's padded plane, deep samples (10 or 12 bits) scaled to the full 16-bit range.
    private static func pixels(of image: HEIFOwned, size: PixelSize, layout: PixelLayout, hasAlpha: Bool, path: String) throws -> DecodedPixels {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image.pointer, heif_channel_interleaved, &stride) else {
            throw MediaError(.inputDamaged, path: path, reason: "truncated or corrupt HEIF image (libheif returned no pixels)")
        }
        var pixels = try DecodedPixels(size: size, layout: layout)
        let bytesPerRow = pixels.bytesPerRow
        let premultiplied = heif_image_is_premultiplied_alpha(image.pointer) != 0
        pixels.bytes.withUnsafeMutableBytes { destination in
            for y in 0..<size.height {
                (destination.baseAddress! + y * bytesPerRow).copyMemory(from: plane + y * Int(stride), byteCount: bytesPerRow)
            }
            if layout.bytesPerSample == 2 {
                let samples = destination.bindMemory(to: UInt16.self)
                let maximum = UInt32(1) << heif_image_get_bits_per_pixel_range(image.pointer, heif_channel_interleaved) - 1
                func scaled(_ sample: UInt16) -> UInt16 { UInt16((min(UInt32(sample), maximum) * 65535 + maximum / 2) / maximum) }
                for i in samples.indices {
                    // libheif 1.15 fills a missing alpha with 65535, not the samples' own maximum.
                    samples[i] = i % 4 != 3 ? scaled(samples[i]) : hasAlpha ? scaled(samples[i]) : 65535
                }
                if premultiplied { Premultiplication.unpremultiply(samples) }
            } else if premultiplied {
                Premultiplication.unpremultiply(destination.bindMemory(to: UInt8.self))
            }
        }
        return pixels
    }

    /// Throws libheif's error in the project's words: a file over its safety limits, one it
    /// reads but cannot decode, damaged data, or (`MemoryShortage`) no memory for `picture`.
    private static func check(_ error: heif_error, path: String, picture: PixelSize? = nil) throws {
        guard error.code != heif_error_Ok else { return }
        if error.code == heif_error_Memory_allocation_error, let picture { throw MemoryShortage(size: picture) }
        let message = message(of: error)
        switch (error.code, error.subcode) {
        case (_, heif_suberror_Security_limit_exceeded):
            // A side longer than the whole pixel allowance, or boxes claiming gigabytes of data.
            throw MediaError(.inputTooLarge, path: path, reason: "HEIF image over libheif's safety limits (\(message))")
        case (heif_error_Unsupported_feature, _), (heif_error_Unsupported_filetype, _):
            throw MediaError(.inputUnsupported, path: path, reason: "a HEIF image libheif cannot decode (\(message))")
        default:
            throw MediaError(.inputDamaged, path: path, reason: "truncated or corrupt HEIF image (\(message))")
        }
    }

    /// libheif's words for `error`, read at once (the text lives in a buffer the next error reuses).
    private static func message(of error: heif_error) -> String {
        // libheif ends some messages with a line break.
        error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "error \(error.code.rawValue)"
    }
}
