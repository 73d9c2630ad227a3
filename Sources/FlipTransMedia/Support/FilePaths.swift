/// Paths taken apart and joined as text, never made absolute through the current folder: a
/// relative path stays relative, so the kernel resolves it against the real current folder even
/// when that folder's name is not UTF-8 (Foundation's `URL` would decode the name, lossily, into
/// the path of another folder).
public enum FilePaths {
    /// The folder a path is in: "out.mp4" → ".", "/out.mp4" → "/", "a/b/out.mp4" → "a/b".
    public static func folder(of path: String) -> String { split(path).folder }

    /// The last component: "a/b/out.mp4" → "out.mp4" (trailing slashes ignored, as `basename` does).
    public static func name(of path: String) -> String { split(path).name }

    /// The last component's extension, lower case: "a/B.PNG" → "png", "a.d/b" → "" (none).
    public static func `extension`(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `path` as seen from `folder`: itself if absolute, else joined to the folder.
    public static func resolve(_ path: String, in folder: String) -> String {
        if path.hasPrefix("/") || folder == "." { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return (".", String(text)) }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return (folder.isEmpty ? "/" : String(folder), String(text[text.index(after: slash)...]))
    }
}
