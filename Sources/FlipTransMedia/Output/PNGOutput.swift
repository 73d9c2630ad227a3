extension OutputFormat {
    /// One frame as a PNG, alpha kept.
    public static let png = OutputFormat(
        name: "png", extensions: ["png"], kind: .still, summary: "a PNG image",
        check: { options, _ in try options.refuseAll("a PNG is lossless") },
        open: { request in StillSink(path: request.path, holder: "a PNG") { frame, path in try PNGWriter.write(frame, to: path, marked: true) } })
}
