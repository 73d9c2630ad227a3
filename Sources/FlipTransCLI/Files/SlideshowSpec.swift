import FlipTransCore
import FlipTransMedia
import Foundation

/// A slideshow described in a YAML or JSON file. Top-level keys are the slideshow command's
/// options; `slides` lists the images, each a path or a mapping with `image`, its own `hold`, and
/// options for the transition that follows it. Relative paths are relative to the spec's folder.
/// Reading a spec checks everything but the images and the output's format: a bad spec fails
/// before any image is decoded, with an error naming the file, the slide and the key.
struct SlideshowSpec {
    /// The top-level options.
    let command: SlideshowCommand
    let slides: [SlideshowCommand.Slide]

    init(contentsOf path: String) throws {
        let document = try SpecDocument(contentsOf: path)
        guard let top = document.value as? [String: Any] else {
            throw CLIError("\(path): a spec is a mapping of options with a 'slides' list")
        }
        try self.init(top, folder: document.folder, context: path)
    }

    /// The show a mapping of a spec's keys describes (a spec file's, or a batch job line's);
    /// `context` places its errors ("show.yaml", "jobs.jsonl: line 3").
    init(_ mapping: [String: Any], folder: String, context: String) throws {
        var top = mapping
        guard let entries = top.removeValue(forKey: "slides") as? [Any], !entries.isEmpty else {
            throw CLIError("\(context): 'slides' must be a non-empty list of images")
        }
        if let output = top["output"] as? String { top["output"] = FilePaths.resolve(output, in: folder) }
        let arguments = try OptionArguments.arguments(from: top, context: context)
        let command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: context)
        _ = try Self.inContext(context) { try command.frame.policy() }
        self.command = command
        slides = try entries.enumerated().map { index, entry in
            let context = "\(context): slide \(index + 1)"
            let (image, own) = try Self.slide(entry, context: context, folder: folder)
            // The slide's own options come after the top-level ones, so they win.
            let merged = own.isEmpty ? command : try OptionArguments.parse(SlideshowCommand.self, arguments + own, context: context)
            return try Self.inContext(context) {
                SlideshowCommand.Slide(image: image, hold: try TimelineParameters.hold.check(merged.hold),
                                       next: try merged.transition.makeClip(forTransition: index))
            }
        }
    }

    /// The render the show describes.
    func job() throws -> RenderJob {
        try command.job(slides: slides)
    }

    /// A slide's image and its own options as arguments.
    private static func slide(_ entry: Any, context: String, folder: String) throws -> (image: String, arguments: [String]) {
        if let image = entry as? String { return (FilePaths.resolve(image, in: folder), []) }
        guard var mapping = entry as? [String: Any], let image = mapping.removeValue(forKey: "image") as? String else {
            throw CLIError("\(context): a slide is an image path or a mapping with an 'image' path")
        }
        guard mapping["fps"] == nil else { throw CLIError("\(context): 'fps' is set once, for the whole slideshow") }
        let hold = try OptionArguments.arguments(from: mapping.filter { $0.key == "hold" }, context: context)
        let transition = try OptionArguments.arguments(from: mapping.filter { $0.key != "hold" }, context: context)
        // A slide may set only its hold and its transition's options.
        _ = try OptionArguments.parse(TransitionArguments.self, transition, context: context)
        return (FilePaths.resolve(image, in: folder), hold + transition)
    }

    /// Runs a check whose errors do not say where they are, prefixing them with `context`.
    private static func inContext<T>(_ context: String, _ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch {
            throw CLIError("\(context): \(ErrorWording.asKeys(error))")
        }
    }
}
