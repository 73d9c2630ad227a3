import Foundation

/// Reads a text file the user names (a spec or a job file) without trusting its size: at most
/// one byte more than `largest` is read, so a huge file or an endless device such as /dev/zero
/// costs nothing, while a pipe (`<(make-jobs)`) is read to its end as usual.
enum TextFile {
    /// The file's text; `kind` names it in errors ("spec", "job file").
    static func read(_ path: String, kind: String, largest: Int) throws -> String {
        let data: Data
        do {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? file.close() }
            data = try file.read(upToCount: largest + 1) ?? Data()
        } catch {
            throw CLIError("\(path): cannot read the \(kind) (\(reason(error)))")
        }
        guard data.count <= largest else {
            throw CLIError("\(path): a \(kind) is at most \(largest >> 10) KiB; this file is larger")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("\(path): the \(kind) is not UTF-8 text")
        }
        return text
    }

    /// The system's reason, "No such file or directory", rather than Foundation's sentence.
    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    }
}
