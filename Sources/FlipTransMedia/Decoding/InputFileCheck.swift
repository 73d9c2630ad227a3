import Foundation

/// Plain-language reasons a path cannot be read at all, found before FFmpeg sees it, so the
/// user reads "no such file" rather than a demuxer's guess.
package enum InputFileCheck {
    static func requireReadableFile(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let error = errno
            throw MediaError(error == ENOENT ? .inputMissing : .inputUnreadable, path: path,
                             reason: error == ENOENT ? missing(path) : String(cString: strerror(error)))
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

    /// Why `path`, which names nothing, names nothing: as for images, for the files the command
    /// line reads itself (specs, job files).
    package static func missing(_ path: String) -> String {
        if path.isEmpty { return "an empty name names no file" }
        // `-` means standard input to many tools; inputs are always read from files.
        if path == "-" { return "no such file (standard input is not read here; give a file)" }
        // A link whose file was moved or deleted (a folder's slides, a photo library's links).
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            return "no such file: it is a symbolic link to \(OneLine.printable(target)), which does not exist"
        }
        // Swift's == takes `é` and `e` + U+0301 for one name; the file system does not, and a
        // name typed on one system may be stored in the other form by another (macOS, zips).
        // (An ASCII name has no other form: the folder is not listed for it.)
        let (folder, name) = (FilePaths.folder(of: path), FilePaths.name(of: path))
        if !name.utf8.allSatisfy({ $0 < 0x80 }),
           let stored = try? FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0 == name }) {
            let (storedCount, givenCount) = (stored.unicodeScalars.count, name.unicodeScalars.count)
            let form = storedCount > givenCount ? "with its accents stored apart from their letters (NFD)"
                : storedCount < givenCount ? "with its accents stored with their letters (NFC)" : "in another Unicode form"
            return "no such file, though the folder has a file of that name \(form), as macOS or a zip may write names; rename it to the form given"
        }
        return "no such file"
    }
}
