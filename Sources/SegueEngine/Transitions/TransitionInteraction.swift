public import SegueMath

/// How a document's transition is driven.
public enum Interaction: Sendable, Hashable {
    /// A tap: the layers animate from one pose to another along a curve.
    case tap(TapInteraction)
    /// A pan: the finger scrubs the layers between two poses, and its release picks where
    /// they settle.
    case pan(PanInteraction)
    /// A press: the layers go toward a pose while the finger is down and come back when it lifts.
    case press(PressInteraction)
}

/// `{"type": "tap", "from", "to", "curve"}`.
public struct TapInteraction: Sendable, Hashable {
    public var from: String
    public var to: String
    public var curve: CurveSpec
    /// The pose the settled frame shows, once the animation is over; nil for `to`. It differs
    /// from `to` where a transition's completion removes what only the animation needed (a
    /// snapshot, a mask, a dimming view), as a `UIViewControllerAnimatedTransitioning`
    /// completion block does.
    public var settled: String?
    /// Properties on curves of their own (`TapTrack`), in order; empty for none.
    public var tracks: [TapTrack] = []

    public init(from: String, to: String, curve: CurveSpec, settled: String? = nil) {
        self.from = from
        self.to = to
        self.curve = curve
        self.settled = settled
    }
}

/// A timing curve as a document states it, kept in its own form so that a spring can be made
/// again with the velocity a release hands it (UIKit's duration form solves its stiffness for
/// that velocity).
public enum CurveSpec: Sendable, Hashable {
    /// A cubic Bézier over a duration (named curves are these).
    case cubic(CubicBezier, duration: Double)
    /// UIKit's `duration` + `dampingRatio` spring; it ends at its duration.
    case uikitSpring(duration: Double, dampingRatio: Double, initialVelocity: Double)
    /// A spring of given mass, stiffness and damping (every other spring form resolves to one);
    /// it ends when it settles, or at `duration` when the form gives one.
    case spring(Spring, initialVelocity: Double, duration: Double?)

    /// The curve, with `initialVelocity` (relative, changes per second) in place of the one the
    /// document gave when not nil; nil when that velocity gives no usable spring.
    public func timingCurve(initialVelocity handed: Double? = nil) -> TimingCurve? {
        switch self {
        case .cubic(let bezier, let duration):
            return .cubic(bezier, duration: duration)
        case .uikitSpring(let duration, let ratio, let velocity):
            let v = handed ?? velocity
            return Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: v).map {
                .spring($0, initialVelocity: v, duration: duration)
            }
        case .spring(let spring, let velocity, let duration):
            return .spring(spring, initialVelocity: handed ?? velocity, duration: duration)
        }
    }

    /// Whether a release's velocity can be handed to it.
    public var isSpring: Bool {
        if case .cubic = self { return false }
        return true
    }
}

/// `{"type": "pan", …}`: where the pan may start and which way, how the finger moves the layers
/// (a scrub between two poses, or detents a layer is dragged between), the layers that follow it,
/// the release guards and the settle.
public struct PanInteraction: Sendable, Hashable {
    public var startsIn: StartRegion?
    public var direction: PanDirection
    /// Whether a new stroke during the settle catches the layers where they are, and goes on
    /// from the progress caught (the gesture may then hold several strokes). Declared before
    /// `tracking`: declared last, the debug build of Swift 6.3 here copied an `Interaction`
    /// through a null pointer when a catalogue document was first built.
    public var interruptible: Bool
    /// The pose shown before the pan is recognised and for a pan that never starts; nil for the
    /// scrub's `from` (or the detents' `from`). It differs where the view at rest is not the
    /// animation's first state: a detail screen alone, before the pop sets up its mask and the
    /// grid behind it.
    public var idle: String?
    /// For a target pose, the pose the final frame shows once the settle reaches it (what the
    /// transition's completion leaves, helper views removed); a target not listed shows itself.
    public var settled: [String: String] = [:]
    /// What `direction` is checked against: the first movement (the default), or the finger's
    /// velocity when the pan is recognised, as a `gestureRecognizerShouldBegin(_:)` that reads
    /// `velocity(in:)` does.
    public var directionTest: DirectionTest = .movement
    /// How many times the across component the along one must exceed for `direction` to hold
    /// (1: the larger wins), as a `gestureRecognizerShouldBegin(_:)` testing `vy > 1.5·|vx|` does.
    public var directionRatio: Double = 1
    /// A condition on the pan at recognition (its velocity, translation and progress then) that
    /// starts the pan even when `direction` refuses it, as YUI's gallery pops on a rightward pan
    /// or on any downward pull (`velocityAcross > 0`); nil for none.
    public var alsoStartsWhen: ReleaseCondition?
    public var tracking: PanTracking
    public var follow: [Follow]
    /// Read in order at the release; the first whose condition holds picks the target.
    public var release: [ReleaseGuard]
    public var settle: Settle
    /// How the release velocity is estimated.
    public var velocityEstimator: VelocityEstimator
    /// How the finger is read at each frame.
    public var touchResampling: TouchResampling

