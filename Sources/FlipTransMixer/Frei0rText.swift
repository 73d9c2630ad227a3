import FlipTransCore

/// Texts a plugin shows its hosts, shared by the plugin's info and the Kdenlive descriptors.
public enum Frei0rText {
    /// The plugin's one-line explanation.
    public static func explanation(of type: any Transition.Type) -> String {
        "fliptrans's \(type.name) transition in 3D: position 0 shows the first input, 1 the second."
    }
}
