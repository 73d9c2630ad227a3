import Glibc

/// A C string that lives as long as its owner.
final class CString: @unchecked Sendable {
    let pointer: UnsafePointer<CChar>

    init(_ text: String) {
        pointer = UnsafePointer(strdup(text)!)
    }

    deinit {
        free(UnsafeMutablePointer(mutating: pointer))
    }
}
