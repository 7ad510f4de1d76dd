import SegueMath

/// What an interactive preset reads from its gesture: the validated track, the
/// release sample, when the pan was recognised, and translation and velocity with
/// the estimator the `velocityEstimator` parameter names. Shared by the families;
/// each adds its own gates and rules in an extension.
struct PresetGesture {
    let track: GestureTrack
    let release: GestureSample
    /// The last sample the screen followed (`GestureTrack.lastFollowed`). The originals' handlers
    /// read the recognizer on `ended` for the decision and call finish or cancel, which animate
    /// from the screen as it is (Foltányi's InstagramTransition, UIPercentDrivenInteractiveTransition's
    /// finish and cancel, the YUI gallery's handlers): the lift-off point is read by the rules but
    /// never shown.
    let lastFollowed: GestureSample
    let estimator: VelocityEstimator
    /// How the finger is read between samples (`touchResampling`).
    let resampling: TouchResampling

    /// Requires a gesture that ends (ended or cancelled): the transition's outcome is
    /// decided by that sample.
    init(_ input: SimulationInput) throws(SimulationError) {
        try self.init(
            input, estimator: input.parameters[SharedKeys.velocityEstimator],
            resampling: input.parameters[SharedKeys.touchResampling])
    }

    /// As `init(_:)`, with the estimator and the resampling given rather than read from the
    /// input's parameters (a transition document states them on its pan).
    init(_ input: SimulationInput, estimator: VelocityEstimator, resampling: TouchResampling) throws(SimulationError) {
        guard let track = input.gesture else {
            throw SimulationError.gestureRequired
        }
        try self.init(track: track, estimator: estimator, resampling: resampling)
    }

    /// One stroke (or a whole single-stroke gesture), read with `estimator` and `resampling`.
    init(track: GestureTrack, estimator: VelocityEstimator, resampling: TouchResampling) throws(SimulationError) {
        guard let release = track.release, let lastFollowed = track.lastFollowed else {
            throw SimulationError.gestureNeverEnds(otherwise: nil)
        }
        self.track = track
        self.release = release
        self.lastFollowed = lastFollowed
        self.estimator = estimator
        self.resampling = resampling
    }

    /// When UIKit's pan "begins": the first sample that moved; nil if the finger never moved.
    var recognitionTime: Double? {
        track.samples.first { $0.phase == .changed && $0.location != track.began.location }?.time
    }

    /// The velocity when the pan begins, which the seeds' gates read.
    var velocityAtRecognition: Point {
        recognitionTime.map { track.velocity(at: $0, using: estimator).velocity } ?? .zero
    }

    /// Translation from touch-down at `time`, window points, read as `touchResampling` says.
    func translation(at time: Double) -> Point {
        track.translation(at: time, resampling: resampling)
    }

    /// The translation the screen follows at `time`: as ``translation(at:)``, but held at the last
    /// followed sample from there on, so that `interpolate` does not glide toward the lift-off point
    /// and the settle starts from what the last frame before the release showed.
    func followed(at time: Double) -> Point {
        translation(at: min(time, lastFollowed.time))
    }

    /// What the screen shows when the finger lifts: the translation the settle starts from.
    var shownAtRelease: Point {
        translation(at: lastFollowed.time)
    }

    /// The release velocity, points per second.
    var releaseVelocity: Point {
        track.velocity(at: release.time, using: estimator).velocity
    }

    /// The release decision: a cancelled gesture cancels under rule `gestureCancelled` (with
    /// `cancelled` as its explanation); otherwise `decide`, given the release's translation and
    /// velocity (read once, for the rule and the decision alike), gives the outcome and its
    /// explanation under `rule`. `progress` is what the frames show at the release;
    /// `ruleProgress`, a progress the rule read that the screen does not show (an unclamped
    /// ratio), is reported beside it.
    func decision(
        rule: String, progress: Double, ruleProgress: Double? = nil,
        cancelled: String = "the gesture was cancelled: cancel",
        _ decide: (_ translation: Point, _ velocity: Point) -> (Decision.Outcome, String)
    ) -> Decision {
        let translation = translation(at: release.time)
        let velocity = releaseVelocity
        let wasCancelled = release.phase == .cancelled
        let (outcome, explanation) = wasCancelled ? (.cancel, cancelled) : decide(translation, velocity)
        return Decision(
            outcome: outcome, time: release.time, rule: wasCancelled ? "gestureCancelled" : rule,
            translation: translation, velocity: velocity, progress: progress,
            ruleProgress: wasCancelled ? nil : ruleProgress, explanation: explanation)
    }

    /// began, released, and finished or cancelled when the settle ends at `completed`.
    func events(completed: Double, outcome: Decision.Outcome) -> [SimulationEvent] {
        [
            SimulationEvent(time: track.began.time, type: .began),
            SimulationEvent(time: release.time, type: .released),
            SimulationEvent(time: completed, type: outcome == .finish ? .finished : .cancelled),
        ]
    }
}
