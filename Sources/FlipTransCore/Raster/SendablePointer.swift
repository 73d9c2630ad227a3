/// Lets the parallel bands of one job share a pointer; each band touches only its own rows, so
/// no locking is needed.
struct SendablePointer<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}
