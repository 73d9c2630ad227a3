/// A problem drawing text.
struct TextError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
