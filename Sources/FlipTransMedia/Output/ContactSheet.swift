import FlipTransCore
import Foundation

/// A contact sheet: frames of a transition laid out in a grid, left to right and top to bottom,
/// each over a small label (its t), written as one PNG. The labels are drawn as the slides'
/// titles are (HarfBuzz and FreeType, DejaVu Sans).
public struct ContactSheet: Sendable {
    /// Cells across, at least 1; the rows are as many as the labels need.
    public var columns: Int
    /// One label per frame, in order.
    public var labels: [String]
    /// The sheet's colour between and under the frames.
    public var background: Color

    /// A sheet of `labels.count` cells, `columns` across (at least 1: the rows are worked out by
    /// dividing by it), over `background`.
    public init(columns: Int, labels: [String], background: Color) {
        self.columns = columns
        self.labels = labels
        self.background = background
    }

    /// "t = 0.25" for each time, all with the same decimals: the fewest (up to 3) that show every
    /// time exactly, or else the fewest (2 to 6) that tell them apart and show none inside
    /// (0, 1) as 0 or 1. So 0.9999 is not "1", nor 0.00001 "1e-05", and spaced times line up
    /// (0.01 … 0.10 … 0.99, not 0.0101 beside 0.101).
    public static func timeLabels(_ times: [Double]) -> [String] {
        func text(_ time: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", time == 0 ? 0 : time) }
        let exact = (0...3).first { decimals in times.allSatisfy { abs((Double(text($0, decimals)) ?? .nan) - $0) < 1e-9 } }
        let decimals = exact ?? (2...6).first { decimals in
            let texts = times.map { text($0, decimals) }
            return Set(texts).count == Set(times).count
                && zip(times, texts).allSatisfy { ($0 == 0 || $1 != text(0, decimals)) && ($0 == 1 || $1 != text(1, decimals)) }
        } ?? 6
        return times.map { "t = " + text($0, decimals) }
    }

    /// Pixels between cells and around the sheet.
    static let gap = 8

    /// The name of the format `format` gives.
    static let formatName = "sheet"

    /// The output format writing this sheet to a `.png`.
    public var format: OutputFormat {
        let sheet = self
        return OutputFormat(name: Self.formatName, extensions: ["png"], kind: .video, summary: "a contact sheet",
                            check: { options, _ in try options.refuseAll("a contact sheet is a PNG") },
                            checkFrames: { request in _ = try sheet.size(frame: request.size, path: request.path) },
                            open: { request in try ContactSheetSink(sheet: sheet, frame: request.size, path: request.path) })
    }

    var rows: Int { (labels.count + columns - 1) / columns }

    /// The sheet's size for frames of `frame`; throws when it is larger than a PNG FFmpeg writes.
    func size(frame: PixelSize, path: String) throws -> PixelSize {
        let label = Self.labelHeight(frame: frame)
        // In floating point first: a hostile --size must not overflow the sums.
        let width = Double(columns) * Double(frame.width + Self.gap) + Double(Self.gap)
        let height = Double(rows) * Double(frame.height + label + Self.gap) + Double(Self.gap)
        guard width < Double(Int32.max), height < Double(Int32.max), PNGWriter.canWrite(PixelSize(width: Int(width), height: Int(height))) else {
            throw MediaError(.outputRefused, path: path, reason: "a contact sheet of \(labels.count) frames of \(frame) would be \(Int(width))x\(Int(height)), "
                             + "larger than a PNG FFmpeg writes; show fewer frames or give a smaller --size")
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// The height of a label's strip under its frame: a tenth of the frame's height, at least 14
    /// pixels (the text is 7/10 of it).
    static func labelHeight(frame: PixelSize) -> Int { max(14, frame.height / 10) }
}

/// Draws each frame into its cell of the sheet as it comes, and labels and writes the sheet when
/// finished.
final class ContactSheetSink: OutputSink {
    private let sheet: ContactSheet
    private let path: String
    private let frame: PixelSize
    private var canvas: Image
    private var placed = 0
    private(set) var statistics = EncoderStatistics()

    init(sheet: ContactSheet, frame: PixelSize, path: String) throws {
        self.sheet = sheet
        self.frame = frame
        self.path = path
        let size = try sheet.size(frame: frame, path: path)
        do {
            canvas = try Image.allocate(width: size.width, height: size.height, filledWith: sheet.background)
        } catch {
            throw MediaError.notEnoughMemory(path: path, for: size, .sheet)
        }
    }

    private func origin(ofCell index: Int) -> (x: Int, y: Int) {
        let gap = ContactSheet.gap
        return (gap + (index % sheet.columns) * (frame.width + gap),
                gap + (index / sheet.columns) * (frame.height + ContactSheet.labelHeight(frame: frame) + gap))
    }

    func append(_ image: Image) throws {
        guard placed < sheet.labels.count else { throw MediaError(.invalidRequest, path: path, reason: "more frames than the sheet has cells") }
        guard image.size == frame else { throw MediaError(.invalidRequest, path: path, reason: "a \(image.size) frame given to a sheet of \(frame) cells") }
        let (left, top) = origin(ofCell: placed)
        image.withPixels { source in
            canvas.withMutablePixels { target in
                for y in 0..<image.height {
                    (target.row(top + y) + left).update(from: source.row(y), count: image.width)
                }
            }
        }
        placed += 1
        statistics.framesWritten = placed
    }

    func repeatLastFrame() throws {
        throw MediaError(.invalidRequest, path: path, reason: "a contact sheet holds each frame once")
    }

    func finish() throws {
        try drawLabels()
        try PNGWriter.write(canvas, to: path, marked: true)
    }

    /// Draws each cell's label under it, centred, in the slides' text engine; a label wider than
    /// its cell and the gaps beside it is drawn smaller (down to 5 pixels per em), so that
    /// neighbours do not run into each other.
    private func drawLabels() throws {
        let strip = ContactSheet.labelHeight(frame: frame)
        let fonts = try TextFonts().regular()
        let ink: Color = sheet.background.isLight ? .black : .white
        let room = frame.width + ContactSheet.gap
        for (index, label) in sheet.labels.enumerated() {
            let (left, top) = origin(ofCell: index)
            var mask = TextMask(lines: [label], pixels: strip * 7 / 10, fonts: fonts)
            var pixels = strip * 7 / 10
            while mask.width > room, pixels > 5 {
                pixels = max(5, min(pixels - 1, pixels * room / mask.width))
                mask = TextMask(lines: [label], pixels: pixels, fonts: fonts)
            }
            let (x, y) = (left + (frame.width - mask.width) / 2, top + frame.height + (strip - mask.height) / 2)
            // On a see-through sheet the page behind decides: black text with a white rim reads
            // on a light page and a dark one (black alone vanished on a dark one).
            if sheet.background.alpha < 128 {
                for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    mask.paint(.white, onto: &canvas, x: x + dx, y: y + dy)
                }
            }
            mask.paint(ink, onto: &canvas, x: x, y: y)
        }
    }
}

private extension Color {
    /// Light enough for black text.
    var isLight: Bool { alpha < 128 || Int(red) * 299 + Int(green) * 587 + Int(blue) * 114 > 128_000 }
}
