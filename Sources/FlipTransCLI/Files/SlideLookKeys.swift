import Foundation
import FlipTransCore
import FlipTransMedia

/// The keys of a spec's slide that shape how it looks rather than its transition: `title`,
/// `subtitle`, `color` and `title-size` (a title card instead of an image), `caption` and
/// `caption-color` (text over the photo's lower third), `fit` and `background` (the slide's own).
enum SlideLookKeys {
    static let keys = ["title", "subtitle", "color", "title-size", "caption", "caption-color", "fit", "background"]
    /// The keys whose values are shown as text, so read as written, never as numbers or dates.
    static let textKeys: Set<String> = ["title", "subtitle", "caption"]

    /// Takes the look keys out of `mapping`; nil when it has none. Bad values are refused with the key.
    static func take(from mapping: inout [String: Any], context: String) throws -> SlideLook? {
        var found: [String: Any] = [:]
        for key in keys { found[key] = mapping.removeValue(forKey: key) }
        guard !found.isEmpty else { return nil }
        func text(_ key: String) throws -> String? {
            guard let value = found[key] else { return nil }
            if value is NSNull { throw SpecDocument.noValue(key, context: context) }
            guard value is String || value is Int || value is Double else { throw CLIError("\(context): key '\(key)' must be text") }
            let marks = StackedMarks.longestRun(in: "\(value)")
            guard marks <= StackedMarks.most else {
                throw CLIError("\(context): key '\(key)': a letter carries \(marks) combining marks (or invisible characters among them), and at most \(StackedMarks.most) are drawn (Unicode's stream-safe limit: no script stacks more)")
            }
            return "\(value)"
        }
        func colour(_ key: String) throws -> Color? {
            guard let value = try text(key) else { return nil }
            guard let colour = Color(css: value) else {
                throw CLIError("\(context): key '\(key)' " + ColourRefusal.reason(for: value, onCommandLine: false))
            }
            return colour
        }
        var look = SlideLook(background: try colour("background"))
        if let fit = try text("fit") {
            guard let mode = FitMode(rawValue: fit.lowercased()) else {
                throw CLIError("\(context): key 'fit' must be one of \(FitMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(fit)'")
            }
            look.fit = mode
        }
        if let title = try text("title") {
            var pixels: Int?
            if let size = found["title-size"] {
                guard let value = size as? Int, (8...1000).contains(value) else {
                    throw CLIError("\(context): key 'title-size' must be a whole number of pixels from 8 to 1000, got \(size)")
                }
                pixels = value
            }
            // Without a background of its own, the show's is given by the spec (`SlideshowSpec`).
            look.title = TitleCard(title: title, subtitle: try text("subtitle"), colour: try colour("color") ?? .white,
                                   background: look.background ?? .black, pixels: pixels)
        } else if let key = ["subtitle", "color", "title-size"].first(where: { found[$0] != nil }) {
            throw CLIError("\(context): key '\(key)' belongs to a title slide; add 'title'")
        }
        if let caption = try text("caption") {
            look.caption = Caption(text: caption, colour: try colour("caption-color") ?? .white)
        } else if found["caption-color"] != nil {
            throw CLIError("\(context): key 'caption-color' needs a 'caption'")
        }
        return look
    }
}
