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

    /// Runs as the user `nobody` when the tests run as root (root ignores file permissions), as
    /// the current user otherwise.
    static func runUnprivileged(_ arguments: [String], in directory: URL) throws -> CommandResult {
        guard geteuid() == 0 else { return try run(arguments, in: directory) }
        return try run(arguments, in: directory, via: ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"])
    }

    /// True when a permission test can run: not root, or root with `setpriv` to become nobody.
    static let canRunUnprivileged = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Runs to completion; `environment` adds variables to (and hides the sharding ones of) the test's own.
    static func run(_ arguments: [String], in directory: URL, via launcher: [String] = [],
                    environment: [String: String]? = nil, passingExecutable: Bool = true) throws -> CommandResult {
        let process = try start(arguments, in: directory, via: launcher, environment: environment, passingExecutable: passingExecutable)
        let (stdout, stderr) = (process.standardOutput as! Pipe, process.standardError as! Pipe)
        let (out, err) = Pipe.readToEnd(stdout, stderr)
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                             stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a bash script, in which "$FLIPTRANS" is the executable: for what only a shell
    /// arranges, such as a closed stderr (`2>&-`) or process substitution (`<(make-jobs)`).
    static func runShell(_ script: String, in directory: URL) throws -> CommandResult {
        try run(["-c", script], in: directory, via: ["/bin/bash"], environment: ["FLIPTRANS": executable.path], passingExecutable: false)
    }

    /// The process ids of `process`'s children (a batch's job processes), whichever of its
    /// threads started them.
    static func children(of process: Process) -> [pid_t] {
        let tasks = "/proc/\(process.processIdentifier)/task"
        return ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { task in
            let text = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Starts the executable, or `launcher` with the executable's path as its first argument
    /// (unless `passingExecutable` is false) and then `arguments`.
    static func start(_ arguments: [String], in directory: URL, via launcher: [String] = [],
                      environment: [String: String]? = nil, passingExecutable: Bool = true) throws -> Process {
        let process = Process()
        if let environment {
            let engineVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
                                   "SLURM_ARRAY_TASK_COUNT", "AWS_BATCH_JOB_ARRAY_INDEX"]
            process.environment = ProcessInfo.processInfo.environment.filter { !engineVariables.contains($0.key) }
                .merging(environment) { _, new in new }
        }
        process.executableURL = launcher.first.map(URL.init(fileURLWithPath:)) ?? executable
        process.arguments = launcher.dropFirst() + (launcher.isEmpty || !passingExecutable ? [] : [executable.path]) + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }
}
