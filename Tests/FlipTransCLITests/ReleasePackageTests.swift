import Foundation
import Testing
@testable import FlipTransMedia

/// The release tarball of Scripts/package.sh, as a user unpacks it: what it holds, a binary that
/// needs no Swift toolchain and renders what the tested build renders, a man page and completion
/// scripts that cover every command. Runs when FLIPTRANS_PACKAGE names the tarball (.ci/run).
@Suite(.enabled(if: ReleasePackage.tarball != nil, "set FLIPTRANS_PACKAGE to the tarball Scripts/package.sh made"))
struct ReleasePackageTests {
    @Test func holdsTheBinaryManPageCompletionsAndDocumentsUnderAPrefix() throws {
        let package = try ReleasePackage()
        let licences = try FileManager.default.contentsOfDirectory(atPath: package.path("share/doc/fliptrans/licenses")).sorted()
        #expect(package.files() == ([
            "bin/fliptrans",
        ] + ReleasePackage.levelBuilds + [
            "share/bash-completion/completions/fliptrans",
            "share/doc/fliptrans/LICENSE",
            "share/doc/fliptrans/README.md",
            "share/doc/fliptrans/install-runtime-packages.sh",
            "share/doc/fliptrans/runtime-packages",
            "share/fish/vendor_completions.d/fliptrans.fish",
            "share/man/man1/fliptrans.1",
            "share/zsh/site-functions/_fliptrans",
        ] + licences.map { "share/doc/fliptrans/licenses/\($0)" }).sorted())
        // The toolchain's, ICU's (Foundation links it in) and each dependency's (the runtime and
        // the packages are linked in).
        #expect(licences == ["Yams.txt", "icu.txt", "swift-argument-parser.txt", "swift.txt"])
        #expect(try package.contents("share/doc/fliptrans/runtime-packages")
            == String(contentsOf: ReleasePackage.repository.appendingPathComponent("Scripts/runtime-packages"), encoding: .utf8))
        #expect(FileManager.default.isExecutableFile(atPath: package.path("bin/fliptrans")))
        #expect(FileManager.default.isExecutableFile(atPath: package.path("share/doc/fliptrans/install-runtime-packages.sh")))
    }

    @Test(arguments: ["bin/fliptrans"] + ReleasePackage.levelBuilds)
    func binaryNeedsNoSwiftLibraryAndFindsEveryOther(binary: String) throws {
        let package = try ReleasePackage()
        let dynamic = String(decoding: try ExternalTool.run("readelf", ["-d", package.path(binary)], in: package.root), as: UTF8.self)
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libavcodec.so.59") })
        #expect(!needed.contains { $0.contains("libswift") || $0.contains("libFoundation") || $0.contains("libdispatch") })
        #expect(!dynamic.contains("/opt/swift") && !dynamic.contains("/usr/lib/swift"))
        let libraries = String(decoding: try ExternalTool.run("ldd", [package.path(binary)], in: package.root), as: UTF8.self)
        #expect(!libraries.contains("not found"))
        #expect(!libraries.contains("swift"))
    }

    /// Same frames (x264's output is fixed by its thread count) from the release binary as from the
    /// debug build the other tests run — from the build it hands over to on a processor of the
    /// x86-64-v3 level, and from the portable build itself (`FLIPTRANS_BUILD=portable`), which
    /// `--stats` names.
    @Test(arguments: [nil, "portable"])
    func binaryRendersTheFramesTheTestedBuildRenders(build: String?) throws {
        let package = try ReleasePackage()
        let workspace = try Workspace()
        let arguments = ["a.png", "b.png", "--duration", "0.5", "--fps", "12", "--threads", "2"]
        let released = try Fliptrans.run(arguments + ["-o", "release.mp4", "--stats"], in: workspace.url, via: [package.path("bin/fliptrans")],
                                         environment: build.map { [ProcessorLevel.variable: $0] } ?? [:], passingExecutable: false)
        #expect(released.status == 0, "\(released.stderr)")
        let expected = build ?? (ReleasePackage.levelBuilds.isEmpty || !ReleasePackage.processorHasLevel ? "portable" : "x86-64-v3")
        #expect(released.errorLines.last?.contains("· build \(expected) · ") == true, "\(released.stderr)")
        #expect(try workspace.run(arguments + ["-o", "debug.mp4"]).status == 0)
        let frames = try ["release.mp4", "debug.mp4"].map { video in
            try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", video, "-f", "framemd5", "-"], in: workspace.url)
        }
        #expect(String(decoding: frames[0], as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 6)
        #expect(frames[0] == frames[1])
    }

    @Test func manPageDescribesEveryCommandAndOption() throws {
        let package = try ReleasePackage()
        let page = package.path("share/man/man1/fliptrans.1")
        // grotty -c -b -u: plain text, no overstriking.
        let text = String(decoding: try ExternalTool.run("groff", ["-mandoc", "-Tascii", "-P-cbu", page], in: package.root), as: UTF8.self)
        #expect(text.contains("fliptrans -- Render 3D transitions"))
        let commands = try package.commands()
        #expect(commands.first { $0.name == "batch" }?.options.contains("--jobs") == true)
        for command in commands {
            #expect(text.contains(command.name), "\(command.name)")
            for option in command.options {
                #expect(text.contains(option), "\(command.name) \(option)")
            }
        }
    }

    @Test func completionScriptsAreTheBinarysOwnAndNameEveryCommand() throws {
        let package = try ReleasePackage()
        let scripts = ["bash": "share/bash-completion/completions/fliptrans",
                       "zsh": "share/zsh/site-functions/_fliptrans",
                       "fish": "share/fish/vendor_completions.d/fliptrans.fish"]
        let commands = try package.commands().map(\.name)
        for (shell, path) in scripts {
            let shipped = try package.contents(path)
            let generated = try ExternalTool.run(package.path("bin/fliptrans"), ["--generate-completion-script", shell], in: package.root)
            #expect(shipped == String(decoding: generated, as: UTF8.self), "\(shell)")
            for command in commands {
                #expect(shipped.contains(command), "\(shell): \(command)")
            }
        }
    }

    /// bash, as bash-completion runs the shipped script: `fliptrans sl<Tab>` and `fliptrans b<Tab>`.
    @Test(arguments: [("sl", "slideshow"), ("b", "batch"), ("st", "still")])
    func bashCompletesSubcommands(typed: String, expected: String) throws {
        let package = try ReleasePackage()
        let script = """
            source "$1"
            COMP_LINE="fliptrans $2"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(fliptrans "$2"); COMP_CWORD=1
            $(complete -p fliptrans | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p') fliptrans "$2" fliptrans
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try ExternalTool.run("bash", ["-c", script, "bash", package.path("share/bash-completion/completions/fliptrans"), typed],
                                          in: package.root)
        let completions = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(completions.contains(expected), "\(completions)")
    }
}
