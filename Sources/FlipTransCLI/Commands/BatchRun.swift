import FlipTransMedia
import Foundation
import Synchronization

/// Runs a batch's jobs, `atOnce` at a time, on as many worker processes (`BatchWorker`), each fed
/// job after job by a thread of its own, in job-file order as workers free up, and tells the
/// console as each starts, progresses and ends. A stopping signal is passed on to the workers and
/// ends the batch once they are gone, after the summary of what finished.
struct BatchRun: Sendable {
    let jobs: [ScheduledJob]
    /// Where relative paths in the jobs start.
    let folder: String
    let root: String?
    let settings: BatchJob.Settings
    let atOnce: Int
    let skipExisting: Bool
    let console: BatchConsole
    /// Whether `start` events name the worker process running the job (`workerVariable`).
    let namingWorkers = ProcessInfo.processInfo.environment[Self.workerVariable] == "1"

    /// Set to 1, JSON `start` events carry the process id of the worker that runs the job: to
    /// watch or stop one job's process from outside, and for the tests to count the workers.
    static let workerVariable = "FLIPTRANS_BATCH_WORKER_IDS"

    func run() -> BatchTally {
        let tally = Mutex(BatchTally(unfinished: jobs.count))
        let next = Mutex(0)
        // The jobs a worker has taken and not finished, by line: a signal that stops the batch
        // ends each with a `stopped` event, so every `start` has its `end`.
        let running = Mutex<[Int: ScheduledJob]>([:])
        // The folders failed jobs made for their outputs, taken away as the batch ends.
        let leftFolders = Mutex<[MadeFolders]>([])
        let console = console
        InterruptCleanup.setFinalWords { signal in
            // Under the tally's lock, as a job's end is written: none is both ended and stopped.
            tally.withLock { tally in
                for job in running.withLock({ $0.values.sorted { $0.line.number < $1.line.number } }) { console.ended(job, status: .stopped) }
                console.summary(tally, signal: signal)
            }
        }
        // What a look at the file system finds wrong with a job (an image missing, an output
        // folder that cannot be made) is said before any job runs, not at its turn, hours into
        // a long batch; such a job does not run. Workers started through a wrapper may see the
        // files otherwise: theirs is the look then.
        let jobs = self.jobs.filter { job in
            if BatchWorker.wrapper != nil || skipExisting && job.isFinished() { return true }
            do {
                try job.checkFiles()
                return true
            } catch {
                tally.withLock { tally in
                    tally.count(.failed)
                    console.ended(job, status: .failed, error: BatchJob.reason(error, context: job.line.context))
                }
                return false
            }
        }
        let finished = DispatchGroup()
        for _ in 0..<min(atOnce, jobs.count) {
            finished.enter()
            // Threads of their own, not Dispatch's pool: each waits for a process most of its time.
            Thread { [self] in
                let worker = BatchWorker(folder: folder, root: root, settings: settings)
                while let job = next.withLock({ index -> ScheduledJob? in
                    defer { index += 1 }
                    return index < jobs.count ? jobs[index] : nil
                }) {
                    let made = MadeFolders(above: job.output)
                    let status = run(job, on: worker, running: running, tally: tally)
                    if status == .failed, !made.paths.isEmpty { leftFolders.withLock { $0.append(made) } }
                }
                worker.finish()
                finished.leave()
            }.start()
        }
        finished.wait()
        MadeFolders.removeEmpty(leftFolders.withLock { $0 })
        let final = tally.withLock { $0 }
        console.summary(final)
        return final
    }

    /// Runs `job`, writing its end event with its count under the tally's lock, which a stopping
    /// signal's summary takes too: the summary counts every job whose end it follows.
    private func run(_ job: ScheduledJob, on worker: BatchWorker, running: borrowing Mutex<[Int: ScheduledJob]>,
                     tally: borrowing Mutex<BatchTally>) -> BatchEvent.Status {
        if skipExisting, job.isFinished() {
            // Partial files of this output from a run killed outright are of no more use.
            StalePartialFiles.remove(besideOutput: job.output)
            tally.withLock { tally in
                tally.count(.skipped)
                console.ended(job, status: .skipped)
            }
            return .skipped
        }
        let started = ContinuousClock.now
        let progress: ((String) -> Void)? = settings.progressAsJSON ? { [console] in console.progress(job, line: $0) } : nil
        // `start` once a worker has taken the job, naming that one: a job no worker took only ends.
        let result = worker.run(job.line, output: job.output, taken: { [console, namingWorkers] process in
            running.withLock { $0[job.line.number] = job }
            console.started(job, worker: namingWorkers ? process : nil)
        }, progressLine: progress)
        let seconds = (ContinuousClock.now - started).seconds
        return tally.withLock { tally in
            running.withLock { $0[job.line.number] = nil }
            switch result {
            case .success(let rendered):
                tally.count(.done)
                console.ended(job, status: .done, frames: rendered.frames, warnings: rendered.warnings, seconds: seconds)
                return .done
            case .failure(let failure):
                tally.count(.failed)
                console.ended(job, status: .failed, error: failure.message, warnings: failure.warnings, seconds: seconds)
                return .failed
            }
        }
    }
}
