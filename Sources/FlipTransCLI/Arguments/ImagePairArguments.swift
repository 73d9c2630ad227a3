import ArgumentParser

/// The two images a transition runs between, as `render` and `still` take them.
struct ImagePairArguments: ParsableArguments {
    @Argument(help: "The first image (shown at the start).", completion: .file()) var a: String
    @Argument(help: "The second image (shown at the end).", completion: .file()) var b: String

    var paths: [String] { [a, b] }
}
