import ArgumentParser
import Foundation

/// One line of a job file, as the command it describes.
struct BatchJob {
    let output: String
    var command: ParsableCommand

    init(line: String, folder: URL, context: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)), var job = object as? [String: Any] else {
            throw CLIError("\(context): not a JSON object")
        }
        func resolve(_ path: String) -> String { path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path }
        guard let output = job.removeValue(forKey: "output") as? String else { throw CLIError("\(context): no \"output\" path") }
        self.output = resolve(output)
        let images = job.removeValue(forKey: "images")
        if let spec = job["spec"] as? String { job["spec"] = resolve(spec) }
        let options = try OptionArguments.arguments(from: job.merging(["quiet": true]) { a, _ in a }, context: context)
        let arguments = ["-o", self.output] + options
        if job["spec"] != nil {
            guard images == nil else { throw CLIError("\(context): give \"images\" or \"spec\", not both") }
            command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: context)
        } else {
            guard let pair = images as? [String], pair.count == 2 else {
                throw CLIError("\(context): \"images\" must list two image paths (or use \"spec\" for a slideshow)")
            }
            command = try OptionArguments.parse(RenderCommand.self, pair.map(resolve) + arguments, context: context)
        }
    }
}
