import SegueMath

/// A document's pan on the shared `InteractiveTransition`: the start gate (`startsIn`,
/// `direction`), progress from the finger (`scrub`), the layers that follow it, the release
/// guards and the settle with the velocity handed off (docs/transitions.md). A class: compiled
/// once with its document and shared by every simulation of it, whatever copies the preset.
final class PanCompiler: Sendable {
    /// The id the frames and decision carry: `transition`, or a catalogue entry's.
    let id: String
    let document: TransitionDocument
    let pan: PanInteraction
    let layers: [LayerDescription]
    /// Worked out once, when the document is compiled, rather than on every simulation of it: the
    /// tracking (with its tweens), every pose resolved and drawn by name (the layers at rest
    /// before the pan, and those a settle ends on), and each layer's follow declaration. Nil
    /// where a name does not resolve (`problems` rules that out; `simulate` then throws as it did
    /// when it resolved them itself).
    let track: PanTrack?
    let resolvedPoses: [String: [LayerPose]]
    let drawnPoses: [String: [LayerState]]
    let followers: [Follow?]

    init(id: String, document: TransitionDocument, pan: PanInteraction, layers: [LayerDescription]) {
        self.id = id
        self.document = document
        self.pan = pan
        self.layers = layers
        track = PanTrack(document, pan, layers: layers)
        var resolvedPoses: [String: [LayerPose]] = [:]
        for pose in document.poses where resolvedPoses[pose.name] == nil {
            resolvedPoses[pose.name] = document.resolved(pose.name)
        }
        self.resolvedPoses = resolvedPoses
        drawnPoses = resolvedPoses.mapValues { render(layers, $0, $0, 0) }
        followers = Self.followers(document, pan, layers: layers)
    }

    /// Every layer's state in the pose named `name` (`TransitionDocument.resolved`), as compiled.
    func resolved(_ name: String) -> [LayerPose]? { resolvedPoses[name] }

    /// The rule a release no guard took is decided by: cancel to the scrub's `from`.
    static let noGuardRule = "release/none"

    static func ruleID(_ rule: ReleaseGuard, index: Int) -> String { rule.id ?? "release/\(index)" }

    /// A guard in a few words: "projected > 0.5: finish to 'gone'".
    static func summary(of rule: ReleaseGuard) -> String {
        (rule.when.map { describe($0) + ": " } ?? "otherwise: ") + "\(rule.outcome.rawValue) to '\(rule.to)'"
    }

    /// "the region (x, y, w × h)".
    static func describe(_ rect: Rect) -> String {
        "the region (\(Format.amount(rect.minX)), \(Format.amount(rect.minY)), "
            + "\(Format.amount(rect.width)) × \(Format.amount(rect.height)))"
    }

