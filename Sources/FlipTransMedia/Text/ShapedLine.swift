import CText

/// One line of text shaped into positioned glyphs, left to right as shown. Each character is
/// drawn with the first font that has it (`FontSet`); HarfBuzz shapes each run of one font and
/// one direction (joining Arabic, placing marks, kerning).
///
/// Bidirectional text: a simplified form of the Unicode bidi algorithm. Characters of right-to-
/// left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko) are strong RTL, letters of other scripts
/// strong LTR; neutral characters (spaces, punctuation, digits) join the run before them. The
/// line's direction is its first strong character's; a right-to-left line shows its runs in
/// reverse order, and HarfBuzz puts each RTL run's glyphs right to left. Nested embeddings,
/// explicit direction marks and mirrored brackets are not handled.
struct ShapedLine {
    struct Glyph {
        let face: Int
        let id: UInt32
        /// Pen position in 26.6 fixed point: from the line's left edge and the baseline (y up).
        let x: Int
        let y: Int
    }

    let glyphs: [Glyph]
    /// Advance of the whole line, 26.6.
    let width: Int

    init(_ text: String, fonts: FontSet) {
        let runs = Self.runs(of: text, fonts: fonts)
        let rightToLeftLine = runs.first { $0.strong }?.rightToLeft ?? false
        var glyphs: [Glyph] = []
        var pen = 0
        for run in rightToLeftLine ? runs.reversed() : runs {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let scalars = run.scalars.map(\.value)
            hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
            hb_buffer_guess_segment_properties(buffer)
            hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_shape(fonts.faces[run.face].font, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            for index in 0..<Int(count) {
                glyphs.append(Glyph(face: run.face, id: infos[index].codepoint, x: pen + Int(positions[index].x_offset),
                                    y: Int(positions[index].y_offset)))
                pen += Int(positions[index].x_advance)
            }
        }
        self.glyphs = glyphs
        width = pen
    }

    /// A run of characters drawn with one face in one direction.
    private struct Run {
        var face: Int
        var rightToLeft: Bool
        /// Whether its direction comes from a strong character rather than neutrals alone.
        var strong: Bool
        var scalars: [Unicode.Scalar]
    }

    private static func runs(of text: String, fonts: FontSet) -> [Run] {
        var runs: [Run] = []
        for scalar in text.unicodeScalars {
            let face = fonts.faceIndex(for: scalar)
            let direction = Self.direction(of: scalar)
            if var last = runs.last, last.face == face, direction == nil || direction == last.rightToLeft || !last.strong {
                if let direction, !last.strong { (last.rightToLeft, last.strong) = (direction, true) }
                last.scalars.append(scalar)
                runs[runs.count - 1] = last
            } else {
                let inherited = runs.last?.rightToLeft ?? false
                runs.append(Run(face: face, rightToLeft: direction ?? inherited, strong: direction != nil, scalars: [scalar]))
            }
        }
        return runs
    }

    /// True for a strong right-to-left character, false for a strong left-to-right one, nil for a
    /// neutral.
    static func direction(of scalar: Unicode.Scalar) -> Bool? {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return scalar.properties.isAlphabetic ? false : nil
        }
    }
}
