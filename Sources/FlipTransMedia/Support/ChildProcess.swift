import Foundation

/// A child process of this program, run to its end: `batch` runs each job in one, so a job that
/// crashes, or that the kernel kills for memory, ends only itself.
public enum ChildProcess {
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The descriptor on which a child writes its report.
    static let reportDescriptor: Int32 = 3

    /// Held while a child starts and while a pipe is made, until its ends are close-on-exec.
    private static let spawning = LockedValue(())

    /// In a child started by `run`: all of its input.
    public static func input() -> [UInt8] {
        readAll(STDIN_FILENO)
    }

    /// In a child started by `run`: writes `text` where `run` returns it from.
    public static func report(_ text: String) {
        writeAll(Array(text.utf8), to: reportDescriptor)
    }

    /// This program's own executable, for running itself: not `argv[0]`, which is a bare name
    /// when the program was found on the PATH.
    public static func ownExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            throw MediaError(path: "/proc/self/exe", reason: "cannot find this program's executable (\(String(cString: strerror(errno))))")
        }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `executable` with `arguments`, `input` on its standard input, this process's standard
    /// error, and a pipe on descriptor 3 (`reportDescriptor`), whose text is returned with how the
    /// child ended. Its standard output is this process's, or with `outputLine` a pipe whose
    /// lines are handed to `outputLine` as they come. The child has this process's environment,
    /// plus those of the `environmentDefaults` ("NAME=value") whose variable this process does
    /// not set. The signals `InterruptCleanup` catches are reset to their defaults in the child
    /// (a program that catches them installs its handlers itself), and while the child runs they
    /// are passed on to it.
    ///
    /// Safe to call from several threads at once: every descriptor is made close-on-exec as it is
    /// made, so no other child inherits it.
    public static func run(_ executable: String, arguments: [String], input: [UInt8], environmentDefaults: [String] = [],
                           outputLine: ((String) -> Void)? = nil) throws -> (ending: Ending, report: String) {
        let stdin = try PipeEnds.make(), report = try PipeEnds.make()
        let stdout = try outputLine.map { _ in try PipeEnds.make() }
        defer { if let stdout { close(stdout.reader) } }
        // Above the numbers the child uses, so that moving it to 3 always clears close-on-exec.
        let reportWriter = fcntl(report.writer, F_DUPFD_CLOEXEC, 10)
        close(report.writer)
        defer { close(report.reader) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.reader, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, reportWriter, reportDescriptor)
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
        let child: pid_t
        do {
            child = try InterruptCleanup.startChild {
                var child = pid_t()
                let failure = spawning.withLock { _ in posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
                guard failure == 0 else {
                    throw MediaError(path: executable, reason: "cannot start a process (\(String(cString: strerror(failure))))")
                }
                return child
            }
        } catch {
            [stdin.reader, stdin.writer, reportWriter].forEach { close($0) }
            if let stdout { close(stdout.writer) }
            throw error
        }
        close(stdin.reader)
        close(reportWriter)
        if let stdout { close(stdout.writer) }
        // A child that dies before reading its input makes this write fail (EPIPE): its ending says why.
        writeAll(input, to: stdin.writer)
        close(stdin.writer)
        // The report is one short text written as the child ends, which the pipe holds while
        // its output is read to the end.
        if let stdout, let outputLine { readLines(stdout.reader, into: outputLine) }
        let text = readAll(report.reader)
        return (wait(for: child), String(decoding: text, as: UTF8.self))
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

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            rest = rest.dropFirst(count)
        }
    }

    /// Hands each line read from `descriptor` (without its "\n") to `handle`, until the end.
    private static func readLines(_ descriptor: Int32, into handle: (String) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk[..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                handle(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { handle(String(decoding: pending, as: UTF8.self)) }
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
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
                    throw MediaError(path: "pipe", reason: "cannot make a pipe (\(String(cString: strerror(errno))))")
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            }
            return PipeEnds(reader: ends[0], writer: ends[1])
        }
    }
}
