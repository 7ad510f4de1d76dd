import SegueMath

/// `touchwonders.zoomPop`: the library's "InteractiveZoomTransition" example. Dragging the detail
/// screen's header image down pops back to the grid; the image (the shared element) follows the
/// finger and shrinks toward its grid cell, both screens zoom, two fade layers cross-fade, and on
/// release a physical spring carries everything to the grid or back. Grabbing the image during
/// that spring catches it in flight (seed 002; seed-transitions.md §8.1–§8.3, scene E §15.6).
struct TouchwondersZoomPop: Preset {
    let description = PresetDescription(
        id: "touchwonders.zoomPop", title: "Touchwonders interruptible zoom pop",
        summary: "Drag the header image down: it follows the finger and shrinks toward its grid cell while the "
            + "screens zoom and cross-fade; released past 0.33 (or flicked down) it springs onto the cell "
            + "(m 0.1, k 15, c 2), otherwise back. A new touch during the spring grabs the image in flight. "
            + "[inferred] regrab progress continues from the grabbed state; the layers follow a linear timeline; "
            + "[beyond the original] the +10 pt centre offset is off unless legacyCentreOffset.",
        source:
            "Touchwonders Transition, github.com/Touchwonders/Transition (Touchwonders Transition, InteractiveZoomTransition)"
    )

    static let sceneE = (
        header: Rect(x: 10, y: 57, width: 370, height: 493.33),
        cell: Rect(x: 16, y: 300, width: 171, height: 228)
    )

    let sceneFields = [ParameterSpec](TouchwondersShapeDrop.Keys.window, Keys.headerImageFrame, Keys.cellImageFrame)

    let parameters =
        [ParameterSpec](Keys.duration)
        + TouchwondersSpring.parameters(
            0.1, 15, 2, "Touchwonders Transition: UISpringTimingParameters(mass: 0.1, stiffness: 15, damping: 2)")
        + [ParameterSpec](
            TouchwondersReleaseRule.Keys.timelineDuration, Keys.releaseRule, Keys.completionThreshold,
            TouchwondersReleaseRule.Keys.flickVelocity, Keys.fadeOutStart, Keys.fadeOutEnd, Keys.fadeInStart,
            Keys.fadeInEnd, Keys.legacyCentreOffset, SharedKeys.velocityEstimator, SharedKeys.touchResampling)

    let trigger = Trigger.gesture(
        example: Self.example,
        rules: DecisionRules(
            DecisionRule(
                id: "zoomCompletion",
                summary: "|v| > flickVelocity and vy > 0 finishes, |v| > flickVelocity and vy < 0 cancels; "
                    + "otherwise finish iff fraction complete > 0.33",
                source: "Touchwonders Transition: InteractiveZoomTransitionController.completionPosition"),
            TouchwondersReleaseRule.panInteraction), acceptsRegrab: true)

    /// §15.6: touch the header at (195, 250) and drag to (215, 480) in 0.3 s, then rest 0.1 s:
    /// f = 1 − √(20² + 364²)/594 ≈ 0.386 > 0.33 and a slow release, so the pop finishes.

