import Foundation

/// The programs tests make inputs with (Scripts/install-deps.sh installs them): ffmpeg, jpegtran
/// (progressive and arithmetic-coded JPEGs) and python3.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `program` in `directory` and returns what it wrote on stdout; throws when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in directory: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = directory
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let (data, message) = Pipe.readToEnd(output, errors)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(String(decoding: message, as: UTF8.self))")
        }
        return data
    }

    /// Runs the ffmpeg program quietly, overwriting its output.
    static func ffmpeg(_ arguments: [String], in directory: URL) throws {
        try run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments, in: directory)
    }
}
