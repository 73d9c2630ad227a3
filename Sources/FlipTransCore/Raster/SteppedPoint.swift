/// A texel point stepped pixel by pixel along a stretch of a row between two exactly projected
/// ends, with integer adds only.
///
/// Along a row s = A/w and t = B/w with A, B and w linear in x: a curve a straight line follows
/// only briefly where the perspective is strong, and projecting a point exactly costs a divide
/// and several conversions. So the stretch follows the parabola through its exact ends and its
/// exactly projected middle, which stays close to the curve far longer (`stretchLength`), and
/// is itself cut into parts short enough for straight steps: a part's end is found on the
/// parabola by forward differences (a few multiplies and adds, kept with 16 more fraction bits
/// than a point has), and its pixels are stepped linearly with one add per field, as cheaply as
/// ever. The shade position, linear in s and t, goes the same way; the footprint's sides and
/// level of detail, which only choose the filter, are stepped linearly along the whole stretch.
struct SteppedPoint {
    /// The point at the current pixel.
    private(set) var point: TexelPoint
    /// How far the stepped s and t may lie outside the range their ends span (16.16).
    let overshoot: (s: Int, t: Int)
    /// s, t and shade position on the parabola at the current part's end (16.32), and their
    /// first and second differences there.
    private var value: (s: Int, t: Int, shade: Int), difference: (s: Int, t: Int, shade: Int)
    private let secondDifference: (s: Int, t: Int, shade: Int)
    /// Pixels in each part but perhaps the last.
    private let partLength: Int
    /// The step of every field along the current part.
    private var step: TexelPoint
    /// Pixels of the current part not yet stepped through.
    private var partRemaining = 0

    /// Steps from `first` (pixel 0) to `end` (pixel `count`, > 0) through `middle`, the s, t and
    /// shade position projected exactly at pixel count/2 (a half pixel where count is odd),
    /// in parts along which a straight step strays from the parabola by at most `tolerance`
    /// (16.16 texels) in s and in t.
    @inline(__always)
    init(from first: TexelPoint, middle: (s: Int, t: Int, shade: Int), to end: TexelPoint, count: Int, tolerance: Int) {
        guard count > 0 else { preconditionFailure("a stretch of no pixels") }
        point = first
        step = first.step(to: end, count: count)
        let s = SteppedPoint.parabola(first.s, middle.s, end.s, count: count)
        let t = SteppedPoint.parabola(first.t, middle.t, end.t, count: count)
        let shade = SteppedPoint.parabola(first.shade, middle.shade, end.shade, count: count)
        value = (s.value, t.value, shade.value)
        difference = (s.difference, t.difference, shade.difference)
        secondDifference = (s.second, t.second, shade.second)
        overshoot = (SteppedPoint.overshoot(first.s, middle.s, end.s, difference: s.difference, second: s.second, count: count),
                     SteppedPoint.overshoot(first.t, middle.t, end.t, difference: t.difference, second: t.second, count: count))
        // A straight step across n of the parabola's L pixels strays from it by at most c·n²/4 =
        // |e|/2·(n/L)², e = p(L) − 2·p(L/2) + p(0): parts are as long as that allows.
        let bend = max(abs(end.s &- 2 &* middle.s &+ first.s), abs(end.t &- 2 &* middle.t &+ first.t))
        partLength = bend <= 2 &* tolerance ? count : max(Int(Float(count) * (Float(2 &* tolerance) / Float(bend)).squareRoot()), 1)
        // The first part is started here, once, not by each copy that steps the stretch (a board's
        // congruent tiles step copies of one stretch): a short stretch is one part.
        startPart(atMost: count)
    }

    /// The value (16.32), first and second differences of the parabola p(k) = p₀ + b·k + c·k²
    /// through p(0), p(L/2) and p(L) (16.16): with e = p(L) − 2·p(L/2) + p(0), c = 2e/L² and
    /// b = (4·p(L/2) − 3·p(0) − p(L))/L, so it steps by b + c first, then by 2c more each pixel.
    @inline(__always)
    private static func parabola(_ start: Int, _ middle: Int, _ end: Int, count: Int) -> (value: Int, difference: Int, second: Int) {
        // Wrapping arithmetic: points are clamped to ±2^36, so these stay below 2^57; a positive
        // divisor can neither be zero nor overflow.
        let e = end &- 2 &* middle &+ start, squared = count &* count
        let first = ((4 &* middle &- 3 &* start &- end) &<< 16) / count &+ (e &<< 17) / squared
        return (start &<< 16, first, (e &<< 18) / squared)
    }

