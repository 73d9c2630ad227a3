/// The bold and regular font sets, loaded when text is first drawn and kept for the render.
final class TextFonts {
    private var boldSet: FontSet?
    private var regularSet: FontSet?

    func bold() throws -> FontSet {
        if let boldSet { return boldSet }
        boldSet = try FontSet(bold: true)
        return boldSet!
    }

    func regular() throws -> FontSet {
        if let regularSet { return regularSet }
        regularSet = try FontSet(bold: false)
        return regularSet!
    }
}
