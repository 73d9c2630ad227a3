import CText

/// One line of text shaped into positioned glyphs, left to right as shown. Each character is
/// drawn with the first font that has it (`FontSet`); HarfBuzz shapes each run of one font and
/// one direction (joining Arabic, placing marks, mirroring brackets, kerning).
///
/// Bidirectional text follows the Unicode bidi algorithm, as FriBidi implements it: the line's
/// direction is its first strong character's, each character gets an embedding level (numbers
/// in a right-to-left line keep their left-to-right order, neutrals take their neighbours'
/// direction), and the runs of one level are put in the order they are shown.
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

    /// `text` shaped as one line. `direction` is its paragraph's, for a line wrapped from a longer
    /// one; by default the line's own first strong character's. `language` (`Self.language(of:)`
    /// of the whole text) chooses the forms of Chinese characters.
    init(_ text: String, fonts: FontSet, direction: FriBidiParType = ctext_fribidi_par_on(), language: String? = nil) {
        let scalars = StackedMarks.capped(text)
        var glyphs: [Glyph] = []
        var pen = 0
        for run in Self.runs(of: scalars, fonts: fonts, direction: direction) {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let values = scalars[run.characters].map(\.value)
            hb_buffer_add_utf32(buffer, values, Int32(values.count), 0, Int32(values.count))
            hb_buffer_guess_segment_properties(buffer)
            if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
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

    /// The language whose forms the Chinese characters of `text` take: Japanese where it has
    /// kana, Korean where it has Hangul, else none (the font's own, Simplified Chinese). Noto Sans
    /// CJK draws each language's forms of the characters they share (直, 骨 and 令 differ), which
    /// HarfBuzz picks by the language.
    static func language(of text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "ko"
            default: continue
            }
        }
        return nil
    }

    /// Characters, in the order written, drawn with one face in one direction.
    struct Run: Equatable {
        var characters: Range<Int>
        var face: Int
        var rightToLeft: Bool
    }

    /// The line's runs in the order shown, left to right. A right-to-left run's characters are
    /// shown in reverse, which HarfBuzz does as it shapes the run.
    static func runs(of scalars: [Unicode.Scalar], fonts: FontSet, direction: FriBidiParType = ctext_fribidi_par_on()) -> [Run] {
        let count = Int32(scalars.count)
        guard count > 0 else { return [] }
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var order = Array(Int32(0)..<count)
        var direction = direction
        fribidi_get_bidi_types(characters, count, &types)
        fribidi_get_bracket_types(characters, count, types, &brackets)
        // Both return 0 only when out of memory: the line is then shown in the order written.
        if fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) == 0
            || fribidi_reorder_line(0, types, count, 0, direction, &levels, nil, &order) == 0 {
            (levels, order) = ([FriBidiLevel](repeating: 0, count: scalars.count), Array(Int32(0)..<count))
        }
        // `order` gives each shown place's character; `levels` stays in the order written.
        let faces = Self.faces(of: scalars, fonts: fonts)
        var runs: [Run] = []
        for character in order.map(Int.init) {
            let face = faces[character]
            let rightToLeft = levels[character] % 2 == 1
            if var last = runs.last, last.face == face, last.rightToLeft == rightToLeft,
               rightToLeft ? character == last.characters.lowerBound - 1 : character == last.characters.upperBound {
                last.characters = rightToLeft ? character..<last.characters.upperBound : last.characters.lowerBound..<character + 1
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(characters: character..<character + 1, face: face, rightToLeft: rightToLeft))
            }
        }
        return runs
    }

    /// The direction of a paragraph: its first strong character's (left to right if it has
    /// none), which every line wrapped from it keeps.
    static func direction(of paragraph: String) -> FriBidiParType {
        let characters = paragraph.unicodeScalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: characters.count)
        fribidi_get_bidi_types(characters, Int32(characters.count), &types)
        let direction = fribidi_get_par_direction(types, Int32(characters.count))
        return direction == ctext_fribidi_par_on() ? ctext_fribidi_par_ltr() : direction
    }

    /// Each character's face: the first that has it, but a combining mark stays with its base's
    /// face when that has it too, so that they are shaped together (an accent on a Chinese
    /// character, which DejaVu would otherwise draw apart from it).
    private static func faces(of scalars: [Unicode.Scalar], fonts: FontSet) -> [Int] {
        var faces: [Int] = []
        for scalar in scalars {
            let combining = [.nonspacingMark, .enclosingMark, .spacingMark].contains(scalar.properties.generalCategory)
            if combining, let base = faces.last, fonts.face(base, has: scalar) {
                faces.append(base)
            } else {
                faces.append(fonts.faceIndex(for: scalar))
            }
        }
        return faces
    }
}
