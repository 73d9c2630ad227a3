import Foundation
import Testing
@testable import FlipTransCLI

/// Help that helps: every command's options in sections, examples in every command's help, and
/// `fliptrans transitions` listing every transition with its directions, own options and styles.
struct HelpTests {
    /// The section headings of a help text, in order.
    private func sections(_ help: String) -> [String] {
        help.split(separator: "\n").map(String.init).filter { $0.hasSuffix(":") && $0 == $0.uppercased() && !$0.hasPrefix(" ") }
    }

    /// Number options read through a transform show no default of the parser's own: their
    /// help says it (`--hold` lost its "(default: 2.0)").
    @Test func numberOptionsSayTheirDefaults() throws {
        let workspace = try Workspace()
        // The help's lines joined, each run of spaces one.
        func text(_ command: String) throws -> String {
            try workspace.run(command, "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let (render, slideshow) = (try text("render"), try text("slideshow"))
        #expect(slideshow.contains("Seconds each image is shown still. Default 2."))
        #expect(render.contains("(tiles − 1) × stagger. Default 0.") && render.contains("0 turns it off. Default 1."), "\(render)")
    }

    @Test(arguments: [
        ("render", ["ARGUMENTS:", "TRANSITION:", "TIMING:", "BOARD OF TILES:", "GESTURE:", "FRAME:", "OUTPUT:", "ENCODING:", "CONSOLE:", "OPTIONS:"]),
        ("still", ["ARGUMENTS:", "TRANSITION:", "TIMING:", "BOARD OF TILES:", "FRAME:", "OUTPUT:", "CONSOLE:", "OPTIONS:"]),
        ("sheet", ["ARGUMENTS:", "CONTACT SHEET:", "TRANSITION:", "TIMING:", "BOARD OF TILES:", "FRAME:", "OUTPUT:", "CONSOLE:", "OPTIONS:"]),
        ("slideshow", ["ARGUMENTS:", "SLIDESHOW:", "MUSIC:", "TRANSITION:", "TIMING:", "BOARD OF TILES:", "GESTURE:", "FRAME:", "OUTPUT:",
                       "ENCODING:", "CONSOLE:", "OPTIONS:"]),
        ("batch", ["ARGUMENTS:", "JOBS:", "FILES:", "CONSOLE:", "OPTIONS:"]),
    ])
    func optionsAreInSections(command: String, headings: [String]) throws {
        let workspace = try Workspace()
        let help = try workspace.run(command, "--help")
        #expect(help.status == 0)
        #expect(sections(help.stdout) == headings)
        // Options under the heading they belong to.
        guard command != "batch" else { return }
        for (heading, option) in [("TIMING:", "--timing <function>"), ("FRAME:", "--fit <fit>"), ("OUTPUT:", "-o, --output <file>"),
                                  ("CONSOLE:", "--progress <progress>")] {
            let section = help.stdout.components(separatedBy: "\n\(heading)\n").last?.components(separatedBy: "\n\n").first ?? ""
            #expect(section.contains(option), "\(command): \(option) not under \(heading)")
        }
    }

    /// The default command's help is the top level's too, and a command's help names its examples.
    @Test(arguments: ["", "render", "still", "sheet", "slideshow", "batch", "transitions"])
    func everyCommandHasExamples(command: String) throws {
        let workspace = try Workspace()
        let help = try workspace.run(command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(help.status == 0)
        let examples = help.stdout.components(separatedBy: "Examples:\n").dropFirst().first ?? ""
        // Up to the blank line: each an example, a comment or a continuation, none wrapped by the printer.
        let lines = examples.components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(lines.filter { $0.contains("fliptrans ") }.count >= 2, "\(command) has no examples")
        #expect(lines.allSatisfy { $0.hasPrefix("  ") && ($0.contains("fliptrans ") || $0.hasPrefix("  # ") || $0.hasPrefix("      ")) },
                "\(command): \(lines)")
    }

    /// Help is printed 80 columns wide where the terminal's width is unknown, each line broken
    /// before the 80th: every line of a command's discussion fits, so the printer does not break
    /// it again (batch's came out in fragments: "and either", "events.").
    @Test func everyDiscussionFitsEightyColumns() {
        for command in FlipTrans.configuration.subcommands {
            let long = command.configuration.discussion.split(separator: "\n").filter { $0.count > 79 }
            #expect(long.isEmpty, "\(command._commandName): \(long)")
        }
    }

    /// Every example of the video command's help parses: a mistyped one would teach a mistake.
    @Test func theVideoCommandsExamplesParse() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("frames"), withIntermediateDirectories: false)
        let help = try workspace.run("render", "--help")
        let examples = help.stdout.components(separatedBy: "Examples:\n")[1].split(separator: "\n").prefix { $0.hasPrefix("  ") }
        for example in examples {
            // Quoted values hold no spaces here; the pipe's reader is left out. Missing images
            // show that the options parsed: the run fails on the first image, status 1.
            let words = example.split(separator: "|")[0].split(separator: " ").dropFirst().map { String($0).replacingOccurrences(of: "'", with: "") }
            let result = try workspace.run(["missing.png"] + words.dropFirst())
            #expect(result.status == 1 && result.errorLines == ["Error: missing.png: no such file"], "\(example): \(result.stderr)")
        }
    }

    @Test func transitionsListsEveryTransitionWithItsOptionsAndStyles() throws {
        let workspace = try Workspace()
        let result = try workspace.run("transitions")
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for heading in ["  flip (--direction left|right|up|down)", "  page (--direction left|right|up|down)", "  fold (no --direction)",
                        "  clock (--direction down|up)", "  cards (--direction down|up)"] {
            #expect(lines.contains(heading), "\(heading)")
        }
        // Each transition's own options, with their values and defaults, from their declarations.
        #expect(lines.contains("    --pullback <k>") && lines.contains("    --fold <normal|cubic>") && lines.contains("    --reverse"))
        #expect(result.stdout.contains("0.85)") && result.stdout.contains("(default: vertical)"))
        // Every style, with the arguments that choose it, once.
        let styles = try workspace.run("transitions", "--styles").stdout.split(separator: "\n").map { $0.split(separator: "\t") }
        #expect(styles.count == 24)
        for style in styles {
            #expect(lines.filter { $0.hasPrefix("      \(style[0]) ") && $0.hasSuffix(" \(style[1])") }.count == 1, "\(style[0])")
        }
        #expect(lines.last == "  cycle (slideshow only): every transition above in turn, each time in its next style")
        // The commands' help lists the same transitions and options, and points here for the styles.
        let help = try workspace.run("--help").stdout + (try workspace.run("still", "--help").stdout)
        #expect(help.contains("transitions") && help.contains("    --orientation <vertical|horizontal>"))
        #expect(help.contains("Every style of each, and the arguments that choose it: fliptrans transitions"))
    }
}
