import FlipTransFuzzTargets
import Foundation

// Coverage-guided fuzzing with libFuzzer. Built by `Scripts/fuzz.sh --libfuzzer` with
// `-sanitize=fuzzer,address -DFUZZING`: `main` hands over to libFuzzer's driver, which calls
// `fuzzOneInput` with each input it makes, steering by the coverage it sees. The target
// (images, specs or jobs) comes from FLIPTRANS_FUZZ_TARGET. A crash, or an error message that is
// not one non-empty line, stops the run and libFuzzer saves the input.

/// The case's bytes go to a file, as every reader takes a path; one file per process, rewritten.
private let casePath: String = {
    let folder = NSTemporaryDirectory() + "fliptrans-libfuzzer-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/case"
}()

private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FLIPTRANS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set FLIPTRANS_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0))
    guard (try? bytes.write(to: URL(fileURLWithPath: casePath))) != nil else { fatalError("cannot write \(casePath)") }
    let outcome = target.outcome(of: casePath)
    if outcome.hasPrefix("unclean") { fatalError(outcome) }
    return 0
}

#if FUZZING
/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links): parses libFuzzer's options from
/// the command line and runs the callback on each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                             _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif

@main
enum LibFuzzer {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        // Built without libFuzzer (as by `swift build`), it only says how to use it.
        FileHandle.standardError.write(Data("fliptrans-libfuzzer: build and run it with Scripts/fuzz.sh --libfuzzer\n".utf8))
        exit(2)
        #endif
    }
}
