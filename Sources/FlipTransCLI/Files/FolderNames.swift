import Foundation

/// The names of a folder's files as the file system holds them. Foundation's listing turns bytes
/// that are not UTF-8 into U+FFFD, which names another file: `b\xFF.png` in a slideshow's folder
/// was then `b\u{FFFD}.png: no such file`.
struct FolderNames {
    /// The names that are UTF-8, without `.` and `..`.
    let names: [String]
    /// The others, each shown with its stray bytes written `\xFF`.
    let notUTF8: [String]

    init(of path: String) throws {
        guard let folder = opendir(path) else {
            throw CLIError("\(path): cannot list the folder (\(String(cString: strerror(errno))))")
        }
        defer { closedir(folder) }
        var names: [String] = [], notUTF8: [String] = []
        while true {
            // readdir says the end and a failure alike, by NULL: only errno tells them apart.
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw CLIError("\(path): cannot list the folder (\(String(cString: strerror(errno))))") }
                break
            }
            withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                let name = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                if let text = String(validatingCString: name) {
                    if text != ".", text != ".." { names.append(text) }
                } else {
                    notUTF8.append(RawArguments.shown(name))
                }
            }
        }
        (self.names, self.notUTF8) = (names, notUTF8)
    }
}