    static func describe(_ condition: ReleaseCondition) -> String {
        var parts = condition.tests.map {
            "\($0.quantity.rawValue) \($0.comparison == .gt ? ">" : "<") \(Format.amount($0.value))"
        }
        parts += condition.all.map { "(" + describe($0) + ")" }
        parts += condition.any.map { "(" + $0.map(describe).joined(separator: " or ") + ")" }
        return parts.isEmpty ? "always" : parts.joined(separator: " and ")
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let gesture = try PresetGesture(input, estimator: pan.velocityEstimator, resampling: pan.touchResampling)
        // `problems` is empty, so every name resolves.
        guard let track, let from = resolved(pan.startPose), let still = drawnPoses[pan.idlePose] else {
            throw SimulationError.gestureRequired
        }
        let strokes = gesture.track.strokes
        let first = try strokes.count > 1 ? stroke(strokes[0]) : gesture
        if let refusal = refusal(first, from: from) {
            guard strokes.count == 1 else {
                throw SimulationError.sampleRefused(
                    index: strokes[0].samples.count,
                    reason: "The first stroke never started the pan (\(refusal)), so there is nothing in flight for "
                        + "stroke 2 to catch; send one stroke, or start the pan with the first.")
            }
            return try gesture.refused(
                refusal, presetID: id, layers: layers, still: still, progress: track.startProgress, input: input)
        }
        // `refusal` is nil only for a pan that moved.
        let recognized = first.recognitionTime ?? first.track.began.time
        if let scrub = pan.scrub, let percentDriven = scrub.percentDriven {
            return try self.percentDriven(
                percentDriven, scrub: scrub, gesture: gesture, track: track, still: still, recognized: recognized,
                input: input)
        }
        var segments: [PanSegment] = []
        var strokeStart = 0
        for (index, samples) in strokes.enumerated() {
            defer { strokeStart += samples.samples.count }
            var grab = PanGrab(progress: track.startProgress, offsets: Array(repeating: .zero, count: layers.count))
            if let previous = segments.last {
                let time = samples.began.time
                guard time < previous.completed else {
                    throw SimulationError.sampleRefused(
                        index: strokeStart,
                        reason: "Stroke \(index + 1) begins at \(Format.amount(time)) s, after the settle ended at "
                            + "\(Format.amount(previous.completed)) s; a new stroke catches the layers only while they "
                            + "settle.")
                }
                grab = previous.caught(at: time)
                if let missed = regrabRefusal(samples.began.location, caught: previous.settling(time).layers) {
                    throw SimulationError.sampleRefused(index: strokeStart, reason: "Stroke \(index + 1) \(missed).")
                }
            }
            let stroke = try index == 0 ? first : stroke(samples)
            segments.append(
                segment(
                    stroke, grab: grab, track: track, from: from,
                    prefix: strokes.count > 1 ? "stroke \(index + 1) of \(strokes.count): " : ""))
        }
        let last = segments[segments.count - 1]
        let began = gesture.track.began.time
        let startProgress = track.startProgress
        let grid = input.frameGrid(start: began, end: last.completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(time: time, phase: .interactive, progress: startProgress, layers: still)
                }
                let segment = segments[max(Self.segmentsBegun(segments, by: time), 1) - 1]
                let interactive = time < segment.releaseTime
                let look = interactive ? segment.dragging(time) : segment.settling(time)
                return SimulationFrame(
                    time: time, phase: interactive ? .interactive : .animating, progress: look.progress,
                    layers: look.layers)
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: last.endProgress, layers: last.settled.layers)
            })
        var events: [SimulationEvent] = []
        for segment in segments {
            events.append(SimulationEvent(time: segment.gesture.track.began.time, type: .began))
            events.append(SimulationEvent(time: segment.releaseTime, type: .released))
        }
        events.append(
            SimulationEvent(time: last.completed, type: last.decision.outcome == .finish ? .finished : .cancelled))
        return Simulation(
            presetID: id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began, layers: layers,
            decision: last.decisionAsShown, events: events, frames: frames)
    }

    /// One stroke of a gesture, read as the pan says.
    func stroke(_ track: GestureTrack) throws(SimulationError) -> PresetGesture {
        try PresetGesture(track: track, estimator: pan.velocityEstimator, resampling: pan.touchResampling)
    }

    /// The stroke `gesture` from `grab`: its release decided by the guards, and its settle.
    func segment(_ gesture: PresetGesture, grab: PanGrab, track: PanTrack, from: [LayerPose], prefix: String)
        -> PanSegment
    {
        let releaseTime = gesture.release.time
        let (decided, target, inputs) = decide(gesture, grab: grab, track: track, prefix: prefix)
        let p = inputs.progress
        let velocity = inputs.velocity
        let atRelease = track.poses(at: p)
        let end = resolved(target) ?? from
        let targetProgress = track.progress(of: target)
        let spec = pan.settle.curve(to: target) ?? .cubic(.linear, duration: 0.25)
        let offsetsAtRelease = PanSegment.offsets(
            track.held(gesture.followed(at: releaseTime)), grab: grab, followers: followers, poses: atRelease)
        var handed: Double?
        if pan.settle.velocityHandoff, spec.isSpring {
            if let id = pan.settle.along, let index = layers.firstIndex(where: { $0.id == id }) {
                handed = Self.handoff(
                    gesture.releaseVelocity, from: atRelease[index], offset: offsetsAtRelease[index], to: end[index])
            } else if let targetProgress {
                handed = SpringVelocityHandoff.relativeVelocity(velocity / track.unit, from: p, to: targetProgress)
            }
        }
        let curve = spec.timingCurve(initialVelocity: handed) ?? spec.timingCurve() ?? .cubic(.linear, duration: 0.25)
        let alongScrub = pan.settle.alongScrub && pan.scrub != nil && targetProgress != nil
        return PanSegment(
            gesture: gesture, grab: grab, track: track, layers: layers, followers: followers, releaseProgress: p,
            decision: decided, target: target,
            settle: alongScrub ? nil : PoseTween(layers: layers, from: atRelease, to: end),
            settledLayers: settledStates(target: target) ?? render(layers, end, end, 0),
            offsetsAtRelease: offsetsAtRelease,
            endProgress: targetProgress ?? (decided.outcome == .finish ? 1 : 0), curve: curve)
    }

    /// The settle's `along` handoff: `velocity` times the layer's scale, projected on its path from
    /// where it is at the release (translation plus follow offset) to the target's translation,
    /// over the path's length (a unit spring's relative velocity); 0 for a path of no length.
    static func handoff(_ velocity: Point, from pose: LayerPose, offset: Point, to end: LayerPose) -> Double {
        let path = end.translation - (pose.translation + offset)
        let length = (path.x * path.x + path.y * path.y).squareRoot()
        let along = length > 1e-9 ? (velocity.x * path.x + velocity.y * path.y) * pose.scale.x / length : 0
        return SpringVelocityHandoff.relativeVelocity(along, from: 0, to: length)
    }

    /// The layers the final frame shows once the settle reached `target`: the pan's `settled`
    /// pose for it, else the target itself (nil: the caller's).
    func settledStates(target: String) -> [LayerState]? {
        drawnPoses[pan.settled[target] ?? target]
    }

    /// The release of `gesture` grabbed at `grab`: the decision, the pose it settles to, and what
    /// the guards read.
    /// `shown` maps the progress the guards read to the one the release starts from (a percent-driven
    /// scrub clamps it), against which a `liftOffProgress` they read is reported.
    func decide(
        _ gesture: PresetGesture, grab: PanGrab, track: PanTrack, prefix: String, shown: (Double) -> Double = { $0 }
    ) -> (
        Decision, target: String, ReleaseInputs
    ) {
        let axis = track.axis
        let releaseTime = gesture.release.time
        func progress(along: Double, holding: Bool = true) -> Double {
            grab.progress + track.progress(along: along, holding: holding) - track.startProgress
        }
        let lifted = gesture.translation(at: releaseTime)
        let liftOff = progress(along: axis.of(lifted), holding: false)
        let p =
            pan.scrub?.percentDriven?.updatesOnRelease == true
            ? progress(along: axis.of(lifted)) : progress(along: axis.of(track.held(gesture.followed(at: releaseTime))))
        var inputs = ReleaseInputs(progress: p, velocity: gesture.releaseVelocity, translation: lifted, track: track)
        inputs.liftOffProgress = liftOff
        let velocity = inputs.velocity
        // A lift-off progress the guards read, where the release starts from another, is reported beside it.
        let startsFrom = shown(p)
        let readsLiftOff = pan.release.contains { $0.when.map { inputs.uses(.liftOffProgress, $0) } ?? false }
        var decided = gesture.decision(
            rule: Self.noGuardRule, progress: p, ruleProgress: readsLiftOff && liftOff != startsFrom ? liftOff : nil
        ) { _, _ in (.cancel, "") }
        var target = pan.startPose
        if decided.rule == "gestureCancelled" {
            decided.explanation = prefix + "the gesture was cancelled: cancel to '\(target)'"
        } else {
            let chosen = pan.release.enumerated().first { _, rule in rule.when.map { inputs.holds($0) } ?? true }
            if let (index, rule) = chosen {
                target = rule.to
                decided.rule = Self.ruleID(rule, index: index)
                decided.outcome = rule.outcome
            } else {
                (target, decided.outcome) = track.fallback(progress: p, velocity: velocity)
            }
            decided.explanation =
                prefix + explanation(inputs, guardIndex: chosen?.offset, target: target, outcome: decided.outcome)
        }
        return (decided, target, inputs)
    }

    /// Why a stroke that would catch the settling layers at `location` cannot, or nil: the pan's
    /// `startsIn` holds for every stroke (a layer where it is then, or the edge).
    func regrabRefusal(_ location: Point, caught: [LayerState]) -> String? {
        // Written out only for a refusal: most strokes start where they may.
        var at: String { "(\(Format.amount(location.x)), \(Format.amount(location.y)))" }
        switch pan.startsIn {
        case .layer(let id):
            guard let frame = caught.first(where: { $0.id == id })?.presentationFrame else { return nil }
            return frame.contains(location)
                ? nil : "touches down at \(at), outside layer '\(id)' where it then is; touch down on it"
        case .edge(let edge, let width):
            return distance(of: location, from: edge) > width
                ? "touches down at \(at), farther than \(Format.amount(width)) pt from the \(edge.rawValue) edge" : nil
        case .rect(let rect):
            return rect.contains(location) ? nil : "touches down at \(at), outside \(Self.describe(rect))"
        case nil:
            return nil
        }
    }

    /// Points from `location` to the window's `edge`.
    func distance(of location: Point, from edge: StartRegion.Edge) -> Double {
        switch edge {
        case .left: location.x
        case .right: document.window.width - location.x
        case .top: location.y
        case .bottom: document.window.height - location.y
        }
    }

    /// How many of `segments` (in time order) have begun by `time`: a binary search, asked once a frame.
    static func segmentsBegun(_ segments: [PanSegment], by time: Double) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = low + (high - low) / 2
            if segments[middle].gesture.track.began.time <= time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Why the pan starts nothing, or nil when it starts: the touch-down outside `startsIn`, a
    /// finger that never moved, or a first movement that is not along the `direction`.
    func refusal(_ gesture: PresetGesture, from: [LayerPose]) -> String? {
        let down = gesture.track.began.location
        // Written out only for a refusal: most touch-downs start the pan.
        var at: String { "(\(Format.amount(down.x)), \(Format.amount(down.y)))" }
        switch pan.startsIn {
        case .layer(let id):
            if let index = layers.firstIndex(where: { $0.id == id }) {
                let frame = from[index].state(of: layers[index]).presentationFrame
                if !frame.contains(down) { return "the touch-down at \(at) is outside layer '\(id)': no pan started" }
            }
        case .edge(let edge, let width):
            let distance = distance(of: down, from: edge)
            if distance > width {
                return "the touch-down at \(at) is \(Format.amount(distance)) pt from the \(edge.rawValue) edge, "
                    + "farther than \(Format.amount(width)): no pan started"
            }
        case .rect(let rect):
            if !rect.contains(down) {
                return "the touch-down at \(at) is outside \(Self.describe(rect)): no pan started"
            }
        case nil:
            break
        }
        guard let recognized = gesture.recognitionTime,
            let sample = gesture.track.samples.first(where: { $0.time == recognized })
        else { return "the finger never moved, so the pan never began" }
        guard let axis = pan.direction.axis else { return nil }
        if let condition = pan.alsoStartsWhen, let track {
            let inputs = ReleaseInputs(
                progress: track.progress(along: axis.of(gesture.translation(at: recognized))),
                velocity: gesture.velocityAtRecognition, translation: gesture.translation(at: recognized), track: track)
            if inputs.holds(condition) { return nil }
        }
        if pan.directionTest == .velocity {
            let velocity = gesture.velocityAtRecognition
            let along = axis.of(velocity)
            let sign = pan.direction.sign ?? 0
            guard abs(along) > pan.directionRatio * abs(axis.across(velocity)), sign == 0 || sign * along > 0 else {
                return "the pan began at (\(Format.speed(velocity.x)), \(Format.speed(velocity.y))) pt/s, not "
                    + "\(sign == 0 ? "along \(axis.rawValue)" : pan.direction.rawValue) as '\(pan.direction.rawValue)' "
                    + "requires: no pan started"
            }
            return nil
        }
        let moved = sample.location - down
        let along = axis.of(moved)
        if abs(along) <= pan.directionRatio * abs(axis.across(moved)) {
            return "the pan began moving (\(Format.amount(moved.x)), \(Format.amount(moved.y))) pt, not along "
                + "\(axis.rawValue) as '\(pan.direction.rawValue)' requires: no pan started"
        }
        if let sign = pan.direction.sign, sign * along <= 0 {
            return "the pan began moving (\(Format.amount(moved.x)), \(Format.amount(moved.y))) pt, not "
                + "\(pan.direction.rawValue): no pan started"
        }
        return nil
    }

    /// The follow declaration of each layer, in layer order.
    static func followers(_ document: TransitionDocument, _ pan: PanInteraction, layers: [LayerDescription])
        -> [Follow?]
    {
        let start = document.resolved(pan.startPose)
        return layers.indices.map { index in
            guard var follow = pan.follow.last(where: { $0.layer == layers[index].id }) else { return nil }
            if follow.relative, let scale = start?[index].scale {
                follow.base = PoseScale(x: scale.x == 0 ? 1 : scale.x, y: scale.y == 0 ? 1 : scale.y)
            }
            return follow
        }
    }

    /// The sentence a decision gives.
    func explanation(_ inputs: ReleaseInputs, guardIndex: Int?, target: String, outcome: Decision.Outcome) -> String {
        let isPosition = pan.scrub == nil
        /// Progress between detents is a position in points; a scrub's is a ratio.
        func shown(_ progress: Double) -> String {
            isPosition ? "\(Format.amount(progress)) pt" : Format.ratio(progress)
        }
        let read =
            "\(isPosition ? "position" : "progress") \(shown(inputs.progress)), velocity "
            + "\(Format.speed(inputs.velocity)) pt/s, translation \(Format.amount(inputs.translation)) pt"
        guard let index = guardIndex else {
            if isPosition {
                let aim = inputs.projected(rate: ReleaseCondition.defaultRate)
                return read + ": no guard held; projected to \(shown(aim)), nearest the detent '\(target)': "
                    + outcome.rawValue
            }
            return read + ": no guard held, so \(outcome.rawValue) to '\(target)'"
        }
        let rule = pan.release[index]
        let name = Self.ruleID(rule, index: index)
        guard let condition = rule.when else {
            return read + ": no earlier guard held; guard \(name) always holds: \(outcome.rawValue) to '\(target)'"
        }
        let projected =
            inputs.uses(.projected, condition) ? ", projected \(shown(inputs.projected(rate: condition.rate)))" : ""
        return read + projected
            + ": guard \(name) (\(Self.describe(condition))) holds: \(outcome.rawValue) to '\(target)'"
    }
}

