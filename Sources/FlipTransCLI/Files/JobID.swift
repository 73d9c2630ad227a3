import Foundation

/// A job line's own `"id"`, echoed in `batch`'s events and report as the line gave it: text as
/// text, a number as a number, so that a program matching events to its jobs finds them.
enum JobID: Encodable, Equatable, Sendable {
    case text(String)
    case whole(Int64)
    /// A whole number past Int64's (a 64-bit hash).
    case unsigned(UInt64)
    case fraction(Double)

    /// The id of a parsed line's `"id"` value; nil for a value that is neither text nor a number,
    /// or a number too large to echo as given (see `refusal(of:)`).
    init?(_ value: Any) {
        switch value {
        case let text as String:
            self = .text(text)
        case let number as NSNumber where !number.isJSONBoolean:
            // JSONSerialization keeps a number written without a fraction or exponent an integer.
            let type = String(cString: number.objCType)
            if ["c", "s", "i", "l", "q"].contains(type) {
                self = .whole(number.int64Value)
            } else if ["C", "S", "I", "L", "Q"].contains(type) {
                self = number.uint64Value <= UInt64(Int64.max) ? .whole(Int64(number.uint64Value)) : .unsigned(number.uint64Value)
            } else if number.doubleValue.magnitude >= 0x1p53 {
                // Past 2^53 a number read as a double (past 64 bits, or with a fraction or an
                // exponent: 9007199254740993.0) would come back rounded, unlike the line's.
                return nil
            } else {
                self = .fraction(number.doubleValue)
            }
        default:
            return nil
        }
    }

    /// Why `value` is no id.
    static func refusal(of value: Any) -> String {
        guard let number = value as? NSNumber, !number.isJSONBoolean else { return "must be text or a number" }
        return "is too large a number to be echoed as written; give it as text"
    }

    /// The id of a job line that could not become a job, if it is an object with a valid `"id"`:
    /// its refusal still says which job it was.
    init?(inLine line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let value = object["id"] else { return nil }
        self.init(value)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .text(text): try container.encode(text)
        case let .whole(number): try container.encode(number)
        case let .unsigned(number): try container.encode(number)
        case let .fraction(number): try container.encode(number)
        }
    }
}
