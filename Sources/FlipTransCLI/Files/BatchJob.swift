import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// One line of a job file, as the command it describes: two images (`"images"`), a slideshow
/// spec file (`"spec"`) or a slideshow written in the line itself (`"slides"`, with a spec's keys).
struct BatchJob {
    let output: String
    /// The line's own `"id"`, if it gives one: `batch` echoes it in its JSON events and report.
    let id: JobID?
    var command: any JobCommand
    /// The slideshow written in the line, whose top-level options are `command`.
    let inlineShow: SlideshowSpec?
    /// The spec the line names and the options given beside it, read again to place what goes
    /// wrong (`placement()`).
    private let spec: (path: String, overrides: [String])?
    /// The folder the job's files must stay in (`batch --root`), if any.
    let root: FolderConfinement?
    /// The batch's `--max-pixels`, if given: the job's limit at most.
    private let maxPixels: Int?
    /// The line's own `"quiet": true`: the batch keeps back this job's warnings and notes.
    let quiet: Bool
    /// What the batch adds to every job's options: it shows the job's progress, if at all, itself.
    struct Settings {
        var progressAsJSON = false
        /// `--threads` for the job, unless the line sets its own.
        var threads: Int?
        /// `--max-pixels` for the job, which the line may lower, not raise.
        var maxPixels: Int?
    }

