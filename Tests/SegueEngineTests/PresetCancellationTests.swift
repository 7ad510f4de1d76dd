import SegueMath
import Synchronization
import Testing

@testable import SegueEngine

/// Every frame loop a preset runs asks the input's cancellation check, so a simulation whose
/// client has gone stops within one batch whatever path it takes: the presets' own runs, the
/// tap-started Instagram push and pop (documents, on `TapTransition`) and a pan the start gate refused
/// (`PresetGesture.refused`), which used to build their frame grids without the check.
@Suite struct PresetCancellationTests {
    /// A preset that names itself in test output.
    struct PresetBox: CustomTestStringConvertible, Sendable {
        let preset: any Preset
        var testDescription: String { preset.description.id }
    }

    static let presets = PresetCatalogue.builtIn.presets.map { PresetBox(preset: $0) }

    /// How often a check was asked, shared with the check's closure.
    final class Checks: Sendable {
        private let count = Atomic<Int>(0)
        func ask() { count.add(1, ordering: .relaxed) }
        var asked: Int { count.load(ordering: .relaxed) }
    }

    /// The input `run` would build, at 240 Hz (so every example lasts more than one frame) and with
    /// a check that has already fired and counts how often it is asked.
    static func cancelledInput(
        _ preset: any Preset, samples: [GestureSample]?, checks: Checks
    ) throws -> SimulationInput {
        let gesture = try samples.map { samples throws -> GestureTrack in
            try GestureTrack(samples: samples, allowsMultipleStrokes: preset.acceptsRegrab)
        }
        return SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: [:]),
            parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: gesture, frameRate: 240,
            cancellation: CancellationCheck {
                checks.ask()
                return true
            })
    }

    static func expectCancelled(
        _ preset: any Preset, _ input: SimulationInput, checks: Checks,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do throws(SimulationError) {
            let simulation = try preset.simulate(input)
            Issue.record(
                "\(preset.description.id) built \(simulation.frames.count) frames past a cancelled check",
                sourceLocation: sourceLocation)
        } catch {
            #expect(error.isCancellation, "\(error)", sourceLocation: sourceLocation)
        }
        #expect(checks.asked >= 1, sourceLocation: sourceLocation)
    }

    /// Each preset with its example gesture (the tap-started ones without): stopped, not finished.
    @Test(arguments: presets)
    func everyPresetStopsOnACancelledCheck(box: PresetBox) throws {
        let checks = Checks()
        let input = try Self.cancelledInput(box.preset, samples: box.preset.exampleGesture, checks: checks)
        Self.expectCancelled(box.preset, input, checks: checks)
    }

    /// The tap-started Instagram push and pop, documents, run on `DocumentPreset`'s `TapTransition`.
    @Test(arguments: [PresetBox(preset: InstagramPush.preset), PresetBox(preset: InstagramPop.preset)])
    func theInstagramAnimationStopsOnACancelledCheck(box: PresetBox) throws {
        let preset = box.preset
        let checks = Checks()
        let input = try Self.cancelledInput(preset, samples: nil as [GestureSample]?, checks: checks)
        Self.expectCancelled(preset, input, checks: checks)
    }

    /// A vertical pan never starts Instagram's interactive pop (its gate wants a rightward pan), so
    /// the frames are the still screen of `refused`: 13/60 s at 240 Hz, 53 frames, none built.
    @Test func aPanTheGateRefusedStopsOnACancelledCheck() throws {
        let samples = ExampleGestures.linearDrag(from: Point(x: 100, y: 300), by: Point(x: 10, y: 200), over: 0.2)
        let checks = Checks()
        let preset = InstagramInteractivePop.preset
        let input = try Self.cancelledInput(preset, samples: samples, checks: checks)
        #expect(try run(preset, samples: samples, frameRate: 240).decision?.rule == "gate")
        Self.expectCancelled(preset, input, checks: checks)
    }

    /// `refused` itself, asked directly: cancelled after its first batch of
    /// `CancellationCheck.frameBatch` frames, it stops at the next check. 0 s to the release at
    /// 241/60 s at 240 Hz is 965 frames, four batches.
    @Test func theStillScreenStopsAtTheNextBatch() throws {
        let track = try GestureTrack(
            samples: ExampleGestures.linearDrag(from: Point(x: 100, y: 300), by: Point(x: 0, y: 100), over: 4))
        let checks = Atomic<Int>(0)
        let input = SimulationInput(
            scene: ParameterValues(), parameters: ParameterValues(), gesture: track, frameRate: 240,
            cancellation: CancellationCheck { checks.add(1, ordering: .relaxed).newValue > 1 })
        let gesture = try PresetGesture(input)
        #expect(throws: SimulationError.cancelled) {
            _ = try gesture.refused("refused", presetID: "still", layers: [], still: [], input: input)
        }
        #expect(checks.load(ordering: .relaxed) == 2)
    }
}
