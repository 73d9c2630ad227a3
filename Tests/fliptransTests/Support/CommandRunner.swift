import Foundation

/// Runs the real `fliptrans` executable built beside the tests.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Non-empty lines of stderr.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

enum Fliptrans {
    static let executable: URL = {
        // The test bundle sits in the build products folder, next to the executable.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("fliptrans").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("fliptrans")
    }()

    static func run(_ arguments: [String], in directory: URL) throws -> CommandResult {
        let process = try start(arguments, in: directory)
        let (stdout, stderr) = (process.standardOutput as! Pipe, process.standardError as! Pipe)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                             stderr: String(decoding: err, as: UTF8.self))
    }

    static func start(_ arguments: [String], in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }
}
