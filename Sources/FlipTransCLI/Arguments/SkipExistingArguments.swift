import ArgumentParser
import FlipTransMedia

/// `--skip-existing` of the commands that write one output, under "Output": a script run again
/// leaves what an earlier run finished, as `batch --skip-existing` leaves its jobs'.
struct SkipExistingArguments: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Render nothing if the output is already there (a sequence's last frame), as for a script run again.")
    var skipExisting = false

    /// Whether `job` is to be left as an earlier run finished it; says so unless `quiet`. A
    /// stream on standard output is never there; a sequence whose frames a touch trace counts
    /// is rendered again, its last frame not yet known.
    func skips(_ job: RenderJob, quiet: Bool) throws -> Bool {
        guard skipExisting else { return false }
        guard job.output != "-" else {
            throw OptionMisuse(option: "skip-existing") { _ in "needs an output file: standard output is never already there" }
        }
        guard job.isFinished else { return false }
        if !quiet { StandardError.write(OneLine.escaping("note: \(job.output): already there; nothing rendered (--skip-existing)")) }
        return true
    }
}
