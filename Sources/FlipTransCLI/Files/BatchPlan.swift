import FlipTransMedia
import Foundation

/// A job file checked whole before any job runs: every line parsed into its job and its render
/// (a spec read, options checked, paths held to `--root`), and no job writing a file another
/// job writes or reads. What is wrong is a refusal per line, in line order: a batch with any
/// renders nothing.
struct BatchPlan {
    struct Entry {
        let line: JobFile.Line
        let job: BatchJob
        let render: RenderJob

        var scheduled: ScheduledJob {
            // A clip whose length the frame decides (a touch trace's default drag) has no known
            // last frame yet: its pattern, never a file, so it is rendered again.
            let finished = render.timeline.frameCount > 0 ? BatchPlan.written(by: self).max() : nil
            return ScheduledJob(line: line, output: job.output, id: job.id, finishedFile: finished ?? job.output)
        }
    }

    struct Refusal {
        let line: JobFile.Line
        /// The line's id, if it gives a valid one, to be echoed with the refusal.
        let id: JobID?
        let reason: String
    }

    private(set) var entries: [Entry] = []
    private(set) var refusals: [Refusal] = []
    /// Where the lines' relative paths start.
    private let folder: String

    init(_ file: JobFile, root: FolderConfinement?, settings: BatchJob.Settings) {
        folder = file.folder
        for line in file.lines {
            do {
                let job = try file.job(on: line, root: root, settings: settings)
                do {
                    entries.append(Entry(line: line, job: job, render: try job.renderJob()))
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
        for entry in entries {
            for (file, output) in Self.writtenKeys(by: entry) {
                let written = file == entry.render.output ? "output '\(entry.job.output)'" : "output '\(entry.job.output)' (frame '\(file)')"
                let refusal = if let first = writers[output] { "\(written) is also the output of line \(first)" }
                    else if let reader = readers[output] { "\(written) is an input of line \(reader); refusing to overwrite an input" }
                    else { nil as String? }
                writers[output] = writers[output] ?? entry.line.number
                if let refusal {
                    refusals.append(Refusal(line: entry.line, id: entry.job.id, reason: "\(entry.line.context): \(refusal)"))
                    break
                }
            }
        }
    }

    /// The first line reading each file (an image, music, a spec, a touch trace), by resolved path.
    private var readers: [FileKey: Int] {
        var readers: [FileKey: Int] = [:]
        for entry in entries {
            for file in entry.render.inputFiles + entry.job.describingFiles where readers[Self.key(file)] == nil {
                readers[Self.key(file)] = entry.line.number
            }
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
        for entry in entries where Self.writtenKeys(by: entry).contains(where: { $0.key == key }) {
            return "the output of line \(entry.line.number)"
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
