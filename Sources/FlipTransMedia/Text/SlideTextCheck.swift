/// The slides' text against the fonts, before any frame: a show whose text has no font fails
/// then, and characters no font has (drawn as boxes) are said then, not when their slide comes
/// up (the last slide's title, minutes into a render).
enum SlideTextCheck {
    /// Throws when no font is found for the text of `looks`; returns a warning for each text
    /// with characters no font has, in slide order. `paths` are the slides' files, which name
    /// the captions of photos.
    static func warnings(looks: [Int: SlideLook], paths: [String]) throws -> [String] {
        let texts = looks.keys.sorted().flatMap { index in
            let look = looks[index]!
            let caption = look.caption.map { caption in
                (caption.text, bold: false, name: look.captionName(image: paths[index]))
            }
            let title = look.title.map { title in
                [(title.title, bold: true, name: title.slideName)]
                    + (title.subtitle.map { [($0, bold: false, name: "the subtitle of " + title.slideName)] } ?? [])
            } ?? []
            return title + (caption.map { [$0] } ?? [])
        }
        // Titles are drawn in bold, subtitles and captions in the regular face: each has its glyphs.
        let bold = try texts.contains { $0.bold } ? FontSet(bold: true) : nil
        let regular = try texts.contains { !$0.bold } ? FontSet(bold: false) : nil
        var said = Set<String>()
        return texts.compactMap { text, isBold, name in
            let missing = (isBold ? bold : regular)!.missing(in: text)
            guard !missing.isEmpty else { return nil }
            let shown = missing.prefix(3).map { "\($0) (U+\(String($0.value, radix: 16, uppercase: true)))" }.joined(separator: ", ")
            let warning = "warning: \(name): no font here has \(shown)\(missing.count > 3 ? " and \(missing.count - 3) more" : ""); "
                + (missing.count == 1 ? "it shows" : "they show") + " as a box"
            return said.insert(warning).inserted ? warning : nil
        }
    }
}
