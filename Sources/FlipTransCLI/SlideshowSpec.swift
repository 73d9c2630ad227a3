import Foundation
import Yams

/// A slideshow described in a YAML or JSON file (JSON is YAML too). Top-level keys are the
/// slideshow command's options; `slides` lists the images, each a path or a mapping with `image`,
/// its own `hold`, and options for the transition that follows it. Relative paths are relative
/// to the spec's folder.
struct SlideshowSpec {
    struct Slide {
        let image: String
        /// The slide's own options, appended after the top-level ones so that they win.
        let arguments: [String]
    }

    /// The top-level options as command-line arguments.
    let arguments: [String]
    let slides: [Slide]

    init(contentsOf path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("\(path): cannot read the spec (missing, unreadable or not UTF-8 text)")
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            throw CLIError("\(path): not valid YAML or JSON (\(Self.oneLine(error)))")
        }
        guard var top = document as? [String: Any] else {
            throw CLIError("\(path): a spec is a mapping of options with a 'slides' list")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard let slides = top.removeValue(forKey: "slides") as? [Any], !slides.isEmpty else {
            throw CLIError("\(path): 'slides' must be a non-empty list of images")
        }
        if let output = top["output"] as? String { top["output"] = Self.resolve(output, in: folder) }
        arguments = try OptionArguments.arguments(from: top, context: path)
        _ = try OptionArguments.parse(SlideshowCommand.self, arguments, context: path)
        self.slides = try slides.enumerated().map { index, entry in
            try Self.slide(entry, context: "\(path): slide \(index + 1)", folder: folder)
        }
    }

    private static func slide(_ entry: Any, context: String, folder: URL) throws -> Slide {
        if let image = entry as? String { return Slide(image: resolve(image, in: folder), arguments: []) }
        guard var mapping = entry as? [String: Any], let image = mapping.removeValue(forKey: "image") as? String else {
            throw CLIError("\(context): a slide is an image path or a mapping with an 'image' path")
        }
        guard mapping["fps"] == nil else { throw CLIError("\(context): 'fps' is set once, for the whole slideshow") }
        let hold = try OptionArguments.arguments(from: mapping.filter { $0.key == "hold" }, context: context)
        let transition = try OptionArguments.arguments(from: mapping.filter { $0.key != "hold" }, context: context)
        // A slide may set only its hold and its transition's options.
        _ = try OptionArguments.parse(TransitionArguments.self, transition, context: context)
        return Slide(image: resolve(image, in: folder), arguments: hold + transition)
    }

    private static func resolve(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
    }

    private static func oneLine(_ error: Error) -> String {
        "\(error)".split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
