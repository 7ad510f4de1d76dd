import SegueMath

/// What a pan's tracking (a scrub or detents) makes of the finger: progress from the translation
/// along the axis, the layers' poses at a progress, the projection, and where a release no guard
/// took settles. `PanCompiler` runs the rest (gate, follow, guards, settle) the same for both.
/// A class: worked out once with the compiled document (its tweens with it), then handed to each
/// stroke, frame and release, which copied all it holds while it was a value.
final class PanTrack: Sendable {
    enum Mode {
        /// p = sign · along / distance, the layers from `from` (p = 0) to `to` (p = 1).
        case scrub(Scrub, from: [LayerPose], to: [LayerPose])
        /// Progress is the tracked layer's origin along the axis, in points; `stops` are the
        /// detents by position, ascending.
        case detents(Detents, stops: [Stop])
    }

    /// A detent: its pose's name, the tracked layer's origin in it, and every layer's state.
    struct Stop {
        var name: String
        var position: Double
        var poses: [LayerPose]
    }

    let mode: Mode
    let axis: Axis
    /// +1 or −1: the direction's sign, else the scrub's; +1 for detents, whose positions are the window's.
    let sign: Double
    /// Points of travel per unit of progress: the scrub's distance, 1 for detents.
    let unit: Double
    /// The window's extent along the axis: the rubber band's dimension.
    let extent: Double
    /// Past the ends: the scrub's or the detents'. With `positions`, what `tween(at:)` reads on
    /// every frame, where matching `mode` copied the scrub or the detents out of it.
    let overshoot: Overshoot
    /// The detents' positions, ascending (`tweens` lie between each pair); empty for a scrub.
    let positions: [Double]
    /// The progress before the finger moves.
    let startProgress: Double
    /// What the layers lie on, worked out once for every frame (`tween(at:)`): the scrub's `from`
    /// to its `to`; or each pair of neighbouring detents, in order (a lone detent to itself).
    let tweens: [PoseTween]
    /// A scrub's bounds when they hold only the layers (`Scrub.Hold.layers`): the progress the
    /// layers follow no further than; nil for none.
    let layersHeld: (low: Double, high: Double)?

    /// Nil when a name does not resolve (`TransitionDocument.problems` rules that out).
    init?(_ document: TransitionDocument, _ pan: PanInteraction, layers: [LayerDescription]) {
        switch pan.tracking {
        case .scrub(let scrub):
            guard let from = document.resolved(scrub.from), let to = document.resolved(scrub.to) else { return nil }
            mode = .scrub(scrub, from: from, to: to)
            axis = scrub.axis
            extent = scrub.axis.of(document.window)
            sign = pan.direction.sign ?? scrub.sign
            unit = scrub.distance
            startProgress = 0
            overshoot = scrub.overshoot
            positions = []
            tweens = [PoseTween(layers: layers, from: from, to: to)]
            layersHeld =
                scrub.holds == .layers && (scrub.minimum != nil || scrub.maximum != nil)
                ? (scrub.minimum ?? -.infinity, scrub.maximum ?? .infinity) : nil
        case .detents(let detents):
            guard let stops = Self.stops(document, detents, layers: layers),
                let start = stops.first(where: { $0.name == detents.from })
            else { return nil }
            mode = .detents(detents, stops: stops)
            axis = detents.axis
            extent = detents.axis.of(document.window)
            sign = 1
            unit = 1
            startProgress = start.position
            overshoot = detents.overshoot
            positions = stops.map(\.position)
            tweens =
                stops.count > 1
                ? stops.indices.dropFirst().map {
                    PoseTween(layers: layers, from: stops[$0 - 1].poses, to: stops[$0].poses)
                } : [PoseTween(layers: layers, from: start.poses, to: start.poses)]
            layersHeld = nil
        }
    }

    /// The detents of `detents` by position, ascending; nil when a name does not resolve.
    static func stops(_ document: TransitionDocument, _ detents: Detents, layers: [LayerDescription]) -> [Stop]? {
        guard let index = layers.firstIndex(where: { $0.id == detents.layer }) else { return nil }
        var stops: [Stop] = []
        for name in detents.poses {
            guard let poses = document.resolved(name) else { return nil }
            let origin = poses[index].state(of: layers[index]).presentationFrame.origin
            stops.append(Stop(name: name, position: detents.axis.of(origin), poses: poses))
        }
        return stops.sorted { $0.position < $1.position }
    }

    /// `translation` with its component along the axis held to the scrub's bounds times its
    /// distance, measured as the progress measures it, when the bounds hold the progress
    /// (`Scrub.Hold.progress`): what the frames, the guards and the followers see.
    func held(_ translation: Point) -> Point {
        guard case .scrub(let scrub, _, _) = mode, scrub.holds == .progress,
            scrub.minimum != nil || scrub.maximum != nil
        else { return translation }
        let component = axis.of(translation)
        var along = scrub.absolute ? abs(component) : sign * component
        if let low = scrub.minimum { along = max(along, low * unit) }
        if let high = scrub.maximum { along = min(along, high * unit) }
        let back = scrub.absolute ? (component < 0 ? -along : along) : sign * along
        return axis == .x ? Point(x: back, y: translation.y) : Point(x: translation.x, y: back)
    }