    public init(
        startsIn: StartRegion? = nil, direction: PanDirection = .any, tracking: PanTracking, follow: [Follow] = [],
        release: [ReleaseGuard], settle: Settle, velocityEstimator: VelocityEstimator = .uikit,
        touchResampling: TouchResampling = .latest, interruptible: Bool = false
    ) {
        self.interruptible = interruptible
        self.startsIn = startsIn
        self.direction = direction
        self.tracking = tracking
        self.follow = follow
        self.release = release
        self.settle = settle
        self.velocityEstimator = velocityEstimator
        self.touchResampling = touchResampling
    }

    /// A pan that scrubs.
    public init(
        startsIn: StartRegion? = nil, direction: PanDirection = .any, scrub: Scrub, follow: [Follow] = [],
        release: [ReleaseGuard], settle: Settle, velocityEstimator: VelocityEstimator = .uikit,
        touchResampling: TouchResampling = .latest, interruptible: Bool = false
    ) {
        self.init(
            startsIn: startsIn, direction: direction, tracking: .scrub(scrub), follow: follow, release: release,
            settle: settle, velocityEstimator: velocityEstimator, touchResampling: touchResampling,
            interruptible: interruptible)
    }

    /// The scrub, nil for a pan between detents.
    public var scrub: Scrub? {
        if case .scrub(let scrub) = tracking { return scrub }
        return nil
    }

    public enum DirectionTest: String, Sendable, Hashable, CaseIterable {
        case movement, velocity
    }

    /// The pose at rest before the pan.
    public var idlePose: String { idle ?? startPose }

    /// The pose the layers show before the pan moves them: the scrub's `from` or the detents'.
    public var startPose: String {
        switch tracking {
        case .scrub(let scrub): scrub.from
        case .detents(let detents): detents.from
        }
    }
}

/// How a pan's finger moves the layers.
public enum PanTracking: Sendable, Hashable {
    /// Progress along an axis scrubs the layers between two poses.
    case scrub(Scrub)
    /// A layer follows the finger between poses it rests in (a sheet's detents).
    case detents(Detents)
}

/// `"detents": {"layer", "axis", "poses", "from", "overshoot"}`: the tracked layer's origin along
/// the axis follows the finger 1:1 from where it is in `from`; each pose sits at that layer's
/// origin in it, and the other layers are the interpolation between the two poses the origin lies
/// between. Progress is that origin, in window points.
public struct Detents: Sendable, Hashable {
    public var layer: String
    public var axis: Axis
    /// At least two.
    public var poses: [String]
    public var from: String
    /// Past the outer poses (`extend` is taken as going on along the outer pair of poses).
    public var overshoot: Overshoot

    public init(
        layer: String, axis: Axis, poses: [String], from: String? = nil, overshoot: Overshoot = .rubberBand(0.55)
    ) {
        self.layer = layer
        self.axis = axis
        self.poses = poses
        self.from = from ?? poses.first ?? ""
        self.overshoot = overshoot
    }
}

/// Where a touch-down must fall for the pan to start.
public enum StartRegion: Sendable, Hashable {
    /// Within the layer's presentation frame in the scrub's first pose.
    case layer(String)
    /// Within `width` points of the window's edge.
    case edge(Edge, width: Double)
    /// Within a rect of the window, edges included: a region no one layer covers (a card whose
    /// image and title are separate layers).
    case rect(Rect)

    public enum Edge: String, Sendable, Hashable, CaseIterable {
        case left, right, top, bottom
    }
}

/// Which way the pan's first movement must go for the pan to start.
public enum PanDirection: String, Sendable, Hashable, CaseIterable {
    case any, horizontal, vertical, left, right, up, down

    /// The axis the direction names; nil for `any`.
    public var axis: Axis? {
        switch self {
        case .any: nil
        case .horizontal, .left, .right: .x
        case .vertical, .up, .down: .y
        }
    }

    /// +1 for right and down, −1 for left and up; nil for the others.
    public var sign: Double? {
        switch self {
        case .right, .down: 1
        case .left, .up: -1
        default: nil
        }
    }
}

