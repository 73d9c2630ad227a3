import ArgumentParser

/// `-o FILE` of each kind of command, under "Output" in its help: a video's, a slideshow's
/// (which a spec may give instead), a still's and a contact sheet's.
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

struct StillOutputArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The picture to write: .png, or .jpg for a JPEG (a poster).", valueName: "file"),
            completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var output: String
}

struct SheetOutputArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "file"), completion: .file(extensions: ["png"]))
    var output: String
}
