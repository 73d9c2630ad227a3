import FlipTransCore
import FlipTransMedia

// render-a-clip A B OUT: a page turned upwards from A to B, each held half a second, in a
// 640×360 frame that both images cover. Stopped by a signal, it leaves no partial file.
ProcessSetup.install()
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else { fatalError("usage: render-a-clip A B OUT.mp4") }
let (a, b, output) = (arguments[1], arguments[2], arguments[3])

let page = try Page(direction: .up)
let clip = try TransitionClip(transition: page, duration: 1, fps: 30)
let job = try RenderJob(images: [a, b],
                        frame: FramePolicy(size: PixelSize(width: 640, height: 360), fit: .cover),
                        timeline: Timeline(clip: clip, holdFrames: 15), fps: 30, output: output)
let statistics = try job.run(progress: { done, total in print("\(done)/\(total)", terminator: done < total ? "\r" : "\n") })
print("wrote \(statistics.output.framesWritten) frames to \(output)")
