import ArgumentParser
import FlipTransMedia
import Foundation

/// One line of a job file, as the command it describes.
struct BatchJob {
    let output: String
    var command: any JobCommand
    /// The folder the job's files must stay in (`batch --root`), if any.
    let root: FolderConfinement?

    /// The job on `line`; relative paths start at `folder`. With a `root`, the output and the
    /// images or spec the line names must be inside it.
    init(line: String, folder: String, context: String, root: FolderConfinement? = nil) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)), var job = object as? [String: Any] else {
            throw CLIError("\(context): not a JSON object")
        }
        if let key = JSONDuplicateKeys.first(in: line) { throw CLIError("\(context): duplicate key '\(key)'") }
        self.root = root
        /// The path as the job gives it, relative to the job file, refused outside the root.
        func resolve(_ path: String) throws -> String {
            let resolved = FilePaths.resolve(path, in: folder)
            if let root, !root.contains(resolved) { throw CLIError("\(context): \(Self.outside(path, root))") }
            return resolved
        }
        guard let output = job.removeValue(forKey: "output") as? String else { throw CLIError("\(context): no \"output\" path") }
        self.output = try resolve(output)
        let images = job.removeValue(forKey: "images")
        if let spec = job["spec"] as? String { job["spec"] = try resolve(spec) }
        if let trace = job[SlideshowSpec.gestureFileKey] as? String { job[SlideshowSpec.gestureFileKey] = try resolve(trace) }
        let options = try OptionArguments.arguments(from: job.merging(["quiet": true]) { a, _ in a }, context: context)
        let arguments = ["-o", self.output] + options
        if job["spec"] != nil {
            guard images == nil else { throw CLIError("\(context): give \"images\" or \"spec\", not both") }
            GivenArguments.current = ParameterArguments.expand(arguments)
            command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: context)
        } else {
            guard let pair = images as? [String], pair.count == 2 else {
                throw CLIError("\(context): \"images\" must list two image paths (or use \"spec\" for a slideshow)")
            }
            command = try OptionArguments.parse(RenderCommand.self, try pair.map(resolve) + arguments, context: context)
        }
    }

    /// Renders the job. With a root, the images a spec lists are checked against it first.
    func run() throws {
        // A touch trace a spec names is read as the job is described: it is checked against the root then.
        let job = try GestureArguments.$confinement.withValue(root) { try command.job() }
        if let root, let outside = root.firstOutside(job.imageFiles + [job.output]) {
            throw CLIError(Self.outside(outside, root))
        }
        try command.run(job)
    }

    private static func outside(_ path: String, _ root: FolderConfinement) -> String {
        "'\(path)' is outside --root \(root.folder)"
    }
}
