import Foundation

/// A numbered sequence's path: a printf pattern as ffmpeg takes it, `frames/f%04d.png` — one
/// `%d`, `%0Nd` or `%Nd` (zero-padded alike) in the file name (not the folder), `%%` for a
/// percent sign.
package struct FramePattern {
    package private(set) var folder: String
    /// The name before and after the number.
    package let prefix: String, suffix: String
    /// The number's least width (zero-padded).
    let width: Int

    package init(_ path: String) throws {
        let name = FilePaths.name(of: path)
        folder = FilePaths.folder(of: path)
        guard !folder.contains("%") else {
            throw MediaError(.outputRefused, path: path, reason: "the frame number's pattern must be in the file name, not the folder")
        }
        var parts: [String] = [""], widths: [Int] = []
        var characters = name.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { parts[parts.count - 1].append(character); continue }
            var digits = ""
            var next = characters.next()
            while let digit = next, digit.isASCII, digit.isNumber { digits.append(digit); next = characters.next() }
            if next == "%" && digits.isEmpty { parts[parts.count - 1].append("%"); continue }
            // FFmpeg pads `%5d` with zeros too, as `%05d`.
            guard next == "d", let width = Int(digits.isEmpty ? "0" : digits) else {
                throw MediaError(.outputRefused, path: path, reason: Self.usage(path))
            }
            guard width <= 10 else {
                throw MediaError(.outputRefused, path: path, reason: "a frame number is at most 10 digits wide (%010d), got %\(digits)d")
            }
            widths.append(width)
            parts.append("")
        }
        guard widths.count == 1 else { throw MediaError(.outputRefused, path: path, reason: Self.usage(path)) }
        (prefix, suffix, width) = (parts[0], parts[1], widths[0])
    }

    /// What a sequence's path needs, with an example in the path's own image format.
    static func usage(_ path: String) -> String {
        let named = FilePaths.extension(of: path)
        let suffix = ["png", "jpg", "jpeg"].contains(named) ? named : "png"
        return "a sequence of images needs one frame-number pattern in its file name, such as 'frames/f%04d.\(suffix)' (%d, or %04d for four digits), or write .apng, .webp or .gif for one animated file"
    }

    /// The numbers past `count` of the frames the folder holds by this pattern: what an earlier,
    /// longer run left, which a player reading the pattern would play after this run's frames.
    func framesPast(_ count: Int) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap(frameNumber(named:)).filter { $0 > count }.sorted()
    }

    /// The number of the frame the file `name` in the folder is, or nil when the pattern makes
    /// no file of that name (`f01.png` is not `f%03d.png`'s). Names are compared byte for byte,
    /// as the file system compares them (a composed and a decomposed "é" are two names).
    package func frameNumber(named name: String) -> Int? {
        let (bytes, before, after) = (Array(name.utf8), Array(prefix.utf8), Array(suffix.utf8))
        guard bytes.count > before.count + after.count, bytes.starts(with: before), bytes.suffix(after.count).elementsEqual(after) else { return nil }
        let digits = bytes[before.count..<(bytes.count - after.count)]
        guard digits.allSatisfy(Self.isDigit), let number = Int(String(decoding: digits, as: UTF8.self)),
              path(number).utf8.elementsEqual(FilePaths.resolve(name, in: folder).utf8) else { return nil }
        return number
    }

    /// The same pattern in `folder` (the folder's resolved path, say, to compare frames by).
    package func moved(to folder: String) -> FramePattern {
        var moved = self
        moved.folder = folder
        return moved
    }

    /// What comes before and after the run of digits a frame's number lies in: the prefix
    /// without the digits it ends with, the suffix without those it begins with. A file is one
    /// of the pattern's frames only if one of its names' `digitRuns` is this, so files can be
    /// looked up by it rather than each tried.
    package var numberRun: (before: [UInt8], after: [UInt8]) {
        (Array(prefix.utf8.reversed().drop(while: Self.isDigit).reversed()), Array(suffix.utf8.drop(while: Self.isDigit)))
    }

    /// What comes before and after each run of ASCII digits in `name`.
    package static func digitRuns(in name: String) -> [(before: [UInt8], after: [UInt8])] {
        let bytes = Array(name.utf8)
        var runs: [(before: [UInt8], after: [UInt8])] = [], index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            runs.append((Array(bytes[..<start]), Array(bytes[index...])))
        }
        return runs
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The first of frames 1 … `count` whose file is also one of `other`'s frames 1 …
    /// `otherCount`, nil if none: from the patterns where they tell (most pairs share no name,
    /// and the same name in two widths is shared from the first number as wide as the wider),
    /// else frame by frame.
    package func firstShared(through count: Int, with other: FramePattern, through otherCount: Int) -> Int? {
        guard folder.utf8.elementsEqual(other.folder.utf8) else { return nil }
        let (before, otherBefore) = (Array(prefix.utf8), Array(other.prefix.utf8))
        let (after, otherAfter) = (Array(suffix.utf8.reversed()), Array(other.suffix.utf8.reversed()))
        // A name both make begins with both prefixes and ends with both suffixes.
        guard before.starts(with: otherBefore) || otherBefore.starts(with: before),
              after.starts(with: otherAfter) || otherAfter.starts(with: after) else { return nil }
        if before == otherBefore, after == otherAfter {
            var first = 1
            if width != other.width { for _ in 1..<max(width, other.width) { first *= 10 } }
            return first <= min(count, otherCount) ? first : nil
        }
        return (1...count).first { number in
            other.frameNumber(named: FilePaths.name(of: path(number))).map { (1...otherCount).contains($0) } ?? false
        }
    }

    /// The path of the frame of 1 … `count` whose name sorts last (of each width of number, only
    /// the largest can: `f99.png` sorts after `f100.png`), without naming every frame.
    package func lastInNameOrder(through count: Int) -> String {
        var candidates = [count], widest = 9
        while widest < count {
            candidates.append(widest)
            widest = widest * 10 + 9
        }
        return candidates.map(path).max()!
    }

    /// The path of frame `number`.
    package func path(_ number: Int) -> String {
        let digits = String(number)
        let name = prefix + String(repeating: "0", count: max(0, width - digits.count)) + digits + suffix
        return FilePaths.resolve(name, in: folder)
    }
}
