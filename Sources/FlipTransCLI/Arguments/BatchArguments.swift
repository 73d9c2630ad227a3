import ArgumentParser

/// `batch`'s options, in their sections of its help: which jobs run and how many at once, where
/// their files may be and what is reported where.
struct BatchJobsArguments: ParsableArguments {
    @Flag(help: "Check every line and decode every input, writing nothing; the exit status says whether the batch would succeed.")
    var check = false

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional,
            help: ArgumentHelp("Jobs to run at once. Default: the processors this process may use, at most \(BatchCommand.mostJobsByDefault).", valueName: "n"))
    var parallelJobs: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads of each job. Default: the processors this process may use, shared among the jobs running at once.", valueName: "n"))
    var threads: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Render only jobs i with i mod N = I: I/N, or auto/N (I from Kubernetes, Slurm or AWS Batch), or auto for a Slurm array numbered 0 to N-1, which gives N too.", valueName: "shard"))
    var shard: String?

    @Flag(help: "Skip jobs whose output file already exists (to finish an interrupted run).")
    var skipExisting = false
}

struct BatchFilesArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse any job whose images, spec or output are outside this folder (after resolving '..' and symbolic links).", valueName: "folder"),
            completion: .directory)
    var root: String?

    @Option(name: .customLong("max-pixels"), parsing: .unconditional,
            help: ArgumentHelp("The most pixels an input image of any job may have: every job's limit, which a line may lower, not raise (for jobs from others). Default: each line's own, 100000000 unless it sets one.", valueName: "n"))
    var maxPixels: Int?

    @Option(help: ArgumentHelp("The folder relative paths in jobs start at, instead of the job file's.", valueName: "folder"), completion: .directory)
    var baseDir: String?

    @Option(help: ArgumentHelp("Also write each job's result to this file, one JSON object per line, as jobs end.", valueName: "file"), completion: .file())
    var report: String?
}

struct BatchConsoleArguments: ParsableArguments {
    @Option(help: "Progress: json (one object per line on stdout: each job's start, progress and end, then a summary) or none; lines for people go to stderr either way.")
    var progress: BatchProgressStyle = .none

    @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
    var quiet = false
}
