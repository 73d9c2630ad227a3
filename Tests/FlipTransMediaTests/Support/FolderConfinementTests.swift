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

    /// Only a part that is not there is taken as named: a path that did not resolve for another
    /// reason was taken as inside, with its links unresolved. A link deep enough that the path
    /// was too long to resolve (which still opens from a folder deep in the root) read and
    /// wrote outside; a loop of links and a link to nothing fail to resolve as well.
    @Test func aPathThatDoesNotResolveIsOutside() throws {
        let directory = try TemporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: directory.file("root"), withIntermediateDirectories: false)
        try fileManager.createSymbolicLink(atPath: directory.file("root/loop"), withDestinationPath: "loop")
        try fileManager.createSymbolicLink(atPath: directory.file("root/gone"), withDestinationPath: directory.file("nowhere"))
        try fileManager.createSymbolicLink(atPath: directory.file("root/away"), withDestinationPath: directory.path)
        let root = try FolderConfinement(directory.file("root"))
        let tooLong = "root/" + String(repeating: "d/", count: 2100) + "away/x.png"
        for outside in ["root/loop/x.png", "root/gone/x.mp4", "root/gone", tooLong] {
            #expect(!root.contains(directory.file(outside)), "\(outside.prefix(40))")
            #expect(FolderConfinement.resolve(directory.file(outside), throughMissing: true) == nil, "\(outside.prefix(40))")
        }
    }

    @Test func aFolderThatIsNotThereIsRefused() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.file("file")))
        #expect(throws: MediaError(.invalidRequest, path: directory.file("none"), reason: "no such folder")) { try FolderConfinement(directory.file("none")) }
        #expect(throws: MediaError(.invalidRequest, path: directory.file("file"), reason: "not a folder")) { try FolderConfinement(directory.file("file")) }
    }
}
