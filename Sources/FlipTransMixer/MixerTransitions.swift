import FlipTransCore

/// The transitions a mixer offers, and the file name each is installed under.
///
/// A mixer sits on a cut between two clips, so it must start on A and end on B: a transition that
/// draws its holds (the cards, whose deck stays on screen around a turn) or needs more than two
/// images would jump at both ends of the cut, and is left out.
public enum MixerTransitions {
    /// The prefix of every plugin file's name: `fliptrans-page.so` is the page. MLT names a
    /// plugin after its file (`frei0r.fliptrans-page`), GStreamer after the plugin's name, which is
    /// the same word (`frei0r-mixer-fliptrans-page`).
    public static let prefix = "fliptrans-"

    public static func offered(in registry: TransitionRegistry = .standard) -> [any Transition.Type] {
        registry.types.filter { type in
            guard let transition = try? type.init(settings: TransitionSettings()) else { return false }
            return !transition.drawsHolds && transition.imageCount == 2
        }
    }

    /// `fliptrans-page` for the page.
    public static func pluginName(of type: any Transition.Type) -> String {
        prefix + type.name
    }

    /// The transition a plugin file is, from the file's path: its name up to the first dot (as
    /// MLT reads it) must be `fliptrans-<transition>`. Nil for any other name.
    public static func transition(forFile path: String) -> (any Transition.Type)? {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = fileName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard stem.hasPrefix(prefix) else { return nil }
        let name = String(stem.dropFirst(prefix.count))
        return offered().first { $0.name == name }
    }
}
