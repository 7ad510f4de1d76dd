import SegueMath

/// What the interactive Instagram pops read from a gesture: whether the pan starts
/// a pop at all, and the translation and velocity at the release.
struct InstagramGesture {
    let track: GestureTrack
    let release: GestureSample
    let estimator: VelocityEstimator

    /// Requires a gesture that ends (ended or cancelled): the transition's outcome is
    /// decided by that sample.
    init(_ input: SimulationInput) throws(SimulationError) {
        guard let track = input.gesture else {
            throw SimulationError(
                pointer: "/gesture",
                "This preset is driven by a gesture: send {\"samples\": [...]} (GET /v1/presets/{id} has an example).")
        }
        guard let release = track.release else {
            throw SimulationError(
                pointer: "/gesture/samples",
                "The gesture never ends: its last sample must have phase 'ended' (or 'cancelled').")
        }
        self.track = track
        self.release = release
        estimator = VelocityEstimator(rawValue: input.parameters.choice("velocityEstimator")) ?? .standard
    }

    /// When UIKit's pan "begins": the first sample that moved; nil if the finger never moved.
    var recognitionTime: Double? {
        track.samples.first { $0.phase == .changed && $0.location != track.began.location }?.time
    }

    /// The velocity when the pan begins, which the seeds' gates read.
    var velocityAtRecognition: Point {
        recognitionTime.map { track.velocity(at: $0, using: estimator).velocity } ?? .zero
    }

    /// Translation from touch-down at `time`, window points.
    func translation(at time: Double) -> Point {
        track.translation(at: time)
    }

    /// The release velocity, points per second.
    var releaseVelocity: Point {
        track.velocity(at: release.time, using: estimator).velocity
    }

    /// The release decision: a cancelled gesture cancels; otherwise `rule` decides from
    /// the release's translation and velocity. `progress` is reported as read.
    func decision(by rule: InstagramReleaseRule, window: Size, progress: Double) -> Decision {
        let translation = translation(at: release.time)
        let velocity = releaseVelocity
        if release.phase == .cancelled {
            return Decision(
                outcome: .cancel, time: release.time, rule: "gestureCancelled", translation: translation,
                velocity: velocity, progress: progress, explanation: "the gesture was cancelled: cancel")
        }
        let (outcome, explanation) = rule.decide(translation: translation, velocity: velocity, window: window)
        return Decision(
            outcome: outcome, time: release.time, rule: rule.rawValue, translation: translation, velocity: velocity,
            progress: progress, explanation: explanation)
    }

    /// began, released, and finished or cancelled when the settle ends at `completed`.
    func events(completed: Double, outcome: Decision.Outcome) -> [SimulationEvent] {
        [
            SimulationEvent(time: track.began.time, type: .began),
            SimulationEvent(time: release.time, type: .released),
            SimulationEvent(time: completed, type: outcome == .finish ? .finished : .cancelled),
        ]
    }

    /// The gate that decides whether the pan starts the pop, with its reason.
    /// - horizontal (S1/S2): |vx| > |vy| when the pan begins.
    /// - yui (S6): vx > |vy| (rightward), or vy > 0 with the detail scrolled to its top,
    ///   which these scenes always are.
    func passesGate(_ gate: String) -> (passes: Bool, reason: String) {
        guard recognitionTime != nil else {
            return (false, "the finger never moved, so the pan never began")
        }
        let velocity = velocityAtRecognition
        let vx = Format.speed(velocity.x)
        let vy = Format.speed(velocity.y)
        if gate == "yui" {
            let passes = velocity.x > abs(velocity.y) || velocity.y > 0
            return (passes, "the pan began at (\(vx), \(vy)) pt/s; YUI pops on vx > |vy| or a downward pull (vy > 0)")
        }
        let passes = abs(velocity.x) > abs(velocity.y)
        return (
            passes,
            "the pan began at (\(vx), \(vy)) pt/s; seed 000 pops only when |vx| > |vy|"
        )
    }
}
