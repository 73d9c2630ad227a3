import Foundation

extension NSNumber {
    /// Whether JSON gave this as `true` or `false`. JSONSerialization gives numbers and booleans
    /// alike as NSNumber (and `0 as? Bool` succeeds), so a boolean is told by its type code, as
    /// for CFBoolean.
    var isJSONBoolean: Bool { String(cString: objCType) == "c" }
}
