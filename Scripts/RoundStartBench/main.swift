import FlipTransCore
import Foundation

// round-start-bench: the flip as fliptrans rendered it at the start of round 2 (commit 31df71d),
// for Scripts/bench.sh's `round-start` section, which builds that commit with this file added as
// a target. It is not part of this package: it is written against that commit's library (the
// flip's own options, no registry, no tiles) and measures what render-bench measures today —
// render each frame, convert it to BT.709 4:2:0 (then a pass of its own), write Y4M to standard
// output — so that today's clock and boards can be timed against the flip they were asked to match.
//
//   round-start-bench A.rgba B.rgba WIDTHxHEIGHT FRAMES
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("round-start-bench: \(message)\n".utf8))
    exit(2)
}

let words = Array(CommandLine.arguments.dropFirst())
guard words.count == 4 else { fail("usage: A.rgba B.rgba WIDTHxHEIGHT FRAMES") }
let sides = words[2].split(separator: "x").compactMap { Int($0) }
guard sides.count == 2, let frames = Int(words[3]), frames >= 2 else { fail("bad size or frame count") }
let (width, height) = (sides[0], sides[1])

func rawImage(_ path: String) -> Image {
    guard let data = FileManager.default.contents(atPath: path), data.count == width * height * 4 else {
        fail("\(path): not \(width)x\(height) raw RGBA")
    }
    return Image(width: width, height: height, pixels: [UInt8](data))
}
let (a, b) = (rawImage(words[0]), rawImage(words[1]))

do {
    let clip = try TransitionClip(transition: try Flip(options: TransitionOptions()), duration: Double(frames) / 30, fps: 30)
    let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
    var picture = [UInt8](repeating: 0, count: width * height + 2 * chromaWidth * chromaHeight)
    let output = FileHandle.standardOutput
    output.write(Data("YUV4MPEG2 W\(width) H\(height) F30:1 Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n".utf8))
    let renderer = Renderer()
    var frame = Image(width: width, height: height)
    let started = ContinuousClock.now
    for index in 0..<frames {
        renderer.render(clip.scene(from: a, to: b, at: clip.timeFraction(ofFrame: index), background: .black), into: &frame)
        picture.withUnsafeMutableBufferPointer { bytes in
            let luma = bytes.baseAddress!, cb = luma + width * height
            BT709Conversion.convert(frame, into: YUV420Planes(luma: luma, lumaStride: width, cb: cb,
                                                              cr: cb + chromaWidth * chromaHeight, chromaStride: chromaWidth))
        }
        output.write(Data("FRAME\n".utf8))
        output.write(Data(picture))
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    FileHandle.standardError.write(Data(String(format: "%d frames in %.3f s: %.1f fps\n", frames, seconds, Double(frames) / seconds).utf8))
} catch {
    fail("\(error)")
}
