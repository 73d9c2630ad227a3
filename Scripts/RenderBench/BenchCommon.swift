import Foundation

// What render-bench shares with round-start-bench (Scripts/round-start-bench.sh copies this file
// into that older package, so it uses Foundation only): the first four arguments, the Y4M output
// and the speed line.

func fail(_ message: String) -> Never {
    let program = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
    FileHandle.standardError.write(Data("\(program): \(message)\n".utf8))
    exit(2)
}

/// `A.rgba B.rgba WIDTHxHEIGHT FRAMES`: two raw RGBA images of one size (opaque, so their bytes are
/// already premultiplied) and how many frames to render.
struct BenchInputs {
    let width: Int, height: Int, frames: Int
    let a: [UInt8], b: [UInt8]

    init(_ words: [String]) {
        let sides = words[2].split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, let frames = Int(words[3]), frames >= 2 else { fail("bad size or frame count") }
        (width, height, self.frames) = (sides[0], sides[1], frames)
        func raw(_ path: String) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: path), data.count == sides[0] * sides[1] * 4 else {
                fail("\(path): not \(sides[0])x\(sides[1]) raw RGBA")
            }
            return [UInt8](data)
        }
        (a, b) = (raw(words[0]), raw(words[1]))
    }
}

/// BT.709 4:2:0 pictures written as Y4M to standard output (a pipe to /dev/null or to an encoder).
struct Y4MOutput {
    let width: Int, height: Int
    private var picture: [UInt8]
    private let started = ContinuousClock.now
    private var frames = 0

    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        picture = [UInt8](repeating: 0, count: width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2))
        FileHandle.standardOutput.write(Data("YUV4MPEG2 W\(width) H\(height) F30:1 Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n".utf8))
    }

    /// Writes one picture that `fill` draws into the planes it is given (luma, its stride, Cb, Cr, their stride).
    mutating func write(_ fill: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int) throws -> Void) rethrows {
        let (width, height) = (width, height)
        let chromaWidth = (width + 1) / 2, chromaSize = chromaWidth * ((height + 1) / 2)
        try picture.withUnsafeMutableBufferPointer { bytes in
            let luma = bytes.baseAddress!, cb = luma + width * height
            try fill(luma, width, cb, cb + chromaSize, chromaWidth)
        }
        FileHandle.standardOutput.write(Data("FRAME\n".utf8))
        // Written from the picture's own bytes: a copy of 3 MB a 1080p frame would be timed too.
        picture.withUnsafeMutableBytes { bytes in
            FileHandle.standardOutput.write(Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count, deallocator: .none))
        }
        frames += 1
    }

    /// The frames a second of everything since the output was opened, on standard error.
    func reportSpeed() {
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        FileHandle.standardError.write(Data(String(format: "%d frames in %.3f s: %.1f fps\n", frames, seconds, Double(frames) / seconds).utf8))
    }
}
