import FlipTransCore

/// Damages a valid file the ways files get damaged, and the ways a hostile file lies: flipped
/// bits, bytes inserted or deleted, truncation, a span duplicated (a repeated chunk), and size or
/// length fields overwritten with boundary values.
enum Mutator {
    static func mutate(_ seed: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let index = bytes.indices.randomElement(using: &random)!
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1:
                let index = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: index)
            case 2:
                let start = bytes.indices.randomElement(using: &random)!
                bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...64, using: &random)))
            case 3:
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
            case 4:
                let start = bytes.indices.randomElement(using: &random)!
                let span = bytes[start..<min(bytes.count, start + Int.random(in: 4...256, using: &random))]
                bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &random))
            default:
                let boundary: [UInt8] = [[0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x80, 0, 0, 0], [0, 1, 0, 0]]
                    .randomElement(using: &random)!
                let index = Int.random(in: 0...max(0, bytes.count - 4), using: &random)
                for (offset, byte) in boundary.enumerated() where index + offset < bytes.count { bytes[index + offset] = byte }
            }
        }
        return bytes
    }
}
