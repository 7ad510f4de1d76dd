import SegueMath

/// A document's pan on the shared `InteractiveTransition`: the start gate (`startsIn`,
/// `direction`), progress from the finger (`scrub`), the layers that follow it, the release
/// guards and the settle with the velocity handed off (docs/transitions.md).
struct PanCompiler {
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

    /// +1 or −1: the direction's sign, else the scrub's.
    var sign: Double { pan.direction.sign ?? pan.scrub.sign }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let gesture = try PresetGesture(input, estimator: pan.velocityEstimator, resampling: pan.touchResampling)
        let scrub = pan.scrub
        let from = document.resolved(scrub.from) ?? []
        let to = document.resolved(scrub.to) ?? []
        let still = render(layers, from, from, 0)
        if let refusal = refusal(gesture, from: from) {
            return try gesture.refused(refusal, presetID: DocumentPreset.id, layers: layers, still: still, input: input)
        }
        // `refusal` is nil only for a pan that moved.
        let recognized = gesture.recognitionTime ?? gesture.track.began.time
        let axis = scrub.axis
        let sign = sign
        let extent = axis.of(document.window)
        func progress(at time: Double) -> Double { sign * axis.of(gesture.followed(at: time)) / scrub.distance }
        func fraction(_ p: Double) -> Double {
            Self.fraction(p, overshoot: scrub.overshoot, distance: scrub.distance, extent: extent)
        }
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
        func poses(_ f: Double) -> [LayerPose] {
            layers.indices.map { LayerPose.interpolate(from: from[$0], to: to[$0], fraction: f) }
        }
        let dragging: (Double) -> Look = { time in
            let p = progress(at: time)
            let now = poses(fraction(p))
            let moved = offsets(at: time, poses: now)
            return Look(layers: layers.indices.map { now[$0].state(of: layers[$0], offset: moved[$0]) }, progress: p)
        }

        // The release: p of the last interactive frame, the velocity and translation along the axis.
        let releaseTime = gesture.release.time
        let p = progress(at: releaseTime)
        let velocity = sign * axis.of(gesture.releaseVelocity)
        let translation = sign * axis.of(gesture.translation(at: releaseTime))
        let inputs = ReleaseInputs(progress: p, velocity: velocity, translation: translation, distance: scrub.distance)
        var target = scrub.from
        let decision = gesture.decision(rule: Self.noGuardRule, progress: p) { _, _ in
            (.cancel, "")
        }
        var decided = decision
        if decision.rule != "gestureCancelled" {
            let chosen = pan.release.enumerated().first { _, rule in rule.when.map { inputs.holds($0) } ?? true }
            if let (index, rule) = chosen {
                target = rule.to
                decided.rule = Self.ruleID(rule, index: index)
                decided.outcome = rule.outcome
            }
            decided.explanation = explanation(
                inputs, guardIndex: chosen?.offset, target: target, outcome: decided.outcome)
        } else {
            decided.explanation = "the gesture was cancelled: cancel to '\(scrub.from)'"
        }

        // The settle, from the screen at release to the target pose.
        let atRelease = poses(fraction(p))
        let offsetsAtRelease = offsets(at: releaseTime, poses: atRelease)
        let end = document.resolved(target) ?? from
        let targetProgress: Double =
            target == scrub.to ? 1 : target == scrub.from ? 0 : (decided.outcome == .finish ? 1 : 0)
        let spec = pan.settle.curve(to: target) ?? .cubic(.linear, duration: 0.25)
        var handed: Double?
        if pan.settle.velocityHandoff, spec.isSpring, target == scrub.to || target == scrub.from {
            handed = SpringVelocityHandoff.relativeVelocity(velocity / scrub.distance, from: p, to: targetProgress)
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
            return Look(layers: states, progress: lerp(p, targetProgress, e))
        }
        return try InteractiveTransition(
            presetID: DocumentPreset.id, layers: layers, gesture: gesture, still: still, recognized: recognized,
            dragging: dragging, decision: decided, completed: completed, settling: settling,
            settled: Look(layers: render(layers, end, end, 1), progress: targetProgress)
        ).simulate(input)
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

    /// The interpolation fraction for progress `p`: p inside 0…1, and past either end as
    /// `overshoot` says; a rubber band turns the overshoot in points, o, into
    /// (1 − 1/(o·c/D + 1))·D points (UIScrollView's, D the window's extent along the axis).
    static func fraction(_ p: Double, overshoot: Overshoot, distance: Double, extent: Double) -> Double {
        guard p < 0 || p > 1 else { return p }
        switch overshoot {
        case .clamp:
            return min(max(p, 0), 1)
        case .extend:
            return p
        case .rubberBand(let c):
            guard let band = RubberBand(coefficient: c, dimension: extent) else { return min(max(p, 0), 1) }
            let beyond = p > 1 ? (p - 1) * distance : p * distance
            let banded = band.offset(forOvershoot: beyond) / distance
            return p > 1 ? 1 + banded : banded
        }
    }

    /// The sentence a decision gives.
    func explanation(_ inputs: ReleaseInputs, guardIndex: Int?, target: String, outcome: Decision.Outcome) -> String {
        let read =
            "progress \(Format.ratio(inputs.progress)), velocity \(Format.speed(inputs.velocity)) pt/s, "
            + "translation \(Format.amount(inputs.translation)) pt"
        guard let index = guardIndex else {
            return read + ": no guard held, so cancel to '\(target)'"
        }
        let rule = pan.release[index]
        let name = Self.ruleID(rule, index: index)
        guard let condition = rule.when else {
            return read + ": no earlier guard held; guard \(name) always holds: \(outcome.rawValue) to '\(target)'"
        }
        let projected =
            inputs.uses(.projected, condition)
            ? ", projected \(Format.ratio(inputs.projected(rate: condition.rate)))" : ""
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
    var distance: Double

    /// p + (v/1000 · rate/(1 − rate)) / distance: where the release velocity, decaying at `rate`
    /// per millisecond, would carry the progress (WWDC 2018 "Designing Fluid Interfaces").
    func projected(rate: Double) -> Double {
        progress + (velocity / 1000 * rate / (1 - rate)) / distance
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
    /// A drag along the scrub's axis and sign: from the middle of where the pan may start, 60 %
    /// of the distance in 0.3 s, then lifted.
    static func exampleGesture(_ document: TransitionDocument, _ pan: PanInteraction) -> [GestureSample] {
        let window = document.window
        var start = Point(x: window.width / 2, y: window.height / 2)
        switch pan.startsIn {
        case .layer(let id):
            if let index = document.layers.firstIndex(where: { $0.id == id }),
                let poses = document.resolved(pan.scrub.from)
            {
                let frame = poses[index].frame
                start = Point(x: frame.midX, y: frame.midY)
            }
        case .edge(let edge, let width):
            switch edge {
            case .left: start.x = width / 2
            case .right: start.x = window.width - width / 2
            case .top: start.y = width / 2
            case .bottom: start.y = window.height - width / 2
            }
        case nil:
            break
        }
        let sign = pan.direction.sign ?? pan.scrub.sign
        let travel = sign * 0.6 * pan.scrub.distance
        let by = pan.scrub.axis == .x ? Point(x: travel, y: 0) : Point(x: 0, y: travel)
        return ExampleGestures.linearDrag(from: start, by: by, over: 0.3)
    }
}