    /// Progress for a translation of `along` points along the axis since the touch-down; a scrub's
    /// bounds, when they hold the progress, hold it exactly at `minimum…maximum` unless `holding`
    /// is false (the lift-off's progress as the recognizer reports it, which guards may read).
    func progress(along: Double, holding: Bool = true) -> Double {
        switch mode {
        case .scrub(let scrub, _, _):
            let p = scrub.absolute ? abs(along) / unit : sign * along / unit
            guard holding, scrub.holds == .progress else { return p }
            return min(max(p, scrub.minimum ?? -.infinity), scrub.maximum ?? .infinity)
        case .detents: return startProgress + along
        }
    }

    /// Every layer's state at `progress`.
    func poses(at progress: Double) -> [LayerPose] {
        let span = tween(at: progress)
        return span.tween.poses(at: span.fraction)
    }

    /// The two poses every layer lies between at `progress` (one of `tweens`), and how far from
    /// the first: what `poses(at:)` interpolates, given whole so that a frame can interpolate and
    /// draw each layer in one pass, without an array of poses between.
    func tween(at progress: Double) -> (tween: PoseTween, fraction: Double) {
        // No detents: a scrub, its one tween from `from` (p = 0) to `to` (p = 1).
        guard let first = positions.first, let last = positions.last else {
            // Bounds that hold only the layers hold them here; bounds on the progress held it
            // already, and a settle along the scrub may carry it past them.
            let held = layersHeld.map { min(max(progress, $0.low), $0.high) } ?? progress
            return (tweens[0], Self.fraction(held, overshoot: overshoot, distance: unit, extent: extent))
        }
        guard positions.count > 1 else { return (tweens[0], 0) }
        var position = progress
        if position < first || position > last {
            let edge = position < first ? first : last
            position = edge + Self.beyond(position - edge, overshoot: overshoot, extent: extent)
        }
        // The pair of detents the position lies between (the outer pair past either end).
        let upper = positions.firstIndex { $0 >= position }.map { max($0, 1) } ?? positions.count - 1
        let a = positions[upper - 1]
        let span = positions[upper] - a
        return (tweens[upper - 1], span == 0 ? 1 : (position - a) / span)
    }

    /// Where the release velocity, decaying at `rate` a millisecond, carries the progress:
    /// p + (v/1000 · rate/(1 − rate)) / unit (WWDC 2018 "Designing Fluid Interfaces").
    func projected(_ progress: Double, velocity: Double, rate: Double) -> Double {
        progress + (velocity / 1000 * rate / (1 - rate)) / unit
    }

    /// Where a release that no guard took settles: the scrub's `from`, cancelled; or the detent
    /// nearest the projected position (UIKit's sheet), a cancel when it is the one the pan started in.
    func fallback(progress: Double, velocity: Double) -> (target: String, outcome: Decision.Outcome) {
        switch mode {
        case .scrub(let scrub, _, _):
            return (scrub.from, .cancel)
        case .detents(let detents, let stops):
            let aim = projected(progress, velocity: velocity, rate: ReleaseCondition.defaultRate)
            let nearest = stops.min { abs($0.position - aim) < abs($1.position - aim) }?.name ?? detents.from
            return (nearest, nearest == detents.from ? .cancel : .finish)
        }
    }

    /// The progress at a settle's target: 1 at the scrub's `to`, 0 at its `from`, a detent's
    /// position; nil for any other pose (no velocity is handed to it, and its progress goes to
    /// 1 for a finish, 0 for a cancel).
    func progress(of target: String) -> Double? {
        switch mode {
        case .scrub(let scrub, _, _):
            return target == scrub.to ? 1 : target == scrub.from ? 0 : nil
        case .detents(_, let stops):
            return stops.first { $0.name == target }?.position
        }
    }

    /// The interpolation fraction for scrub progress `p`: p inside 0…1, and past either end as
    /// `overshoot` says.
    static func fraction(_ p: Double, overshoot: Overshoot, distance: Double, extent: Double) -> Double {
        guard p < 0 || p > 1 else { return p }
        if case .extend = overshoot { return p }
        let edge: Double = p > 1 ? 1 : 0
        return edge + beyond((p - edge) * distance, overshoot: overshoot, extent: extent) / distance
    }

    /// How far past an end the layers go for `overshoot` points past it: none (clamp), all of it
    /// (extend), or (1 − 1/(|o|·c/D + 1))·D with its sign (UIScrollView's rubber band, D the
    /// window's extent along the axis).
    static func beyond(_ overshoot: Double, overshoot mode: Overshoot, extent: Double) -> Double {
        switch mode {
        case .clamp:
            return 0
        case .extend:
            return overshoot
        case .rubberBand(let c):
            return RubberBand(coefficient: c, dimension: extent)?.offset(forOvershoot: overshoot) ?? 0
        }
    }
}

extension PanTrack {
    /// The translations along the drag, in points in the pan's own direction (`sign`, or up the
    /// axis for detents), over which its release is worth mapping: a scrub from its touch-down to
    /// p = 1 (its distance), detents from the farthest one behind the start to the farthest one
    /// ahead. `POST /v1/decisions` spans its translations over this by default.
    var releaseSpan: ClosedRange<Double> {
        switch mode {
        case .scrub:
            return 0...unit
        case .detents(_, let stops):
            // Finite by the document's ranges; a non-finite offset is left out rather than let
            // through to the range's bounds.
            let offsets = stops.map { $0.position - startProgress }.filter(\.isFinite)
            return min(offsets.min() ?? 0, 0)...max(offsets.max() ?? 0, 0)
        }
    }
}
