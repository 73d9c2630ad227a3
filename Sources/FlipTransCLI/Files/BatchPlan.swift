import FlipTransMedia
import Foundation

/// A job file checked whole before any job runs: every line parsed into its job and its render
/// (a spec read, options checked, paths held to `--root`), and no job writing a file another
/// job writes or reads. What is wrong is a refusal per line, in line order: a batch with any
/// renders nothing. Every shard checks every line, so all of them agree; only its own jobs are
/// kept whole, and of the others only the files they touch (a render took 4.6 KB a line: a
/// shard of a 100,000-line file held 560 MB).
struct BatchPlan {
    struct Entry {
        let line: JobFile.Line
        let job: BatchJob
        let render: RenderJob
        /// Where what goes wrong with a slideshow job is placed (`BatchJob.placement()`).
        let placement: SlideshowSpec.Placement?

        var scheduled: ScheduledJob {
            ScheduledJob(line: line, output: job.output, id: job.id, isFinished: { [render] in render.isFinished },
                         checkFiles: { [render, placement] in try placement.placingProblems { try Self.checkFiles(of: render) } })
        }

        /// What a look at the file system finds wrong with `render`, reading no file: an input
        /// missing or unreadable, an output that cannot go where it is to go (a folder the batch
        /// would make: that it can be made; one that exists, as the job will check it, each frame
        /// of a sequence and the music among the inputs).
        static func checkFiles(of render: RenderJob) throws {
            try render.checkInputFiles()
            if FileManager.default.fileExists(atPath: FilePaths.folder(of: render.output)) {
                try render.check()
            } else {
                try BatchJob.checkFolderCanBeMade(of: render.output)
            }
        }
    }

    /// The files a line's job writes and reads, which other lines' jobs must not write.
    private struct Footprint {
        let line: JobFile.Line
        let id: JobID?
        /// The output as the line gives it, and as resolved (a sequence's pattern).
        let output: String, resolvedOutput: String
        /// What it writes, resolved: one file, or a sequence's frames by their pattern (never
        /// each frame's name: a shard of thousands of jobs of thousands of frames would hold
        /// them all).
        let written: Written
        /// The files read: images, music, a spec, a touch trace.
        let read: [FileKey]

        init(_ entry: Entry) {
            (line, id, output, resolvedOutput) = (entry.line, entry.job.id, entry.job.output, entry.render.output)
            written = Written(entry.render.writtenOnceFitted)
            read = (entry.render.inputFiles + entry.render.describingFiles).map(BatchPlan.key)
        }
    }

    /// What a job writes, its paths resolved as keys are.
    private enum Written {
        case nothing
        case file(FileKey)
        /// Frames 1 … count of a pattern in its folder's resolved path.
        case frames(FramePattern, count: Int)

        init(_ written: RenderJob.Written) {
            switch written {
            case .nothing: self = .nothing
            case let .file(path): self = .file(BatchPlan.key(path))
            case let .frames(pattern, count): self = .frames(pattern.moved(to: BatchPlan.resolved(pattern.folder)), count: count)
            }
        }

        /// The number of the frame of this that is `file` (1 for a file), if any.
        func frame(writing file: FileKey) -> Int? {
            switch self {
            case .nothing: return nil
            case let .file(key): return key == file ? 1 : nil
            case let .frames(pattern, count):
                guard file.folder == FolderKey(pattern.folder), let number = pattern.frameNumber(named: FilePaths.name(of: file.path)),
                      (1...count).contains(number) else { return nil }
                return number
            }
        }

        /// The first frame of this sequence that the sequence `other` writes too; nil for others.
        func firstShared(with other: Written) -> FileKey? {
            guard case let .frames(pattern, count) = self, case let .frames(otherPattern, otherCount) = other else { return nil }
            return pattern.firstShared(through: count, with: otherPattern, through: otherCount).map { FileKey(resolvedPath: pattern.path($0)) }
        }
    }

    struct Refusal {
        let line: JobFile.Line
        /// The line's id, if it gives a valid one, to be echoed with the refusal.
        let id: JobID?
        let reason: String
    }

    /// The jobs of the shard, in line order.
    private(set) var entries: [Entry] = []
    private(set) var refusals: [Refusal] = []
    /// Every job's footprint, in line order.
    private var footprints: [Footprint] = []
    /// Where the lines' relative paths start.
    private let folder: String

