extension ImageFileScan {
    /// Walks a GIF's blocks to the end of its first image's data: a file that ends before then was
    /// cut short. FFmpeg's decoder would show the missing rows as the background without a word,
    /// or find no picture at all. Past it, the blocks up to a second image, if any: an animation.
    static func gif(_ bytes: FileBytes) -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "GIF"
        /// The offset after the data sub-blocks that start at `start`, nil when the file ends first.
        func afterSubBlocks(from start: Int) -> Int? {
            var offset = start
            while let length = bytes.byte(at: offset) {
                if length == 0 { return offset + 1 }
                offset += 1 + Int(length)
            }
            return nil
        }
        /// The size of the colour table that the packed fields byte `flags` announces.
        func colourTable(_ flags: UInt8) -> Int { flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0 }
        // The signature and the logical screen descriptor, whose fifth byte announces the global table.
        guard let screenFlags = bytes.byte(at: 10) else {
            scan.endsEarly = true
            return scan
        }
        var offset = 13 + colourTable(screenFlags)
        while true {
            switch bytes.byte(at: offset) {
            case 0x21: // an extension: its label, then sub-blocks
                guard let next = afterSubBlocks(from: offset + 2) else {
                    scan.endsEarly = true
                    return scan
                }
                offset = next
            case 0x2C: // the first image: a 10-byte descriptor, its colour table, the LZW code size, sub-blocks
                guard let imageFlags = bytes.byte(at: offset + 9) else {
                    scan.endsEarly = true
                    return scan
                }
                guard let next = afterSubBlocks(from: offset + 10 + colourTable(imageFlags) + 1) else {
                    scan.endsEarly = true
                    return scan
                }
                // Extensions (a frame's graphic control) may come between the images.
                var after = next
                while bytes.byte(at: after) == 0x21, let end = afterSubBlocks(from: after + 2) { after = end }
                scan.isAnimation = bytes.byte(at: after) == 0x2C
                return scan
            case nil:
                scan.endsEarly = true
                return scan
            default: // the trailer, or no block at all: the decoder says what it finds
                return scan
            }
        }
    }
}
