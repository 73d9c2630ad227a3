/// The per-pixel work of drawing a prepared panel into a frame: for each covered pixel, find
/// its point in the texture (perspective-correct), sample it bilinearly — or, where one pixel
/// spans more than a texel, filter its footprint with taps in the mipmap (`Footprint`) — darken it by the shading, weight it by how much of the pixel the outline covers
/// (antialiasing), and composite it over what is already there (or, for a panel that hides what
/// lies under it, over the background in place of what is there).
extension PreparedPanel {
    /// Draws the panel's part of `band`, and that of each of `followers`, the panels congruent to it
    /// that come next (`congruentFollowers`), drawn from the same image. `texture` is the image;
    /// `mipmaps` are those of the panel's region and then each follower's, needed unless the panel
    /// is copied (`copyOffset`). Only the pixels in columns `window` (within the frame) must come
    /// out right (`FrameDamage`): others may be drawn too, but only within 256 pixels of it.
    /// `background` is the scene's, which a panel that hides what lies under it shows through.
    func draw(rows band: Range<Int>, columns window: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, frameWidth: Int,
              texture: PixelRows<UInt32>, mipmaps: ArraySlice<Mipmap?>, followers: ArraySlice<PreparedPanel>, background: UInt32) {
        let rowsToDraw = band.clamped(to: rows)
        guard !rowsToDraw.isEmpty else { return }
        if let offset = copyOffset {
            copyRows(rowsToDraw, columns: window, offset: offset, into: frame, frameWidth: frameWidth, texture: texture, background: background)
            return
        }
        guard !followers.isEmpty else {
            // A panel alone: the code for one target, with no loops over targets.
            guard let mipmap = mipmaps[mipmaps.startIndex] else { preconditionFailure("a resampled panel needs its mipmap") }
            let region = panel.region
            let base = TextureSampler(texels: texture.row(region.y) + region.x, rowLength: texture.rowStride,
                                      width: region.width, height: region.height)
            MipmappedTexture.with(base: base, mipmap: mipmap) { texture in
                drawRows(rowsToDraw, window: window, targets: SingleTarget(texture: texture), followers: followers, into: frame,
                         frameWidth: frameWidth, background: background)
            }
            return
        }
        withTargets(followers: followers, texture: texture, mipmaps: mipmaps) { targets in
            drawRows(rowsToDraw, window: window, targets: targets, followers: followers, into: frame, frameWidth: frameWidth,
                     background: background)
        }
    }

