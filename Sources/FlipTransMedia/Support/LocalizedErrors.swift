import FlipTransCore
import Foundation

// `localizedDescription`, which apps show their users, reads as the error's own one-line message
// rather than Foundation's "The operation could not be completed".

extension MediaError: LocalizedError {
    public var errorDescription: String? { description }
}

extension InputProblems: LocalizedError {
    public var errorDescription: String? { description }
}

extension ParameterError: LocalizedError {
    public var errorDescription: String? { description }
}

extension TransitionError: LocalizedError {
    public var errorDescription: String? { description }
}

extension OptionMisuse: LocalizedError {
    public var errorDescription: String? { description }
}

extension SlideshowTooShort: LocalizedError {
    public var errorDescription: String? { description }
}