    init(_ file: JobFile, root: FolderConfinement?, settings: BatchJob.Settings, shard: Shard) {
        folder = file.folder
        for (index, line) in file.lines.enumerated() {
            do {
                let job = try file.job(on: line, root: root, settings: settings)
                do {
                    try OutputPath.checkLengths(job.output)
                    let planned = try job.plannedRender()
                    let entry = Entry(line: line, job: job, render: planned.render, placement: planned.placement)
                    if let jobFile = file.identity, case let .file(written) = entry.render.written, FileIdentity(path: written) == jobFile {
                        throw CLIError("output '\(job.output)' is the job file; refusing to overwrite it")
                    }
                    footprints.append(Footprint(entry))
                    // A shard counts job lines (a batch with a refusal renders nothing).
                    if shard.includes(index) { entries.append(entry) }
                } catch {
                    refusals.append(Refusal(line: line, id: job.id, reason: BatchJob.reason(error, context: line.context)))
                }
            } catch {
                // Reading the line places its errors; a file's own (an inline slideshow's output
                // format) is placed here.
                refusals.append(Refusal(line: line, id: JobID(inLine: line.text), reason: BatchJob.reason(error, context: line.context)))
            }
        }
        refuseCollisions()
        refusals.sort { $0.line.number < $1.line.number }
    }

    /// Two jobs writing one file would leave only the last; a job writing a file another reads
    /// would change that job's input, or fail it, depending on which runs first. A sequence is
    /// compared by its pattern with the files whose names have a run of digits where its number
    /// goes (`RunKey`), and with the sequences whose prefixes nest with its own: each looked up,
    /// so thousands of jobs in one folder are planned in moments.
    private mutating func refuseCollisions() {
        let readers = self.readers
        var readersByRun: [RunKey: [FileKey]] = [:]
        for file in readers.keys { for run in RunKey.runs(of: file) { readersByRun[run, default: []].append(file) } }
        var writers: [FileKey: Int] = [:], filesByRun: [RunKey: [FileKey]] = [:]
        var sequencesByRun: [RunKey: [(Written, line: Int)]] = [:]
        // Earlier sequences by their whole prefix, and by every leading part of it.
        var sequencesByPrefix: [RunKey: [(Written, line: Int)]] = [:], sequencesByPrefixStart: [RunKey: [(Written, line: Int)]] = [:]
        for job in footprints {
            // The first file (in frame order) that another job writes, or else reads.
            var clash: (frame: Int, file: FileKey, with: String)?
            func consider(_ file: FileKey?, _ with: @autoclosure () -> String) {
                guard let file, let frame = job.written.frame(writing: file), frame < clash?.frame ?? .max else { return }
                clash = (frame, file, with())
            }
            switch job.written {
            case .nothing: continue
            case let .file(key):
                for run in RunKey.runs(of: key) {
                    for (sequence, line) in sequencesByRun[run] ?? [] where sequence.frame(writing: key) != nil {
                        consider(key, "is also the output of line \(line)")
                    }
                }
                if let line = writers[key] { consider(key, "is also the output of line \(line)") }
                if let line = readers[key] { consider(key, "is an input of line \(line); refusing to overwrite an input") }
                writers[key] = writers[key] ?? job.line.number
                for run in RunKey.runs(of: key) { filesByRun[run, default: []].append(key) }
            case let .frames(pattern, _):
                let run = RunKey(pattern)
                for file in filesByRun[run] ?? [] { consider(file, "is also the output of line \(writers[file]!)") }
                let folder = Array(pattern.folder.utf8), prefix = Array(pattern.prefix.utf8)
                let leadingParts = (0...prefix.count).map { RunKey(folder: folder, before: Array(prefix[..<$0]), after: []) }
                let nesting = leadingParts.flatMap { sequencesByPrefix[$0] ?? [] } + (sequencesByPrefixStart[leadingParts.last!] ?? [])
                for (sequence, line) in nesting {
                    consider(job.written.firstShared(with: sequence), "is also the output of line \(line)")
                }
                for file in readersByRun[run] ?? [] { consider(file, "is an input of line \(readers[file]!); refusing to overwrite an input") }
                sequencesByRun[run, default: []].append((job.written, job.line.number))
                sequencesByPrefix[leadingParts.last!, default: []].append((job.written, job.line.number))
                // Not under the whole prefix: `sequencesByPrefix` has those.
                for part in leadingParts.dropLast() { sequencesByPrefixStart[part, default: []].append((job.written, job.line.number)) }
            }
            guard let clash else { continue }
            let written = if case .file = job.written { "output '\(job.output)'" } else {
                "output '\(job.output)' (frame '\(FilePaths.resolve(FilePaths.name(of: clash.file.path), in: FilePaths.folder(of: job.resolvedOutput)))')"
            }
            refusals.append(Refusal(line: job.line, id: job.id, reason: "\(job.line.context): \(written) \(clash.with)"))
        }
        refuseFoldersThatAreOutputs(writers)
    }

