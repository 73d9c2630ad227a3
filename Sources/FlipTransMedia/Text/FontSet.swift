import CText
import Foundation

/// The fonts text is drawn with, found by fontconfig: DejaVu Sans (Latin, Greek, Cyrillic,
/// Hebrew, Arabic and many symbols) first, then Noto Sans CJK for Chinese, Japanese and Korean.
/// A character no font has is drawn as the first font's missing-glyph box — emoji among them, as
/// no colour emoji font is used.
final class FontSet {
    private let library: FT_Library
    /// FreeType faces with their HarfBuzz fonts, in order of preference.
    private(set) var faces: [(face: FT_Face, font: OpaquePointer)] = []

    static let families = ["DejaVu Sans", "Noto Sans CJK SC"]

    /// Loads the fonts in `weight` ("bold" or "regular"); throws when not even the first is found.
    init(bold: Bool) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw TextError("FreeType could not start") }
        self.library = library
        for family in Self.families {
            guard let (file, index) = Self.fontFile(family: family, bold: bold) else { continue }
            var face: FT_Face?
            guard FT_New_Face(library, file, index, &face) == 0, let face else { continue }
            // A HarfBuzz font over the FreeType face: shaping uses its metrics and size.
            faces.append((face, hb_ft_font_create_referenced(face)))
        }
        guard !faces.isEmpty else {
            throw TextError("no font for titles and captions: install fonts-dejavu-core (\(Self.families.joined(separator: ", ")) are looked for)")
        }
    }

    deinit {
        for (face, font) in faces {
            hb_font_destroy(font)
            FT_Done_Face(face)
        }
        FT_Done_FreeType(library)
    }

    /// Sets every face to `pixels` per em.
    func setSize(_ pixels: Int) {
        for (face, font) in faces {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixels))
            hb_ft_font_changed(font)
        }
    }

    /// The first face that has a glyph for `scalar`, else the first face (its missing-glyph box).
    func faceIndex(for scalar: Unicode.Scalar) -> Int {
        faces.indices.first { face($0, has: scalar) } ?? 0
    }

    /// The characters of `text` that no face has and that are drawn (not spaces, controls or
    /// invisible joiners and selectors), each once, in order: they show as the first face's box.
    func missing(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !missing.contains(scalar) && !faces.indices.contains(where: { face($0, has: scalar) }) {
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control { continue }
            missing.append(scalar)
        }
        return missing
    }

    /// Whether face `index` has a glyph for `scalar`.
    func face(_ index: Int, has scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(faces[index].face, FT_ULong(scalar.value)) != 0
    }

    /// The file and face index fontconfig matches for `family`, if it is that family.
    private static func fontFile(family: String, bold: Bool) -> (String, Int)? {
        guard let pattern = FcNameParse("\(family):weight=\(bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var matchedFamily: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
              FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch, let matchedFamily else { return nil }
        // fontconfig always answers with some font; only the family asked for is wanted.
        guard String(cString: matchedFamily).lowercased() == family.lowercased() else { return nil }
        FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}
