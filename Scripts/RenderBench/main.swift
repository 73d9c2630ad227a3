import FlipTransCore
import Foundation

// render-bench: the renderer alone, as Scripts/bench.sh measures it. Reads two raw RGBA images
// (opaque, so their bytes are already premultiplied), renders a transition's frames, converts
// each to BT.709 4:2:0 and writes them as Y4M to standard output (a pipe to /dev/null or to an
// encoder), then prints the frames a second of that work on standard error. No decoding, fitting
// or encoding is counted.
//
//   render-bench A.rgba B.rgba WIDTHxHEIGHT FRAMES TRANSITION [name=value …] [tiles=CxR [stagger=FRACTION]
//                [order=row|column|diagonal|random]] [conversion=separate]
//
// name=value pairs are the transition's own parameters (fold=cubic) and `direction`; tiles and
// order are the board's (--tiles, --stagger-order), stagger its --stagger as a fraction of the
// duration (FRAMES / 30 seconds), so that the same wave plays over any number of frames.
// conversion=separate converts each frame in a pass of its own after rendering it, as fliptrans
// did before the conversion was fused into the renderer's stripes, to compare the two.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-bench: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 5 else { fail("usage: A.rgba B.rgba WIDTHxHEIGHT FRAMES TRANSITION [name=value …]") }
let words = Array(arguments)
let sides = words[2].split(separator: "x").compactMap { Int($0) }
guard sides.count == 2, let frames = Int(words[3]), frames >= 2 else { fail("bad size or frame count") }
let size = PixelSize(width: sides[0], height: sides[1])

func rawImage(_ path: String) -> Image {
    guard let data = FileManager.default.contents(atPath: path), data.count == size.width * size.height * 4 else {
        fail("\(path): not \(size) raw RGBA")
    }
    return Image(width: size.width, height: size.height, pixels: [UInt8](data))
}
let (a, b) = (rawImage(words[0]), rawImage(words[1]))

var settings = TransitionSettings()
var tiles = "1x1", stagger = 0.0, order = "row"
var separateConversion = false
do {
    let type = try TransitionRegistry.standard.type(named: words[4])
    for option in words.dropFirst(5) {
        let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2 else { fail("\(option): expected name=value") }
        switch pair[0] {
        case "direction": settings.direction = Direction(rawValue: pair[1])
        case "conversion": separateConversion = pair[1] == "separate"
        case "tiles": tiles = pair[1]
        case "stagger": stagger = Double(pair[1]) ?? .nan
        case "order": order = pair[1]
        default:
            guard let parameter = type.parameters.first(where: { $0.name == pair[0] }) else { fail("\(pair[0]): no such parameter") }
            settings.parameters[pair[0]] = try parameter.parse(pair[1])
        }
    }
    let duration = Double(frames) / 30
    let tiling = try Tiling.parse(tiles: tiles, stagger: stagger * duration, order: order, seed: 0)
    let transition = try type.init(settings: settings)
    let clip = try TransitionClip(transition: transition, tiling: tiling, duration: duration, fps: 30)
    let images = (0..<transition.imageCount).map { $0 % 2 == 0 ? a : b }

    let chromaWidth = (size.width + 1) / 2, chromaHeight = (size.height + 1) / 2
    var picture = [UInt8](repeating: 0, count: size.width * size.height + 2 * chromaWidth * chromaHeight)
    let output = FileHandle.standardOutput
    output.write(Data("YUV4MPEG2 W\(size.width) H\(size.height) F30:1 Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n".utf8))
    let renderer = Renderer()
    var frame = Image(width: size.width, height: size.height)
    let started = ContinuousClock.now
    for index in 0..<frames {
        let scene = clip.scene(of: images, at: clip.timeFraction(ofFrame: index), background: .black)
        try picture.withUnsafeMutableBufferPointer { bytes in
            let luma = bytes.baseAddress!, cb = luma + size.width * size.height
            let planes = YUV420Planes(luma: luma, lumaStride: size.width, cb: cb, cr: cb + chromaWidth * chromaHeight,
                                      chromaStride: chromaWidth)
            if separateConversion {
                try renderer.render(scene, into: &frame)
                BT709Conversion.convert(frame, into: planes)
            } else {
                // Converted stripe by stripe as it is drawn, with no frame, as the player has it done.
                try renderer.render(scene, convertingInto: planes)
            }
        }
        output.write(Data("FRAME\n".utf8))
        output.write(Data(picture))
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    FileHandle.standardError.write(Data(String(format: "%d frames in %.3f s: %.1f fps\n", frames, seconds, Double(frames) / seconds).utf8))
} catch {
    fail("\(error)")
}
