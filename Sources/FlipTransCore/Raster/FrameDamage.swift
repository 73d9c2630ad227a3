/// What a picture holds: the panels last drawn into it, as they were worked out for drawing, over
/// which background. The renderer is given it back with the same picture (`Renderer.render(_:
/// convertingInto:over:)`), so that the next frame redraws only where it differs (`FrameDamage`).
/// It keeps the panels' images alive, so an image it names cannot be replaced by another at the
/// same address.
package struct DrawnScene: Sendable {
    let size: PixelSize
    let background: Color
    let panels: [PreparedPanel]
}

/// The parts of a frame that must be drawn again because they may differ from the frame already
/// in the picture: a frame of a transition often changes only in a strip (a clock's flap, a
/// page's turning half, the tiles a wave has reached), and the rest of the picture is already
/// right. Drawing only the damaged parts gives the very bytes that drawing everything would.
///
/// A pixel is drawn from the background and then from each panel in order that reaches it. If
/// every panel reaching it in either frame is drawn the same way in both, so is the pixel. A
/// panel is drawn the same way when it has the same image, region, placement, shading and clip
/// and the same outline (where a later panel's seam pushed it out, that too), and is drawn in
/// the same group (`groupCongruentPanels`: a member is drawn from its leader's rows, and a
/// group's rows from all its members). So the damage is the rectangles the other panels may
/// touch (`PreparedPanel.rows`, `columns`), in the old frame and the new.
struct FrameDamage {
    /// Damaged rectangles as rows and columns; they may overlap.
    private var rectangles: [(rows: Range<Int>, columns: Range<Int>)]
    /// The frame's width when all of it is damaged (no array, so a frame drawn whole allocates nothing).
    private var wholeWidth: Int?

    /// The whole frame.
    static func everything(_ size: PixelSize) -> FrameDamage {
        FrameDamage(rectangles: [], wholeWidth: size.width)
    }

    /// What drawing `panels` (grouped) over `background` changes in a picture that holds `drawn`;
    /// everything when it holds nothing known, or another size or background.
    init(drawing panels: ArraySlice<PreparedPanel>, over background: Color, size: PixelSize, replacing drawn: DrawnScene?) {
        guard let drawn, drawn.size == size, drawn.background == background else {
            self = .everything(size)
            return
        }
        let old = drawn.panels[...]
        let oldGroups = FrameDamage.groups(old), newGroups = FrameDamage.groups(panels)
        rectangles = []
        wholeWidth = nil
        for offset in 0..<max(old.count, panels.count) {
            let kept = offset < old.count && offset < panels.count && oldGroups[offset] == newGroups[offset]
                && FrameDamage.groupDrawsAlike(old, panels, members: newGroups[offset])
            guard !kept else { continue }
            for frame in [old, panels] where offset < frame.count {
                let panel = frame[frame.startIndex + offset]
                rectangles.append((panel.rows, panel.columns.clamped(to: 0..<size.width)))
            }
        }
    }

    private init(rectangles: [(rows: Range<Int>, columns: Range<Int>)], wholeWidth: Int?) {
        (self.rectangles, self.wholeWidth) = (rectangles, wholeWidth)
    }

    /// The columns to draw in `rows`: from the leftmost to the rightmost damaged column there;
    /// empty when nothing there is damaged.
    func columns(in rows: Range<Int>) -> Range<Int> {
        if let wholeWidth { return 0..<wholeWidth }
        var left = Int.max, right = Int.min
        for rectangle in rectangles where rectangle.rows.overlaps(rows) && !rectangle.columns.isEmpty {
            left = min(left, rectangle.columns.lowerBound)
            right = max(right, rectangle.columns.upperBound)
        }
        return left < right ? left..<right : 0..<0
    }

    /// For each panel, the offsets (from the slice's start) of the group it is drawn in.
    private static func groups(_ panels: ArraySlice<PreparedPanel>) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        groups.reserveCapacity(panels.count)
        while groups.count < panels.count {
            let leader = groups.count
            let group = leader..<(leader + 1 + panels[panels.startIndex + leader].congruentFollowers)
            groups += repeatElement(group, count: group.count)
        }
        return groups
    }

    /// Whether each of the group's `members` is drawn alike in `old` and `new`.
    private static func groupDrawsAlike(_ old: ArraySlice<PreparedPanel>, _ new: ArraySlice<PreparedPanel>, members: Range<Int>) -> Bool {
        members.allSatisfy { old[old.startIndex + $0].drawsAlike(new[new.startIndex + $0]) }
    }
}

extension PreparedPanel {
    /// Whether this panel and `other` put the same pixels wherever they reach, over the same
    /// pixels (drawn alone or leading the same group): the same image storage (images are never
    /// changed in place while a scene holds them), region, placement, shading, clip, outline and
    /// compositing.
    func drawsAlike(_ other: PreparedPanel) -> Bool {
        panel.image.sharesPixelStorage(with: other.panel.image) && panel.region == other.panel.region
            && panel.transform == other.panel.transform && panel.perspective == other.panel.perspective
            && panel.shading == other.panel.shading && panel.clip == other.panel.clip && edges == other.edges
            && panel.hidesWhatLiesUnder == other.panel.hidesWhatLiesUnder
    }
}
