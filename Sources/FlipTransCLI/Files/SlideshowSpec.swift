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
        guard var top = document.value as? [String: Any] else {
            throw CLIError("\(path): a spec is a mapping of options with a 'slides' list")
        }
        let folder = document.folder
        guard let entries = top.removeValue(forKey: "slides") as? [Any], !entries.isEmpty else {
            throw CLIError("\(path): 'slides' must be a non-empty list of images")
        }
        if let output = top["output"] as? String { top["output"] = FilePaths.resolve(output, in: folder) }
        Self.resolveGestureFile(in: &top, folder: folder)
        let arguments = try OptionArguments.arguments(from: top, context: path)
        let command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: path)
        try Self.inContext(path) { try command.transition.checkDurationAndGesture() }
        _ = try Self.inContext(path) { try command.frame.policy() }
        self.command = command
        slides = try entries.enumerated().map { index, entry in
            let context = "\(path): slide \(index + 1)"
            let (image, own) = try Self.slide(entry, context: context, folder: folder)
            // The slide's own options come after the top-level ones, so they win.
            let merged = own.isEmpty ? command : try OptionArguments.parse(SlideshowCommand.self, arguments + own, context: context)
            // A slide's own duration beside a gesture, its own or the show's, would go unused; the
            // show's duration beside the slide's gesture serves the other slides.
            if own.contains(where: { $0.hasPrefix("--duration=") }) {
                try Self.inContext(context) { try merged.transition.checkDurationAndGesture() }
            }
            return try Self.inContext(context) {
                SlideshowCommand.Slide(image: image, hold: try TimelineParameters.hold.check(merged.hold),
                                       next: try merged.transition.makeClip(forTransition: index))
            }
        }
    }

    /// A slide's image and its own options as arguments.
    private static func slide(_ entry: Any, context: String, folder: String) throws -> (image: String, arguments: [String]) {
        if let image = entry as? String { return (FilePaths.resolve(image, in: folder), []) }
        guard var mapping = entry as? [String: Any], let image = mapping.removeValue(forKey: "image") as? String else {
            throw CLIError("\(context): a slide is an image path or a mapping with an 'image' path")
        }
        guard mapping["fps"] == nil else { throw CLIError("\(context): 'fps' is set once, for the whole slideshow") }
        resolveGestureFile(in: &mapping, folder: folder)
        let hold = try OptionArguments.arguments(from: mapping.filter { $0.key == "hold" }, context: context)
        let transition = try OptionArguments.arguments(from: mapping.filter { $0.key != "hold" }, context: context)
        // A slide may set only its hold and its transition's options.
        _ = try OptionArguments.parse(TransitionArguments.self, transition, context: context)
        return (FilePaths.resolve(image, in: folder), hold + transition)
    }

    /// A touch trace's path, like an image's, is relative to the spec.
    private static func resolveGestureFile(in mapping: inout [String: Any], folder: String) {
        if let trace = mapping[gestureFileKey] as? String { mapping[gestureFileKey] = FilePaths.resolve(trace, in: folder) }
    }

    static let gestureFileKey = "gesture-file"

    /// Runs a check whose errors do not say where they are, prefixing them with `context`.
    private static func inContext<T>(_ context: String, _ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch {
            throw CLIError("\(context): \(ErrorWording.asKeys(error))")
        }
    }
}
