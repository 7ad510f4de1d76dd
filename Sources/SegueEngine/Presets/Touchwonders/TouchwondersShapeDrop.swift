import SegueMath

/// `touchwonders.shapeDrop`: the library's "ShapeInteraction" example. Dragging a shape up
/// presents a drop target that slides down from above; the shape (the shared element) follows
/// the finger freely, and on release a stiff spring, started at the finger's velocity, carries it
/// to the drop point or back. Grabbing it during that spring catches it in flight (seed 002;
/// seed-transitions.md §8.1, §8.2, §8.4, scene E variant §15.6).
struct TouchwondersShapeDrop: Preset {
    let description = PresetDescription(
        id: "touchwonders.shapeDrop", title: "Touchwonders interruptible shape drop (modal present)",
        summary: "Drag the shape up: it follows the finger while the drop target slides down; released past 1/3 "
            + "(or flicked up) it springs onto the drop point (m 2, k 1500, c 98, starting at the finger's "
            + "velocity), otherwise back. A new touch during the spring grabs the shape in flight. [inferred] the "
            + "drop target ends at −0.45·H (the original's factor is not given) and is scrubbed and continued "
            + "linearly; the dropped copy stays on the drop target after a finish.",
        source:
            "Touchwonders Transition, github.com/Touchwonders/Transition (Touchwonders Transition, ShapeInteraction)")

    let sceneFields: [ParameterSpec] = [
        Keys.window.spec,
        Keys.shapeFrame.spec,
        Keys.dropPointFraction.spec,
    ]

    let parameters: [ParameterSpec] =
        [
            Keys.duration.spec
        ]
        + TouchwondersSpring.parameters(
            2, 1500, 98, "Touchwonders Transition: UISpringTimingParameters(mass: 2, stiffness: 1500, damping: 98)")
        + [
            TouchwondersReleaseRule.Keys.timelineDuration.spec,
            Keys.releaseRule.spec,
            Keys.completionThreshold.spec,
            TouchwondersReleaseRule.Keys.flickVelocity.spec,
            Keys.velocityClip.spec,
            Keys.dropTargetFactor.spec,
            TouchwondersReleaseRule.Keys.velocityEstimator.spec,
            SharedKeys.touchResampling.spec,
        ]

    let trigger = Trigger.gesture(
        example: Self.example,
        rules: DecisionRules(
            DecisionRule(
                id: "shapeCompletion",
                summary: "an upward flick (|v| > flickVelocity, vy < 0) finishes; otherwise finish iff fraction "
                    + "complete > 1/3",
                source: "Touchwonders Transition: ShapeInteractionController.completionPosition"),
            TouchwondersReleaseRule.panInteraction), acceptsRegrab: true)

    /// Touch the shape at (195, 740) and drag up 200 pt in 0.25 s, then lift one frame later:
    /// f = 200/275.8 ≈ 0.725 > 1/3, so the shape drops.

