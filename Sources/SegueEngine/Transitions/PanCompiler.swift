import SegueMath

/// A document's pan on the shared `InteractiveTransition`: the start gate (`startsIn`,
/// `direction`), progress from the finger (`scrub`), the layers that follow it, the release
/// guards and the settle with the velocity handed off (docs/transitions.md).
struct PanCompiler {
    /// The id the frames and decision carry: `transition`, or a catalogue entry's.
    let id: String
    let document: TransitionDocument
    let pan: PanInteraction
    let layers: [LayerDescription]

    /// The rule a release no guard took is decided by: cancel to the scrub's `from`.
    static let noGuardRule = "release/none"

    static func ruleID(_ rule: ReleaseGuard, index: Int) -> String { rule.id ?? "release/\(index)" }

    /// A guard in a few words: "projected > 0.5: finish to 'gone'".
    static func summary(of rule: ReleaseGuard) -> String {
        (rule.when.map { describe($0) + ": " } ?? "otherwise: ") + "\(rule.outcome.rawValue) to '\(rule.to)'"
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
        guard let track = PanTrack(document, pan, layers: layers), let from = document.resolved(pan.startPose) else {
            throw SimulationError.gestureRequired
        }
        let still = render(layers, from, from, 0)
        if let refusal = refusal(gesture, from: from) {
            return try gesture.refused(
                refusal, presetID: id, layers: layers, still: still, progress: track.startProgress,
                input: input)
        }
        // `refusal` is nil only for a pan that moved.
        let recognized = gesture.recognitionTime ?? gesture.track.began.time
        let axis = track.axis
        func progress(at time: Double) -> Double { track.progress(along: axis.of(gesture.followed(at: time))) }
        let followers = followers()
        /// Each layer's follow offset at `time`, with the layers' poses at that moment (for `scaled`).
        func offsets(at time: Double, poses: [LayerPose]) -> [Point] {
            let translation = gesture.followed(at: time)
            return layers.indices.map { index in
                guard let follow = followers[index] else { return .zero }
                var moved = translation
                if follow.axes == .x { moved.y = 0 }
                if follow.axes == .y { moved.x = 0 }
                return follow.scaled ? moved * poses[index].scale : moved
            }
        }
        let dragging: (Double) -> Look = { time in
            let p = progress(at: time)
            let now = track.poses(at: p)
            let moved = offsets(at: time, poses: now)
            return Look(layers: layers.indices.map { now[$0].state(of: layers[$0], offset: moved[$0]) }, progress: p)
        }

        // The release: p of the last interactive frame, the velocity and translation along the axis.
        let releaseTime = gesture.release.time
        let p = progress(at: releaseTime)
        let velocity = track.sign * axis.of(gesture.releaseVelocity)
        let translation = track.sign * axis.of(gesture.translation(at: releaseTime))
        let inputs = ReleaseInputs(progress: p, velocity: velocity, translation: translation, track: track)
        var decided = gesture.decision(rule: Self.noGuardRule, progress: p) { _, _ in (.cancel, "") }
        var target = pan.startPose
        if decided.rule == "gestureCancelled" {
            decided.explanation = "the gesture was cancelled: cancel to '\(target)'"
        } else {
            let chosen = pan.release.enumerated().first { _, rule in rule.when.map { inputs.holds($0) } ?? true }
            if let (index, rule) = chosen {
                target = rule.to
                decided.rule = Self.ruleID(rule, index: index)
                decided.outcome = rule.outcome
            } else {
                (target, decided.outcome) = track.fallback(progress: p, velocity: velocity)
            }
            decided.explanation = explanation(
                inputs, guardIndex: chosen?.offset, target: target, outcome: decided.outcome)
        }

        // The settle, from the screen at release to the target pose.
        let atRelease = track.poses(at: p)
        let offsetsAtRelease = offsets(at: releaseTime, poses: atRelease)
        let end = document.resolved(target) ?? from
        let targetProgress = track.progress(of: target)
        let endProgress = targetProgress ?? (decided.outcome == .finish ? 1 : 0)
        let spec = pan.settle.curve(to: target) ?? .cubic(.linear, duration: 0.25)
        var handed: Double?
        if pan.settle.velocityHandoff, spec.isSpring, let targetProgress {
            handed = SpringVelocityHandoff.relativeVelocity(velocity / track.unit, from: p, to: targetProgress)
        }
        let curve = spec.timingCurve(initialVelocity: handed) ?? spec.timingCurve() ?? .cubic(.linear, duration: 0.25)
        let completed = releaseTime + curve.duration
        let settling: (Double) -> Look = { time in
            let e = curve.fraction(at: time - releaseTime)
            var states: [LayerState] = []
            states.reserveCapacity(layers.count)
            for index in layers.indices {
                let pose = LayerPose.interpolate(from: atRelease[index], to: end[index], fraction: e)
                states.append(pose.state(of: layers[index], offset: offsetsAtRelease[index] * (1 - e)))
            }
            return Look(layers: states, progress: lerp(p, endProgress, e))
        }
        var transition = InteractiveTransition(
            presetID: id, layers: layers, gesture: gesture, still: still, recognized: recognized,
            dragging: dragging, decision: decided, completed: completed, settling: settling,
            settled: Look(layers: render(layers, end, end, 1), progress: endProgress))
        transition.stillProgress = track.startProgress
        return try transition.simulate(input)
    }

    /// Why the pan starts nothing, or nil when it starts: the touch-down outside `startsIn`, a
    /// finger that never moved, or a first movement that is not along the `direction`.
    func refusal(_ gesture: PresetGesture, from: [LayerPose]) -> String? {
        let down = gesture.track.began.location
        let window = document.window
        let at = "(\(Format.amount(down.x)), \(Format.amount(down.y)))"
        switch pan.startsIn {
        case .layer(let id):
            if let index = layers.firstIndex(where: { $0.id == id }) {
                let frame = from[index].state(of: layers[index]).presentationFrame
                let inside =
                    down.x >= frame.minX && down.x <= frame.maxX && down.y >= frame.minY && down.y <= frame.maxY
                if !inside { return "the touch-down at \(at) is outside layer '\(id)': no pan started" }
            }
        case .edge(let edge, let width):
            let distance: Double =
                switch edge {
                case .left: down.x
                case .right: window.width - down.x
                case .top: down.y
                case .bottom: window.height - down.y
                }
            if distance > width {
                return "the touch-down at \(at) is \(Format.amount(distance)) pt from the \(edge.rawValue) edge, "
                    + "farther than \(Format.amount(width)): no pan started"
            }
        case nil:
            break
        }
        guard let recognized = gesture.recognitionTime,
            let sample = gesture.track.samples.first(where: { $0.time == recognized })
        else { return "the finger never moved, so the pan never began" }
        guard let axis = pan.direction.axis else { return nil }
        let moved = sample.location - down
        let along = axis.of(moved)
        if abs(along) <= abs(axis.across(moved)) {
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
    func followers() -> [Follow?] {
        layers.map { layer in pan.follow.last { $0.layer == layer.id } }
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
                case .translation: translation
                case .projected: projected(rate: condition.rate)
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
