import Foundation
import Testing
import FlipTransCore

struct TmpProbeTests {
    @Test func probe() throws {
        var worst: [String: (Double, Double)] = [:]
        for step in 0..<50 {
            let factor = 0.5 + Double(step) * 0.01
            var line = String(format: "%.2f", factor)
            for (name, image) in [("photo", TestImages.photoLike(96, 64)), ("checker", TestImages.checkerboard(96, 64)), ("lines", TestImages.horizontalLines(96, 64, period: 4))] {
                let scene = FilteringQualityTests.shrunkScene(image, factor)
                let psnr = FilteringQualityTests.interiorPSNR(Renderer().render(scene), reference: ReferenceRasterizer().render(scene))
                line += "  \(name) " + String(format: "%.1f", psnr)
                if psnr < (worst[name]?.1 ?? 1000) { worst[name] = (factor, psnr) }
            }
            print("[probe] " + line)
        }
        print("[probe] worst \(worst)")
    }
}
