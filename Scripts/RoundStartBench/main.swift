import FlipTransCore
import Foundation

// round-start-bench: the flip as fliptrans rendered it when the clock and boards were specified (commit 31df71d),
// for Scripts/bench.sh's `round-start` section and Scripts/count-instructions.sh. It is not part
// of this package: Scripts/round-start-bench.sh adds it, with Scripts/RenderBench/BenchCommon.swift,
// as a target of that commit's package, whose library it is written against (the flip's own
// options, no registry, no tiles). It measures what render-bench measures today: render each frame,
// convert it to BT.709 4:2:0 (a pass of its own then), write Y4M to standard output.
//
//   round-start-bench A.rgba B.rgba WIDTHxHEIGHT FRAMES
let words = Array(CommandLine.arguments.dropFirst())
guard words.count == 4 else { fail("usage: A.rgba B.rgba WIDTHxHEIGHT FRAMES") }
let inputs = BenchInputs(words)
let (a, b) = (Image(width: inputs.width, height: inputs.height, pixels: inputs.a),
              Image(width: inputs.width, height: inputs.height, pixels: inputs.b))
do {
    let clip = try TransitionClip(transition: try Flip(options: TransitionOptions()), duration: Double(inputs.frames) / 30, fps: 30)
    let renderer = Renderer()
    var frame = Image(width: inputs.width, height: inputs.height)
    var output = Y4MOutput(width: inputs.width, height: inputs.height)
    for index in 0..<inputs.frames {
        renderer.render(clip.scene(from: a, to: b, at: clip.timeFraction(ofFrame: index), background: .black), into: &frame)
        output.write { luma, lumaStride, cb, cr, chromaStride in
            BT709Conversion.convert(frame, into: YUV420Planes(luma: luma, lumaStride: lumaStride, cb: cb, cr: cr, chromaStride: chromaStride))
        }
    }
    output.reportSpeed()
} catch {
    fail("\(error)")
}
