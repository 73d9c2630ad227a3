import Foundation
import Testing
import FlipTransMedia

struct FolderConfinementTests {
    @Test func pathsAreResolvedBeforeTheyAreCompared() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("root/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("root/away"), withDestinationPath: directory.path)
        let root = try FolderConfinement(directory.file("root"))
        for inside in ["root", "root/sub", "root/sub/../new.mp4", "root/new/deeper/x.mp4", "root/./x.png"] {
            #expect(root.contains(directory.file(inside)), "\(inside)")
        }
        // `..` after a folder that does not exist could lead anywhere once it is made.
        for outside in ["", "root/..", "root/../x.png", "root/away/x.png", "root/missing/../../x.png", "rootless/x.png"] {
            #expect(!root.contains(directory.file(outside)), "\(outside)")
        }
        #expect(root.firstOutside([directory.file("root/a.png"), directory.file("b.png")]) == directory.file("b.png"))
    }

    /// Through missing folders (as a batch compares outputs it will make folders for), a missing
    /// folder's `..` is the folder it lies in, however deep: `n/m/../..` is where `n` would be.
    @Test func missingFoldersResolveLikeTheyWillBeMade() throws {
        let directory = try TemporaryDirectory()
        let here = try #require(FolderConfinement.resolve(directory.path))
        #expect(FolderConfinement.resolve(directory.file("n/m/../../x.mp4"), throughMissing: true) == here + "/x.mp4")
        #expect(FolderConfinement.resolve(directory.file("n/m/../x.mp4"), throughMissing: true) == here + "/n/x.mp4")
        #expect(FolderConfinement.resolve(directory.file("n/./m/../../x.mp4"), throughMissing: true) == here + "/x.mp4")
        #expect(FolderConfinement.resolve(directory.file("n/../x.mp4")) == nil, "the confinement refuses what a folder made meanwhile could redirect")
    }

    /// A path that did not resolve was taken as named, its links unresolved: a link deep enough
    /// that the path was too long to resolve (which still opens from a folder deep in the root)
    /// read and wrote outside. Such a path, and a loop of links, are outside; a link to nothing
    /// leads where its target would be made.
    @Test func aPathThatDoesNotResolveIsOutside() throws {
        let directory = try TemporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: directory.file("root"), withIntermediateDirectories: false)
        try fileManager.createSymbolicLink(atPath: directory.file("root/loop"), withDestinationPath: "loop")
        try fileManager.createSymbolicLink(atPath: directory.file("root/gone"), withDestinationPath: directory.file("nowhere"))
        try fileManager.createSymbolicLink(atPath: directory.file("root/later"), withDestinationPath: "made-later")
        try fileManager.createSymbolicLink(atPath: directory.file("root/away"), withDestinationPath: directory.path)
        let root = try FolderConfinement(directory.file("root"))
        // 17 folders of 250 bytes: a path through them is longer than the system resolves.
        let name = String(repeating: "d", count: 250)
        var folder = open(directory.file("root"), O_DIRECTORY)
        for _ in 0..<17 {
            #expect(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_DIRECTORY)
            close(folder)
            folder = next
        }
        #expect(symlinkat(directory.path, folder, "away") == 0)
        close(folder)
        let tooLong = "root/" + String(repeating: name + "/", count: 17) + "away/x.png"
        for unresolved in ["root/loop/x.png", tooLong] {
            #expect(FolderConfinement.resolve(directory.file(unresolved), throughMissing: true) == nil, "\(unresolved.prefix(40))")
        }
        for outside in ["root/loop/x.png", tooLong, "root/gone/x.mp4", "root/gone"] {
            #expect(!root.contains(directory.file(outside)), "\(outside.prefix(40))")
        }
        #expect(root.contains(directory.file("root/later/x.mp4")))
    }

    @Test func aFolderThatIsNotThereIsRefused() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.file("file")))
        #expect(throws: MediaError(.invalidRequest, path: directory.file("none"), reason: "no such folder")) { try FolderConfinement(directory.file("none")) }
        #expect(throws: MediaError(.invalidRequest, path: directory.file("file"), reason: "not a folder")) { try FolderConfinement(directory.file("file")) }
    }
}
