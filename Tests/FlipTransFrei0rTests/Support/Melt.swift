import Foundation

/// Runs `melt` to render into a file, past a race in MLT's avformat consumer (MLT 7.12, still so
/// in its sources today): starting, the consumer starts its encoding thread and only then marks
/// itself running, and a thread that reaches its frame loop before the mark sees it stopped,
/// writes nothing and ends. melt then either exits 0 leaving an empty file (ffmpeg: "moov atom
/// not found", or no PNG frames), or, when the mark comes after the thread has ended, waits
/// forever for the consumer to stop. A loaded machine makes the encoding thread win now and then.
///
/// So melt writes into a FIFO, which the encoding thread opens before its loop and which blocks
/// it there until a reader comes. The reader comes once melt catches SIGTERM: melt sets that up
/// only after the consumer's start has returned, mark and all, so the loop always sees it
/// running. The output format must be one written without seeking back (Matroska, NUT; not MP4).
enum Melt {
    /// Renders with `arguments` (producers, mixers: everything before `-consumer`) to `output`
    /// through `avformat` with the consumer `properties`; `environment` is added to this process's.
    static func render(_ arguments: [String], properties: [String], into output: URL, in directory: URL,
                       environment: [String: String]) throws {
        guard let executable = Tool.find("melt") else {
            throw ToolError(description: "melt is not installed (Scripts/install-deps.sh installs it)")
        }
        // The same extension as the output: avformat picks the format by it.
        let fifo = directory.appendingPathComponent("fifo-\(UUID().uuidString).\(output.pathExtension)")
        guard mkfifo(fifo.path, 0o600) == 0 else { throw ToolError(description: "mkfifo \(fifo.path): \(String(cString: strerror(errno)))") }
        defer { unlink(fifo.path) }
        let errorFile = directory.appendingPathComponent("melt-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["-consumer", "avformat:" + fifo.path] + properties
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        while process.isRunning && !catchesTermination(process.processIdentifier) { usleep(1000) }
        let bytes = try readAll(fifo, writtenBy: process)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
            throw ToolError(description: "melt \(process.arguments!.joined(separator: " ")) exited with \(process.terminationStatus): \(errors.suffix(2000))")
        }
        guard !bytes.isEmpty else { throw ToolError(description: "melt \(process.arguments!.joined(separator: " ")) wrote nothing") }
        try bytes.write(to: output)
    }

    /// Whether process `id` catches SIGTERM (from its /proc status: the SigCgt mask, in hex).
    private static func catchesTermination(_ id: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
    }

    /// Everything written into `fifo` until its writer closes it; nothing if `process` ends
    /// without opening it (failing before its consumer started, say).
    private static func readAll(_ fifo: URL, writtenBy process: Process) throws -> Data {
        // Opening without waiting for a writer; until one comes, poll reports nothing.
        let descriptor = open(fifo.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw ToolError(description: "open \(fifo.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // In slices, so that a melt that ends without ever opening the FIFO is noticed.
            guard poll(&ready, 1, 100) > 0 else {
                if process.isRunning { continue }
                break
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                break
            } else if errno != EAGAIN && errno != EINTR {
                throw ToolError(description: "read \(fifo.path): \(String(cString: strerror(errno)))")
            }
        }
        return bytes
    }
}
