import Foundation

/// Runs the programs that make test inputs: ffmpeg, heif-enc, avifenc (never the product's path).
public enum TestPrograms {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `name` with `arguments`, its chatter on stdout discarded; throws unless it succeeds.
    public static func run(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(name) exited with \(process.terminationStatus)") }
    }
}
