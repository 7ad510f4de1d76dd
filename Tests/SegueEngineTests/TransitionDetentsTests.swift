import Foundation
import SegueEngine
import SegueMath
import Testing

/// A sheet dragged between three detents, against values computed here: the sheet follows the
/// finger 1:1, the dimming is the interpolation between the two detents around it, past the top
/// the overshoot is UIScrollView's rubber band, and a release goes to the detent nearest the
/// projected position.
@Suite struct TransitionDetentsTests {
    static func sheet(at y: Double, dimming: Double) -> [String: PoseChange] {
        [
            "sheet": PoseChange(frame: Rect(x: 0, y: y, width: 390, height: 844)),
            "dimming": PoseChange(opacity: dimming),
        ]
    }

    static let document = TransitionDocument(
        window: Size(width: 390, height: 844),
        layers: [
            DocumentLayer(id: "dimming", kind: .solid, fill: .black), DocumentLayer(id: "sheet", kind: .content),
        ],
        poses: [
            Pose(
                name: "medium",
                layers: [
                    "dimming": PoseChange(frame: Rect(x: 0, y: 0, width: 390, height: 844), opacity: 0.2),
                    "sheet": PoseChange(frame: Rect(x: 0, y: 422, width: 390, height: 844)),
                ]),
            Pose(name: "large", layers: sheet(at: 100, dimming: 0.4)),
            Pose(name: "hidden", layers: sheet(at: 844, dimming: 0)),
        ],
        interaction: .pan(
            PanInteraction(
                startsIn: .layer("sheet"), direction: .vertical,
                tracking: .detents(
                    Detents(layer: "sheet", axis: .y, poses: ["large", "medium", "hidden"], from: "medium")),
                release: [], settle: Settle(curve: .cubic(.linear, duration: 0.3)))))

    static func drag(step: Double, steps: Int) throws -> Simulation {
        var samples = [GestureSample(time: 0, location: Point(x: 195, y: 600), phase: .began)]
        for index in 1...(steps + 1) {
            samples.append(
                GestureSample(
                    time: Double(index) / 60, location: Point(x: 195, y: 600 + step * Double(index)),
                    phase: index > steps ? .ended : .changed))
        }
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 60))
    }

    /// Up 5 pt a frame for 20 frames: the sheet at 422 − 5k, the dimming
    /// 0.4 + (0.2 − 0.4)·(y − 100)/322. Released at y = 322 moving −300 pt/s: projected
    /// 322 − 0.3·0.998/0.002 = 172.3, nearer large (100) than medium (422): finish to large.
    @Test func theSheetFollowsTheFingerAndSettlesAtTheNearestProjectedDetent() throws {
        let simulation = try Self.drag(step: -5, steps: 20)
        for frame in simulation.frames where frame.phase == .interactive {
            let k = (frame.time * 60).rounded()
            let y = 422 - 5 * k
            #expect(isClose(frame.progress, y, absolute: 1e-9), "progress is the sheet's origin")
            #expect(isClose(frame[layer: "sheet"]?.presentationFrame.y ?? .nan, y, absolute: 1e-9))
            #expect(isClose(frame[layer: "dimming"]?.opacity ?? .nan, 0.4 - 0.2 * (y - 100) / 322, absolute: 1e-12))
        }
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        #expect(decision.rule == "release/none")
        #expect(
            decision.explanation.contains("projected to 172.3 pt, nearest the detent 'large'"),
            "\(decision.explanation)")
        #expect(simulation.frames.last?[layer: "sheet"]?.presentationFrame.y == 100)
    }

    /// Down 2 pt a frame for 10 frames: y = 442, projected 442 + 0.12·499 = 501.9, nearest medium:
    /// a cancel back where the pan began.
    @Test func aShortDragSettlesBackAtItsDetent() throws {
        let simulation = try Self.drag(step: 2, steps: 10)
        #expect(simulation.decision?.outcome == .cancel)
        #expect(simulation.frames.last?[layer: "sheet"]?.presentationFrame.y == 422)
    }

    /// Up 25 pt a frame for 20 frames: the finger asks for y = 422 − 500 = −78, 178 pt past large;
    /// the sheet shows 100 − (1 − 1/(178·0.55/844 + 1))·844.
    @Test func pastTheTopDetentTheSheetRubberBands() throws {
        let simulation = try Self.drag(step: -25, steps: 20)
        let last = try #require(simulation.frames.last { $0.phase == .interactive })
        let banded = (1 - 1 / (178 * 0.55 / 844 + 1)) * 844
        #expect(isClose(last.progress, -78, absolute: 1e-9))
        #expect(isClose(last[layer: "sheet"]?.presentationFrame.y ?? .nan, 100 - banded, absolute: 1e-9))
    }

    /// Sideways when the pan is vertical: nothing starts, and every frame, the settled one too,
    /// shows the sheet at medium with progress 422, its position.
    @Test func aRefusedPanShowsTheStartingDetentsPosition() throws {
        var samples = [GestureSample(time: 0, location: Point(x: 195, y: 600), phase: .began)]
        samples.append(GestureSample(time: 1.0 / 60, location: Point(x: 215, y: 601), phase: .changed))
        samples.append(GestureSample(time: 2.0 / 60, location: Point(x: 235, y: 602), phase: .ended))
        let preset = try #require(DocumentPreset(Self.document))
        let simulation = try preset.run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 60))
        #expect(simulation.decision?.rule == "gate")
        #expect(simulation.decision?.progress == 422)
        #expect(simulation.frames.allSatisfy { $0.progress == 422 && $0[layer: "sheet"]?.frame.y == 422 })
    }

    /// Two detents that rest the sheet at the same place are a mistake at the second one.
    @Test func twoDetentsAtOnePlaceAreAProblem() {
        var document = Self.document
        document.poses.append(Pose(name: "alsoLarge", layers: Self.sheet(at: 100, dimming: 0.3)))
        document.interaction = .pan(
            PanInteraction(
                tracking: .detents(Detents(layer: "sheet", axis: .y, poses: ["large", "medium", "alsoLarge"])),
                release: [], settle: Settle(curve: .cubic(.linear, duration: 0.3))))
        #expect(document.problems.map(\.pointer) == ["/interaction/detents/poses/2"])
    }
}
