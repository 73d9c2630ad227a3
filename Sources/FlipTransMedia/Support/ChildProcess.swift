import Foundation

/// A long-lived child process of this program that answers requests, one line each, until its
/// input ends: `batch` runs its jobs in a few of these, so that a job that crashes, or that the
/// kernel kills for memory, ends only its own process, while starting a process is paid once per
/// worker rather than once per job.
///
/// Requests go to the child's standard input, a line each; the child acknowledges each on
/// descriptor 3 (`replyDescriptor`) as it takes it, before it begins to answer, then answers it
/// with one line there. A child that ends without acknowledging a request never began it, so the
/// request may go to another child (a batch job, to a new worker) without repeating any work.
/// Its standard output is this process's, or a pipe whose lines are handed, while a request is
/// answered, to that request's `outputLine`.
///
/// Used by one thread at a time.
package final class ChildProcess {
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// How a request fared.
    package enum Answer: Equatable, Sendable {
        case reply(String)
        /// The child ended before it took the request (killed while it waited for it, say): it
        /// did nothing of it.
        case endedBeforeTaking(Ending)
        /// The child took the request, then ended without replying (it crashed, say).
        case endedWhileAnswering(Ending)
    }

    /// The child's process id.
    package let id: pid_t
    /// Where requests are written; -1 once closed.
    private var requests: Int32
    private let replies: Int32
    /// The child's standard output, if it is read here; -1 once it has ended.
    private var output: Int32
    private var pendingReply: [UInt8] = []
    private var pendingOutput: [UInt8] = []
    private var ending: Ending?

    /// The descriptor on which a child writes its replies.
    static let replyDescriptor: Int32 = 3

    /// Held while a child starts and while a pipe is made, until its ends are close-on-exec.
    private static let spawning = LockedValue(())

    /// Starts `executable` with `arguments`, this process's standard error, and its standard
    /// output too unless `readingOutput`. The child has this process's environment, plus those of
    /// the `environmentDefaults` ("NAME=value") whose variable this process does not set. The
    /// signals `InterruptCleanup` catches are reset to their defaults in the child (a program
    /// that catches them installs its handlers itself), and while the child runs they are passed
    /// on to it.
    ///
    /// Safe to call from several threads at once: every descriptor is made close-on-exec as it is
    /// made, so no other child inherits it.
    package init(_ executable: String, arguments: [String], environmentDefaults: [String] = [], readingOutput: Bool) throws {
        let pipes = try PipeEnds.make(readingOutput ? 3 : 2)
        let (stdin, reply, stdout) = (pipes[0], pipes[1], readingOutput ? pipes[2] : nil)
        // Above the numbers the child uses, so that moving it to 3 always clears close-on-exec.
        let replyWriter = fcntl(reply.writer, F_DUPFD_CLOEXEC, 10)
        close(reply.writer)
        guard replyWriter >= 0 else {
            let reason = String(cString: strerror(errno))
            pipes.forEach { close($0.reader) }
            close(stdin.writer)
            if let stdout { close(stdout.writer) }
            throw MediaError(.unavailable, path: executable, reason: "cannot start a process (\(reason))")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.reader, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, replyWriter, Self.replyDescriptor)
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout.writer, STDOUT_FILENO) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t(), mask = sigset_t()
        sigemptyset(&defaultSignals)
        sigemptyset(&mask)
        for signalNumber in InterruptCleanup.signals + [SIGPIPE, SIGXFSZ] { sigaddset(&defaultSignals, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // This process's own entries as they are (bytes, not decoded), then the defaults.
        var inherited: [UnsafeMutablePointer<CChar>] = []
        var entry = environ
        while let variable = entry.pointee {
            inherited.append(variable)
            entry += 1
        }
        let defaults = environmentDefaults.filter { variable in
            let name = String(variable.prefix { $0 != "=" }) + "="
            return !inherited.contains { strncmp($0, name, name.utf8.count) == 0 }
        }.map { strdup($0) }
        defer { defaults.forEach { free($0) } }
        let envp = inherited.map(Optional.some) + defaults + [nil]
        defer {
            close(stdin.reader)
            close(replyWriter)
            if let stdout { close(stdout.writer) }
        }
        do {
            id = try InterruptCleanup.startChild {
                var child = pid_t()
                let failure = Self.spawning.withLock { _ in posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
                guard failure == 0 else {
                    throw MediaError(.unavailable, path: executable, reason: "cannot start a process (\(String(cString: strerror(failure))))")
                }
                return child
            }
        } catch {
            [stdin.writer, reply.reader].forEach { close($0) }
            if let stdout { close(stdout.reader) }
            throw error
        }
        requests = stdin.writer
        replies = reply.reader
        output = stdout?.reader ?? -1
    }

    deinit {
        _ = finish()
        close(replies)
    }

    /// Sends `request` (one line) and waits for the child's reply; `taken` is called when the
    /// child acknowledges it, and the lines the child writes on its standard output meanwhile go
    /// to `outputLine` (after `taken`: the child writes none before it acknowledges). A child that
    /// ended is finished here (`finish()` says the same).
    package func ask(_ request: String, taken: () -> Void = {}, outputLine: ((String) -> Void)? = nil) -> Answer {
        // A child that has died makes this write fail (EPIPE): its replies' end says so below.
        Self.writeAll(Array((request + "\n").utf8), to: requests)
        var acknowledged = false
        while true {
            while let newline = pendingReply.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pendingReply[..<newline], as: UTF8.self)
                pendingReply.removeSubrange(...newline)
                guard acknowledged else {
                    acknowledged = true
                    taken()
                    continue
                }
                // The child wrote its output before its reply: all of it is in the pipe by now.
                readOutput(to: outputLine, waiting: false)
                flushOutput(to: outputLine)
                return .reply(line)
            }
            var ready = [pollfd(fd: replies, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if poll(&ready, output >= 0 ? 2 : 1, -1) < 0 { continue }
            // Replies first, so that the acknowledgement is seen before output that followed it.
            if ready[0].revents != 0 {
                guard Self.readSome(replies, into: &pendingReply) else {
                    // Ended without a reply: what it wrote before it ended is still to be handed on.
                    while output >= 0 { readOutput(to: outputLine, waiting: true) }
                    flushOutput(to: outputLine)
                    return acknowledged ? .endedWhileAnswering(finish()) : .endedBeforeTaking(finish())
                }
                continue
            }
            if output >= 0, ready[1].revents != 0 { readOutput(to: outputLine, waiting: true) }
        }
    }

    /// Closes the child's input, which ends a child between requests, and waits for it to end.
    package func finish() -> Ending {
        if let ending { return ending }
        if requests >= 0 {
            close(requests)
            requests = -1
        }
        while output >= 0 { readOutput(to: nil, waiting: true) }
        let ending = Self.wait(for: id)
        self.ending = ending
        return ending
    }

    /// Reads what the child's standard output holds (`waiting`: at least one read, which may
    /// wait), handing on each whole line.
    private func readOutput(to outputLine: ((String) -> Void)?, waiting: Bool) {
        guard output >= 0 else { return }
        repeat {
            if !waiting {
                var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) > 0 else { return }
            }
            guard Self.readSome(output, into: &pendingOutput) else {
                close(output)
                output = -1
                return
            }
            while let newline = pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
                outputLine?(String(decoding: pendingOutput[..<newline], as: UTF8.self))
                pendingOutput.removeSubrange(...newline)
            }
        } while !waiting
    }

    /// Hands on a last line that has no line break.
    private func flushOutput(to outputLine: ((String) -> Void)?) {
        guard !pendingOutput.isEmpty else { return }
        outputLine?(String(decoding: pendingOutput, as: UTF8.self))
        pendingOutput = []
    }

    /// Waits for `child` to end, tells `InterruptCleanup` before reaping it, then reaps it.
    private static func wait(for child: pid_t) -> Ending {
        var info = siginfo_t()
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        InterruptCleanup.childEnded(child)
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    // MARK: In the child

    /// In a child: the requests, one line each, until the input ends, each acknowledged as it is
    /// taken, before the child begins to answer it.
    package struct Requests: Sequence, IteratorProtocol {
        private var pending: [UInt8] = []
        private var ended = false

        package init() {}

        package mutating func next() -> String? {
            while true {
                if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { pending.removeSubrange(...newline) }
                    // A request left in the pipe by a parent killed since is answered to no one.
                    let taken = ChildProcess.watch.withLock { watch in
                        watch.answering = !watch.hungUp
                        return watch.answering
                    }
                    guard taken else { return nil }
                    ChildProcess.reply(ChildProcess.acknowledgement)
                    return String(decoding: pending[..<newline], as: UTF8.self)
                }
                guard !ended else { return nil }
                ended = !ChildProcess.readSome(STDIN_FILENO, into: &pending)
                // A last request without its line break is still one.
                if ended, !pending.isEmpty { pending.append(UInt8(ascii: "\n")) }
            }
        }
    }

    /// In a child: stops this process as a stopping signal does (SIGTERM: its temporary outputs
    /// removed, `InterruptCleanup`) if nothing can write it requests any more while it answers
    /// one. The parent killed outright (SIGKILL, the kernel out of memory) passes no signal on,
    /// and a job of an hour would otherwise render on for no one. Between requests the end of
    /// its input ends `Requests` as usual (a batch closes the pipe when it is done), with exit 0.
    /// Polled for no event, its input wakes the watcher only when its writer is gone (a pipe's
    /// hang-up), never for a request.
    package static func stopWhenRequestsEnd() {
        Thread {
            var input = pollfd(fd: STDIN_FILENO, events: 0, revents: 0)
            while poll(&input, 1, -1) < 0, errno == EINTR {}
            guard input.revents & Int16(POLLHUP | POLLERR) != 0 else { return }
            let answering = watch.withLock { watch in
                watch.hungUp = true
                return watch.answering
            }
            if answering { kill(getpid(), SIGTERM) }
        }.start()
    }

    /// In a child: whether a request is being answered, and whether its input has hung up.
    private static let watch = LockedValue((answering: false, hungUp: false))

    /// The line a child writes as it takes a request (any line would do: the first after each
    /// request is taken as the acknowledgement).
    static let acknowledgement = "taken"

    /// In a child: answers the current request with `text` (one line); its input hanging up from
    /// now on is the parent done with it, not gone.
    package static func answer(_ text: String) {
        watch.withLock { $0.answering = false }
        reply(text)
    }

    /// In a child: writes `text` (one line) to the parent.
    private static func reply(_ text: String) {
        writeAll(Array((text + "\n").utf8), to: replyDescriptor)
    }

    /// This program's own executable, for running itself: not `argv[0]`, which is a bare name
    /// when the program was found on the PATH.
    package static func ownExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            throw MediaError(.unavailable, path: "/proc/self/exe", reason: "cannot find this program's executable (\(String(cString: strerror(errno))))")
        }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            rest = rest.dropFirst(count)
        }
    }

    /// Appends what one read of `descriptor` gives to `bytes`; false at its end (or an error).
    private static func readSome(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes += chunk[..<count]
            return true
        }
    }

    private struct PipeEnds {
        let reader: Int32
        let writer: Int32

        static func make() throws -> PipeEnds {
            var ends: [Int32] = [0, 0]
            // Made close-on-exec before any other thread may start a child (`spawning`), which
            // must not hold an end, or this pipe would never see its end. (Swift's Glibc has no pipe2.)
            try spawning.withLock { _ in
                guard pipe(&ends) == 0 else {
                    throw MediaError(.unavailable, path: "pipe", reason: "cannot make a pipe (\(String(cString: strerror(errno))))")
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            }
            return PipeEnds(reader: ends[0], writer: ends[1])
        }

        /// `count` pipes, or none: those made before one that cannot be are closed.
        static func make(_ count: Int) throws -> [PipeEnds] {
            var made: [PipeEnds] = []
            do {
                for _ in 0..<count { made.append(try make()) }
            } catch {
                made.forEach { close($0.reader); close($0.writer) }
                throw error
            }
            return made
        }
    }
}
