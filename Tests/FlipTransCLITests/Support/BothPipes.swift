import Foundation

extension Pipe {
    /// Reads `output` and `errors` to their ends at once: reading one to its end before the other
    /// would leave a child that fills the other's buffer (64 KiB, a long error) blocked on it, and
    /// the test waiting for the first forever.
    static func readToEnd(_ output: Pipe, _ errors: Pipe) -> (output: Data, errors: Data) {
        nonisolated(unsafe) var errorData = Data()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        return (outputData, errorData)
    }
}
