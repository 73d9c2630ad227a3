import FlipTransMedia

/// A job file checked whole before any job runs: every line parsed into its job and its render
/// (a spec read, options checked, paths held to `--root`), and no job writing a file another
/// job writes or reads. What is wrong is a refusal per line, in line order: a batch with any
/// renders nothing.
struct BatchPlan {
    struct Entry {
        let line: JobFile.Line
        let job: BatchJob
        let render: RenderJob

        var scheduled: ScheduledJob { ScheduledJob(line: line, output: job.output, id: job.id) }
    }

    struct Refusal {
        let line: JobFile.Line
        let reason: String
    }

    private(set) var entries: [Entry] = []
    private(set) var refusals: [Refusal] = []

    init(_ file: JobFile, root: FolderConfinement?, settings: BatchJob.Settings) {
        for line in file.lines {
            do {
                let job = try file.job(on: line, root: root, settings: settings)
                do {
                    entries.append(Entry(line: line, job: job, render: try job.renderJob()))
                } catch {
                    refusals.append(Refusal(line: line, reason: "\(line.context): \(ErrorWording.asKeys(error))"))
                }
            } catch {
                refusals.append(Refusal(line: line, reason: "\(error)"))
            }
        }
        refuseCollisions()
        refusals.sort { $0.line.number < $1.line.number }
    }

    /// Two jobs writing one file would leave only the last; a job writing a file another reads
    /// would change that job's input, or fail it, depending on which runs first.
    private mutating func refuseCollisions() {
        func key(_ path: String) -> String { FolderConfinement.resolve(path) ?? path }
        var writers: [String: Int] = [:], readers: [String: Int] = [:]
        for entry in entries {
            for image in entry.render.imageFiles where readers[key(image)] == nil { readers[key(image)] = entry.line.number }
        }
        for entry in entries {
            let output = key(entry.render.output)
            if let first = writers[output] {
                refusals.append(Refusal(line: entry.line, reason: "\(entry.line.context): output '\(entry.job.output)' is also the output of line \(first)"))
            } else if let reader = readers[output] {
                refusals.append(Refusal(line: entry.line, reason: "\(entry.line.context): output '\(entry.job.output)' is an input of line \(reader); refusing to overwrite an input"))
            }
            writers[output] = writers[output] ?? entry.line.number
        }
    }
}
