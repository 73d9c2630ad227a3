import FlipTransCore
import Foundation

// render-bench: the renderer alone, as Scripts/bench.sh measures it. Reads two raw RGBA images
// (opaque, so their bytes are already premultiplied), renders a transition's frames, converts
// each to BT.709 4:2:0 and writes them as Y4M to standard output (a pipe to /dev/null or to an
// encoder), then prints the frames a second of that work on standard error. No decoding, fitting
// or encoding is counted.
//
//   render-bench A.rgba B.rgba WIDTHxHEIGHT FRAMES TRANSITION [name=value …] [tiles=CxR [stagger=FRACTION]
//                [order=row|column|diagonal|random]] [conversion=separate] [redraw=all]
//
// name=value pairs are the transition's own parameters (fold=cubic) and `direction`; tiles and
// order are the board's (--tiles, --stagger-order), stagger its --stagger as a fraction of the
// duration (FRAMES / 30 seconds), so that the same wave plays over any number of frames.
// conversion=separate converts each frame in a pass of its own after rendering it, as fliptrans
// did before the conversion was fused into the renderer's stripes, to compare the two.
// Each frame is drawn into the picture that holds the one before, and only where it differs is
// drawn again, as the player has it done; redraw=all draws every frame whole.
let words = Array(CommandLine.arguments.dropFirst())
guard words.count >= 5 else { fail("usage: A.rgba B.rgba WIDTHxHEIGHT FRAMES TRANSITION [name=value …]") }
let inputs = BenchInputs(words)
let size = PixelSize(width: inputs.width, height: inputs.height), frames = inputs.frames
let (a, b) = (Image(width: size.width, height: size.height, pixels: inputs.a),
              Image(width: size.width, height: size.height, pixels: inputs.b))

var settings = TransitionSettings()
var tiles = "1x1", stagger = 0.0, order = "row"
var separateConversion = false, redrawAll = false
do {
    let type = try TransitionRegistry.standard.type(named: words[4])
    for option in words.dropFirst(5) {
        let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2 else { fail("\(option): expected name=value") }
        switch pair[0] {
        case "direction": settings.direction = Direction(rawValue: pair[1])
        case "conversion": separateConversion = pair[1] == "separate"
        case "redraw": redrawAll = pair[1] == "all"
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

    let renderer = Renderer()
    var frame = Image(width: size.width, height: size.height)
    var output = Y4MOutput(width: size.width, height: size.height)
    // What the output's picture holds.
    var drawn: DrawnScene?
    for index in 0..<frames {
        let scene = clip.scene(of: images, at: clip.timeFraction(ofFrame: index), background: .black)
        try output.write { luma, lumaStride, cb, cr, chromaStride in
            let planes = YUV420Planes(luma: luma, lumaStride: lumaStride, cb: cb, cr: cr, chromaStride: chromaStride)
            if separateConversion {
                try renderer.render(scene, into: &frame)
                BT709Conversion.convert(frame, into: planes)
            } else {
                // Converted stripe by stripe as it is drawn, with no frame, as the player has it done.
                drawn = try renderer.render(scene, convertingInto: planes, over: redrawAll ? nil : drawn)
            }
        }
    }
    output.reportSpeed()
} catch {
    fail("\(error)")
}
