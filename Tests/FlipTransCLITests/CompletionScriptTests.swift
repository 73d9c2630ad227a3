import Foundation
import Testing

/// `fliptrans --generate-completion-script bash|zsh|fish`: scripts that complete subcommands,
/// transitions and their own options, styles' words, timing names and file names — the
/// default command's (`render`'s) too, without its name. Bash's is run as bash runs it: its
/// function called with COMP_WORDS and COMP_CWORD set, the words it offers read back.
struct CompletionScriptTests {
    /// A folder with images, a spec and a subfolder, for the file names offered.
    private func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\n".utf8))
        try FileManager.default.createDirectory(atPath: workspace.path("shots"), withIntermediateDirectories: false)
        return workspace
    }

    /// The words bash's completion offers for `fliptrans` followed by `words`, the last of which
    /// is being completed; sorted.
    private func bashOffers(_ words: [String], in workspace: Workspace) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <("$FLIPTRANS" --generate-completion-script bash) || exit 3
            COMP_WORDS=(fliptrans \(quoted))
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _fliptrans fliptrans "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Fliptrans.runShell(script, in: workspace.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return Set(result.stdout.split(separator: "\n").map(String.init)).sorted()
    }

    static let files = ["a.png", "b.png", "shots", "show.yaml"]
    static let subcommands = ["batch", "help", "render", "sheet", "slideshow", "still", "transitions"]

    @Test(arguments: [
        // The first word: a subcommand or the default command's first image.
        ([""], ["--help", "--version", "-h"] + subcommands + files),
        (["sl"], ["slideshow"]),
        // The default command's words without its name: images, its options, their values.
        (["a.png", ""], files),
        (["a.png", "b.png", "--tr"], ["--transition"]),
        (["a.png", "b.png", "--transition", ""], ["cards", "clock", "flip", "fold", "page"]),
        (["--timing", "ease-"], ["ease-in", "ease-in-out", "ease-out"]),
        (["a.png", "b.png", "--stagger-order", ""], ["column", "diagonal", "random", "row"]),
        (["a.png", "b.png", "--direction", ""], ["down", "left", "right", "up"]),
        (["a.png", "b.png", "-o", ""], files),
        (["-o", "out.mp4", ""], files),
        // The transitions' own options and their words, from the registry.
        (["a.png", "--pa"], ["--page"]),
        (["a.png", "b.png", "--pu"], ["--pullback"]),
        (["a.png", "--fold", ""], ["cubic", "normal"] + files),
        (["a.png", "--orientation", ""], ["horizontal", "vertical"]),
        (["a.png", "--pullback", ""], []),
        // Their values are not taken for images: after two images come options only.
        (["--pullback", "0.9", "a.png", ""], files),
        (["--page", "--reverse", "a.png", "b.png", "--rev"], ["--reverse"]),
        // Subcommands complete as before, with the transitions' options where they render one.
        (["still", "a.png", "b.png", "--ori"], ["--orientation"]),
        (["slideshow", "--spec", ""], ["shots", "show.yaml"]),
        // Only a slideshow takes turns between transitions.
        (["slideshow", "a.png", "--transition", ""], ["cards", "clock", "cycle", "flip", "fold", "page"]),
        (["still", "--transition", "c"], ["cards", "clock"]),
        (["batch", "--fl"], []),
        (["transitions", "--st"], ["--styles"]),
    ])
    func bashOffersTheWordsThatFit(words: [String], offered: [String]) throws {
        let workspace = try workspace()
        #expect(try bashOffers(words, in: workspace) == offered.sorted(), "fliptrans \(words.joined(separator: " "))")
    }

    /// Each shell's script parses in that shell and carries the additions; fish's is also asked
    /// for completions (`complete -C`).
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellsScriptParsesAndCompletesTheDefaultCommand(shell: String) throws {
        let workspace = try workspace()
        let result = try workspace.run("--generate-completion-script", shell)
        #expect(result.status == 0 && result.stderr.isEmpty)
        let script = result.stdout
        try workspace.write("completion.\(shell)", Array(script.utf8))
        #expect(script.contains(shell == "fish" ? "function __fliptrans_generated_tokens" : "_fliptrans_generated() {"))
        #expect(script.contains("--flip") && script.contains("--pullback") && script.contains("--orientation"))
        #expect(script.contains("render still sheet transitions slideshow batch help") || script.contains("render|still|sheet|transitions|slideshow|batch|help"))
        let path = "/usr/bin/\(shell)"
        // Scripts/install-deps.sh installs every shell: a missing one fails rather than passing unchecked.
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is needed (Scripts/install-deps.sh installs it)")
        let syntax = try Fliptrans.run(["-n", "completion.\(shell)"], in: workspace.url, via: [path], passingExecutable: false)
        #expect(syntax.status == 0, "\(syntax.stderr)")
        guard shell == "fish" else { return }
        for (line, offered) in [("fliptrans a.png b.png --tr", ["--transition"]), ("fliptrans a.png --fold ", ["normal", "cubic"]),
                                ("fliptrans --pullback 0.9 a.png b.png --sha", ["--shadow"]), ("fliptrans --timing ease-", ["ease-in", "ease-out", "ease-in-out"]),
                                ("fliptrans sl", ["slideshow"]), ("fliptrans a.png b.png --transition ", ["flip", "page", "fold", "clock", "cards"]),
                                ("fliptrans slideshow a.png --transition ", ["flip", "page", "fold", "clock", "cards", "cycle"]),
                                // Given once, it is not offered again.
                                ("fliptrans slideshow a.png --transition flip --tr", [])] {
            let completion = try Fliptrans.run(["-c", "source completion.fish; complete -C '\(line)'"], in: workspace.url, via: [path], passingExecutable: false)
            let words = completion.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
            #expect(words == offered, "\(line): \(completion.stdout) \(completion.stderr)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let workspace = try workspace()
        let result = try workspace.run("--generate-completion-script", "tcsh")
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: --generate-completion-script: no completion script for 'tcsh'; use zsh, bash, fish",
                                     "See 'fliptrans --help' for more information."])
        #expect(result.stdout.isEmpty)
    }
}
