import Foundation

/// Image files with an embedded ICC profile, written here byte by byte around pictures that
/// `ffmpeg` or fliptrans's PNG writer made, since neither embeds profiles.
public enum TaggedFiles {
    /// `png` with an iCCP chunk after its IHDR (the PNG specification's place for it). The
    /// profile is zlib data in stored (uncompressed) blocks, which every inflater reads.
    public static func png(_ png: Data, taggedWith profile: [UInt8]) -> Data {
        let headerEnd = 8 + 8 + 13 + 4   // signature, then IHDR: length, type, 13 bytes, CRC
        precondition(png.count > headerEnd && png[12..<16] == Data("IHDR".utf8), "not a PNG that starts with IHDR")
        let payload = Array("fliptrans test".utf8) + [0, 0] + zlibStored(profile)   // name, NUL, method 0
        return png.prefix(headerEnd) + pngChunk("iCCP", payload) + png.dropFirst(headerEnd)
    }

    /// `jpeg` with the profile in one APP2 ICC_PROFILE segment right after SOI.
    public static func jpeg(_ jpeg: Data, taggedWith profile: [UInt8]) -> Data {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile   // chunk 1 of 1
        precondition(payload.count + 2 <= 0xFFFF, "profile too large for one segment")
        let length = payload.count + 2
        return jpeg.prefix(2) + Data([0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload) + jpeg.dropFirst(2)
    }

    /// A simple-format WebP (one VP8 or VP8L chunk, as ffmpeg writes opaque pictures) turned into
    /// the extended format: a VP8X chunk with the ICC flag, the ICCP chunk, then the picture.
    public static func webp(_ webp: Data, width: Int, height: Int, taggedWith profile: [UInt8]) -> Data {
        let image = webp.dropFirst(12)
        precondition(webp.prefix(4) == Data("RIFF".utf8) && [Data("VP8 ".utf8), Data("VP8L".utf8)].contains(image.prefix(4)),
                     "not a simple-format WebP")
        let canvas = little(UInt32(width - 1), bytes: 3) + little(UInt32(height - 1), bytes: 3)
        let body = Data("WEBP".utf8) + riffChunk("VP8X", [0x20, 0, 0, 0] + canvas) + riffChunk("ICCP", profile) + image
        return Data("RIFF".utf8) + Data(little(UInt32(body.count), bytes: 4)) + body
    }

    /// An extended-format WebP (one that starts with a VP8X chunk, as an animation does) with an
    /// ICCP chunk holding the profile right after VP8X, where the container's specification puts
    /// it, and the VP8X header's ICC flag set.
    public static func extendedWebP(_ webp: Data, taggedWith profile: [UInt8]) -> Data {
        var bytes = [UInt8](webp)
        precondition(bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[12..<16]) == Array("VP8X".utf8), "not an extended-format WebP")
        bytes[20] |= 0x20
        let afterVP8X = 12 + 8 + 10
        bytes.insert(contentsOf: riffChunk("ICCP", profile), at: afterVP8X)
        bytes.replaceSubrange(4..<8, with: little(UInt32(bytes.count - 8), bytes: 4))
        return Data(bytes)
    }

    /// An uncompressed 8-bit RGB TIFF (one strip), with the profile in tag 34675 if given.
    public static func tiff(rgb: [UInt8], width: Int, height: Int, taggedWith profile: [UInt8]?) -> Data {
        let pixelsAt = 8, profileAt = 8 + rgb.count
        let bitsAt = (profileAt + (profile?.count ?? 0) + 1) & ~1
        let directoryAt = bitsAt + 6
        // Tag, type (3 SHORT, 4 LONG, 7 UNDEFINED), count, value or offset — in tag order.
        var entries: [(UInt16, UInt16, UInt32, UInt32)] = [
            (256, 4, 1, UInt32(width)), (257, 4, 1, UInt32(height)), (258, 3, 3, UInt32(bitsAt)),
            (259, 3, 1, 1), (262, 3, 1, 2), (273, 4, 1, UInt32(pixelsAt)), (277, 3, 1, 3),
            (278, 4, 1, UInt32(height)), (279, 4, 1, UInt32(rgb.count)), (284, 3, 1, 1),
        ]
        if let profile { entries.append((34675, 7, UInt32(profile.count), UInt32(profileAt))) }
        var bytes = Array("II".utf8) + little(42, bytes: 2) + little(UInt32(directoryAt), bytes: 4) + rgb + (profile ?? [])
        bytes += [UInt8](repeating: 0, count: bitsAt - bytes.count) + little(8, bytes: 2) + little(8, bytes: 2) + little(8, bytes: 2)
        bytes += little(UInt32(entries.count), bytes: 2)
        for (tag, type, count, value) in entries {
            // A single SHORT sits in the first two bytes of the value field.
            bytes += little(UInt32(tag), bytes: 2) + little(UInt32(type), bytes: 2) + little(count, bytes: 4) + little(value, bytes: 4)
        }
        return Data(bytes + little(0, bytes: 4))
    }

