import FlipTransMedia

/// A batch's `--root` as the job being described sees it: the files its spec or options name
/// as they are read (a touch trace, a glob's matches) are held to it there, not only the paths
/// the job lists once described.
enum JobRoot {
    @TaskLocal static var current: FolderConfinement?
}

extension FolderConfinement {
    /// Why `path`, outside this folder, is refused: the words for a batch's `--root`.
    func refusal(of path: String) -> String {
        "'\(path)' is outside --root \(folder)"
    }
}
