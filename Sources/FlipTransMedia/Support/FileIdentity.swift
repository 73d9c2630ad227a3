import Glibc

/// A file as the file system knows it, by device and inode: a path, a symbolic link or a hard
/// link to it all name the same one.
package struct FileIdentity: Hashable, Sendable {
    private let device: UInt64
    private let inode: UInt64

    /// The file at `path` (a link followed); nil when there is none.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The file open as `descriptor`; nil when it is closed.
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The file `status` describes.
    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