/// What the release guards read.
struct ReleaseInputs {
    var progress: Double
    /// Along the axis times the sign, points per second.
    var velocity: Double
    /// Along the axis times the sign, points.
    var translation: Double
    var track: PanTrack
    /// The scrub's progress at the lift-off sample.
    var liftOffProgress = 0.0
    /// Across the axis, window directions.
    var velocityAcross: Double
    var translationAcross: Double

    /// From window-space `velocity` and `translation`.
    init(progress: Double, velocity: Point, translation: Point, track: PanTrack) {
        self.progress = progress
        self.velocity = track.sign * track.axis.of(velocity)
        self.translation = track.sign * track.axis.of(translation)
        self.track = track
        velocityAcross = track.axis.across(velocity)
        translationAcross = track.axis.across(translation)
    }

    /// Where the release velocity, decaying at `rate` a millisecond, carries the progress.
    func projected(rate: Double) -> Double {
        track.projected(progress, velocity: velocity, rate: rate)
    }

    func holds(_ condition: ReleaseCondition) -> Bool {
        condition.tests.allSatisfy { test in
            let value: Double =
                switch test.quantity {
                case .progress: progress
                case .velocity: velocity
                case .translation: condition.lookahead.map { translation + velocity * $0 } ?? translation
                case .velocityAcross: velocityAcross
                case .translationAcross:
                    condition.lookahead.map { translationAcross + velocityAcross * $0 }
                        ?? translationAcross
                case .projected: projected(rate: condition.rate)
                case .liftOffProgress: liftOffProgress
                }
            return test.comparison == .gt ? value > test.value : value < test.value
        } && condition.all.allSatisfy(holds) && condition.any.allSatisfy { $0.contains(where: holds) }
    }

