import Foundation

/// Plain-language reasons a path cannot be read at all, found before FFmpeg sees it, so the
/// user reads "no such file" rather than a demuxer's guess.
enum InputFileCheck {
    static func requireReadableFile(_ path: String) throws {
        guard !path.isEmpty else { throw MediaError(.inputMissing, path: path, reason: "an empty name names no file") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // `-` means standard input to many tools; inputs are always read from files.
            let missing = path == "-" ? "no such file (standard input is not read here; give a file)" : "no such file"
            throw MediaError(errno == ENOENT ? .inputMissing : .inputUnreadable, path: path,
                             reason: errno == ENOENT ? missing : String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw MediaError(.inputUnreadable, path: path, reason: "is a directory")
        }
        // A FIFO, socket or device could block forever or never end: only plain files are images.
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw MediaError(.inputUnreadable, path: path, reason: "not a regular file")
        }
        if status.st_size == 0 {
            throw MediaError(.inputUnreadable, path: path, reason: "empty file")
        }
        if access(path, R_OK) != 0 {
            throw MediaError(.inputUnreadable, path: path, reason: "not readable (\(String(cString: strerror(errno))))")
        }
    }
}
