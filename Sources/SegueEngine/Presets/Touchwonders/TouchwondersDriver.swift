import SegueMath

/// What one Touchwonders example supplies to the shared driver.
protocol TouchwondersModel {
    var id: String { get }
    /// The state before the first stroke moves.
    var initial: TouchwondersState { get }
    /// Where a finish (`.finish`) or cancel animates to.
    func target(_ outcome: Decision.Outcome) -> TouchwondersState
    /// The state while `stroke` drags at `time`, from `grab`, the state when the stroke began.
    func dragged(from grab: TouchwondersState, stroke: GestureTrack, isFirst: Bool, at time: Double)
        -> TouchwondersState
    /// The example's release rule and the library's, by the `releaseRule` parameter.
    func decide(fraction: Double, velocity: Point) -> (rule: String, Decision.Outcome, String)
    /// The example's `duration` parameter: the timeline's length when `timelineDuration` is nominal.
    var nominalDuration: Double { get }
    /// The element spring's relative initial velocity per axis (motion-math.md §2.8).
    func relativeVelocity(from start: TouchwondersState, to end: TouchwondersState, velocity: Point) -> Point
    /// Why the first stroke does not start the transition, or nil when it does.
    func gate(_ stroke: GestureTrack) -> String?
    /// The layers at `state`; `settled` is the outcome once the transition has completed.
    func layers(_ state: TouchwondersState, settled: Decision.Outcome?) -> [LayerState]
    /// The layers when the pan never started the transition.
    var untouchedLayers: [LayerState] { get }
}

/// One stroke and the settle that follows its release (seed-transitions.md §8.1).
struct TouchwondersSegment {
    let stroke: GestureTrack
    let grab: TouchwondersState
    let released: TouchwondersState
    let target: TouchwondersState
    let decision: Decision
    let spring: Spring
    let velocity: Point
    /// The element spring's duration, seconds.
    let settle: Double
    /// The effective duration the fraction moves on, seconds (§8.1: fraction changes at 1/duration).
    let timeline: Double
    var releaseTime: Double { decision.time }
    /// When every animator has finished, seconds.
    var completed: Double {
        let remaining = decision.outcome == .finish ? 1 - released.fraction : released.fraction
        return releaseTime + max(settle, remaining * timeline)
    }

    /// The state `elapsed` seconds after the release.
    func state(after elapsed: Double) -> TouchwondersState {
        func e(_ velocity: Double) -> Double {
            elapsed >= settle ? 1 : spring.progress(at: max(elapsed, 0), initialVelocity: velocity).value
        }
        var state = released.interpolated(to: target, ex: e(velocity.x), ey: e(velocity.y), e: e(0))
        let step = timeline > 0 ? max(elapsed, 0) / timeline : 1
        state.fraction =
            decision.outcome == .finish
            ? min(released.fraction + step, 1) : max(released.fraction - step, 0)
        return state
    }
}