    /// A top-down 32-bit BMP with a V5 header; with a profile, its colour space type is `MBED`
    /// and the profile follows the pixels.
    public static func bmp(rgb: [UInt8], width: Int, height: Int, taggedWith profile: [UInt8]?) -> Data {
        let headerSize = 124, pixelBytes = width * height * 4
        var info = little(UInt32(headerSize), bytes: 4) + little(UInt32(width), bytes: 4) + little(UInt32(bitPattern: Int32(-height)), bytes: 4)
        info += little(1, bytes: 2) + little(32, bytes: 2) + little(3, bytes: 4) + little(UInt32(pixelBytes), bytes: 4)   // BI_BITFIELDS
        info += little(2835, bytes: 4) + little(2835, bytes: 4) + little(0, bytes: 4) + little(0, bytes: 4)
        info += [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0].flatMap { little($0, bytes: 4) }               // R, G, B, no alpha
        info += profile == nil ? Array("BGRs".utf8) : Array("DEBM".utf8)                                    // 'sRGB' / 'MBED'
        info += [UInt8](repeating: 0, count: 48) + little(4, bytes: 4)                                      // endpoints, gammas, intent
        info += little(UInt32(profile == nil ? 0 : headerSize + pixelBytes), bytes: 4) + little(UInt32(profile?.count ?? 0), bytes: 4)
        info += little(0, bytes: 4)
        let pixels: [UInt8] = stride(from: 0, to: rgb.count, by: 3).flatMap { i -> [UInt8] in [rgb[i + 2], rgb[i + 1], rgb[i], 255] }
        let body: [UInt8] = info + pixels + (profile ?? [])
        let fileHeader: [UInt8] = Array("BM".utf8) + little(UInt32(14 + body.count), bytes: 4) + little(0, bytes: 4) + little(UInt32(14 + headerSize), bytes: 4)
        return Data(fileHeader + body)
    }

    /// `gif` with an ICC application extension (`ICCRGBG1012`, the profile in sub-blocks of at
    /// most 255 bytes) right after its global colour table.
    public static func gif(_ gif: Data, taggedWith profile: [UInt8]) -> Data {
        let bytes = [UInt8](gif)
        precondition(bytes.starts(with: Array("GIF8".utf8)) && bytes[10] & 0x80 != 0, "not a GIF with a global colour table")
        let tableEnd = 13 + 3 << (Int(bytes[10] & 7) + 1)
        var extensionBytes: [UInt8] = [0x21, 0xFF, 11] + Array("ICCRGBG1012".utf8)
        for start in stride(from: 0, to: profile.count, by: 255) {
            let block = profile[start..<min(start + 255, profile.count)]
            extensionBytes += [UInt8(block.count)] + block
        }
        return Data(bytes[..<tableEnd] + extensionBytes + [0] + bytes[tableEnd...])
    }

    /// An uncompressed 8-bit RGB Photoshop file (one layer-less picture, channels stored one after
    /// another); with a profile, an ICC image resource (1039) holds it.
    public static func psd(rgb: [UInt8], width: Int, height: Int, taggedWith profile: [UInt8]?) -> Data {
        func big16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        var header = Array("8BPS".utf8) + big16(1) + [UInt8](repeating: 0, count: 6) + big16(3)
        header += big(UInt32(height)) + big(UInt32(width)) + big16(8) + big16(3)                          // 8 bits, RGB
        var resources: [UInt8] = []
        if let profile {
            // Signature, ID, an empty name (its length byte padded to two), size, data padded to even.
            resources = Array("8BIM".utf8) + big16(1039) + [0, 0] + big(UInt32(profile.count)) + profile
            if profile.count % 2 == 1 { resources.append(0) }
        }
        let planes = (0..<3).flatMap { channel in stride(from: channel, to: rgb.count, by: 3).map { rgb[$0] } }
        let body = big(0) + big(UInt32(resources.count)) + resources + big(0) + big16(0) + planes   // no colour mode data, layers; raw
        return Data(header + body)
    }

    private static func little(_ value: UInt32, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func big(_ value: UInt32) -> [UInt8] { little(value, bytes: 4).reversed() }

    private static func pngChunk(_ type: String, _ data: [UInt8]) -> Data {
        let typed = Array(type.utf8) + data
        return Data(big(UInt32(data.count)) + typed + big(crc32(typed)))
    }

    private static func riffChunk(_ type: String, _ data: [UInt8]) -> Data {
        Data(Array(type.utf8) + little(UInt32(data.count), bytes: 4) + data + (data.count % 2 == 1 ? [0] : []))
    }

    /// zlib format (RFC 1950) around deflate stored blocks (RFC 1951 §3.2.4).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 0xFFFF, data.count)
            let length = UInt16(end - start)
            out += [end == data.count ? 1 : 0] + little(UInt32(length), bytes: 2) + little(UInt32(~length), bytes: 2)
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + big(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