/// A window axis.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    case x, y

    /// The component of `point` along this axis.
    public func of(_ point: Point) -> Double { self == .x ? point.x : point.y }
    /// The component across it.
    public func across(_ point: Point) -> Double { self == .x ? point.y : point.x }
    /// The extent of `size` along this axis.
    public func of(_ size: Size) -> Double { self == .x ? size.width : size.height }
}

/// Progress from the finger: p = sign · (finger − touch-down) along `axis` / `distance`, the
/// layers at the interpolation from `from` (p = 0) to `to` (p = 1) as `overshoot` says.
public struct Scrub: Sendable, Hashable {
    public var from: String
    public var to: String
    public var axis: Axis
    /// Points of travel from p = 0 to p = 1, > 0.
    public var distance: Double
    public var overshoot: Overshoot
    /// ±1, used when the pan's direction names no sign.
    public var sign: Double
    /// When set, the scrub plays an animation as `UIPercentDrivenInteractiveTransition` does.
    public var percentDriven: PercentDriven?
    /// Progress is |along| / distance: a drag either way moves toward `to` (YUI's `abs(tx) / W`).
    public var absolute = false
    /// Bounds on the progress, nil for none; `holds` says what they hold.
    public var minimum: Double?
    public var maximum: Double?
    public var holds: Hold = .progress

    /// What a scrub's `minimum` and `maximum` hold.
    public enum Hold: String, Sendable, Hashable, CaseIterable {
        /// The progress itself: the finger's translation along the axis is held to
        /// `minimum…maximum` × distance before it makes progress, so the frames, the guards and the
        /// followers see the held value, as a handler's `min(max(ty / d, 0), 1)` or `min(p, 0.9)` does.
        case progress
        /// Only how far the layers go: they stop at the bound (before `overshoot`) while the frames
        /// and the guards read the progress unheld, as a preset's `min(max(1 − 0.4·p, 0.6), 1)`
        /// holds a card's scale while p keeps growing.
        case layers
    }

    public init(from: String, to: String, axis: Axis, distance: Double, overshoot: Overshoot = .clamp, sign: Double = 1)
    {
        self.from = from
        self.to = to
        self.axis = axis
        self.distance = distance
        self.overshoot = overshoot
        self.sign = sign
    }
}

/// What the layers do when progress leaves 0…1.
/// A scrub through an animation, as `UIPercentDrivenInteractiveTransition` runs one: progress p
/// (clamped to 0…1) shows the animation at time p·duration, the layers `curve`'s value of the way
/// from the scrub's `from` to its `to`; at the release `finish()` plays the rest of the animation
/// (or `cancel()` plays it back) at `completionSpeed`, the settle curve unused.
public struct PercentDriven: Sendable, Hashable {
    public var curve: CurveSpec
    /// UIKit's `completionSpeed`: 1 plays the rest in real time; values ≤ 0 act as 1.
    public var completionSpeed: Double
    /// The animator's `transitionDuration`, which scales `update(p)`, when it differs from the
    /// curve's (an animator that reports one duration and animates for another); nil for the curve's.
    public var reportedDuration: Double?
    /// The handler calls `update(p)` on the lift-off too: the frames follow the finger up to it (not
    /// held at the sample before it), the release plays on from its progress, and `progress` in
    /// the guards is its progress.
    public var updatesOnRelease = false
    /// `cancel()` plays back at `completionSpeed` = the lift-off's progress (a handler that sets
    /// `completionSpeed = p` before `cancel()`), not `completionSpeed`.
    public var cancelsAtProgressSpeed = false

    public init(curve: CurveSpec, completionSpeed: Double = 1) {
        self.curve = curve
        self.completionSpeed = completionSpeed
    }
}

public enum Overshoot: Sendable, Hashable {
    /// Hold at the end.
    case clamp
    /// Go on linearly.
    case extend
    /// Go on with UIScrollView's resistance of coefficient c (0.55 on iOS).
    case rubberBand(Double)
}

/// A layer that moves with the finger's translation since the touch-down.
public struct Follow: Sendable, Hashable {
    public var layer: String
    /// Multiplies the translation by the layer's current scale (UIKit's `scaledBy(s).translatedBy(t)`).
    public var scaled: Bool
    /// Which components of the translation it takes; nil for both.
    public var axes: Axis?
    /// With `scaled`, the scale is taken relative to the layer's in the pan's start pose: the
    /// finger moves the layer inside the transform it had at the touch-down, and what scales
    /// after that scales the movement (`t0.translatedBy(0, ty)` then scaled by k, k = s / s0).
    public var relative = false
    /// The start pose's scale `relative` divides by (1 otherwise, or where it is 0); the compiler's.
    var base = PoseScale.identity

