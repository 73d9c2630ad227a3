/// What a screen pixel covers of a panel's texture and how it is filtered.
///
/// A pixel square maps (to first order) onto the parallelogram of the texture spanned by
/// (∂s/∂X, ∂t/∂X) and (∂s/∂Y, ∂t/∂Y) around its texel point: its footprint. The ideal pixel is
/// the texture's mean over that parallelogram. Where neither side is longer than a texel, one
/// bilinear tap in the image is that mean to within a texel's blur. Elsewhere the parallelogram
/// is covered by a grid of taps: `alongX` spread evenly along its X side, `alongY` along its Y
/// side, each tap trilinear in the mipmap at texels of size ℓ, so each tap stands for a cell of
/// the grid. ℓ is the parallelogram's thickness (its area over its longer side), at least one
/// texel: a footprint stretched along one axis (a panel seen steeply) is sampled along that axis
/// at the level its short axis calls for, rather than blurred in both to the level of the long
/// one, and a footprint 1–2 texels across is filtered from where aliasing starts. At most
/// `maximumTaps` taps are taken; beyond that ℓ grows until they suffice.
struct Footprint {
    /// 64 rather than a GPU's usual 16: a card a few degrees from edge-on squeezes 30–60 texels
    /// into a pixel, and with 16 taps ℓ grew to 2–4 texels across too, fading 1-pixel lines that
    /// run along the card to grey. Only such pixels take more taps, and a panel that steep is
    /// narrow on screen: a fold costs 2–3 % more instructions a frame, the others no more.
    static let maximumTaps = 64

    /// log2 ℓ in 16.16 fixed point (of the longest side, for one tap standing for more than ℓ):
    /// positive where minified (the level of detail `MipmappedTexture.trilinear` takes); negative
    /// where magnified (one tap in level 0).
    var detail: Int
    var taps: FootprintTaps

    /// The footprint with sides (dsdx, dtdx) and (dsdy, dtdy), in texels (16.16 fixed point): the
    /// same stepped values give the same filter wherever a run of pixels starts.
    @inline(__always)
    init(dsdx: Int, dtdx: Int, dsdy: Int, dtdy: Int) {
        let unit = 1 / Float(TexelPoint.one)
        let (sx, tx, sy, ty) = (Float(dsdx) * unit, Float(dtdx) * unit, Float(dsdy) * unit, Float(dtdy) * unit)
        let squaredX = sx * sx + tx * tx, squaredY = sy * sy + ty * ty
        let longest = max(squaredX, squaredY)
        guard longest > 1 else {
            detail = Footprint.log2Fixed(squared: longest)
            taps = .single
            return
        }
        (detail, taps) = Footprint.grid(lengthX: squaredX.squareRoot(), lengthY: squaredY.squareRoot(),
                                        thickness: abs(sx * ty - sy * tx) / longest.squareRoot())
    }

    /// ℓ and the taps along each side for a footprint with sides of these lengths.
    private static func grid(lengthX: Float, lengthY: Float, thickness: Float) -> (detail: Int, taps: FootprintTaps) {
        var size = max(thickness, 1)
        while true {
            let (alongX, alongY) = (count(lengthX, size), count(lengthY, size))
            if alongX == 1 && alongY == 1 {
                // One tap, the common case, needs no reciprocals worked out. Standing for a side
                // longer than ℓ (up to 1.25ℓ), it is blurred to that side: sampled at ℓ, a
                // footprint 1–1.25 texels long took one lookup in the image itself, and 1-pixel
                // detail aliased where a longer one took two taps.
                let side = max(size, lengthX, lengthY)
                return (log2Fixed(squared: side * side), .single)
            }
            if alongX * alongY <= maximumTaps {
                return (log2Fixed(squared: size * size), FootprintTaps(alongX: alongX, alongY: alongY))
            }
            size *= 1.25
        }
    }

    /// Taps of spacing `size` that cover a side of `length`: ⌈length/size − ¼⌉, at least 1. The
    /// quarter lets a tap stand for up to 1.25 of its texels, so a footprint barely longer than
    /// it is thick (a panel shrunk a little, turned a little) keeps one tap, as isotropic
    /// filtering would, rather than doubling its cost for no visible gain.
    @inline(__always)
    private static func count(_ length: Float, _ size: Float) -> Int {
        // Rounded up by hand: `rounded(.up)` is a call into the C library where the target has
        // no rounding instruction.
        let taps = length / size - 0.25
        guard taps > 1 else { return 1 }
        let whole = Int(taps)
        return Float(whole) < taps ? whole + 1 : whole
    }

    /// log2 of √squared in 16.16 fixed point. A positive float's bits less those of 1.0 are
    /// 2^23·log2 of it, with the log made piecewise linear between powers of two (exact at them,
    /// continuous): shifted by 8 that is 2^15 steps per doubling of the square, 2^16 per doubling
    /// of its root.
    @inline(__always)
    private static func log2Fixed(squared: Float) -> Int {
        (Int(max(squared, .leastNormalMagnitude).bitPattern) - 0x3F80_0000) >> 8
    }
}
