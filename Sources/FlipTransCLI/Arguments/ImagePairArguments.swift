import ArgumentParser
import FlipTransCore

/// The two images a transition runs between, as `render` and `still` take them.
struct ImagePairArguments: ParsableArguments {
    @Argument(help: "The first image (shown at the start).") var a: String
    @Argument(help: "The second image (shown at the end).") var b: String

    /// Refuses an output path that is one of the images: an input is never overwritten.
    func check(output: String) throws {
        try OutputPath.check(output, inputs: [a, b])
    }

    /// Both images, decoded and fitted to the frame (A's size unless `--size` says otherwise).
    func load(frame: FrameArguments, warn: @escaping (String) -> Void) throws -> (a: Image, b: Image) {
        let inputs = try InputImages([a, b], frame: frame, warn: warn)
        return (try inputs.image(0), try inputs.image(1))
    }
}
