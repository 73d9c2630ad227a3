/// Rewrites the shorthands that swift-argument-parser cannot express before parsing:
/// `--fold` takes an optional value, so a bare `--fold` means `--fold normal`.
enum ArgumentShorthands {
    static func expand(_ arguments: [String]) -> [String] {
        var expanded: [String] = []
        for (index, argument) in arguments.enumerated() {
            expanded.append(argument)
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            if argument == "--fold", !["normal", "cubic"].contains(next ?? "") {
                expanded.append("normal")
            }
        }
        return expanded
    }
}
