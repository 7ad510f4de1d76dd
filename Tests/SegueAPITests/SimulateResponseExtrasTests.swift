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

    /// A layer state equal to the one written for that layer before is written as the same bytes
    /// (copied from the earlier frame, `SimulateResponse.LayerTemplates`): -0 as 0 like 0 itself,
    /// a state that changes and changes back written afresh, and a mask's path compared by its
    /// bytes. The expected text is written out by hand from the wire's rules (docs/transitions.md,
    /// README "The frames").
    @Test func repeatedLayerStatesAreWrittenAsTheirOwnBytes() throws {
        let frame = Rect(x: 0, y: 0, width: 10, height: 20)
        let still = LayerState(
            id: "card", frame: frame, transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -0.0, ty: 0))
        let zero = LayerState(id: "card", frame: frame)
        let moved = LayerState(id: "card", frame: frame, opacity: 0.5)
        // "é" precomposed and decomposed: equal Strings, different bytes.
        let composed = LayerState(
            id: "card", frame: frame,
            mask: MaskState(rect: frame, cornerRadius: 0, cornerCurve: .circular, path: "M0,0 Z \u{E9}"))
        let decomposed = LayerState(
            id: "card", frame: frame,
            mask: MaskState(rect: frame, cornerRadius: 0, cornerCurve: .circular, path: "M0,0 Z e\u{301}"))
        #expect(composed == decomposed)
        let states = [still, zero, moved, zero, composed, decomposed]
        let simulation = Simulation(
            presetID: "test", frameRate: 10, duration: 0.5,
            layers: [LayerDescription(id: "card", role: "a card", frame: frame)], decision: nil, events: [],
            frames: states.enumerated().map { index, state in
                SimulationFrame(time: Double(index) / 10, phase: .animating, progress: 0, layers: [state])
            })
        let text = String(decoding: try SimulateResponse(simulation).encoded(), as: UTF8.self)
        let framesText = try #require(text.range(of: #""frames":"#).map { String(text[$0.upperBound...]) })
        let identity = #""transform":{"a":1,"b":0,"c":0,"d":1,"tx":0,"ty":0}"#
        let box = #""presentationFrame":{"x":0,"y":0,"width":10,"height":20}"#
        func layer(opacity: String = "1", mask: String = "null") -> String {
            #"{"card":{\#(identity),\#(box),"opacity":\#(opacity),"cornerRadius":0,"mask":\#(mask)}}"#
        }
        func mask(_ path: String) -> String {
            #"{"rect":{"x":0,"y":0,"width":10,"height":20},"cornerRadius":0,"cornerCurve":"circular","path":"\#(path)"}"#
        }
        let layers = [
            layer(), layer(), layer(opacity: "0.5"), layer(), layer(mask: mask("M0,0 Z \u{E9}")),
            layer(mask: mask("M0,0 Z e\u{301}")),
        ]
        let expected =
            "["
            + layers.enumerated().map { index, layers in
                let time = index == 0 ? "0" : "0.\(index)"
                return #"{"time":\#(time),"phase":"animating","progress":0,"layers":\#(layers)}"#
            }.joined(separator: ",") + "]}"
        #expect(framesText == expected)
    }
}
