import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Images fitted into frames of the opposite extreme shape the side limits allow, through the
/// real command, in every fit mode: a 16×1024 image into a 1024×16 frame and back. The frame at
/// t = 0 is the first image fitted; its centre shows the image's colour in every mode.
struct ExtremeShapeTests {
    static let orange = Color(red: 250, green: 140, blue: 20)

    @Test(arguments: FitMode.allCases.map(\.rawValue), [("tall.png", "1024x16"), ("wide.png", "16x1024")])
    func fitsIntoTheOppositeShape(mode: String, shapes: (image: String, frame: String)) throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 16, height: 1024, filledWith: Self.orange), to: workspace.path("tall.png"))
        try PNGWriter.write(Image(width: 1024, height: 16, filledWith: Self.orange), to: workspace.path("wide.png"))
        let result = try workspace.run("still", shapes.image, shapes.image, "--at", "0", "--size", shapes.frame,
                                       "--fit", mode, "-o", "frame.png")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let frame = try ImageDecoder.decode(contentsOf: workspace.path("frame.png"))
        #expect("\(frame.width)x\(frame.height)" == shapes.frame)
        let centre = frame.pixel(x: (frame.width - 1) / 2, y: (frame.height - 1) / 2)
        #expect(abs(Int(centre.r) - 250) <= 2 && abs(Int(centre.g) - 140) <= 2 && abs(Int(centre.b) - 20) <= 2 && centre.a == 255,
                "\(centre)")
    }
}
