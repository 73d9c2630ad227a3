/// Why a file's colour description is not applied, in words for a warning: "not a valid ICC
/// profile". The pixels are then shown as sRGB, as browsers show them.
struct ColourRefusal: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
