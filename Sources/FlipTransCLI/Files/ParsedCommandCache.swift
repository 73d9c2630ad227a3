/// Commands already parsed from a job file, by their options. Parsing a command costs a
/// millisecond or more — a 10,000-line job file took minutes before a job ran — while job lines
/// mostly differ only in their images and output, so each distinct set of options is parsed once
/// and the others copy it with their own paths.
final class ParsedCommandCache {
    private var renders: [[String]: RenderCommand] = [:]
    private var slideshows: [[String]: SlideshowCommand] = [:]

    /// The command for images `a` and `b`, `output` and `options`, parsed by `parse` unless a
    /// line with the same options was (`BatchJob` writes `-a.png` as `./-a.png`; `-` is parsed,
    /// for the parser's own word on it).
    func command(a: String, b: String, output: String, options: [String], parse: () throws -> RenderCommand) rethrows -> RenderCommand {
        guard ![a, b, output].contains("-"), var command = renders[options] else {
            let command = try parse()
            renders[options] = command
            return command
        }
        command.images.a = a
        command.images.b = b
        command.destination.output = output
        return command
    }

    /// The slideshow command `arguments` give (an inline show's top-level keys, its output among
    /// them as `--output=…`), parsed by `parse` unless a line with the same arguments but its
    /// output was.
    func slideshow(_ arguments: [String], parse: () throws -> SlideshowCommand) rethrows -> SlideshowCommand {
        let outputPrefix = "--output="
        let options = arguments.filter { !$0.hasPrefix(outputPrefix) }
        guard let output = arguments.last(where: { $0.hasPrefix(outputPrefix) }), options.count == arguments.count - 1 else { return try parse() }
        guard var command = slideshows[options] else {
            let command = try parse()
            slideshows[options] = command
            return command
        }
        command.destination.output = String(output.dropFirst(outputPrefix.count))
        return command
    }
}