    func uses(_ quantity: ReleaseTest.Quantity, _ condition: ReleaseCondition) -> Bool {
        condition.tests.contains { $0.quantity == quantity } || condition.all.contains { uses(quantity, $0) }
            || condition.any.contains { $0.contains { uses(quantity, $0) } }
    }
}

extension PanCompiler {
    /// A drag along the pan's axis: from the middle of where the pan may start (the tracked
    /// layer, for detents), 60 % of the way to the scrub's end or the nearest other detent in
    /// 0.3 s, then lifted.
    static func exampleGesture(
        _ document: TransitionDocument, _ pan: PanInteraction, layers: [LayerDescription]
    ) -> [GestureSample] {
        let window = document.window
        var start = Point(x: window.width / 2, y: window.height / 2)
        let poses = document.resolved(pan.startPose)
        func centre(of id: String) {
            if let index = layers.firstIndex(where: { $0.id == id }), let poses {
                let frame = poses[index].state(of: layers[index]).presentationFrame
                start = Point(x: frame.midX, y: frame.midY)
            }
        }
        switch pan.startsIn {
        case .layer(let id):
            centre(of: id)
        case .edge(let edge, let width):
            switch edge {
            case .left: start.x = width / 2
            case .right: start.x = window.width - width / 2
            case .top: start.y = width / 2
            case .bottom: start.y = window.height - width / 2
            }
        case .rect(let rect):
            start = Point(x: rect.midX, y: rect.midY)
        case nil:
            if case .detents(let detents) = pan.tracking { centre(of: detents.layer) }
        }
        var travel = 100.0
        var axis = Axis.y
        if let track = PanTrack(document, pan, layers: layers) {
            axis = track.axis
            switch track.mode {
            case .scrub(let scrub, _, _):
                travel = track.sign * 0.6 * scrub.distance
            case .detents(_, let stops):
                let here = track.startProgress
                let nearest = stops.filter { $0.position != here }.min {
                    abs($0.position - here) < abs($1.position - here)
                }
                travel = nearest.map { 0.6 * ($0.position - here) } ?? travel
            }
        }
        let by = axis == .x ? Point(x: travel, y: 0) : Point(x: 0, y: travel)
        return ExampleGestures.linearDrag(from: start, by: by, over: 0.3)
    }
}
