/// Render commands already parsed from a job file, by their options. Parsing a command costs
/// milliseconds — a 10,000-line job file took minutes before a job ran — while job lines mostly
/// differ only in their images and output, so each distinct set of options is parsed once and
/// the others copy it with their own paths.
final class RenderCommandCache {
    private var parsed: [[String]: RenderCommand] = [:]

    /// The command for images `a` and `b`, `output` and `options`, parsed by `parse` unless a
    /// line with the same options was (`BatchJob` writes `-a.png` as `./-a.png`; `-` is parsed,
    /// for the parser's own word on it).
    func command(a: String, b: String, output: String, options: [String], parse: () throws -> RenderCommand) rethrows -> RenderCommand {
        guard ![a, b, output].contains("-"), var command = parsed[options] else {
            let command = try parse()
            parsed[options] = command
            return command
        }
        command.images.a = a
        command.images.b = b
        command.destination.output = output
        return command
    }
}
