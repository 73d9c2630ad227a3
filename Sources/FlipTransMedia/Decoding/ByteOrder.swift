/// Big- and little-endian integers in bytes read from a file.
extension Array where Element == UInt8 {
    func uint16(at index: Int, littleEndian: Bool) -> Int? {
        guard index >= 0, index + 2 <= count else { return nil }
        let (first, second) = (Int(self[index]), Int(self[index + 1]))
        return littleEndian ? first | second << 8 : first << 8 | second
    }

    func uint32(at index: Int, littleEndian: Bool) -> Int? {
        guard let low = uint16(at: littleEndian ? index : index + 2, littleEndian: littleEndian),
              let high = uint16(at: littleEndian ? index + 2 : index, littleEndian: littleEndian) else { return nil }
        return high << 16 | low
    }
}

extension Collection where Element == UInt8 {
    /// The bytes as ASCII text, e.g. a chunk's type.
    var ascii: String { String(decoding: self, as: UTF8.self) }
}
