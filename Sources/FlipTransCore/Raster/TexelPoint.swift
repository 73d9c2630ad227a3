/// What a screen pixel samples from a panel: its texel coordinates (s, t), its level of detail
/// and its position in the shade table, all in 16.16 fixed point. Being integers, points can be
/// interpolated along a run of pixels with one add per field, with no float conversion.
struct TexelPoint: Equatable {
    static let one = 1 << 16

    /// Texel coordinates of level 0: texel centres are at whole numbers.
    var s: Int, t: Int
    /// log2 of the footprint as `MipmappedTexture.trilinear` takes it: positive where minified.
    var detail: Int
    /// Position in the panel's shade table, not yet clamped to it.
    var shade: Int

    /// A point from float coordinates and shade position, clamped to ±2^20 first (far beyond any
    /// texture; they are clamped again where used) so that the conversion cannot overflow.
    init(s: Float, t: Float, detail: Int, shade: Float) {
        self.init(s: TexelPoint.fixed(s), t: TexelPoint.fixed(t), detail: detail, shade: TexelPoint.fixed(shade))
    }

    private init(s: Int, t: Int, detail: Int, shade: Int) {
        (self.s, self.t, self.detail, self.shade) = (s, t, detail, shade)
    }

    private static let limit: Float = 1_048_576  // 2^20

    private static func fixed(_ value: Float) -> Int {
        Int(min(max(value, -limit), limit) * Float(one))
    }

    /// The step that reaches `end` from `self` in `count` equal steps.
    func step(to end: TexelPoint, count: Int) -> TexelPoint {
        TexelPoint(s: (end.s - s) / count, t: (end.t - t) / count,
                   detail: (end.detail - detail) / count, shade: (end.shade - shade) / count)
    }

    /// `self` advanced by `count` steps of `step`.
    func advanced(by step: TexelPoint, count: Int = 1) -> TexelPoint {
        // Wrapping arithmetic: points stay within ±2^36, and checks would cost in every pixel.
        TexelPoint(s: s &+ step.s &* count, t: t &+ step.t &* count,
                   detail: detail &+ step.detail &* count, shade: shade &+ step.shade &* count)
    }

    /// The larger of the distances between the two points' texel coordinates, in 16.16.
    func texelDistance(to other: TexelPoint) -> Int {
        max(abs(s - other.s), abs(t - other.t))
    }
}
