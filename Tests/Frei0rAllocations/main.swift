import AllocationCounter
import CFrei0r
import Glibc

// Loads a frei0r mixer2 plugin as a host does and counts the heap allocations of each frame:
// setting `position` and calling f0r_update2 with input frames whose pixels change every call.
//
//   frei0r-allocations PLUGIN.so WIDTH HEIGHT FRAMES [--set-all] [--time]
//
// Prints one line per frame, `frame <index> position <p> allocations <n> bytes <b> largest <l>`
// (the bytes of the largest allocation); with
// --set-all each frame first sets every parameter again to the value it has (as MLT does), and
// with --time it prints `seconds-per-frame <s>`, the mean over the frames after the first.
// Positions sweep from 0 to 1 and back, then jump about, so every stage of a transition is seen.

func fail(_ message: String) -> Never {
    _ = "frei0r-allocations: \(message)\n".withCString { write(2, $0, strlen($0)) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, let width = Int(arguments[2]), let height = Int(arguments[3]), let frameCount = Int(arguments[4]),
      width > 0, height > 0, frameCount > 1 else {
    fail("usage: frei0r-allocations PLUGIN.so WIDTH HEIGHT FRAMES [--set-all] [--time]")
}
let setsAll = arguments.contains("--set-all"), timed = arguments.contains("--time")

guard let library = dlopen(arguments[1], RTLD_NOW | RTLD_LOCAL) else { fail(String(cString: dlerror())) }
func function<T>(_ name: String, as type: T.Type) -> T {
    guard let address = dlsym(library, name) else { fail("\(arguments[1]) exports no \(name)") }
    return unsafeBitCast(address, to: type)
}
typealias Frame = UnsafeMutablePointer<UInt32>
let initialise = function("f0r_init", as: (@convention(c) () -> Int32).self)
let pluginInfo = function("f0r_get_plugin_info", as: (@convention(c) (UnsafeMutablePointer<f0r_plugin_info_t>) -> Void).self)
let construct = function("f0r_construct", as: (@convention(c) (UInt32, UInt32) -> UnsafeMutableRawPointer?).self)
let destruct = function("f0r_destruct", as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)
let getParameter = function("f0r_get_param_value", as: (@convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, Int32) -> Void).self)
let setParameter = function("f0r_set_param_value", as: (@convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, Int32) -> Void).self)
let update2 = function("f0r_update2", as: (@convention(c) (UnsafeMutableRawPointer, Double, Frame?, Frame?, Frame?, Frame?) -> Void).self)

guard initialise() == 1 else { fail("f0r_init failed: is the file named fliptrans-<transition>.so?") }
var info = f0r_plugin_info_t()
pluginInfo(&info)
guard let instance = construct(UInt32(width), UInt32(height)) else { fail("f0r_construct \(width)x\(height) failed") }

// Every parameter's current value, in a buffer big enough for any frei0r type (a colour is three
// floats, a string a pointer, which stays valid as long as it is not read again). Plain pointers:
// this program is built without optimisation, and iterating an array would allocate here.
let parameterCount = Int(info.num_params)
let parameterValues = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: parameterCount)
for index in 0..<parameterCount {
    parameterValues[index] = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
    getParameter(instance, parameterValues[index], Int32(index))
}
// frei0r's convention, and the plugin's: position is parameter 0.
let positionIndex: Int32 = 0

// Three pairs of inputs, each pixel different from frame to frame and from A to B, so nothing an
// instance kept from one frame could stand for the next.
let pixelCount = width * height
let inputs: [(a: Frame, b: Frame)] = (0..<3).map { pair in
    let a = Frame.allocate(capacity: pixelCount), b = Frame.allocate(capacity: pixelCount)
    for i in 0..<pixelCount {
        let (x, y) = (UInt32(i % width), UInt32(i / width))
        a[i] = (x &* 7 &+ UInt32(pair) &* 40) & 0xFF | ((y &* 3) & 0xFF) << 8 | UInt32(0x40 &+ 50 &* pair) << 16 | 0xFF00_0000
        b[i] = ((x &+ y) &* 5) & 0xFF | (UInt32(200 &- 60 &* pair)) << 8 | ((x &* 11) & 0xFF) << 16 | 0xFF00_0000
    }
    return (a, b)
}
let output = Frame.allocate(capacity: pixelCount)

func position(at frame: Int) -> Double {
    let sweep = frameCount * 2 / 3
    if frame < sweep {
        let half = max(sweep / 2, 1)
        return frame < half ? Double(frame) / Double(half) : Double(sweep - 1 - frame) / Double(max(sweep - 1 - half, 1))
    }
    // Then anywhere: the golden ratio's steps spread over [0, 1].
    return (Double(frame) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
}

var clock = timespec()
var seconds = 0.0
for frame in 0..<frameCount {
    var p = position(at: frame)
    let (a, b) = inputs[frame % inputs.count]
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let start = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
    allocation_counter_start()
    if setsAll {
        var index: Int32 = 1
        while index < parameterCount {
            setParameter(instance, parameterValues[Int(index)], index)
            index += 1
        }
    }
    setParameter(instance, &p, positionIndex)
    update2(instance, Double(frame) / 25, a, b, nil, output)
    let allocations = allocation_counter_stop()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    if frame > 0 { seconds += Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9 - start }
    print("frame \(frame) position \(p) allocations \(allocations) bytes \(allocation_counter_bytes()) largest \(allocation_counter_largest())")
}
if timed { print("seconds-per-frame \(seconds / Double(frameCount - 1))") }
destruct(instance)
