import ArgumentParser
import Foundation

/// Feeds mutated files through the real input-reading code and fails on any case that crashes
/// or hangs: every case must end in success or a clean error. Each batch of cases runs in a
/// child process (`decode`), so a crash ends one child, not the campaign.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fliptrans-fuzz",
        abstract: "Mutation fuzzing of fliptrans's input parsers.",
        subcommands: [Campaign.self, DecodeWorker.self],
        defaultSubcommand: Campaign.self
    )
}

/// What a fuzz campaign feeds its cases to.
enum FuzzTarget: String, ExpressibleByArgument, CaseIterable {
    /// `ImageDecoder.decode`, the path every image input takes.
    case images
    // Extension point: the slideshow spec (JSON/YAML) and batch job (JSONL) parsers of issue 5
    // become targets here once they exist: a case per mutated spec, run by `DecodeWorker`'s
    // counterpart for that parser.
}
