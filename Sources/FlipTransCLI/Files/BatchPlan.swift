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

        var scheduled: ScheduledJob {
            // Without a finished file known (a touch trace's frames), its output's name: for a
            // sequence, its pattern, never a file, so it is rendered again.
            ScheduledJob(line: line, output: job.output, id: job.id, finishedFile: render.finishedFile ?? job.output)
        }
    }

    /// The files a line's job writes and reads, which other lines' jobs must not write.
    private struct Footprint {
        let line: JobFile.Line
        let id: JobID?
        /// The output as the line gives it, and as resolved (a sequence's pattern).
        let output: String, resolvedOutput: String
        /// Each file written (a sequence's every frame) with its key.
        let written: [(file: String, key: FileKey)]
        /// The files read: images, music, a spec, a touch trace.
        let read: [FileKey]

        init(_ entry: Entry) {
            (line, id, output, resolvedOutput) = (entry.line, entry.job.id, entry.job.output, entry.render.output)
            written = BatchPlan.writtenKeys(by: entry)
            read = (entry.render.inputFiles + entry.job.describingFiles).map(BatchPlan.key)
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

    init(_ file: JobFile, root: FolderConfinement?, settings: BatchJob.Settings, shard: Shard = .everything) {
        folder = file.folder
        for (index, line) in file.lines.enumerated() {
            do {
                let job = try file.job(on: line, root: root, settings: settings)
                do {
                    let entry = Entry(line: line, job: job, render: try job.renderJob())
                    footprints.append(Footprint(entry))
                    // A shard counts job lines (a batch with a refusal renders nothing).
                    if shard.includes(index) { entries.append(entry) }
                } catch {
                    refusals.append(Refusal(line: line, id: job.id, reason: "\(line.context): \(ErrorWording.asKeys(error))"))
                }
            } catch {
                refusals.append(Refusal(line: line, id: JobID(inLine: line.text), reason: "\(error)"))
            }
        }
        refuseCollisions()
        refusals.sort { $0.line.number < $1.line.number }
    }

    /// Two jobs writing one file would leave only the last; a job writing a file another reads
    /// would change that job's input, or fail it, depending on which runs first.
    private mutating func refuseCollisions() {
        let readers = self.readers
        var writers: [FileKey: Int] = [:]
        for job in footprints {
            for (file, output) in job.written {
                let written = file == job.resolvedOutput ? "output '\(job.output)'" : "output '\(job.output)' (frame '\(file)')"
                let refusal = if let first = writers[output] { "\(written) is also the output of line \(first)" }
                    else if let reader = readers[output] { "\(written) is an input of line \(reader); refusing to overwrite an input" }
                    else { nil as String? }
                writers[output] = writers[output] ?? job.line.number
                if let refusal {
                    refusals.append(Refusal(line: job.line, id: job.id, reason: "\(job.line.context): \(refusal)"))
                    break
                }
            }
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

    /// The files `entry` writes; its output's name for a sequence without a frame-number pattern
    /// (which fails its own check).
    private static func written(by entry: Entry) -> [String] {
        let files = (try? entry.render.outputFiles()) ?? []
        return files.isEmpty ? [entry.render.output] : files
    }

    /// The files `entry` writes with their keys. A sequence's frames share a folder, resolved
    /// once: thousands of jobs of thousands of frames are planned in moments. (A frame that is a
    /// symbolic link is replaced, not written through, as every output is moved into place.)
    private static func writtenKeys(by entry: Entry) -> [(file: String, key: FileKey)] {
        let files = written(by: entry)
        guard files.count > 1 else { return files.map { ($0, key($0)) } }
        let folder = resolved(FilePaths.folder(of: files[0]))
        return files.map { ($0, FileKey(bytes: Array(FilePaths.resolve(FilePaths.name(of: $0), in: folder).utf8))) }
    }

    /// A resolved path, compared byte for byte as the file system compares names (Swift's
    /// strings compare by canonical equivalence: a name's composed and decomposed "é" would be
    /// one file, two on Linux).
    struct FileKey: Hashable {
        fileprivate let bytes: [UInt8]
    }

    static func key(_ path: String) -> FileKey { FileKey(bytes: Array(resolved(path).utf8)) }

    private static func resolved(_ path: String) -> String { FolderConfinement.resolve(path, throughMissing: true) ?? path }

    /// What a job does with `path`, for a file the batch itself would write (its report): "the
    /// output of line 2", "an input of line 3", or nil when no job touches it.
    func use(of path: String) -> String? {
        let key = Self.key(path)
        if let reader = readers[key] { return "an input of line \(reader)" }
        for job in footprints where job.written.contains(where: { $0.key == key }) {
            return "the output of line \(job.line.number)"
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