    /// A job writing into a folder another job writes as a file (`out/a.mp4/x.mp4` beside
    /// `out/a.mp4`) would fail, or fail the other, depending on which runs first.
    private mutating func refuseFoldersThatAreOutputs(_ writers: [FileKey: Int]) {
        let refused = Set(refusals.map(\.line.number))
        for job in footprints where !refused.contains(job.line.number) {
            let written: String
            switch job.written {
            case .nothing: continue
            case let .file(key): written = key.path
            case let .frames(pattern, _): written = pattern.path(1)
            }
            var folder = FilePaths.folder(of: written)
            while writers[FileKey(resolvedPath: folder)] == nil, FilePaths.folder(of: folder) != folder {
                folder = FilePaths.folder(of: folder)
            }
            guard let line = writers[FileKey(resolvedPath: folder)] else { continue }
            refusals.append(Refusal(line: job.line, id: job.id,
                                    reason: "\(job.line.context): output '\(job.output)' goes into a folder that is the output of line \(line)"))
        }
    }

    /// A folder with what comes before and after a run of digits in a name (`FramePattern.numberRun`),
    /// as bytes; with nothing after, a leading part of a sequence's prefix.
    private struct RunKey: Hashable {
        let folder: [UInt8], before: [UInt8], after: [UInt8]

        init(folder: [UInt8], before: [UInt8], after: [UInt8]) {
            (self.folder, self.before, self.after) = (folder, before, after)
        }

        /// Where a pattern's frames have their number.
        init(_ pattern: FramePattern) {
            let run = pattern.numberRun
            self.init(folder: Array(pattern.folder.utf8), before: run.before, after: run.after)
        }

        /// Each run of digits in a file's name.
        static func runs(of file: FileKey) -> [RunKey] {
            let folder = Array(FilePaths.folder(of: file.path).utf8)
            return FramePattern.digitRuns(in: FilePaths.name(of: file.path)).map { RunKey(folder: folder, before: $0.before, after: $0.after) }
        }
    }

    /// The first line reading each file (an image, music, a spec, a touch trace), by resolved path.
    private var readers: [FileKey: Int] {
        var readers: [FileKey: Int] = [:]
        for job in footprints {
            for file in job.read where readers[file] == nil { readers[file] = job.line.number }
        }
        return readers
    }

    /// A resolved path, compared byte for byte as the file system compares names (Swift's
    /// strings compare by canonical equivalence: a name's composed and decomposed "é" would be
    /// one file, two on Linux).
    struct FileKey: Hashable {
        fileprivate let bytes: [UInt8]

        fileprivate init(resolvedPath: String) {
            bytes = Array(resolvedPath.utf8)
        }

        fileprivate var path: String { String(decoding: bytes, as: UTF8.self) }
        /// Its folder.
        fileprivate var folder: FolderKey { FolderKey(FilePaths.folder(of: path)) }
    }

    /// A folder's resolved path, compared byte for byte as `FileKey` is.
    fileprivate struct FolderKey: Hashable {
        let bytes: [UInt8]

        init(_ resolvedPath: String) {
            bytes = Array(resolvedPath.utf8)
        }
    }

    static func key(_ path: String) -> FileKey { FileKey(resolvedPath: resolved(path)) }

    private static func resolved(_ path: String) -> String { FolderConfinement.resolve(path, throughMissing: true) ?? path }

    /// What a job does with `path`, for a file the batch itself would write (its report): "the
    /// output of line 2", "an input of line 3", or nil when no job touches it.
    func use(of path: String) -> String? {
        let key = Self.key(path)
        if let reader = readers[key] { return "an input of line \(reader)" }
        for job in footprints where job.written.frame(writing: key) != nil {
            return "the output of line \(job.line.number)"
        }
        // A hard link to an input is that input under another name.
        if let file = FileIdentity(path: path), let reader = readers.filter({ FileIdentity(path: $0.key.path) == file }).values.min() {
            return "an input of line \(reader)"
        }
        // A refused line is not understood, so every text in it may be a path it names.
        for refusal in refusals where texts(in: refusal.line.text).contains(where: { Self.key(FilePaths.resolve($0, in: folder)) == key }) {
            return "named by line \(refusal.line.number)"
        }
        return nil
    }

    /// Every text value in a JSON line, however deep; none for a line that is not JSON.
    private func texts(in line: String) -> [String] {
        func texts(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(texts)
            case let object as [String: Any]: object.values.flatMap(texts)
            default: []
            }
        }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))).map(texts) ?? []
    }
}
