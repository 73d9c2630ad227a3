import ArgumentParser

/// `-o FILE` of each kind of command, under "Output" in its help: a video's, a slideshow's
/// (which a spec may give instead) and a picture's.
struct VideoOutputArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The output: .mp4, .webm, .mkv, .mov, .gif, .webp, .apng, a numbered sequence such as 'frames/f%04d.png' or '.jpg', .y4m, .nut, or - for stdout.", valueName: "file"),
            completion: .file())
    var output: String
}

struct SlideshowOutputArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The output: .mp4, .webm, .mkv, .mov, .gif, .webp, .apng, a numbered sequence such as 'frames/f%04d.png' or '.jpg', .y4m, .nut, or - for stdout (or 'output' in the spec).", valueName: "file"),
            completion: .file())
    var output: String?
}

struct PictureOutputArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "file"), completion: .file(extensions: ["png"]))
    var output: String
}
