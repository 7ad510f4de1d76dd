public import SegueMath

/// Asks an interactive preset what it decides for a release, by running it on a gesture built to
/// end at that release: the finger touches down where the preset's example does, moves along the
/// example's direction, and for its last `tailFrames` frames moves at the release velocity so that
/// every velocity estimator (UIKit's two-move blend, Flutter's 100 ms least squares) reads
/// exactly that velocity, lifting at the release translation.
///
/// Only the decision is wanted, so the simulation builds only its first frame
/// (`SimulationInput.horizon`): the presets take their decision from the gesture before they
/// build any frame.
public struct ReleaseProbe: Sendable {
    public let preset: any Preset
    /// The unit vector along which translation and velocity are measured: right, left, down or up,
    /// whichever is nearest the direction from the example's touch-down to the point of it farthest
    /// away, the way the preset is meant to be dragged. Snapped to the screen's axes because every
    /// preset's rules read a horizontal or a vertical drag, and a designer reads "points right".
    public let axis: Point
    /// For a transition document, the translations along `axis` its release is worth mapping
    /// over (its scrub's distance, or its detents); nil for a preset that is code.
    public let documentSpan: ClosedRange<Double>?
    /// The example's `began` sample: where and when the probe touches down.
    let touchDown: GestureSample
    var input: SimulationInput

    /// Frames per second of the probe's samples (and its one frame): a 60 Hz display.
    static let frameRate = 60.0
    /// Frames at the release velocity before the lift: 8 frames, 133 ms, more than Flutter's
    /// 100 ms window and UIKit's two moves.
    static let tailFrames = 8
    /// The first moves, 4 pt a frame along the axis, so that presets whose pan must start in
    /// their direction recognise it.
    static let nudgeFrames = 2
    static let nudgeStep = 4.0
    /// Speed of the lead-in from the nudge to where the tail starts, points per second.
    static let leadSpeed = 1500.0
    /// The slowest release velocity probed, points per second. A finger that does not move between
    /// samples shows no velocity at all: UIKit keeps its last move's (its estimator skips a sample
    /// at the same place), so a release asked for at 0 pt/s (or within a hair of it, where the moves
    /// would vanish in floating point) is probed creeping at this speed, backwards for 0 itself,
    /// the way a finger easing off a drag reads.
    static let creep = 1e-6
    /// Bounds on the lead-in's frames: a few at least, so the lead-in is a move and not a jump;
    /// at most this many, whatever the span (the API bounds the spans far below it).
    static let leadFrames = 4...2000

    /// A probe for `preset` with these scene and parameters; nil when the preset is tap-started
    /// or its example never leaves its touch-down point.
    public init?(
        preset: any Preset, scene: ParameterValues, parameters: ParameterValues,
        cancellation: CancellationCheck = .never
    ) {
        guard let example = preset.exampleGesture, let first = example.first else { return nil }
        let farthest = example.max { ($0.location - first.location).length < ($1.location - first.location).length }
        guard let farthest, (farthest.location - first.location).length > 0 else { return nil }
        self.preset = preset
        let reach = farthest.location - first.location
        // A document's pan names its axis and the way its progress grows; a preset's is read off its example.
        let drag = preset.releaseSpan(scene: scene, parameters: parameters)
        axis =
            drag?.axis
            ?? (abs(reach.x) >= abs(reach.y)
                ? Point(x: reach.x < 0 ? -1 : 1, y: 0) : Point(x: 0, y: reach.y < 0 ? -1 : 1))
        documentSpan = drag?.translations
        touchDown = GestureSample(time: first.time, location: first.location, phase: .began)
        input = SimulationInput(
            scene: scene, parameters: parameters, gesture: nil, frameRate: Self.frameRate, cancellation: cancellation)
    }

    /// How far the scene's window (a transition document's own) reaches along the axis, points:
    /// a natural span for the translation; nil when the scene has no window.
    public var windowReach: Double? {
        guard let window = preset.window(of: input.scene) else { return nil }
        let reach = abs(axis.x) * window.width + abs(axis.y) * window.height
        return reach > 0 && reach.isFinite ? reach : nil
    }

    /// Whether the work is still wanted.
    public var isCancelled: Bool { input.cancellation.isCancelled }

    /// The gesture that releases at `release`: touch-down, nudge, lead-in, tail, lift one frame
    /// after the last move at the same place (as a device reports it).
    public func samples(releasingAt release: ReleasePoint) -> [GestureSample] {
        var release = release
        if abs(release.velocity) < Self.creep {
            release.velocity = release.velocity > 0 ? Self.creep : -Self.creep
        }
        let step = 1 / Self.frameRate
        let nudged = Double(Self.nudgeFrames) * Self.nudgeStep
        let tailDuration = Double(Self.tailFrames) * step
        let tailStart = release.translation - release.velocity * tailDuration
        let span = abs(tailStart - nudged) / (Self.leadSpeed * step)
        let leadFrames =
            span.isFinite
            ? Int(min(max(span.rounded(.up), Double(Self.leadFrames.lowerBound)), Double(Self.leadFrames.upperBound)))
            : Self.leadFrames.upperBound
        // Built once per probe, thousands of times per map: one allocation, the size known.
        var samples = [touchDown]
        samples.reserveCapacity(Self.nudgeFrames + leadFrames + Self.tailFrames + 2)
        var frame = 0
        func move(to along: Double, phase: GesturePhase = .changed) {
            frame += 1
            samples.append(
                GestureSample(
                    time: touchDown.time + Double(frame) * step, location: touchDown.location + axis * along,
                    phase: phase))
        }
        for index in 1...Self.nudgeFrames {
            move(to: Double(index) * Self.nudgeStep)
        }
        for index in 1...leadFrames {
            move(to: nudged + (tailStart - nudged) * Double(index) / Double(leadFrames))
        }
        for index in 1...Self.tailFrames {
            move(to: tailStart + release.velocity * Double(index) * step)
        }
        move(to: release.translation, phase: .ended)
        return samples
    }

    /// What the preset decides for `release`.
    public func decision(at release: ReleasePoint) throws(SimulationError) -> Decision {
        let gesture: GestureTrack
        do {
            gesture = try GestureTrack(samples: samples(releasingAt: release), maximumSampleCount: .max)
        } catch {
            throw .fields([FieldIssue(.parameters, "release", error.description)])
        }
        var probing = input
        probing.gesture = gesture.alignedToFrames(at: Self.frameRate)
        probing.horizon = touchDown.time
        let simulation = try preset.run(probing)
        guard let decision = simulation.decision else {
            throw .fields([FieldIssue(.parameters, "release", "the preset took no decision for this release")])
        }
        return decision
    }

    /// The decision's outcome for `release`.
    public func outcome(at release: ReleasePoint) throws(SimulationError) -> Decision.Outcome {
        try decision(at: release).outcome
    }

    /// Where a decision's release lies on this probe's axis.
    public func releasePoint(of decision: Decision) -> ReleasePoint {
        ReleasePoint(translation: decision.translation.dot(axis), velocity: decision.velocity.dot(axis))
    }
}
