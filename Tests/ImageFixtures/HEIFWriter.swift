import CHeif
import FlipTransCore

/// HEIC files written with libheif's encoder, for what Debian 12's `heif-enc` cannot make: a
/// rotated or mirrored picture (heif-enc 1.15.1 there ignores a JPEG's EXIF orientation, so it
/// writes no `irot`/`imir`), stored losslessly as RGB (an nclx box with matrix 0, which heif-enc
/// never writes) so every sample comes back exact.
public enum HEIFWriter {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the opaque `image` as HEIC whose viewer is told, by `irot`/`imir`, to show it
    /// turned and mirrored as EXIF orientation `orientation` (1…8) says.
    public static func write(_ image: Image, orientation: Int = 1, to path: String) throws {
        precondition(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "opaque images only")
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossless(encoder, 1))
        try check(heif_encoder_set_parameter(encoder, "chroma", "444"))

        var picture: OpaquePointer?
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &picture))
        defer { heif_image_release(picture) }
        try check(heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        var stride: Int32 = 0
        let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride)!
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                (plane + y * Int(stride) + x * 3).update(from: [p.r, p.g, p.b], count: 3)
            }
        }
        // sRGB, with the identity matrix: the RGB samples are coded as they are.
        let nclx = heif_nclx_color_profile_alloc()!
        defer { heif_nclx_color_profile_free(nclx) }
        (nclx.pointee.color_primaries, nclx.pointee.transfer_characteristics) = (heif_color_primaries_ITU_R_BT_709_5, heif_transfer_characteristic_IEC_61966_2_1)
        (nclx.pointee.matrix_coefficients, nclx.pointee.full_range_flag) = (heif_matrix_coefficients_RGB_GBR, 1)
        try check(heif_image_set_nclx_color_profile(picture, nclx))

        let options = heif_encoding_options_alloc()!
        defer { heif_encoding_options_free(options) }
        options.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        try check(heif_context_encode_image(context, picture, encoder, options, nil))
        try check(heif_context_write_to_file(context, path))
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw Failure(description: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
}
