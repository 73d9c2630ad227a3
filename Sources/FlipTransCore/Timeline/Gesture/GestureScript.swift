/// A gesture written as text, `--gesture "T:P T:P …"`: at T seconds from the start of the
/// transition the finger holds it at progress P. The finger moves in straight lines between the
/// samples and lifts at the last (docs/gestures.md).
public enum GestureScript {
    /// How a script is written, for error messages and help.
    public static let form = "'T:P T:P …' (seconds from the start, progress from 0 to 1, times rising, the first P 0; e.g. '0:0 0.6:0.4 1.2:0.4')"

    /// The samples of `text`, pairs `T:P` separated by white space. Throws a `ParameterError`
    /// naming `gesture` for a word that is not `T:P` and for samples that are no finger's path:
    /// none, a time outside 0 … 3600 s or not rising, a progress outside 0 … 1, or a first
    /// progress other than 0.
    public static func parse(_ text: String) throws -> [FingerSample] {
        func refuse(_ problem: String) -> ParameterError {
            ParameterError(parameter: "gesture", value: "'\(text)'", expected: form + ", here " + problem)
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        var samples: [FingerSample] = []
        for word in words {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let time = DecimalNumber.read(parts[0]), let progress = DecimalNumber.read(parts[1]) else {
                throw refuse("'\(word)' is not T:P")
            }
            samples.append(FingerSample(time: time, progress: progress))
        }
        if let problem = problem(with: samples) { throw refuse(problem) }
        return samples
    }

    /// What is wrong with the samples as a finger's path, or nil.
    static func problem(with samples: [FingerSample]) -> String? {
        guard !samples.isEmpty else { return "no samples" }
        let longest = TimelineParameters.longestSeconds
        if let bad = samples.first(where: { !($0.time.isFinite && $0.time >= 0 && $0.time <= longest) }) {
            return "time \(NumberRange.format(bad.time)) is not between 0 and \(NumberRange.format(longest)) seconds"
        }
        if let bad = samples.first(where: { !(0...1).contains($0.progress) }) {
            return "progress \(NumberRange.format(bad.progress)) is not between 0 and 1"
        }
        if let (a, b) = zip(samples, samples.dropFirst()).first(where: { $0.time >= $1.time }) {
            return "time \(NumberRange.format(b.time)) follows \(NumberRange.format(a.time))"
        }
        if let first = samples.first, first.progress != 0 {
            return "the first progress is \(NumberRange.format(first.progress)), not 0 (the finger starts on image A)"
        }
        return nil
    }
}