    static let example: [GestureSample] = {
        let start = Point(x: 195, y: 740)
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        for step in 1...15 {
            let fraction = Double(step) / 15
            let eased = fraction * (2 - fraction)
            samples.append(
                GestureSample(time: Double(step) / 60, location: start + Point(x: 0, y: -200 * eased), phase: .changed)
            )
        }
        samples.append(GestureSample(time: 16.0 / 60, location: start + Point(x: 0, y: -200), phase: .ended))
        return samples
    }()

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let model = Model(scene: input.scene, parameters: input.parameters, id: description.id)
        return try TouchwondersDriver.simulate(model, input: input, layers: model.descriptions)
    }

    struct Model: TouchwondersModel {
        let id: String
        let window: Size
        let shape: Rect
        let dropPoint: Point
        let parameters: ParameterValues

        init(scene: ParameterValues, parameters: ParameterValues, id: String) {
            self.id = id
            window = scene[TouchwondersShapeDrop.Keys.window]
            shape = scene[TouchwondersShapeDrop.Keys.shapeFrame]
            dropPoint = Point(
                x: window.width / 2, y: scene[TouchwondersShapeDrop.Keys.dropPointFraction] * window.height)
            self.parameters = parameters
        }

        var bounds: Rect { Rect(origin: .zero, size: window) }
        /// The target frame: S's size centred on the drop point.
        var targetFrame: Rect { Rect(center: dropPoint, size: shape.size) }

        var descriptions: [LayerDescription] {
            [
                LayerDescription(id: "source", role: "the shapes screen (from)", frame: bounds),
                LayerDescription(
                    id: "shape", role: "the original shape, hidden while its copy moves", frame: shape, kind: .solid),
                LayerDescription(id: "dropTarget", role: "the presented drop-target screen (to)", frame: bounds),
                LayerDescription(
                    id: "element", role: "the shared element: a copy of the shape", frame: shape, kind: .solid),
            ]
        }

        var initial: TouchwondersState {
            TouchwondersState(element: shape, fromTransform: .identity, elementProgress: 0, fraction: 0)
        }

        func target(_ outcome: Decision.Outcome) -> TouchwondersState {
            outcome == .finish
                ? TouchwondersState(element: targetFrame, fromTransform: .identity, elementProgress: 1, fraction: 1)
                : initial
        }

        /// §8.4 present: f = 1 − (d'.y − y)/(d'.y − touchDown.y) with d' = dropPoint + touchOffset and
        /// y = max(location.y, d'.y), which is f = 1 − (dropY − max(cy, dropY))/(dropY − S.midY) of the
        /// element's centre cy: a function of where the element is, so it continues across a grab.
        static func progress(centreY: Double, dropY: Double, startY: Double) -> Double {
            let span = dropY - startY
            guard span != 0 else { return 0 }
            return 1 - (dropY - max(centreY, dropY)) / span
        }

        func dragged(from grab: TouchwondersState, stroke: GestureTrack, isFirst: Bool, at time: Double)
            -> TouchwondersState
        {
            var state = grab
            let translation = stroke.translation(at: time, resampling: parameters[SharedKeys.touchResampling])
            state.element = Rect(center: grab.element.center + translation, size: shape.size)
            let f = Self.progress(centreY: state.element.midY, dropY: dropPoint.y, startY: shape.midY)
            let grabbed = Self.progress(centreY: grab.element.midY, dropY: dropPoint.y, startY: shape.midY)
            state.elementProgress = f
            state.fraction = min(max(isFirst ? f : grab.fraction + (f - grabbed), 0), 1)
            return state
        }

        func decide(fraction: Double, velocity: Point) -> (rule: String, Decision.Outcome, String) {
            let flick = parameters[TouchwondersReleaseRule.Keys.flickVelocity]
            let threshold = parameters[TouchwondersShapeDrop.Keys.completionThreshold]
            if parameters[TouchwondersShapeDrop.Keys.releaseRule] == .panInteraction {
                let (outcome, why) = TouchwondersReleaseRule.panInteraction(
                    fraction: fraction, velocity: velocity, finishing: -1, flick: flick, threshold: threshold)
                return ("panInteraction", outcome, why)
            }
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            if speed > flick && velocity.y < 0 {
                return ("shapeCompletion", .finish, "flicked up at \(Format.speed(speed)) pt/s: finish")
            }
            let (outcome, why) = TouchwondersReleaseRule.threshold(fraction, threshold, speed: speed, flick: flick)
            return ("shapeCompletion", outcome, why)
        }

        /// §8.4: per axis clip(v/(target − current), ±velocityClip); zero when either distance is 0.
        func relativeVelocity(from start: TouchwondersState, to end: TouchwondersState, velocity: Point) -> Point {
            let dx = end.element.midX - start.element.midX
            let dy = end.element.midY - start.element.midY
            guard dx != 0, dy != 0 else { return .zero }
            let clip = parameters[TouchwondersShapeDrop.Keys.velocityClip]
            return Point(x: min(max(velocity.x / dx, -clip), clip), y: min(max(velocity.y / dy, -clip), clip))
        }

        /// §8.4 start rule: an upward, mostly vertical pan that touches the shape.
        func gate(_ stroke: GestureTrack, estimator: VelocityEstimator) -> String? {
            let touch = stroke.began.location
            guard touch.x >= shape.minX, touch.x <= shape.maxX, touch.y >= shape.minY, touch.y <= shape.maxY else {
                return "the touch at (\(Format.amount(touch.x)), \(Format.amount(touch.y))) misses the shape"
            }
            guard let moved = stroke.samples.first(where: { $0.location != touch }) else {
                return "the finger never moved"
            }
            let t = moved.location - touch
            guard t.y < 0 && abs(t.y) > abs(t.x) else {
                return "the pan began along (\(Format.amount(t.x)), \(Format.amount(t.y))), not mostly upward"
            }
            return nil
        }

        func layers(_ state: TouchwondersState, settled: Decision.Outcome?) -> [LayerState] {
            let height = window.height
            let rest = -parameters[TouchwondersShapeDrop.Keys.dropTargetFactor] * height
            let dropY = -height + (rest + height) * state.fraction
            return [
                LayerState(id: "source", frame: bounds),
                LayerState(id: "shape", frame: shape, opacity: settled == .cancel ? 1 : 0),
                LayerState(
                    id: "dropTarget", frame: bounds, transform: AffineTransform(translationX: 0, y: dropY),
                    opacity: settled == .cancel ? 0 : 1),
                LayerState(
                    id: "element", frame: shape, transform: state.elementTransform(over: shape),
                    opacity: settled == .cancel ? 0 : 1),
            ]
        }

        var untouchedLayers: [LayerState] {
            [
                LayerState(id: "source", frame: bounds), LayerState(id: "shape", frame: shape),
                LayerState(
                    id: "dropTarget", frame: bounds, transform: AffineTransform(translationX: 0, y: -window.height),
                    opacity: 0),
                LayerState(id: "element", frame: shape, opacity: 0),
            ]
        }
    }
}