    public init(layer: String, scaled: Bool = false, axes: Axis? = nil) {
        self.layer = layer
        self.scaled = scaled
        self.axes = axes
    }
}

/// One release guard: when its condition holds (or always, without one), the pan settles at
/// `to` with `outcome`.
public struct ReleaseGuard: Sendable, Hashable {
    /// Its name in the decision; `release/N` (N from 0) when nil.
    public var id: String?
    public var when: ReleaseCondition?
    public var to: String
    public var outcome: Decision.Outcome

    public init(id: String? = nil, when: ReleaseCondition? = nil, to: String, outcome: Decision.Outcome) {
        self.id = id
        self.when = when
        self.to = to
        self.outcome = outcome
    }
}

/// A guard's condition: every test, every `all` and at least one of each `any` holds.
public struct ReleaseCondition: Sendable, Hashable {
    public var tests: [ReleaseTest]
    public var all: [ReleaseCondition]
    /// Each inner list holds when one of its conditions does.
    public var any: [[ReleaseCondition]]
    /// The deceleration rate the projection uses (UIScrollView's `.normal` is 0.998).
    public var rate: Double
    /// Seconds: when set, this condition's `translation` and `translationAcross` read where the
    /// release velocity carries the finger linearly in that time (t + v·lookahead).
    public var lookahead: Double?

    /// UIScrollView.DecelerationRate.normal.
    public static let defaultRate = 0.998

    public init(
        tests: [ReleaseTest] = [], all: [ReleaseCondition] = [], any: [[ReleaseCondition]] = [],
        rate: Double = ReleaseCondition.defaultRate
    ) {
        self.tests = tests
        self.all = all
        self.any = any
        self.rate = rate
    }
}

/// `{"progress": {"gt": 0.5}}` and the like.
public struct ReleaseTest: Sendable, Hashable {
    public enum Quantity: String, Sendable, Hashable, CaseIterable {
        /// The progress of the last interactive frame.
        case progress
        /// The release velocity along the axis times the sign, points per second.
        case velocity
        /// Progress plus the projected travel of the release velocity, over the distance.
        case projected
        /// The translation along the axis times the sign, points.
        case translation
        /// The scrub's progress at the lift-off sample, which the screen may never show (a handler
        /// that reads the recognizer in `.ended`); a pan whose guards read it reports it in the
        /// decision as `ruleProgress` when it differs from the progress the release starts from.
        case liftOffProgress
        /// The velocity and translation across the axis, in window directions (right and down
        /// positive), unsigned by `sign`.
        case velocityAcross, translationAcross
    }

    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case gt, lt
    }

    public var quantity: Quantity
    public var comparison: Comparison
    public var value: Double

    public init(_ quantity: Quantity, _ comparison: Comparison, _ value: Double) {
        self.quantity = quantity
        self.comparison = comparison
        self.value = value
    }
}

/// From the state at release to the target pose.
public struct Settle: Sendable, Hashable {
    /// One curve for every target (`"curve": {…}`), or nil when each target has its own.
    public var curve: CurveSpec?
    /// A curve for each target, by pose name (`"curve": {"gone": {…}, "start": {…}}`).
    public var perTarget: [String: CurveSpec]
    /// Springs only: start with the finger's velocity (UIKit's relative `initialSpringVelocity`).
    public var velocityHandoff: Bool
    /// For a target at a scrub's end: the curve runs the progress from the release's to the
    /// target's and the layers show the scrub there (past 0…1 as its overshoot says), rather than
    /// going straight from the released layers to the target, as a pan that animates its own
    /// progress (`fractionComplete`) does.
    public var alongScrub = false
    /// With `velocityHandoff`, a layer id: hand off the release velocity times the layer's scale
    /// at the release, along the layer's path (its translation then to the target's) over the
    /// path's length, rather than along the scrub or detents.
    public var along: String?

    public init(curve: CurveSpec?, perTarget: [String: CurveSpec] = [:], velocityHandoff: Bool = false) {
        self.curve = curve
        self.perTarget = perTarget
        self.velocityHandoff = velocityHandoff
    }

    /// The curve to `target`; nil only for a target a per-target settle leaves out
    /// (`TransitionDocument.problems` reports it).
    public func curve(to target: String) -> CurveSpec? { perTarget[target] ?? curve }
}
