import Foundation
import Testing

/// A run stopped from outside: by a signal it can catch (it removes its partial file and exits
/// with 128 + the signal's number, printing nothing), or outright by `kill -9`, after which the
/// next run writing to the same folder removes what it left.
struct InterruptionTests {
    /// A signal mid-render removes the temporary file; a file already at the output path stays
    /// byte for byte as it was. SIGHUP is what an ssh disconnect sends; SIGQUIT would otherwise
    /// print a crash report.
    @Test(arguments: [(SIGINT, false), (SIGTERM, false), (SIGINT, true), (SIGHUP, false), (SIGQUIT, false),
                      (SIGUSR1, false), (SIGPROF, false), (SIGALRM, false), (SIGXCPU, false)])
    func interruptedRunLeavesNothingBehind(signal: Int32, outputExists: Bool) throws {
        let workspace = try Workspace()
        let previous = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        if outputExists { try workspace.write("long.mp4", Array(previous)) }
        let before = workspace.files
        let process = try Fliptrans.start(Workspace.longRender + ["-o", "long.mp4"], in: workspace.url)
        // Once the encoder has its temporary file, the signal lands mid-render.
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "no temporary output appeared")
        kill(process.processIdentifier, signal)
        let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self).prefix(300))")
        #expect(workspace.files == before)
        if outputExists {
            #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("long.mp4"))) == previous)
        }
    }

    /// A numbered sequence is written into a hidden folder and moved into place only when every
    /// frame is done: stopped mid-render, none of its frames are left, and an earlier frame of
    /// the same name stays as it was.
    /// Small JPEG frames come fast: the encoder's thread was still creating them as the signal's
    /// cleanup emptied the folder, which then stayed, holding the newest.
    @Test(arguments: [("png", SIGTERM, "640x480"), ("jpg", SIGINT, "320x240"), ("jpg", SIGHUP, "320x240")])
    func interruptedSequenceLeavesNoFrames(type: String, signal: Int32, size: String) throws {
        let workspace = try Workspace()
        try workspace.write("f0001.\(type)", Array("earlier".utf8))
        let before = workspace.files
        let process = try Fliptrans.start(["a.png", "b.png", "--size", size, "--duration", "60", "-o", "f%04d.\(type)"], in: workspace.url)
        let deadline = Date().addingTimeInterval(20)
        var folder: String?
        while folder == nil, Date() < deadline {
            folder = workspace.files.first { $0.hasPrefix(".f_04d.\(type).") && $0.hasSuffix(".partial") }
            usleep(20_000)
        }
        let hidden = try #require(folder, "no temporary folder appeared")
        // Wait for some frames in it, so the signal lands mid-sequence.
        while (try? FileManager.default.contentsOfDirectory(atPath: workspace.path(hidden)).count) ?? 0 < 3, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(workspace.files == before)
        #expect(try String(contentsOfFile: workspace.path("f0001.\(type)"), encoding: .utf8) == "earlier")
    }

    /// A signal that lands as the frames are moved into place waits for the last of them: the
    /// folder then holds the new sequence whole, never a mix (its cleanup removed the rest of the
    /// hidden folder halfway through the moving).
    @Test func aSignalWhileFramesAreMovedIntoPlaceLeavesNoMix() throws {
        let workspace = try Workspace()
        let frames = 3000
        var landed = false
        // On a busy machine the run may finish its move before the signal arrives: tried again
        // then, up to three times, so that one signal lands mid-move.
        for _ in 0..<3 where !landed {
            for frame in 1...frames { try workspace.write(String(format: "f%05d.png", frame), Array("earlier".utf8)) }
            let process = try Fliptrans.start(["a.png", "b.png", "--size", "16x16", "--fps", "240", "--duration", "\(Double(frames) / 240)",
                                               "-o", "f%05d.png"], in: workspace.url)
            // The first frame replaced (7 bytes no longer) is the moving begun, in name order.
            let first = workspace.path("f00001.png")
            let deadline = Date().addingTimeInterval(120)
            var size = stat()
            while stat(first, &size) == 0, size.st_size == 7, Date() < deadline, process.isRunning { usleep(100) }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect([0, 128 + SIGTERM].contains(process.terminationStatus))
            landed = process.terminationStatus == 128 + SIGTERM
            let earlier = try (1...frames).filter { try Data(contentsOf: URL(fileURLWithPath: workspace.path(String(format: "f%05d.png", $0)))) == Data("earlier".utf8) }
            #expect(earlier.count == 0, "\(earlier.count) of \(frames) frames are the earlier run's")
            #expect(workspace.files.filter { $0.hasPrefix(".") } == [])
        }
        #expect(landed, "no signal arrived while the frames were moved")
    }

    /// `kill -9` leaves the partial file; the next run writing into the folder removes it.
    @Test func partialFileOfAKilledRunIsRemovedByTheNextRun() throws {
        let workspace = try Workspace()
        let process = try Fliptrans.start(Workspace.longRender + ["-o", "long.mp4"], in: workspace.url)
        let partial = try #require(workspace.waitForPartial(of: "long.mp4"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(workspace.files.contains(partial))

        let result = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "frame.png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "frame.png"])
    }

    /// Only names the program gives partial files are touched, and only those no live process
    /// holds: another run's file, locked by it, stays.
    @Test func partialFilesStillHeldAndOtherFilesAreKept() throws {
        let workspace = try Workspace()
        let stale = try workspace.writeStalePartial(of: "old.mp4")
        let held = try workspace.writeStalePartial(of: "busy.mp4")
        let lookalikes = [".notes.v2.partial", ".x.0123456789abc.partial.bak", ".x.0123456789ABC.partial", "x.0123456789abc.partial"]
        for name in lookalikes {
            try workspace.write(name, Array("keep".utf8))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: workspace.path(name))
        }
        let lock = open(workspace.path(held), O_RDONLY)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

        let result = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "frame.png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!workspace.files.contains(stale))
        #expect(workspace.files == Set(["a.png", "b.png", "frame.png", held] + lookalikes))
    }

    /// A sequence's hidden folder of frames that a run killed outright left (it stayed for good)
    /// is removed by the next run writing into the folder; one a live run holds stays.
    @Test func partialFoldersOfKilledSequencesAreRemoved() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("seq"), withIntermediateDirectories: false)
        let process = try Fliptrans.start(["a.png", "b.png", "-o", "seq/f%04d.png", "--duration", "600", "--size", "320x240"], in: workspace.url)
        let deadline = Date().addingTimeInterval(20)
        func hidden() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: workspace.path("seq"))) ?? []).filter { $0.hasPrefix(".") } }
        while hidden().isEmpty, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = hidden()
        #expect(killed.count == 1 && killed.allSatisfy { $0.hasPrefix(".f_04d.png.") && $0.hasSuffix(".partial") }, "\(killed)")
        // Another run's folder, old but locked by it, as a run still writing holds its own.
        let held = "seq/.g_04d.png.0123456789abc.partial"
        try FileManager.default.createDirectory(atPath: workspace.path(held), withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: workspace.path(held))
        let lock = open(workspace.path(held), O_RDONLY | O_DIRECTORY)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

        let result = try workspace.run("a.png", "b.png", "-o", "seq/g%04d.png", "--duration", "0.1", "--fps", "20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(hidden() == [".g_04d.png.0123456789abc.partial"])
    }

    /// A batch re-run with --skip-existing clears the partial files of the outputs it skips, too.
    @Test func skipExistingRemovesPartialFilesOfFinishedOutputs() throws {
        let workspace = try Workspace()
        try workspace.write("done.mp4", Array("rendered earlier".utf8))
        let stale = try workspace.writeStalePartial(of: "done.mp4")
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "done.mp4"}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["batch: 0 done, 0 failed, 1 skipped"])
        #expect(!workspace.files.contains(stale))
    }

    /// A signal to a batch reaches the job it is running: the job removes its partial file, and
    /// the batch says what finished and exits with the signal's status without starting another job.
    @Test(arguments: [SIGTERM, SIGHUP])
    func signalToABatchStopsItsJob(signal: Int32) throws {
        let workspace = try Workspace()
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        let short = #"{"images": ["a.png", "b.png"], "output": "short.mp4", "duration": 0.2, "fps": 10}"#
        try workspace.write("jobs.jsonl", Array([long, short].joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "1"], in: workspace.url)
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "the job did not start")
        let jobs = Fliptrans.children(of: process)
        #expect(jobs.count == 1)
        kill(process.processIdentifier, signal)
        let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(String(decoding: stderr, as: UTF8.self) == "batch: stopped by signal \(signal): 0 done, 0 failed, 0 skipped, 2 unfinished\n")
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl"])
        // The job's process is gone too: it no longer exists (kill finds no such process).
        for job in jobs { #expect(kill(job, 0) == -1 && errno == ESRCH) }
    }

    /// Waiting for the signals takes no descriptors (a dispatch source per signal took 13), so a
    /// render runs under a limit of 10 open files: the standard three, the two inputs, the output
    /// and what the libraries open for a moment.
    @Test func aRenderRunsUnderTenOpenFiles() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.run(["a.png", "b.png", "-o", "out.mp4", "--duration", "0.2", "--fps", "10"], in: workspace.url,
                                       via: ["/bin/sh", "-c", "ulimit -n 10; exec \"$0\" \"$@\""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == 2)
    }

    /// Swift's crash report pauses every thread with SIGUSR1, SIGUSR2 or SIGPROF, whichever the
    /// thread has not blocked: no thread may block all three (with them blocked, a crash ended
    /// as if stopped by SIGUSR1, without its report; libdispatch's threads block SIGUSR1 of
    /// their own accord), while SIGINT is blocked in all threads but the one waiting for the
    /// signals (the kernel shows the signals a thread waits for as unblocked while it waits).
    ///
    /// A look at the threads can catch one in a passing state: glibc blocks every signal in a
    /// thread starting another, and in the new one until it takes its mask; a thread may end
    /// between being listed and being read. So the threads are looked at until a look finds
    /// them as they should be, for at most ten seconds; a mask that stays wrong fails.
    @Test func everyThreadLeavesTheCrashReportASignalToPauseIt() throws {
        let workspace = try Workspace()
        let process = try Fliptrans.start(Workspace.longRender + ["-o", "long.mp4"], in: workspace.url)
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "no temporary output appeared")
        let pid = process.processIdentifier
        func blocks(_ mask: UInt64, _ signal: Int32) -> Bool { mask & (1 << UInt64(signal - 1)) != 0 }
        /// Each thread's blocked signals, by thread id; threads that end meanwhile are left out.
        func look() -> [String: UInt64] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.reduce(into: [:]) { masks, task in
                guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }) else { return }
                masks[task] = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            }
        }
        /// What is wrong with the threads as seen in `masks`; nothing once the render runs.
        func faults(_ masks: [String: UInt64]) -> [String] {
            var faults: [String] = []
            // The render's threads start once its first images are in.
            if masks.count <= 3 { faults.append("only \(masks.count) threads") }
            let pausable = masks.filter { !blocks($0.value, SIGUSR1) || !blocks($0.value, SIGUSR2) || !blocks($0.value, SIGPROF) }
            if pausable.count != masks.count { faults.append("threads blocking SIGUSR1, SIGUSR2 and SIGPROF") }
            if let main = masks["\(pid)"], blocks(main, SIGUSR1) { faults.append("the main thread blocks SIGUSR1") }
            if masks.values.filter({ !blocks($0, SIGINT) }).count != 1 { faults.append("not one thread waiting for SIGINT") }
            return faults
        }
        var masks = look(), found = faults(masks)
        let deadline = Date().addingTimeInterval(10)
        while !found.isEmpty, Date() < deadline {
            usleep(50_000)
            masks = look()
            found = faults(masks)
        }
        #expect(found.isEmpty, "\(found); masks: \(masks.mapValues { String($0, radix: 16) })")
    }
}