    /// The job on `line`; relative paths start at `folder`. With a `root`, the output and the
    /// images or spec the line names must be inside it.
    /// `commands` holds the render commands of the file's earlier lines.
    init(line: String, folder: String, context: String, root: FolderConfinement? = nil, settings: Settings = Settings(),
         commands: ParsedCommandCache = ParsedCommandCache()) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        } catch {
            throw CLIError("\(context): not a JSON object (\(Self.jsonProblem(error, in: line)))")
        }
        guard var job = object as? [String: Any] else { throw CLIError("\(context): not a JSON object") }
        if let key = JSONDuplicateKeys.first(in: line) { throw CLIError("\(context): duplicate key '\(key)'") }
        try NULCharacter.refuse(in: job, context: context)
        // A job cannot skip itself: the batch's own --skip-existing does, and counts it skipped.
        if job["skip-existing"] != nil {
            throw CLIError("\(context): key 'skip-existing' is the batch's option, for every job: fliptrans batch --skip-existing")
        }
        self.root = root
        /// The path as the job gives it, relative to the job file, refused outside the root.
        func resolve(_ path: String) throws -> String {
            // A path is a path: `-a.png` as `./-a.png`, which the command's parser cannot take for
            // an option (`-` stays, for the input check's own word on standard input).
            var resolved = FilePaths.resolve(path, in: folder)
            if resolved.hasPrefix("-"), resolved != "-" { resolved = "./" + resolved }
            if let root, !root.contains(resolved) { throw CLIError("\(context): \(root.refusal(of: path))") }
            return resolved
        }
        if let given = job.removeValue(forKey: "id") {
            guard let id = JobID(given) else { throw CLIError("\(context): key 'id' \(JobID.refusal(of: given))") }
            self.id = id
        } else {
            id = nil
        }
        guard let given = job.removeValue(forKey: "output") else {
            // The batch plans every job's output from its line, before any spec is read.
            throw CLIError("\(context): no \"output\" path" + (job["spec"] != nil ? " (a job line names its output, even when its spec has one)" : ""))
        }
        guard let output = given as? String else { throw CLIError("\(context): \(Self.notAPath("output"))") }
        // Standard output is the batch's: its JSON events, or several jobs' streams mixed.
        guard output != "-" else {
            throw CLIError("\(context): \"output\" must be a file: a batch's standard output carries its events, not a video")
        }
        self.output = try resolve(output)
        let images = job.removeValue(forKey: "images")
        // The job prints nothing itself: the batch prints its results and warnings (but for a
        // quiet line's), and shows every job's progress as the batch's own --progress says.
        quiet = try job["quiet"].map { try OptionArguments.arguments(from: ["quiet": $0], context: context) == ["--quiet"] } ?? false
        let progress = settings.progressAsJSON ? ProgressStyle.json.rawValue : ProgressStyle.none.rawValue
        // Read as the option reads it (`"progress": true` is told it takes a value), then compared.
        if let given = job["progress"], let asked = try OptionArguments.arguments(from: ["progress": given], context: context).first?.dropFirst("--progress=".count),
           asked.lowercased() != progress {
            throw CLIError("\(context): key 'progress' is the batch's option, for every job (fliptrans batch --progress json or none; this batch's is \(progress)), got '\(asked)'")
        }
        job["quiet"] = true
        job["progress"] = progress
        if job["threads"] == nil, let threads = settings.threads { job["threads"] = threads }
        // A line may not ask for more than the batch's limit; what the job asks (its own, its spec's,
        // the default) is lowered to it as the job is made (`renderJob`).
        if let most = settings.maxPixels, let own = job["max-pixels"], let asked = DecimalNumber.read("\(own)"), asked > Double(most) {
            throw CLIError("\(context): key 'max-pixels' may be at most the batch's --max-pixels, \(most), got \(own)")
        }
        maxPixels = settings.maxPixels
        if job["slides"] != nil {
            guard images == nil, job["spec"] == nil else { throw CLIError("\(context): give one of \"images\", \"spec\" or \"slides\"") }
            // Its globs and folders are read as it is described: held to the root then.
            let show = try JobRoot.$current.withValue(root) {
                try SlideshowSpec(job.merging(["output": output]) { own, _ in own }, folder: folder, context: context, commands: commands)
            }
            inlineShow = show
            spec = nil
            command = show.command
            return
        }
        inlineShow = nil
        // Music beside a spec is the job file's, as the spec is (the spec's own is the spec's).
        for key in ["spec", SlideshowSpec.gestureFileKey, "audio"] {
            guard let given = job[key] else { continue }
            guard let path = given as? String else { throw CLIError("\(context): \(Self.notAPath(key))") }
            job[key] = try resolve(path)
        }
        let options = try OptionArguments.arguments(from: job, context: context)
        let arguments = ["-o", self.output] + options
        if let spec = job["spec"] as? String {
            guard images == nil else { throw CLIError("\(context): give one of \"images\", \"spec\" or \"slides\"") }
            GivenArguments.current = ParameterArguments.expand(arguments)
            command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: context)
            self.spec = (spec, GivenArguments.beside(spec: spec))
        } else {
            spec = nil
            guard let pair = images as? [String], pair.count == 2 else {
                throw CLIError("\(context): \"images\" must list two image paths (or use \"spec\" or \"slides\" for a slideshow)")
            }
            let images = try pair.map(resolve)
            command = try commands.command(a: images[0], b: images[1], output: self.output, options: options) {
                do {
                    return try OptionArguments.parse(RenderCommand.self, images + arguments, context: context)
                } catch let error as CLIError {
                    guard let match = error.message.wholeMatch(of: #/(?<place>.*): unknown key '(?<key>[^']*)': it is an option of 'fliptrans (?<command>[a-z]+)'/#) else { throw error }
                    // A job line is a slideshow by its "slides", not by another command; a still's
                    // or a sheet's options are of commands a batch does not run.
                    guard match.command == "slideshow" else {
                        throw CLIError("\(match.place): unknown key '\(match.key)': it is an option of 'fliptrans \(match.command)', which a job line cannot run; a job renders a transition's frames or a slideshow")
                    }
                    throw CLIError("\(match.place): key '\(match.key)' is a slideshow's: give the images as \"slides\"")
                }
            }
        }
    }

    /// The render the job describes (reading its spec, if it names one), its paths checked
    /// against the root, and where what goes wrong with it is placed (`placement()`), which
    /// places what goes wrong in describing it too.
    func plannedRender() throws -> (render: RenderJob, placement: SlideshowSpec.Placement?) {
        let placement = try placement()
        return (try placement.placingProblems { try renderJob(specLimit: placement?.gives("max-pixels") == true) }, placement)
    }

    /// The render the job describes, with what goes wrong not yet placed; `specLimit`: its
    /// spec gives its own `max-pixels`.
    private func renderJob(specLimit: Bool) throws -> RenderJob {
        // A touch trace a spec names is read, and its globs matched, as the job is described: held to the root then.
        var job = try JobRoot.$current.withValue(root) { try inlineShow?.job() ?? command.job() }
        if let most = maxPixels, job.frame.pixelLimit.maxPixels > most {
            // The default is lowered to the batch's limit; a spec's own, higher, is refused as a line's is.
            guard !specLimit else {
                throw CLIError((spec.map { "\($0.path): " } ?? "") + "key 'max-pixels' may be at most the batch's --max-pixels, \(most), got \(job.frame.pixelLimit.maxPixels)")
            }
            job.frame.pixelLimit = PixelLimit(maxPixels: most)
        }
        // Checked as the job will check them, so that the plan refuses the line (it failed as it
        // ran): a GIF at 60 fps or with music, say.
        _ = try command.console.threads.map(ConsoleArguments.checkedThreads)
        try job.checkSettings()
        if let root, let outside = root.firstOutside(job.inputFiles + [job.output]) {
            throw CLIError(root.refusal(of: outside))
        }
        return job
    }

    /// Renders the job, making its output's folder first; returns the video's frames.
    func run() throws -> Int {
        let placement = try placement()
        return try placement.placingProblems {
            let job = try renderJob(specLimit: placement?.gives("max-pixels") == true)
            // A job failing on a missing image left an empty folder behind: one missing is reported
            // (by the probe, as the run would) before the folder is made. Only then, as probing
            // decodes some formats whole, which the run then does again.
            if !job.inputFiles.allSatisfy(FileManager.default.isReadableFile(atPath:)) { try job.probe() }
            try Self.makeFolder(of: job.output)
            return try command.run(job).videoFrames
        }
    }

    /// Where what goes wrong with the slideshow the line describes, in itself or in its spec, is
    /// placed, as the slideshow command places it; nil for a pair of images.
    func placement() throws -> SlideshowSpec.Placement? {
        if let inlineShow { return inlineShow.placement }
        guard let spec else { return nil }
        return try JobRoot.$current.withValue(root) { try SlideshowSpec(contentsOf: spec.path, overrides: spec.overrides).placement }
    }

    /// Why the job of the line `context` names failed, on one line beginning with it: each
    /// problem once, worded as keys, and without the line's place again where it was placed in
    /// the line already (an inline slideshow's slide, its output).
    static func reason(_ error: Error, context: String) -> String {
        let place = context + ": "
        let problems = InputProblems.problems(in: error).map { problem in
            let worded = ErrorWording.asKeys(problem)
            return worded.hasPrefix(place) ? String(worded.dropFirst(place.count)) : worded
        }
        return place + problems.joined(separator: "; ")
    }

    /// A batch makes the folders its outputs go into, as `mkdir -p` would: a job file generated
    /// for thousands of renders names folders that do not exist yet. (A file in a folder's place
    /// is left for the output's own check to name.)
    private static func makeFolder(of output: String) throws {
        func make(_ folder: String) throws {
            guard !FileManager.default.fileExists(atPath: folder) else { return }
            let parent = FilePaths.folder(of: folder)
            if parent != folder { try make(parent) }
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                throw CLIError("\(output): cannot make the folder '\(folder)' (\(String(cString: strerror(errno))))")
            }
        }
        try make(FilePaths.folder(of: output))
    }

    /// What `makeFolder` would meet, without making anything (`batch --check`): the nearest
    /// folder of `output`'s that exists must be a folder that may be written.
    static func checkFolderCanBeMade(of output: String) throws {
        var (folder, missing) = (FilePaths.folder(of: output), FilePaths.folder(of: output))
        var status = stat()
        while stat(folder, &status) != 0 {
            let failure = errno, parent = FilePaths.folder(of: folder)
            // `mkdir -p` takes a link to nothing for a folder there, and the job fails in it.
            if lstat(folder, &status) == 0 { throw CLIError("\(output): '\(folder)' is a symbolic link to a folder that does not exist") }
            guard failure == ENOENT || failure == ENOTDIR, parent != folder else { return }
            (folder, missing) = (parent, folder)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw CLIError("\(output): '\(folder)' is not a directory") }
        guard access(folder, W_OK) == 0 else {
            throw CLIError("\(output): cannot make the folder '\(missing)' (\(String(cString: strerror(errno))))")
        }
    }

    /// Why Foundation's reader refused `line`, as it says in its debug description ("Invalid
    /// value around character 6."; a number such as 1e400 "is not representable"), said for
    /// users: the localized description says only that the data is not in the correct format.
    /// Its character is a byte offset from 0; an editor's column counts characters from 1.
    private static func jsonProblem(_ error: Error, in line: String) -> String {
        guard var said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String, !said.isEmpty else { return "not valid JSON" }
        said = said.replacingOccurrences(of: " in Swift", with: "")
        if said.hasSuffix(".") { said.removeLast() }
        if let range = said.range(of: #"around character \d+$"#, options: .regularExpression),
           let offset = Int(said[range].split(separator: " ").last!) {
            let column = String(decoding: line.utf8.prefix(offset), as: UTF8.self).count + 1
            said.replaceSubrange(range, with: "at column \(column)")
        }
        return said.prefix(1).lowercased() + said.dropFirst()
    }

    private static func notAPath(_ key: String) -> String {
        "key '\(key)' must be a path (text)"
    }
}
