import ArgumentParser

/// What `batch --progress` offers: JSON events on stdout, or none. Its lines for people are on
/// stderr either way; there is no bar, as jobs run side by side (`bar` and `auto` were taken and
/// did nothing).
enum BatchProgressStyle: String, CaseInsensitiveWord, CaseIterable {
    case json
    case none
}
