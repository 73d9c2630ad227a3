import FlipTransMixer
import Foundation
import XCTest

/// data/kdenlive/transitions holds the Kdenlive descriptor of every offered transition, as
/// frei0r-kdenlive-descriptors writes them from the parameters (run it after changing one).
final class KdenliveDescriptorTests: XCTestCase {
    func testTheShippedDescriptorsAreTheGeneratedOnes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/kdenlive/transitions")
        let shipped = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }
        XCTAssertEqual(Set(shipped), Set(MixerTransitions.offered().map(KdenliveDescriptor.fileName)))
        for type in MixerTransitions.offered() {
            let text = try String(contentsOf: folder.appendingPathComponent(KdenliveDescriptor.fileName(of: type)), encoding: .utf8)
            XCTAssertEqual(text, KdenliveDescriptor.xml(for: type),
                           "\(type.name): run swift run frei0r-kdenlive-descriptors data/kdenlive/transitions")
            for parameter in MixerParameter.all(for: type) {
                XCTAssertTrue(text.contains("name=\"\(parameter.name)\""), "\(type.name) \(parameter.name)")
            }
        }
    }
}
