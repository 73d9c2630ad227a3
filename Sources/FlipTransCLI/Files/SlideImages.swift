import CGlibcExtras
import FlipTransMedia
import Foundation

/// The images a slideshow argument names: a file is itself; a folder gives the images in it (by
/// extension, hidden files left out) in natural name order, so `img2` comes before `img10`; a
/// glob in a spec (`photos/*.jpg`) gives the files it matches in the same order.
enum SlideImages {
    /// The extensions a folder's images have; a folder's other files (videos, sidecars, notes)
    /// are left out.
    private static let extensions = SupportedFormats.imageExtensions
    /// The extensions of formats that may hold an animation, which a folder leaves out.
    private static let animatedExtensions: Set<String> = ["gif", "png", "apng", "webp"]
    /// The extensions of the pictures fliptrans writes as files of their own, with its mark.
    private static let markedExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// `path` itself, or the images of the folder it names; a folder without images is an error.
    /// The show's `output`, when an earlier run wrote it into the folder (an animated GIF or
    /// WebP), is not one of its images, nor are the frames of a numbered sequence written there:
    /// a second run would show the first one's result. Nor are animations (an earlier show as a
    /// GIF, WebP or APNG), of which a slide shows one picture, nor pictures fliptrans wrote
    /// (`OutputMark`). What is left out is announced through `note`. A photo in the output's
    /// place, or named like its frames, is a slide like any other: the output's check then
    /// refuses to overwrite it.
    static func expanding(_ path: String, leavingOut output: String? = nil, note: (String) -> Void = { _ in }) throws -> [String] {
        // A file or folder outside a batch's root is neither read (a show in date order reads
        // each photo's date as it is described) nor listed: it is not the job's to learn.
        if let root = JobRoot.current, !root.contains(path) { throw CLIError(root.refusal(of: path)) }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [path] }
        let listing = try FolderNames(of: path)
        // An image whose name is not UTF-8 could be neither opened nor named by it.
        let unnamable = listing.notUTF8.filter { !$0.hasPrefix(".") && extensions.contains(FilePaths.extension(of: $0)) }
        if let first = unnamable.first {
            let others = unnamable.count > 1 ? ", as must \(unnamable.count - 1) more of its images' names" : ""
            throw CLIError("\(FilePaths.resolve(first, in: path)): file names must be UTF-8\(others)")
        }
        let names = listing.names
        let outputFile = output.flatMap(FileIdentity.init(path:))
        let outputFrames = output.flatMap { try? FramePattern($0) }.flatMap { pattern in
            FileIdentity(path: pattern.folder) == FileIdentity(path: path) ? pattern : nil
        }
        // Only regular files are opened to be looked at: a named pipe would never answer.
        func isAnimation(_ name: String) -> Bool {
            let file = FilePaths.resolve(name, in: path)
            return animatedExtensions.contains(FilePaths.extension(of: name)) && isRegularFile(file) && ImageProbe.isAnimation(file)
        }
        func isMarked(_ name: String) -> Bool {
            let file = FilePaths.resolve(name, in: path)
            return markedExtensions.contains(FilePaths.extension(of: name)) && isRegularFile(file) && OutputMark.isMarked(file)
        }
        // A folder named like an image (`album.jpg`) is not one.
        let candidates = names.filter { name in
            var isFolder: ObjCBool = false
            let file = FilePaths.resolve(name, in: path)
            return !name.hasPrefix(".") && extensions.contains(FilePaths.extension(of: name))
                && !(FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && isFolder.boolValue)
                && !(outputFile != nil && FileIdentity(path: file) == outputFile && (isAnimation(name) || isMarked(name)))
        }
        // A link in the folder to a file outside a batch's root is refused before the file is
        // opened to be looked at (whether it was an animation told of the file).
        if let root = JobRoot.current, let outside = candidates.map({ FilePaths.resolve($0, in: path) }).first(where: { !root.contains($0) }) {
            throw CLIError(root.refusal(of: outside))
        }
        let frames = naturallySorted(candidates.filter { outputFrames?.frameNumber(named: $0) != nil && isMarked($0) })
        let probed = candidates.filter { outputFrames?.frameNumber(named: $0) == nil }
        // An animation — an earlier show written here as a GIF, WebP or APNG, most likely — would
        // be a slide of its first picture.
        let animations = naturallySorted(probed.filter(isAnimation))
        // Pictures fliptrans wrote here — an earlier show's frames under another pattern, a still,
        // a contact sheet — carry its mark.
        let animated = Set(animations)
        let written = naturallySorted(probed.filter { !animated.contains($0) && isMarked($0) })
        func listed(_ names: [String]) -> String { names[0] + (names.count > 1 ? " … " + names[names.count - 1] : "") }
        func plural(_ names: [String], _ one: String, _ many: String) -> String { names.count == 1 ? one : many }
        var leftOut: [String] = []
        if !frames.isEmpty, let output {
            leftOut.append("\(frames.count) \(plural(frames, "file", "files")) named like the frames of \(output) (\(listed(frames))) "
                + plural(frames, "is not a slide", "are not slides") + " (this run writes its frames under such names)")
        }
        if !animations.isEmpty {
            leftOut.append("\(animations.count) \(plural(animations, "animation", "animations")) (\(listed(animations))) left out, as a slide shows one picture; give "
                + plural(animations, "it by name to show its first picture", "them by name to show their first pictures"))
        }
        if !written.isEmpty {
            leftOut.append("\(written.count) \(plural(written, "picture", "pictures")) fliptrans wrote (\(listed(written))) left out; give "
                + plural(written, "it by name to show it", "them by name to show them"))
        }
        let notSlides = Set(frames + animations + written)
        let images = candidates.filter { !notSlides.contains($0) }
        if !images.isEmpty { leftOut.forEach { note("note: \(path): " + $0) } }
        guard leftOut.isEmpty || !images.isEmpty else {
            throw CLIError("\(path): no images in this folder but what it leaves out: " + leftOut.joined(separator: "; "))
        }
        guard !images.isEmpty else {
            // Photos sorted into folders by day or place, the folder above given.
            let holding = naturallySorted(names.filter { name in
                let folder = FilePaths.resolve(name, in: path)
                return !name.hasPrefix(".") && JobRoot.current?.contains(folder) != false && holdsImages(folder)
            })
            if !holding.isEmpty {
                let listed = holding.prefix(3).joined(separator: ", ") + (holding.count > 3 ? ", …" : "")
                throw CLIError("\(path): no images in this folder, only in its subfolders (\(listed)), which are not looked into; give them, such as \(FilePaths.resolve("*", in: path))/")
            }
            throw CLIError("\(path): no images in this folder (looked for \(extensions.sorted().map { "." + $0 }.joined(separator: " ")))")
        }
        return naturallySorted(images).map { FilePaths.resolve($0, in: path) }
    }

    /// Whether `path` is a regular file (not a folder, a pipe or a device), following links.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether `path` is a folder with an image in it.
    private static func holdsImages(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { !$0.hasPrefix(".") && extensions.contains(FilePaths.extension(of: $0)) }
    }

    /// Whether `text` is a glob pattern rather than a file name.
    static func isPattern(_ text: String) -> Bool { text.contains(where: { "*?[".contains($0) }) }

    /// The most folder entries a pattern may look through: a folder of 100,000 photos is read
    /// in moments, while `*/*/*/*/*` under a link that leads back up (`x -> .`) grew to gigabytes
    /// of names and never ended.
    static let mostEntriesLookedAt = 1_000_000

    /// The files `pattern` matches, in natural order; a pattern matching nothing is an error.
    /// Within a batch's `--root` only files inside it match: a job's author learns nothing of
    /// what lies outside, not even whether a file there exists.
    static func matching(_ pattern: String) throws -> [String] {
        var found = glob_t(), overBudget: Int32 = 0
        defer { globfree(&found) }
        let result = glibc_glob_bounded(pattern, mostEntriesLookedAt, &found, &overBudget)
        guard overBudget == 0 else {
            throw CLIError("'\(pattern)' looks through more than \(mostEntriesLookedAt) folder entries (a link that leads back up, such as x -> ., repeats folders without end); give a narrower pattern")
        }
        let root = JobRoot.current
        let matches = result != 0 ? [] : (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0] }
            .filter { root?.contains(String(cString: $0)) ?? true }
        if let unnamable = matches.first(where: { String(validatingCString: $0) == nil }) {
            throw CLIError("\(RawArguments.shown(unnamable)): file names must be UTF-8")
        }
        let paths = matches.map { String(cString: $0) }
        guard !paths.isEmpty else {
            throw CLIError("'\(pattern)' matches no file" + (root.map { " inside --root \($0.folder)" } ?? ""))
        }
        return naturallySorted(paths)
    }

    static func naturallySorted(_ names: [String]) -> [String] {
        names.sorted { naturalOrder($0, $1) == .orderedAscending }
    }

    /// Natural order: runs of digits compare as numbers (img2 before img10), letters regardless
    /// of case and accents (`é` with `e`, as a file manager lists them); names alike in that
    /// order (`img2`, `img02`; `A`, `a`; `e`, `é`) by their bytes, so the order never depends on
    /// the order the file system lists them in.
    static func naturalOrder(_ a: String, _ b: String) -> ComparisonResult {
        let natural = a.compare(b, options: [.numeric, .caseInsensitive, .diacriticInsensitive])
        if natural != .orderedSame || a.utf8.elementsEqual(b.utf8) { return natural }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : .orderedDescending
    }
}
