import Foundation
import SegueEngine
import SegueMath
import Testing

@testable import SegueAPI

/// Masks that are paths, and frame annotations, as they reach the wire.
@Suite struct SimulateResponseExtrasTests {
    @Test func pathMasksAndAnnotationsAreWrittenOnlyWhenPresent() throws {
        let frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let masked = LayerState(
            id: "logo", frame: frame,
            mask: MaskState(
                rect: Rect(x: 10, y: 5, width: 20, height: 10), cornerRadius: 0, cornerCurve: .circular,
                path: "M10,5 L30,5 L20,15 Z"))
        let plain = LayerState(id: "logo", frame: frame)
        let simulation = Simulation(
            presetID: "test", frameRate: 10, duration: 0.1,
            layers: [LayerDescription(id: "logo", role: "a mask", frame: frame)], decision: nil, events: [],
            frames: [
                SimulationFrame(
                    time: 0, phase: .animating, progress: 0, layers: [masked],
                    annotations: [
                        FrameAnnotation(name: "postIndex", value: .number(3)),
                        FrameAnnotation(name: "timeLabel", value: .text("10:24 AM")),
                    ]),
                SimulationFrame(time: 0.1, phase: .settled, progress: 1, layers: [plain]),
            ])
        let bytes = try SimulateResponse(simulation).encoded()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        let first = try #require((frames[0]["layers"] as? [String: Any])?["logo"] as? [String: Any])
        #expect((first["mask"] as? [String: Any])?["path"] as? String == "M10,5 L30,5 L20,15 Z")
        let annotations = try #require(frames[0]["annotations"] as? [String: Any])
        #expect(annotations["postIndex"] as? Double == 3)
        #expect(annotations["timeLabel"] as? String == "10:24 AM")
        #expect(frames[1]["annotations"] == nil)
        #expect(((frames[1]["layers"] as? [String: Any])?["logo"] as? [String: Any])?["mask"] is NSNull)
        // Annotation order is the preset's, so the bytes are deterministic.
        let text = String(decoding: bytes, as: UTF8.self)
        let index = try #require(text.range(of: "postIndex")?.lowerBound)
        let label = try #require(text.range(of: "timeLabel")?.lowerBound)
        #expect(index < label)
    }
}
