/// The arguments the running command was given, as its parser saw them: recorded where a
/// command line is parsed (`FlipTrans.main`, a batch job), because swift-argument-parser keeps
/// no record of which options were given and which took their defaults. A slideshow's spec needs
/// to know: options given beside it replace the spec's values.
enum GivenArguments {
    nonisolated(unsafe) static var current: [String] = []

    /// The options given beside `--spec FILE`: the current arguments without the subcommand's
    /// name and without `--spec` and its value.
    static func beside(spec: String) -> [String] {
        var arguments = current
        if arguments.first == "slideshow" { arguments.removeFirst() }
        var options: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--spec" {
                index += 1
            } else if !argument.hasPrefix("--spec=") {
                options.append(argument)
            }
        }
        return options
    }
}