/// Runs a Touchwonders transition over a gesture of one or more strokes: each stroke drags the
/// shared element, its release decides afresh, and a stroke that begins during the settle grabs
/// the element where it is (§8.1 "Interruption").
enum TouchwondersDriver {
    static func simulate(
        _ model: some TouchwondersModel, input: SimulationInput, layers: [LayerDescription]
    ) throws(SimulationError) -> Simulation {
        let gesture = try PresetGesture(input)
        let track = gesture.track
        let parameters = input.parameters
        let estimator = gesture.estimator
        let strokes = track.strokes
        let began = track.began.time
        if let reason = model.gate(strokes[0]) {
            if strokes.count > 1 {
                throw SimulationError.sampleRefused(
                    index: strokes[0].samples.count,
                    reason:
                        "The first stroke never started the transition (\(reason)), so there is nothing in flight "
                        + "for stroke 2 to grab; send one stroke, or start the transition with the first.")
            }
            // Nothing moves, and the release cancels by the gate.
            return try gesture.refused(
                reason + ", so the transition never started: cancel", presetID: model.id, layers: layers,
                still: model.untouchedLayers, input: input)
        }
        let physics = TouchwondersSpring(parameters)
        let nominal =
            parameters[TouchwondersReleaseRule.Keys.timelineDuration] == .nominal
            ? model.nominalDuration : nil

        var segments: [TouchwondersSegment] = []
        var strokeStart = 0
        for (index, stroke) in strokes.enumerated() {
            defer { strokeStart += stroke.samples.count }
            var grab = model.initial
            if let previous = segments.last {
                let time = stroke.began.time
                guard time < previous.completed else {
                    throw SimulationError.sampleRefused(
                        index: strokeStart,
                        reason:
                            "Stroke \(index + 1) begins at \(Format.amount(time)) s, after the transition completed at "
                            + "\(Format.amount(previous.completed)) s; a new stroke must begin while the settle "
                            + "animation runs, to grab the element in flight.")
                }
                grab = previous.state(after: time - previous.releaseTime)
                let touch = stroke.began.location
                let rect = grab.element
                guard Self.touches(rect, touch) else {
                    throw SimulationError.sampleRefused(
                        index: strokeStart,
                        reason:
                            "Stroke \(index + 1) touches down at (\(Format.amount(touch.x)), \(Format.amount(touch.y))), "
                            + "outside the shared element, which is then at (\(Format.amount(rect.x)), "
                            + "\(Format.amount(rect.y)), \(Format.amount(rect.width)), \(Format.amount(rect.height))); "
                            + "the interrupting press sits on the element, so touch down inside it.")
                }
            }
            guard let release = stroke.release else {
                throw SimulationError.sampleRefused(
                    index: strokeStart + stroke.samples.count - 1,
                    reason:
                        "Stroke \(index + 1) never ends: end it with 'ended' (or 'cancelled') before the next 'began'.")
            }
            // The library updates the interaction on `.changed`; on `.ended` it reads the velocity and the
            // fraction the last update left, and animates from there: the lift-off point is never shown.
            let released = model.dragged(
                from: grab, stroke: stroke, isFirst: index == 0, at: stroke.lastFollowed?.time ?? release.time)
            let velocity = stroke.velocity(at: release.time, using: estimator).velocity
            let translation = stroke.translation(at: release.time)
            let prefix = strokes.count > 1 ? "stroke \(index + 1) of \(strokes.count): " : ""
            let (rule, outcome, why): (String, Decision.Outcome, String) =
                release.phase == .cancelled
                ? ("gestureCancelled", .cancel, "the gesture was cancelled: cancel")
                : model.decide(fraction: released.fraction, velocity: velocity)
            let decision = Decision(
                outcome: outcome, time: release.time, rule: rule, translation: translation, velocity: velocity,
                progress: released.fraction, explanation: prefix + why)
            let target = model.target(decision.outcome)
            let relative = model.relativeVelocity(from: released, to: target, velocity: velocity)
            let settle = try physics.checkedSettlingDuration(initialVelocity: relative, input: input)
            segments.append(
                TouchwondersSegment(
                    stroke: stroke, grab: grab, released: released, target: target, decision: decision,
                    spring: physics.spring, velocity: relative, settle: settle, timeline: nominal ?? settle))
        }

        let last = segments[segments.count - 1]
        let completed = last.completed
        let outcome = last.decision.outcome
        // The transition starts when the pan is recognised, on the first sample that moved (UIKit's
        // pan recogniser begins only then, and the library starts the transition in its began
        // handler); before it the screen is untouched, as it must be, since until the finger moves
        // nobody knows whether it will start the transition at all.
        let recognized = strokes[0].samples.first { $0.location != track.began.location }?.time ?? began
        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: 0, layers: model.untouchedLayers)
                }
                let segment = segments[max(Self.segmentsBegun(segments, by: time), 1) - 1]
                if time < segment.releaseTime {
                    let isFirst = segment.stroke.began == track.began
                    let state = model.dragged(
                        from: segment.grab, stroke: segment.stroke, isFirst: isFirst,
                        at: min(time, segment.stroke.lastFollowed?.time ?? time))
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: state.fraction,
                        layers: model.layers(state, settled: nil))
                }
                let state = segment.state(after: time - segment.releaseTime)
                return SimulationFrame(
                    time: time, phase: .animating, progress: state.fraction, layers: model.layers(state, settled: nil))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: outcome == .finish ? 1 : 0,
                    layers: model.layers(model.target(outcome), settled: outcome))
            })
        var events: [SimulationEvent] = []
        for segment in segments {
            events.append(SimulationEvent(time: segment.stroke.began.time, type: .began))
            events.append(SimulationEvent(time: segment.releaseTime, type: .released))
        }
        events.append(SimulationEvent(time: completed, type: outcome == .finish ? .finished : .cancelled))
        return Simulation(
            presetID: model.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: last.decision, events: events, frames: frames)
    }

    /// How many of `segments` (in time order, as their strokes are) have begun by `time`: a binary
    /// search, since it is asked once per frame and a gesture may hold thousands of strokes, so a
    /// scan would cost frames × strokes (up to 20 000 × 5 000 at the default caps).
    static func segmentsBegun(_ segments: [TouchwondersSegment], by time: Double) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = low + (high - low) / 2
            if segments[middle].stroke.began.time <= time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Whether `point` lies in `rect`, edges included.
    static func touches(_ rect: Rect, _ point: Point) -> Bool {
        rect.contains(point)
    }

    /// An example's start rule (§8.3, §8.4): a pan that touches `target` (`named` in the reason)
    /// and begins mostly vertical, down for `direction` +1 and up for −1.
    static func gate(_ stroke: GestureTrack, touching target: Rect, named: String, direction: Double) -> String? {
        let touch = stroke.began.location
        guard touches(target, touch) else {
            return "the touch at (\(Format.amount(touch.x)), \(Format.amount(touch.y))) misses \(named)"
        }
        guard let moved = stroke.samples.first(where: { $0.location != touch }) else {
            return "the finger never moved"
        }
        let t = moved.location - touch
        guard t.y * direction > 0 && abs(t.y) > abs(t.x) else {
            return "the pan began along (\(Format.amount(t.x)), \(Format.amount(t.y))), not mostly "
                + (direction > 0 ? "downward" : "upward")
        }
        return nil
    }

    /// An example drag at 60 Hz: touch down at `start`, `moves` changed samples at `place` of the
    /// fraction moved (k/moves), and the lift at `end` on frame `liftFrame`.
    static func drag(from start: Point, to end: Point, moves: Int, liftFrame: Int, place: (Double) -> Point)
        -> [GestureSample]
    {
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        for step in 1...moves {
            samples.append(
                GestureSample(time: Double(step) / 60, location: place(Double(step) / Double(moves)), phase: .changed))
        }
        samples.append(GestureSample(time: Double(liftFrame) / 60, location: end, phase: .ended))
        return samples
    }
}
