import Foundation

/// Recognises HEIF files (HEIC, AVIF and their kin) by content: an ISO base media file whose
/// leading `ftyp` box names a HEIF brand, whatever the file is called. MP4 and MOV videos share
/// the box structure but not the brands, and stay with FFmpeg (which finds them no images).
enum HEIFDetection {
    /// HEIF image and image-sequence brands: generic (mif1, mif2, msf1), HEVC (heic …), AV1 (avif, avis).
    static let brands: Set<String> = ["mif1", "mif2", "msf1", "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "avif", "avis"]

    static func isHEIF(_ path: String) -> Bool {
        guard let bytes = try? FileBytes(path: path) else { return false }
        return !brands.isDisjoint(with: fileTypeBrands(in: bytes.read(at: 0, count: 4096)))
    }

    /// The major and compatible brands of a leading `ftyp` box, or none.
    static func fileTypeBrands(in head: [UInt8]) -> Set<String> {
        func word(at offset: Int) -> String { String(decoding: head[offset..<offset + 4], as: UTF8.self) }
        guard head.count >= 16, word(at: 4) == "ftyp" else { return [] }
        let size = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size <= head.count else { return [] }
        // Major brand, minor version, then compatible brands to the end of the box.
        return Set([word(at: 8)] + stride(from: 16, to: size - 3, by: 4).map(word(at:)))
    }
}
