import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// A decision reads what the frames show: its `progress` is the progress of the frame at its
/// time, and the settle starts from the screen the finger left. The originals' pan handlers
/// update the screen on `began` and `changed` only; on `ended` they read the recognizer and call
/// finish or cancel (UIPercentDrivenInteractiveTransition's, or an animation from the current
/// state), so nothing moves between the last `changed` sample and the settle's first frame.
///
/// Checked over the hostile drags, whose releases often fall exactly on a frame time and often
/// fling away from the last `changed` sample.
@Suite struct DecisionConsistencyTests {
    static let requests = HostileRequest.all

    static func frame(at time: Double, in simulation: Simulation) -> SimulationFrame? {
        simulation.frames.first { abs($0.time - time) <= GestureTrack.timeResolution }
    }

    @Test(arguments: requests)
    func theDecisionsProgressIsTheFramesAtItsTime(request: HostileRequest) throws {
        guard let simulation = try request.runUnlessRefused() else { return }
        let decision = try #require(simulation.decision)
        guard let frame = Self.frame(at: decision.time, in: simulation) else { return }
        #expect(
            abs(frame.progress - decision.progress) <= 1e-9 * max(1, abs(frame.progress)),
            "decision progress \(decision.progress), the frame at \(decision.time) s shows \(frame.progress)")
    }

    /// With `latest` resampling the frame one frame before the release shows the last `changed`
    /// sample when that sample came no later than it; the frame at the release starts the settle,
    /// and every settle here starts at rest (elapsed 0) from the state the screen showed.
    ///
    /// Dive Deeper by default reads the lift-off's progress and plays on from it, a documented
    /// choice (docs/presets.md); `legacyShouldFinish` reproduces the article, so it is checked here.
    @Test(arguments: requests.filter { ($0.parameters["touchResampling"] ?? .choice("latest")) == .choice("latest") })
    func theSettleStartsFromTheScreenTheFingerLeft(request: HostileRequest) throws {
        var request = request
        if request.preset.description.id == "miquido.diveDeeper" {
            request.parameters["legacyShouldFinish"] = .bool(true)
        }
        guard let simulation = try request.runUnlessRefused() else { return }
        let decision = try #require(simulation.decision)
        let samples = request.samples
        guard let releaseIndex = samples.lastIndex(where: { $0.phase.isTerminal }), releaseIndex > 0 else { return }
        let release = samples[releaseIndex]
        // A decision taken before the lift (a threshold crossed with the finger down) is not this case.
        guard abs(decision.time - release.time) <= GestureTrack.timeResolution else { return }
        let previousTime = release.time - 1 / request.frameRate
        guard samples[releaseIndex - 1].time <= previousTime + GestureTrack.timeResolution,
            let atRelease = Self.frame(at: release.time, in: simulation),
            let before = Self.frame(at: previousTime, in: simulation), before.phase == .interactive,
            // A transition that completes at its release (an immediate cancel) shows its settled screen.
            atRelease.phase == .animating
        else { return }
        for (shown, settling) in zip(before.layers, atRelease.layers) {
            #expect(
                Self.close(shown, settling),
                "layer \(shown.id): \(shown.presentationFrame) before the release, \(settling.presentationFrame) at it")
        }
    }

    static func close(_ a: LayerState, _ b: LayerState) -> Bool {
        // Points and unit fractions: a jump is tenths of a point; an animator paused, reversed and
        // restarted at the release recomputes its fraction to a few ulps.
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-7 * max(1, abs(x)) }
        let (r, s) = (a.presentationFrame, b.presentationFrame)
        return near(r.x, s.x) && near(r.y, s.y) && near(r.width, s.width) && near(r.height, s.height)
            && near(a.opacity, b.opacity) && near(a.cornerRadius, b.cornerRadius)
    }
}
