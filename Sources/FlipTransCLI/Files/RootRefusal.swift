import FlipTransMedia

extension FolderConfinement {
    /// Why `path`, outside this folder, is refused: the words for a batch's `--root`.
    func refusal(of path: String) -> String {
        "'\(path)' is outside --root \(folder)"
    }
}
