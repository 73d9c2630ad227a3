import CHeif

/// Owners of libheif's objects, each freed when its owner goes. A handle keeps its context's
/// data alive inside libheif, and a decoded image is independent of both.

final class HEIFContext {
    let pointer: OpaquePointer

    /// Registers libheif's built-in decoders once per process (its documented start-up call).
    private static let initialised: Void = { _ = heif_init(nil) }()

    init() {
        Self.initialised
        pointer = heif_context_alloc()
    }

    deinit {
        heif_context_free(pointer)
    }
}

/// A libheif object that is freed by one call: an image handle or a decoded image.
final class HEIFOwned {
    let pointer: OpaquePointer
    private let release: (OpaquePointer) -> Void

    private init(_ pointer: OpaquePointer, release: @escaping (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.release = release
    }

    static func handle(_ pointer: OpaquePointer) -> HEIFOwned { HEIFOwned(pointer, release: heif_image_handle_release) }
    static func image(_ pointer: OpaquePointer) -> HEIFOwned { HEIFOwned(pointer, release: heif_image_release) }

    deinit {
        release(pointer)
    }
}