    /// Draws `rows` of the panel, and of `followers`, for each of `targets` (this panel's, then
    /// each follower's), so that the pixels in columns `window` come out right.
    private func drawRows<Targets: DrawTargets>(_ rows: Range<Int>, window: Range<Int>, targets: Targets, followers: ArraySlice<PreparedPanel>,
                                                into frame: UnsafeMutablePointer<UInt32>, frameWidth: Int, background: UInt32) {
        // Where the leader's rows may reach so that each member's stays in the frame, and the
        // narrowest gap between members (`drawRow` checks each row's pixels against it).
        let frameRange = -targets[targets.count - 1].dx..<frameWidth
        var gap = Int.max
        for index in 1..<targets.count { gap = min(gap, targets[index].dx - targets[index - 1].dx) }
        shadeTable.withUnsafeBufferPointer { shades in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: edges.count) { edgeOffsets in
                for y in rows {
                    let row = frame + y * frameWidth
                    if drawRow(y, window: window, targets: targets, frameRange: frameRange, gap: gap, shades: shades,
                               edgeOffsets: edgeOffsets, into: row, background: background) { continue }
                    // Each member on its own, from its own geometry.
                    for index in 0..<targets.count {
                        let member = index == 0 ? self : followers[followers.startIndex + index - 1]
                        _ = member.drawRow(y, window: window, targets: SingleTarget(texture: targets[index].texture), frameRange: 0..<frameWidth,
                                           gap: .max, shades: shades, edgeOffsets: edgeOffsets, into: row, background: background)
                    }
                }
            }
        }
    }

    /// Calls `body` with a target for this panel and then each of `followers`, textured from its
    /// own region of `texture` with its mipmap (`mipmaps`, in the same order); valid only within `body`.
    private func withTargets(followers: ArraySlice<PreparedPanel>, texture: PixelRows<UInt32>, mipmaps: ArraySlice<Mipmap?>,
                             _ body: (UnsafeBufferPointer<DrawTarget>) -> Void) {
        withUnsafeTemporaryAllocation(of: DrawTarget.self, capacity: followers.count + 1) { targets in
            func addTarget(_ index: Int) {
                guard index < targets.count else { return body(UnsafeBufferPointer(targets)) }
                let member = index == 0 ? self : followers[followers.startIndex + index - 1]
                guard let mipmap = mipmaps[mipmaps.startIndex + index] else { preconditionFailure("a resampled panel needs its mipmap") }
                let region = member.panel.region
                let base = TextureSampler(texels: texture.row(region.y) + region.x, rowLength: texture.rowStride,
                                          width: region.width, height: region.height)
                MipmappedTexture.with(base: base, mipmap: mipmap) { memberTexture in
                    targets.initializeElement(at: index, to: DrawTarget(texture: memberTexture, dx: region.x - panel.region.x))
                    addTarget(index + 1)
                }
            }
            addTarget(0)
        }
    }

    /// Draws row `y` of the panel for each target, from this panel's geometry; false, having drawn
    /// nothing, when a group cannot be drawn so (its members' pixels on the row would overlap by
    /// more than their ends, or a covered pixel fall outside the frame). `frameRange` is where the
    /// row's pixels may lie, `gap` the narrowest gap between targets; the pixels in columns
    /// `window` come out right; `background` shows through a panel that hides what lies under it.
    private func drawRow<Targets: DrawTargets>(_ y: Int, window: Range<Int>, targets: Targets, frameRange: Range<Int>, gap: Int,
                         shades: UnsafeBufferPointer<PixelLanes>, edgeOffsets: UnsafeMutableBufferPointer<Double>,
                         into row: UnsafeMutablePointer<UInt32>, background: UInt32) -> Bool {
        let centreY = Double(y) + 0.5
        // Pixels whose centre lies within half a pixel outside every edge get some coverage;
        // pixels at least half a pixel inside every edge are fully covered.
        var outer = (low: Double(frameRange.lowerBound) - 1, high: Double(frameRange.upperBound) + 1)
        var inner = outer
        for index in edges.indices {
            let edge = edges[index]
            let offset = edge.c + edge.ny * centreY
            edgeOffsets[index] = offset
            if abs(edge.nx) < 1e-9 {
                if offset <= -0.5 { return true }
                if offset < 0.5 { inner = (1, 0) }
                continue
            }
            let outerBound = (-0.5 - offset) / edge.nx, innerBound = (0.5 - offset) / edge.nx
            if edge.nx > 0 {
                outer.low = max(outer.low, outerBound)
                inner.low = max(inner.low, innerBound)
            } else {
                outer.high = min(outer.high, outerBound)
                inner.high = min(inner.high, innerBound)
            }
        }
        let span = PreparedPanel.pixelRange(outer, within: frameRange)
        guard !span.isEmpty else { return true }
        let full = PreparedPanel.pixelRange(inner, within: frameRange).clamped(to: span)
        // Members' pixels meet where tiles are pushed under each other at a joined seam: a member's
        // last pixels then lie under the next member's first ones. They are the right fringe and
        // the run's last two pixels, drawn from their own exact points in any case: drawn first, for
        // every member, before anything else of the row, each pixel is drawn in the panels' order.
        let ends = (span.upperBound - full.upperBound) + min(2, full.count)
        let meeting = span.count > gap
        if targets.count > 1 {
            // Hiding members that meet would fill under one another's ends: each is drawn alone.
            guard !meeting || !panel.hidesWhatLiesUnder && (span.count <= gap + ends && ends <= gap),
                  full.isEmpty || (full.lowerBound >= 0 && full.upperBound + targets[targets.count - 1].dx <= frameRange.upperBound)
            else { return false }
        }
        // No member's pixels on this row reach the window.
        guard span.lowerBound + targets[0].dx < window.upperBound, span.upperBound + targets[targets.count - 1].dx > window.lowerBound
        else { return true }

        let hiding = panel.hidesWhatLiesUnder ? background : nil
        if let background = hiding {
            // What lies under the fully covered pixels is replaced by the background, which the
            // panel is then composited over; the fringe mixes the two by coverage (below).
            for index in 0..<targets.count {
                let columns = (full.lowerBound + targets[index].dx)..<(full.upperBound + targets[index].dx)
                let hidden = columns.clamped(to: window)
                (row + hidden.lowerBound).update(repeating: background, count: hidden.count)
            }
        }
        for x in full.upperBound..<span.upperBound {
            drawFringePixel(x, centreY: centreY, targets: targets, shades: shades, edgeOffsets: edgeOffsets, into: row, window: window,
                            hiding: hiding)
        }
        drawCoveredRun(full, y: Float(centreY), window: window, targets: targets, shades: shades, into: row, lastPixelsFirst: meeting)
        for x in span.lowerBound..<full.lowerBound {
            drawFringePixel(x, centreY: centreY, targets: targets, shades: shades, edgeOffsets: edgeOffsets, into: row, window: window,
                            hiding: hiding)
        }
        return true
    }

    /// Draws a pixel the outline crosses, weighted by how much of it the outline covers, for each
    /// target that it lands in the window (the columns to draw, within the frame) of; given the
    /// background (`hiding`), what lay under the covered part of the pixel is replaced by it.
    /// Inlined: as a call of its own for each fringe pixel, the cards' frames took 2 M
    /// instructions more.
    @inline(__always)
    private func drawFringePixel<Targets: DrawTargets>(_ x: Int, centreY: Double, targets: Targets, shades: UnsafeBufferPointer<PixelLanes>,
                                 edgeOffsets: UnsafeMutableBufferPointer<Double>, into row: UnsafeMutablePointer<UInt32>, window: Range<Int>,
                                 hiding background: UInt32?) {
        guard (0..<targets.count).contains(where: { window.contains(x + targets[$0].dx) }) else { return }
        let centre = Point(Double(x) + 0.5, centreY)
        let coverage = edgeCoverage(at: centre, edgeOffsets: edgeOffsets)
        guard coverage > 0 else { return }
        // A centre beyond the horizon of a panel seen almost edge-on maps to no point of the
        // image: sample the covered part of the pixel instead.
        guard let point = texelPoint(atX: Float(centre.x), y: Float(centreY)) ?? {
            let centroid = coveredPart(ofPixelAt: centre).centroid
            return texelPoint(atX: Float(centroid.x), y: Float(centroid.y))
        }() else { return }
        let factors = PixelMath.scale(PreparedPanel.shadeFactors(at: point.shade, in: shades),
                                      by: PixelLanes(repeating: UInt16(truncatingIfNeeded: coverage)))
        for index in 0..<targets.count {
            let target = targets[index]
            guard window.contains(x + target.dx) else { continue }
            if let background {
                PreparedPanel.blend(target.texture.filtered(point), scaledBy: factors, coverage: UInt16(coverage), hiding: &row[x + target.dx],
                                    under: background)
            } else {
                composite(point, scaledBy: factors, texture: target.texture, over: &row[x + target.dx])
            }
        }
    }

    /// Samples `point` in `texture` and composites it, scaled by `factors` (its shade, weighted
    /// by how much of the pixel is covered: the same for each target of a group, so worked out
    /// once), over `pixel`.
    @inline(__always)
    func composite(_ point: TexelPoint, scaledBy factors: PixelLanes, texture: MipmappedTexture, over pixel: inout UInt32) {
        PreparedPanel.blend(texture.filtered(point), scaledBy: factors, over: &pixel)
    }

    /// The shade table's entry at position `position` (16.16), clamped to the table.
    @inline(__always)
    static func shadeFactors(at position: Int, in shades: UnsafeBufferPointer<PixelLanes>) -> PixelLanes {
        shades[min(max(position &>> 16, 0), shades.count &- 1)]
    }

    /// Composites `texel`, scaled by `factors`, over `pixel`.
    @inline(__always)
    static func blend(_ texel: PixelLanes, scaledBy factors: PixelLanes, over pixel: inout UInt32) {
        // Scaling by 255 is exact, so an unshaded, covered texel needs no test.
        pixel = PixelMath.over(PixelMath.packed(PixelMath.scale(texel, by: factors)), pixel)
    }

    /// Composites `texel`, scaled by `factors` (its shade weighted by `coverage`, 0…255), over
    /// `pixel` with what lies under the covered part replaced by `background`: texel + background ·
    /// (coverage − texel alpha) + pixel · (1 − coverage). For an opaque texel the background's
    /// share is 0, and this is `blend(_:scaledBy:over:)` to the bit.
    @inline(__always)
    static func blend(_ texel: PixelLanes, scaledBy factors: PixelLanes, coverage: UInt16, hiding pixel: inout UInt32, under background: UInt32) {
        let scaled = PixelMath.scale(texel, by: factors)
        let shown = PixelMath.scale(PixelMath.lanes(background), by: PixelLanes(repeating: coverage &- min(scaled[3], coverage)))
        let kept = PixelMath.scale(PixelMath.lanes(pixel), by: PixelLanes(repeating: 255 &- coverage))
        // Each term is rounded: their sum may pass 255 by a rounding.
        pixel = PixelMath.packed(pointwiseMin(scaled &+ shown &+ kept, PixelLanes(repeating: 255)))
    }

    /// What screen point (x, y) samples, exactly (one divide: perspective-correct); nil beyond
    /// the horizon, where the point maps to no point of the image.
    @inline(__always)
    func texelPoint(atX x: Float, y: Float) -> TexelPoint? {
        guard let (s, t, reciprocal) = texelCoordinates(atX: x, y: y) else { return nil }
        let m = screenToTexel
        let (gu, gv, g0) = gradientCoefficients
        // The footprint's sides: ∂(s, t)/∂X = ((a − s·g)/w, (d − t·g)/w), ∂(s, t)/∂Y = ((b − s·h)/w, (e − t·h)/w).
        return TexelPoint(s: s, t: t, dsdx: (m.a - s * m.g) * reciprocal, dtdx: (m.d - t * m.g) * reciprocal,
                          dsdy: (m.b - s * m.h) * reciprocal, dtdy: (m.e - t * m.h) * reciprocal, shade: gu * s + gv * t + g0)
    }

    /// The texel coordinates (s, t) screen point (x, y) samples and 1/w there, as `texelPoint`
    /// finds them; nil beyond the horizon.
    @inline(__always)
    func texelCoordinates(atX x: Float, y: Float) -> (s: Float, t: Float, reciprocal: Float)? {
        let m = screenToTexel
        let w = m.g * x + m.h * y + m.i
        guard w > 0 else { return nil }
        let reciprocal = 1 / w
        return ((m.a * x + m.b * y + m.c) * reciprocal, (m.d * x + m.e * y + m.f) * reciprocal, reciprocal)
    }

    /// Screen pixels whose centres lie in the open interval of x, clipped to `frameRange`.
    private static func pixelRange(_ interval: (low: Double, high: Double), within frameRange: Range<Int>) -> Range<Int> {
        let low = min(max(interval.low - 0.5, Double(frameRange.lowerBound)), Double(frameRange.upperBound))
        let high = min(max(interval.high - 0.5, Double(frameRange.lowerBound - 1)), Double(frameRange.upperBound - 1))
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.down))
        return first <= last ? first..<(last + 1) : first..<first
    }

    /// The fraction of the pixel centred at `centre` inside the outline (0…255). Where one edge
    /// crosses the pixel, the part it cuts off is estimated from its distance to the centre;
    /// where several do (a corner, or a sliver of a panel seen almost edge-on) those estimates
    /// would overlap and a thin sliver could vanish, so the pixel is clipped exactly.
    private func edgeCoverage(at centre: Point, edgeOffsets: UnsafeMutableBufferPointer<Double>) -> UInt32 {
        var uncovered = 0.0, crossing = 0
        for index in edges.indices {
            let inside = edges[index].nx * centre.x + edgeOffsets[index] + 0.5
            if inside < 1 {
                uncovered += 1 - max(inside, 0)
                crossing += 1
            }
        }
        let covered = crossing > 1 ? coveredPart(ofPixelAt: centre).area : max(1 - uncovered, 0)
        return UInt32((covered * 255).rounded())
    }

    /// The part of the pixel square centred at `centre` inside every edge.
    private func coveredPart(ofPixelAt centre: Point) -> (area: Double, centroid: Point) {
        let (x, y) = (centre.x, centre.y)
        let square = FourCorners(Point(x - 0.5, y - 0.5), Point(x + 0.5, y - 0.5), Point(x + 0.5, y + 0.5), Point(x - 0.5, y + 0.5))
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: edges.count) { cutting in
            // Only edges that reach into the square cut it: an edge whose every corner of the square
            // lies inside it leaves the square as it is (a board's panels have up to eight edges).
            var count = 0
            for (index, edge) in edges.enumerated() where edge.distance(to: centre) - 0.5 * (abs(edge.nx) + abs(edge.ny)) <= 1e-9 {
                cutting[count] = index
                count += 1
            }
            return PolygonClipping.withClipped(square, cuts: count, keepingWhere: { edges[cutting[$0]].distance(to: $1) }) { part in
                guard part.count >= 3 else { return (0, centre) }
                // The corners' mean: not the exact centroid, but inside the (convex) part.
                let sum = part.reduce(Point(0, 0)) { Point($0.x + $1.x, $0.y + $1.y) }
                return (Panel.signedArea(part), Point(sum.x / Double(part.count), sum.y / Double(part.count)))
            }
        }
    }

    /// A panel moved by whole pixels: its pixels are copied (with solid shading), not resampled,
    /// so a still image comes out bit-exact. Only those inside its clip, if it has one, and in
    /// columns `window` (within the frame); over `background` if it hides what lies under it.
    private func copyRows(_ frameRows: Range<Int>, columns window: Range<Int>, offset: (dx: Int, dy: Int),
                          into frame: UnsafeMutablePointer<UInt32>, frameWidth: Int, texture: PixelRows<UInt32>, background: UInt32) {
        let region = panel.region
        let clip = panel.clip ?? PixelRect(x: window.lowerBound, y: frameRows.lowerBound, width: window.count, height: frameRows.count)
        let firstX = max(region.x + offset.dx, clip.x, window.lowerBound)
        let endX = min(region.x + region.width + offset.dx, clip.x + clip.width, window.upperBound)
        guard firstX < endX else { return }
        let factors = shadeTable[0], factorPair = SIMD8(factors[0], factors[1], factors[2], factors[3],
                                                        factors[0], factors[1], factors[2], factors[3])
        for y in frameRows.clamped(to: clip.y..<(clip.y + clip.height)) {
            let sourceY = y - offset.dy
            guard sourceY >= region.y, sourceY < region.y + region.height else { continue }
            let source = texture.row(sourceY) - offset.dx
            let destination = frame + y * frameWidth
            if panel.hidesWhatLiesUnder { (destination + firstX).update(repeating: background, count: endX - firstX) }
            var x = firstX
            if factors == PixelLanes(repeating: 255) {
                // Unshaded: scaling by 255 changes nothing, so the pixels are composited as they are.
                while x &+ 2 <= endX {
                    PixelMath.over(two: UnsafeRawPointer(source + x).loadUnaligned(as: SIMD8<UInt8>.self), destination + x)
                    x &+= 2
                }
            }
            // Two pixels at a time, the same arithmetic in 8 lanes (a page's or a clock's shaded
            // half is copied every frame).
            while x &+ 2 <= endX {
                let two = PixelMath.scale(two: UnsafeRawPointer(source + x).loadUnaligned(as: SIMD8<UInt8>.self), by: factorPair)
                PixelMath.over(two: two, destination + x)
                x &+= 2
            }
            while x < endX {
                destination[x] = PixelMath.over(PixelMath.packed(PixelMath.scale(PixelMath.lanes(source[x]), by: factors)), destination[x])
                x &+= 1
            }
        }
    }
}
