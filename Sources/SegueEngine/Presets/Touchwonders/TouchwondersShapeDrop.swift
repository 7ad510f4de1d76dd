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

    let sceneFields = [ParameterSpec](Keys.window, Keys.shapeFrame, Keys.dropPointFraction)

    let parameters =
        [ParameterSpec](Keys.duration)
        + TouchwondersSpring.parameters(
            2, 1500, 98, "Touchwonders Transition: UISpringTimingParameters(mass: 2, stiffness: 1500, damping: 98)")
        + [ParameterSpec](
            TouchwondersReleaseRule.Keys.timelineDuration, Keys.releaseRule, Keys.completionThreshold,
            TouchwondersReleaseRule.Keys.flickVelocity, Keys.velocityClip, Keys.dropTargetFactor,
            SharedKeys.velocityEstimator, SharedKeys.touchResampling)

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
        return TouchwondersDriver.drag(from: start, to: start + Point(x: 0, y: -200), moves: 15, liftFrame: 16) {
            start + Point(x: 0, y: -200 * ($0 * (2 - $0)))
        }
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
            TouchwondersReleaseRule.decide(
                parameters, panInteraction: parameters[TouchwondersShapeDrop.Keys.releaseRule] == .panInteraction,
                threshold: parameters[TouchwondersShapeDrop.Keys.completionThreshold], fraction: fraction,
                velocity: velocity, finishing: -1, rule: "shapeCompletion"
            ) { speed in
                velocity.y < 0 ? (.finish, "flicked up at \(Format.speed(speed)) pt/s: finish") : nil
            }
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
        var nominalDuration: Double { parameters[TouchwondersShapeDrop.Keys.duration] }

        func gate(_ stroke: GestureTrack) -> String? {
            TouchwondersDriver.gate(stroke, touching: shape, named: "the shape", direction: -1)
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
                    id: "element", frame: shape, transform: AffineTransform(showing: shape, at: state.element),
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
