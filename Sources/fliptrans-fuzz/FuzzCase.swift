import Foundation

/// A case a campaign ran: its file, and the name of the seed it was made from.
struct FuzzCase {
    let path: String
    let seedName: String

    /// Copies the case into `folder`, returning its new path.
    @discardableResult
    func save(into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let destination = folder + "/" + URL(fileURLWithPath: path).lastPathComponent
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: path, toPath: destination)
        return destination
    }
}
