import ArgumentParser

/// An option whose value is one of a few lower-case words, read whatever its case (`--direction
/// UP`, `fit: Cover`), as a transition's name, a style's word (`--fold CUBIC`) and a timing are:
/// one option refused what its neighbour took.
public protocol CaseInsensitiveWord: ExpressibleByArgument, RawRepresentable<String> {}

extension CaseInsensitiveWord {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
