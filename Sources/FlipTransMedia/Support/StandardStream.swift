import Foundation

/// Standard output or standard error, written with write(2). A write that fails — a full disk
/// (`>/dev/full`), a reader that went away (`| head -1`; SIGPIPE is ignored, see `ProcessSetup`),
/// a stream closed when the program started (`2>&-`) — throws, and the caller decides what it
/// means; it never ends the process.
package struct StandardStream: Sendable {
    package static let output = StandardStream(descriptor: STDOUT_FILENO, name: "stdout")
    package static let error = StandardStream(descriptor: STDERR_FILENO, name: "stderr")

    let descriptor: Int32
    /// "stdout" or "stderr", for messages.
    package let name: String

    /// The standard descriptors that were closed when the program started; they are held open on
    /// /dev/null (`reserveClosedDescriptors`) but writing to them counts as failing.
    private static let closedAtStart = LockedValue<Set<Int32>>([])

    /// Whether standard descriptor `descriptor` (stdin, stdout, stderr) was closed when the program started.
    package static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        closedAtStart.withLock { $0.contains(descriptor) }
    }

    /// Whether this stream was closed when the program started: whatever is written to it is lost.
    package var wasClosedAtStart: Bool { Self.wasClosedAtStart(descriptor) }

    /// Writes all of `text`.
    package func write(_ text: String) throws(StreamWriteError) {
        guard !Self.closedAtStart.withLock({ $0.contains(descriptor) }) else {
            throw StreamWriteError(stream: name, reason: String(cString: strerror(EBADF)))
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                // A descriptor another program left non-blocking: wait until it takes more.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else {
                throw StreamWriteError(stream: name, reason: String(cString: strerror(count < 0 ? errno : EIO)))
            }
        }
    }

    /// Why video must not be written to this stream, or nil when it may: one closed when the
    /// program started (the video would vanish into /dev/null) or a terminal (like gzip, which
    /// writes no compressed data to one: binary data garbles it).
    package var refusesVideo: String? {
        if Self.closedAtStart.withLock({ $0.contains(descriptor) }) { return "standard output is closed" }
        if isatty(descriptor) == 1 { return "standard output is a terminal; pipe it into a program (-o - | ffmpeg -i - …) or give -o FILE" }
        return nil
    }

    /// The one of `paths` that this stream is, when it is a regular file (`>> a.png`): what is
    /// written to the stream goes into that file. Nil when it is none of them.
    package func file(among paths: [String]) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return paths.first { FileIdentity(path: $0) == FileIdentity(status) }
    }

    /// The path of the regular file this stream writes into (`>> log.jsonl`), as the system
    /// names it; nil for a pipe, a terminal or a device.
    package var regularFilePath: String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, so that no file the
    /// program opens later gets one of those numbers — an error message would then be written
    /// into an output video. Call first thing.
    static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open takes the lowest free number, which is this one: those below are open.
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
            _ = closedAtStart.withLock { $0.insert(descriptor) }
        }
    }
}

/// A write to standard output or standard error that failed, with the system's reason.
package struct StreamWriteError: Error, Equatable, CustomStringConvertible {
    /// "stdout" or "stderr".
    package let stream: String
    /// "Broken pipe", "No space left on device", "Bad file descriptor".
    package let reason: String

    /// "stdout: cannot write (No space left on device)".
    package var description: String { "\(stream): cannot write (\(reason))" }
}