    static let example: [GestureSample] = {
        let start = Point(x: 195, y: 250)
        let end = Point(x: 215, y: 480)
        return TouchwondersDriver.drag(from: start, to: end, moves: 18, liftFrame: 24) {
            Point.interpolate(from: start, to: end, fraction: $0 * $0 * (3 - 2 * $0))
        }
    }()

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let model = Model(scene: input.scene, parameters: input.parameters, id: description.id, input: input)
        return try TouchwondersDriver.simulate(model, input: input, layers: model.descriptions)
    }

    struct Model: TouchwondersModel {
        let id: String
        let window: Size
        let header: Rect
        let cell: Rect
        let parameters: ParameterValues
        /// The first stroke's touch-down: progress is measured against |goal − touchDown| (§8.3).
        let touchDown: Point

        init(scene: ParameterValues, parameters: ParameterValues, id: String, input: SimulationInput) {
            self.id = id
            window = scene[TouchwondersShapeDrop.Keys.window]
            header = scene[TouchwondersZoomPop.Keys.headerImageFrame]
            cell = scene[TouchwondersZoomPop.Keys.cellImageFrame]
            self.parameters = parameters
            touchDown = input.gesture?.began.location ?? .zero
        }

        var bounds: Rect { Rect(origin: .zero, size: window) }
        /// `goal = (W/2, H)`, the bottom centre.
        var goal: Point { Point(x: window.width / 2, y: window.height) }

        var descriptions: [LayerDescription] {
            [
                LayerDescription(
                    id: "container", role: "the transition container, RGB(82, 77, 153)", frame: bounds, kind: .solid,
                    fill: Color(red: 82, green: 77, blue: 153)),
                LayerDescription(id: "grid", role: "the grid screen (to), zooming out from the inverse", frame: bounds),
                LayerDescription(id: "detail", role: "the detail screen (from), fading out early", frame: bounds),
                LayerDescription(
                    id: "headerImage",
                    role: "the detail screen's own header image, hidden while its snapshot moves and shown again "
                        + "when the pop cancels", frame: header, kind: .image),
                LayerDescription(
                    id: "element", role: "the shared element: a snapshot of the header image", frame: header,
                    kind: .image),
            ]
        }

        /// The transform, about `part`'s own centre, that moves `part` as `transform` (about the
        /// centre of `whole`) moves the screen it belongs to: x ↦ c + M(x − c) + t for the screen's
        /// centre c is x ↦ p + M(x − p) + t′ for the part's centre p, with t′ = (I − M)(c − p) + t.
        static func alongDetail(_ transform: AffineTransform, _ part: Rect, _ whole: Rect) -> AffineTransform {
            let d = Point(x: whole.midX - part.midX, y: whole.midY - part.midY)
            let m = transform
            return AffineTransform(
                a: m.a, b: m.b, c: m.c, d: m.d, tx: d.x - (m.a * d.x + m.c * d.y) + m.tx,
                ty: d.y - (m.b * d.x + m.d * d.y) + m.ty)
        }

        /// `Ffrom`: scale k = T.w/I.w about the container's centre, then translate τ, mapping I onto T.
        static func fromTransform(header: Rect, cell: Rect, window: Size) -> AffineTransform {
            let k = cell.width / header.width
            let mid = Point(x: window.width / 2, y: window.height / 2)
            let o = header.origin - mid
            let tau = (cell.origin - header.origin) + o * (1 - k)
            return AffineTransform(a: k, b: 0, c: 0, d: k, tx: tau.x, ty: tau.y)
        }

        /// The grid's transform at element progress f: scale k' − f(k' − 1), translation (1 − f)·τ'.
        func toTransform(_ f: Double) -> AffineTransform {
            let inverse = Self.fromTransform(header: cell, cell: header, window: window)
            let scale = inverse.a - f * (inverse.a - 1)
            return AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: (1 - f) * inverse.tx, ty: (1 - f) * inverse.ty)
        }

        var initial: TouchwondersState {
            TouchwondersState(element: header, fromTransform: .identity, elementProgress: 0, fraction: 0)
        }

        func target(_ outcome: Decision.Outcome) -> TouchwondersState {
            outcome == .finish
                ? TouchwondersState(
                    element: cell, fromTransform: Self.fromTransform(header: header, cell: cell, window: window),
                    elementProgress: 1, fraction: 1)
                : initial
        }

        /// §8.3 with the grab carried over: progress gains (|goal − touch| − |goal − p|)/|goal − touchDown₁|,
        /// which is the seed's f = 1 − |goal − p|/|goal − touchDown| on the first stroke; the element's
        /// centre is the grabbed centre plus the translation; its size lerp(I, T, f); the detail screen
        /// follows the finger down only.
        func dragged(from grab: TouchwondersState, stroke: GestureTrack, isFirst: Bool, at time: Double)
            -> TouchwondersState
        {
            let resampling = parameters[SharedKeys.touchResampling]
            let translation = stroke.translation(at: time, resampling: resampling)
            let location =
                resampling == .latest
                ? stroke.sample(at: time)?.location ?? stroke.began.location : stroke.began.location + translation
            let scale = (goal - touchDown).length
            let gain = scale > 0 ? ((goal - stroke.began.location).length - (goal - location).length) / scale : 0
            var state = grab
            state.elementProgress = min(
                max(grab.elementProgress + gain, min(0, grab.elementProgress)), max(1, grab.elementProgress))
            state.fraction = min(max(grab.fraction + gain, 0), 1)
            let offset =
                isFirst && parameters[TouchwondersZoomPop.Keys.legacyCentreOffset] ? Point(x: 10, y: 10) : .zero
            let size = Size.interpolate(from: header.size, to: cell.size, fraction: state.elementProgress)
            state.element = Rect(center: grab.element.center + translation + offset, size: size)
            state.fromTransform.ty = grab.fromTransform.ty + max(0, translation.y)
            return state
        }

        func decide(fraction: Double, velocity: Point) -> (rule: String, Decision.Outcome, String) {
            TouchwondersReleaseRule.decide(
                parameters, panInteraction: parameters[TouchwondersZoomPop.Keys.releaseRule] == .panInteraction,
                threshold: parameters[TouchwondersZoomPop.Keys.completionThreshold], fraction: fraction,
                velocity: velocity, finishing: 1, rule: "zoomCompletion"
            ) { speed in
                if velocity.y > 0 { return (.finish, "flicked down at \(Format.speed(speed)) pt/s: finish") }
                if velocity.y < 0 { return (.cancel, "flicked up at \(Format.speed(speed)) pt/s: cancel") }
                return nil
            }
        }

        /// The example's spring starts from rest (`initialVelocity` zero).
        func relativeVelocity(from start: TouchwondersState, to end: TouchwondersState, velocity: Point) -> Point {
            .zero
        }

        /// §8.3 start rule: a downward, mostly vertical pan that touches the header image.
        var nominalDuration: Double { parameters[TouchwondersZoomPop.Keys.duration] }

        func gate(_ stroke: GestureTrack) -> String? {
            TouchwondersDriver.gate(stroke, touching: header, named: "the header image", direction: 1)
        }

        /// An animation layer's local fraction (§8.1): 0 before its range, 1 after, linear inside.
        func fade(_ fraction: Double, from start: Double, to end: Double) -> Double {
            guard end > start else { return fraction >= end ? 1 : 0 }
            return min(max((fraction - start) / (end - start), 0), 1)
        }

        func layers(_ state: TouchwondersState, settled: Decision.Outcome?) -> [LayerState] {
            let fadeOut = fade(
                state.fraction, from: parameters[TouchwondersZoomPop.Keys.fadeOutStart],
                to: parameters[TouchwondersZoomPop.Keys.fadeOutEnd])
            let fadeIn = fade(
                state.fraction, from: parameters[TouchwondersZoomPop.Keys.fadeInStart],
                to: parameters[TouchwondersZoomPop.Keys.fadeInEnd])
            let gridVisible = settled != .cancel
            let detailVisible = settled != .finish
            return [
                LayerState(id: "container", frame: bounds, opacity: settled == nil ? 1 : 0),
                LayerState(
                    id: "grid", frame: bounds, transform: toTransform(state.elementProgress),
                    opacity: gridVisible ? (settled == .finish ? 1 : fadeIn) : 0),
                LayerState(
                    id: "detail", frame: bounds, transform: state.fromTransform,
                    opacity: detailVisible ? (settled == .cancel ? 1 : 1 - fadeOut) : 0),
                // Part of the detail screen, so it moves with it; the library hides it while the
                // snapshot stands in, and a cancelled pop shows it again on the detail it returns to.
                LayerState(
                    id: "headerImage", frame: header, transform: Self.alongDetail(state.fromTransform, header, bounds),
                    opacity: settled == .cancel ? 1 : 0),
                LayerState(
                    id: "element", frame: header, transform: AffineTransform(showing: header, at: state.element),
                    opacity: settled == nil ? 1 : 0),
            ]
        }

        var untouchedLayers: [LayerState] {
            [
                LayerState(id: "container", frame: bounds, opacity: 0),
                LayerState(id: "grid", frame: bounds, opacity: 0),
                LayerState(id: "detail", frame: bounds), LayerState(id: "headerImage", frame: header),
                LayerState(id: "element", frame: header, opacity: 0),
            ]
        }
    }
}
