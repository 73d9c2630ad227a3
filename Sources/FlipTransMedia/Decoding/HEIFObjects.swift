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

final class HEIFImageHandle {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        heif_image_handle_release(pointer)
    }
}

final class HEIFImage {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        heif_image_release(pointer)
    }
}