    /// How far (16.16) the stepped values may lie outside the range their ends span. Where
    /// every difference has the same sign the parabola runs monotonically from one end to the
    /// other, and straight steps between its points stay between them, off only by truncation
    /// (under a unit over 256 pixels). Otherwise the parabola strays from the chord between its
    /// ends by c·k(L − k), at most |e|/2 (at the middle).
    @inline(__always)
    private static func overshoot(_ start: Int, _ middle: Int, _ end: Int, difference: Int, second: Int, count: Int) -> Int {
        let last = difference &+ (count &- 1) &* second
        let monotonic = (difference >= 0 && last >= 0) || (difference <= 0 && last <= 0)
        return monotonic ? 2 : abs(end &- 2 &* middle &+ start) / 2 &+ 2
    }

    /// How many pixels from the current one on, at most `limit`, can be stepped through with
    /// `advance()` before this is called again (after `stepped(_:)`); `remaining` (> 0) is how
    /// many pixels of the stretch are left from the current one.
    @inline(__always)
    mutating func pixelsInPart(atMost limit: Int, remaining: Int) -> Int {
        if partRemaining == 0 { startPart(atMost: remaining) }
        return min(partRemaining, limit)
    }

    /// Notes that `pixels` pixels of the current part have been stepped through.
    @inline(__always)
    mutating func stepped(_ pixels: Int) {
        partRemaining &-= pixels
    }

    /// Starts the next part, at most `limit` (> 0) pixels long, at the current pixel (the
    /// previous part's end, or the stretch's first pixel): the point is put on the parabola and
    /// its s, t and shade steps aimed at the parabola's point at the part's end.
    @inline(__always)
    private mutating func startPart(atMost limit: Int) {
        let length = min(partLength, limit)
        partRemaining = length
        point.s = value.s &>> 16
        point.t = value.t &>> 16
        point.shade = value.shade &>> 16
        // n steps of the forward differences at once: p(k + n) = p(k) + n·Δ + n(n − 1)/2·Δ².
        let pairs = length &* (length &- 1) / 2
        value.s &+= length &* difference.s &+ pairs &* secondDifference.s
        value.t &+= length &* difference.t &+ pairs &* secondDifference.t
        value.shade &+= length &* difference.shade &+ pairs &* secondDifference.shade
        difference.s &+= length &* secondDifference.s
        difference.t &+= length &* secondDifference.t
        difference.shade &+= length &* secondDifference.shade
        // A positive divisor can neither be zero nor overflow.
        step.s = ((value.s &>> 16) &- point.s) / length
        step.t = ((value.t &>> 16) &- point.t) / length
        step.shade = ((value.shade &>> 16) &- point.shade) / length
    }

    /// Moves to the next pixel of the part.
    @inline(__always)
    mutating func advance() {
        point = point.advanced(by: step)
    }

    /// Moves `pixels` pixels on within the part: where as many `advance()`s would (the wrapping
    /// adds of a step `pixels` times are one wrapping multiply).
    @inline(__always)
    mutating func advance(by pixels: Int) {
        point = point.advanced(by: step, times: pixels)
    }

    /// How far s, t, the level of detail and the shade position move a pixel along the current
    /// part, for loops that step them alone.
    var stepAlongPart: (s: Int, t: Int, detail: Int, shade: Int) { (step.s, step.t, step.detail, step.shade) }

    /// How many pixels from the current one on, 1 to `limit`, have their level of detail in
    /// `details`, which holds the current one's (its lower bound `Int.min`: none).
    @inline(__always)
    func pixels(whileDetailIn details: Range<Int>, atMost limit: Int) -> Int {
        let detail = point.detail, step = step.detail
        let pixels: Int
        if step > 0 {
            // Up to the range's end: pixels k with detail + k·step < upperBound.
            pixels = (details.upperBound &- detail &+ step &- 1) / step
        } else if step < 0, details.lowerBound > Int.min {
            // Down to its start: pixels k with detail + k·step ≥ lowerBound.
            pixels = (detail &- details.lowerBound) / (0 &- step) &+ 1
        } else {
            return limit
        }
        return min(max(pixels, 1), limit)
    }
}
